import Client
import Foundation
import ImplV1
import ImplV2
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

/// `HTTPTransport` against a real server on 127.0.0.1: each outcome maps to its category
/// within the timeout.
@Suite("HTTP transport")
struct HTTPTransportTests {
    /// A generous deadline unless a test is about deadlines: the machine may be busy.
    private func client(_ url: URL, timeout: Duration = .seconds(60), generation: String = "v2") -> APIClient {
        APIClient(
            generation: generation, transport: HTTPTransport(baseURL: url, timeout: timeout),
            envelope: generation == "v1" ? .v1 : .v2)
    }

    @Test("A successful answer arrives with the request as sent")
    func success() async throws {
        let server = try LoopbackServer { method, path, body in
            .init(
                status: 200,
                body:
                    #"{"code":200,"msg":"success","data":{"items":[{"id":"\#(method) \#(path)","price":\#(body.count)}]}}"#
            )
        }
        defer { server.stop() }
        let answer = try await client(server.url).send("POST", "/cart/batch", body: ["a": 1], as: Page.self)
        #expect(answer.payload == Page(items: [Item(id: "POST /v2/cart/batch", price: 7)]))
    }

    @Test("No answer within the timeout is timed out, and it does not wait for the server")
    func timeout() async throws {
        // The server holds its answer far longer than the timeout, so waiting for it would show.
        let server = try LoopbackServer { _, _, _ in .init(status: 200, body: "{}", delay: 60) }
        defer { server.stop() }
        let started = ContinuousClock.now
        await #expect(throws: TransportError.timedOut) {
            _ = try await client(server.url, timeout: .seconds(1), generation: "v1").send(
                "GET", "/products", as: Page.self)
        }
        // Timed by the server's thread, when the client hung up: in a parallel test run, resuming
        // this test after the timeout can wait long for a thread that CPU-bound tests hold.
        let hungUp = try #require(await server.firstHangUp(within: .seconds(30)))
        let elapsed = hungUp - started
        #expect(elapsed >= .seconds(0.9) && elapsed < .seconds(10), "hung up after \(elapsed)")
    }

    @Test("Nothing listening is cannot connect, naming the address")
    func refused() async throws {
        let port = try LoopbackServer.closedPort()
        await #expect(throws: TransportError.cannotConnect("127.0.0.1:\(port)")) {
            _ = try await client(URL(string: "http://127.0.0.1:\(port)")!, generation: "v1").send(
                "GET", "/products", as: Page.self)
        }
    }

    @Test("An HTTP 500 is a bad server response, quoting the start of the body")
    func serverError() async throws {
        let server = try LoopbackServer { _, _, _ in .init(status: 500, body: "oops") }
        defer { server.stop() }
        await #expect(
            throws: TransportError.badServerResponse(
                status: 500, detail: #"4 bytes that are not an answer, starting "oops""#)
        ) {
            _ = try await client(server.url, generation: "v1").send("GET", "/products", as: Page.self)
        }
    }

    @Test("A body that is not JSON is an undecodable body")
    func notJSON() async throws {
        let server = try LoopbackServer { _, _, _ in .init(status: 200, body: "<html>hello</html>") }
        defer { server.stop() }
        await #expect(throws: TransportError.undecodableBody(field: "body", reason: "not JSON")) {
            _ = try await client(server.url, generation: "v1").send("GET", "/products", as: Page.self)
        }
    }
}
