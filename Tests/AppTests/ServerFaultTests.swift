import Foundation
import Testing
import TestSupport

/// `graft --server` against a server on 127.0.0.1 that answers badly: each answer gets the
/// exit code that the table of the command line's reference (Sources/App/README.md) gives it,
/// and a message saying what the server did.
@Suite("A server that breaks the protocol")
struct ServerFaultTests {
    /// A home with a session, so the cart's routes send a token.
    private func graft() throws -> GraftProcess {
        let graft = try GraftProcess()
        let session =
            #"{"session":{"mobile":"13800000001","token":"token-1","expiresAt":4102444800,"generation":"v1"}}"#
        try Data(session.utf8).write(to: URL(fileURLWithPath: graft.sessionPath))
        return graft
    }

    @Test(
        "Each bad answer: its exit code and its message",
        arguments: [
            (
                404, "no such route", 76,
                #"Error: bad response from the server (HTTP 404): 13 bytes that are not an answer, starting "no such route""#
            ),
            (401, "", 76, "Error: bad response from the server (HTTP 401): no body"),
            (
                429, "slow down", 76,
                #"Error: bad response from the server (HTTP 429): 9 bytes that are not an answer, starting "slow down""#
            ),
            (
                500, "oops", 76,
                #"Error: bad response from the server (HTTP 500): 4 bytes that are not an answer, starting "oops""#
            ),
            (503, "", 76, "Error: bad response from the server (HTTP 503): no body"),
            (200, "<html>hello</html>", 76, "Error: cannot read the server's answer: body: not JSON"),
            (200, "", 76, "Error: cannot read the server's answer: body: empty; expected a JSON object"),
            (200, #"{"status":"000000"}"#, 76, "Error: cannot read the server's answer: desc: missing"),
            (
                200, #"{"status":0,"desc":"ok"}"#, 76,
                "Error: cannot read the server's answer: status: expected a string"
            ),
            (
                200,
                #"{"status":"000000","desc":"ok","data":{"lines":[{"productID":"p1","name":"A","unitPrice":9223372036854775807,"quantity":2}]}}"#,
                76,
                "Error: cannot read the server's answer: data.lines[0].unitPrice: must be from 0 to 100000000, not 9223372036854775807"
            ),
            (200, "{\"status\":\"100004\",\"desc\":\"\\u001b[2Jwiped\\u0007\"}", 1, "Error: ?[2Jwiped?"),
        ] as [(Int, String, Int32, String)])
    func badAnswer(status: Int, body: String, exitCode: Int32, message: String) async throws {
        let server = try LoopbackServer { _, _, _ in .init(status: status, body: body) }
        defer { server.stop() }
        let result = try await graft().run("--server", server.url.absoluteString, "--timeout", "60", "cart", "list")
        #expect(result.status == exitCode, "\(result.error)")
        #expect(result.error == message + "\n")
    }

    @Test("A product priced at -2^63 by the server is exit 76, not a trap")
    func minimumPrice() async throws {
        let body =
            #"{"status":"000000","desc":"ok","data":{"items":[{"id":"p1","name":"A","price":-9223372036854775808}],"page":1,"pageCount":1}}"#
        let server = try LoopbackServer { _, _, _ in .init(status: 200, body: body) }
        defer { server.stop() }
        let result = try await GraftProcess().run("--server", server.url.absoluteString, "--timeout", "60", "products")
        #expect(result.status == 76)
        #expect(
            result.error
                == "Error: cannot read the server's answer: data.items[0].price: must be from 0 to 100000000, not -9223372036854775808\n"
        )
    }

    @Test("A server's long message is cut, and its control characters shown as '?'")
    func longMessage() async throws {
        let text = String(repeating: "a", count: 10_000)
        let server = try LoopbackServer { _, _, _ in .init(status: 200, body: #"{"status":"100004","desc":"\#(text)"}"#)
        }
        defer { server.stop() }
        let result = try await graft().run("--server", server.url.absoluteString, "--timeout", "60", "cart", "list")
        #expect(result.status == 1)
        #expect(result.error == "Error: " + String(repeating: "a", count: 500) + "…\n")
    }

    @Test("A connection closed before any answer is exit 69")
    func closedAtOnce() async throws {
        let server = try LoopbackServer { _, _, _ in .scripted { _ in } }
        defer { server.stop() }
        let result = try await graft().run("--server", server.url.absoluteString, "--timeout", "60", "cart", "list")
        #expect(result.status == 69)
        #expect(
            result.error
                == "Error: the connection to the server was lost; check --server, or run without it to use the embedded backend\n"
        )
    }

    @Test("A redirect to another server: exit 76, and the token never reaches it")
    func redirect() async throws {
        let other = try LoopbackServer { _, _, _ in .init(status: 200, body: "{}") }
        defer { other.stop() }
        let target = "http://127.0.0.1:\(other.port)/v1/cart"
        let server = try LoopbackServer { _, _, _ in .init(status: 302, body: "", headers: ["Location": target]) }
        defer { server.stop() }
        let result = try await graft().run("--server", server.url.absoluteString, "--timeout", "60", "cart", "list")
        #expect(result.status == 76)
        #expect(
            result.error
                == "Error: bad response from the server (HTTP 302): a redirect to \(target), which graft does not follow (it would carry the session token)\n"
        )
        #expect(other.requests.isEmpty)
        #expect(server.requests.count == 1 && server.requests[0].contains("Authorization: Bearer token-1"))
    }

    @Test("--timeout bounds a server that drips its answer a byte a second")
    func drip() async throws {
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in
                guard send(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n".utf8)) else { return }
                for _ in 0..<30 {
                    guard send([UInt8(ascii: " ")]) else { return }
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
        defer { server.stop() }
        let result = try await GraftProcess().run("--server", server.url.absoluteString, "--timeout", "2", "products")
        #expect(result.status == 69)
        #expect(
            result.error
                == "Error: the server did not answer in time; check --server, or run without it to use the embedded backend\n"
        )
        // Loose, for a busy parallel test run; without the deadline it would take over 30 s.
        #expect(result.elapsed < .seconds(15))
    }
}
