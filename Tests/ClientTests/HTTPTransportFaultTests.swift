import Client
import Foundation
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

/// `HTTPTransport` against servers that misbehave on 127.0.0.1: each fault ends within the
/// deadline, within the size limit, and without the token reaching another server.
@Suite("HTTP transport under faults")
struct HTTPTransportFaultTests {
    /// A generous deadline unless a test is about deadlines: the machine may be busy.
    private func send(
        _ url: URL, timeout: Duration = .seconds(60),
        maximumResponseSize: Int = HTTPTransport.defaultMaximumResponseSize,
        token: String? = nil
    ) async -> Result<WireResponse, TransportError> {
        let transport = HTTPTransport(baseURL: url, timeout: timeout, maximumResponseSize: maximumResponseSize)
        var request = WireRequest(method: "POST", path: "/v1/cart/add", body: Array("{}".utf8))
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    private static func head(status: Int, _ headers: String) -> [UInt8] {
        Array("HTTP/1.1 \(status) Status\r\n\(headers)\r\n".utf8)
    }

    @Test("A server that drips one byte a second still ends at the deadline")
    func drip() async throws {
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in
                guard send(Self.head(status: 200, "Content-Length: 1000\r\n")) else { return }
                // At most 60 bytes, a minute: the client must have given up long before.
                for _ in 0..<60 {
                    guard send([UInt8(ascii: "x")]) else { return }
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
        defer { server.stop() }
        let started = ContinuousClock.now
        let result = await send(server.url, timeout: .seconds(2))
        #expect(result == .failure(.timedOut))
        // Timed by the server's thread, at the first byte the client no longer took: in a parallel
        // test run, resuming this test after the deadline can wait long for a thread that CPU-bound
        // tests hold. Without the deadline it would take a minute.
        let hungUp = try #require(await server.firstHangUp(within: .seconds(30)))
        let elapsed = hungUp - started
        #expect(elapsed >= .seconds(1.9) && elapsed < .seconds(10), "hung up after \(elapsed)")
    }

    @Test("An endless chunked body stops at the size limit, and the reading stops there too")
    func endlessBody() async throws {
        let sent = Mutex(0)
        let hungUp = Mutex(false)
        let ended = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in
                defer { ended.signal() }
                guard send(Self.head(status: 200, "Transfer-Encoding: chunked\r\n")) else { return }
                let chunk =
                    Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 0x10000) + Array("\r\n".utf8)
                // 64 KiB every 4 ms, at most 1 GiB over 64 s or more: the client must hang up long
                // before that, even when a loaded machine leaves it waiting for seconds (at 1 ms,
                // a busy CI machine once let 600 MiB through before the client ran again).
                for _ in 0..<16_384 {
                    guard send(chunk) else {
                        hungUp.withLock { $0 = true }
                        return
                    }
                    sent.withLock { $0 += chunk.count }
                    Thread.sleep(forTimeInterval: 0.004)
                }
            }
        }
        defer { server.stop() }
        let result = await send(server.url, maximumResponseSize: 1 << 20)
        #expect(
            result
                == .failure(
                    .badServerResponse(
                        status: 200, detail: "the body is larger than 1048576 bytes, the most graft reads")))
        // The client hangs up: the server's sending ends in failure, well before its gigabyte.
        let finished = try await Blocking.run { ended.wait(timeout: .now() + 60) == .success }
        #expect(finished && hungUp.withLock { $0 })
        #expect(sent.withLock { $0 } < 512 << 20)
    }

    @Test("A declared length over the limit is refused before the body is read")
    func declaredTooLarge() async throws {
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in
                guard send(Self.head(status: 200, "Content-Length: 300000000\r\n")) else { return }
                // Keeps the connection open, trickling the body, until the client hangs up: a close
                // right after the head raced the client's refusal on a loaded machine, and the
                // client then saw the connection end instead of the declared length.
                for _ in 0..<400 {
                    Thread.sleep(forTimeInterval: 0.05)
                    guard send([UInt8(ascii: "x")]) else { return }
                }
            }
        }
        defer { server.stop() }
        #expect(
            await send(server.url, maximumResponseSize: 1 << 20)
                == .failure(
                    .badServerResponse(
                        status: 200, detail: "the body is larger than 1048576 bytes, the most graft reads")))
    }

    @Test("A gzip bomb is not inflated past the size limit")
    func gzipBomb() async throws {
        // 64 MiB of zeros, gzipped to about 64 KiB.
        let bomb = try await Blocking.run { try Self.gzippedZeros(megabytes: 64) }
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in
                _ = send(Self.head(status: 200, "Content-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n") + bomb)
            }
        }
        defer { server.stop() }
        switch await send(server.url, maximumResponseSize: 1 << 20) {
        case .success(let response):
            // Not inflated: the compressed bytes came through, within the limit.
            #expect(response.body.count == bomb.count)
        case .failure(let error):
            #expect(
                error
                    == .badServerResponse(
                        status: 200, detail: "the body is larger than 1048576 bytes, the most graft reads"))
        }
    }

    @Test("A redirect to another server is not followed, and the token never reaches it")
    func crossOriginRedirect() async throws {
        let other = try LoopbackServer { _, _, _ in .init(status: 200, body: "{}") }
        defer { other.stop() }
        let target = "http://127.0.0.1:\(other.port)/v1/cart/add"
        let server = try LoopbackServer { _, _, _ in .init(status: 302, body: "", headers: ["Location": target]) }
        defer { server.stop() }
        let result = await send(server.url, token: "secret-token")
        #expect(
            result
                == .failure(
                    .badServerResponse(
                        status: 302,
                        detail:
                            "a redirect to \(target), which graft does not follow (it would carry the session token)")))
        #expect(other.requests.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test("A redirect to the same server is not followed either: one request, and a clear error")
    func sameOriginRedirect() async throws {
        let server = try LoopbackServer { _, path, _ in
            .init(
                status: 307, body: "", headers: ["Location": path == "/v1/cart/add" ? "/v1/elsewhere" : "/v1/cart/add"])
        }
        defer { server.stop() }
        let result = await send(server.url, token: "secret-token")
        #expect(
            result
                == .failure(
                    .badServerResponse(
                        status: 307,
                        detail:
                            "a redirect to \(server.url.absoluteString)/v1/elsewhere, which graft does not follow (it would carry the session token)"
                    )))
        #expect(server.requests.count == 1)
    }

    @Test("A connection closed before any answer is a lost connection")
    func closedAtOnce() async throws {
        let server = try LoopbackServer { _, _, _ in .scripted { _ in } }
        defer { server.stop() }
        let result = await send(server.url)
        #expect(result == .failure(.connectionLost), "\(result)")
    }

    @Test("An answer that is not HTTP is a bad server response")
    func garbage() async throws {
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in _ = send(Array("garbage\r\n\r\nmore garbage".utf8)) }
        }
        defer { server.stop() }
        let result = await send(server.url)
        #expect(result == .failure(.badServerResponse(status: 0, detail: "the answer is not HTTP")), "\(result)")
    }

    @Test("A body shorter than its declared length is a bad server response saying so")
    func shortBody() async throws {
        let server = try LoopbackServer { _, _, _ in
            .scripted { send in _ = send(Self.head(status: 200, "Content-Length: 100\r\n") + Array("{\"code\":".utf8)) }
        }
        defer { server.stop() }
        #expect(
            await send(server.url)
                == .failure(.badServerResponse(status: 200, detail: "the body ended after 8 of 100 bytes")))
    }

    static func gzippedZeros(megabytes: Int) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c \(megabytes)M /dev/zero | gzip -c"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
