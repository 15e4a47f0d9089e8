import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, for testing the HTTP transport and `graft --server`
/// against a real socket, including servers that misbehave. It answers each request with what
/// `reply` says — a normal answer after an optional delay, or a `script` that writes whatever
/// bytes it likes — records every request's head and when a client hung up before its answer was
/// written, and stops when ``stop()`` is called.
///
/// Every connection is served on a thread of its own, so what the server records is timed by the
/// clock alone: a deadline test that reads ``firstHangUp(within:)`` measures when the client gave
/// up, not when a busy test run got round to resuming the test.
///
/// `@unchecked Sendable`: `listener` and `port` are set in `init` and only read afterwards; the
/// accept thread owns each accepted connection; `log`, `hangUps` and `listenerClosed` are
/// mutexes, the last guarding the listener's shutdown and close.
public final class LoopbackServer: @unchecked Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var body: String
        public var delay: TimeInterval = 0
        public var headers: [String: String] = [:]
        /// When set, it writes the whole answer itself through `send`, which returns `false`
        /// once the client has gone; the connection closes when it returns.
        public var script: (@Sendable (_ send: ([UInt8]) -> Bool) -> Void)?

        public init(status: Int, body: String, delay: TimeInterval = 0, headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.delay = delay
            self.headers = headers
        }

        /// An answer written byte by byte by `script`.
        public static func scripted(_ script: @escaping @Sendable (_ send: ([UInt8]) -> Bool) -> Void) -> Reply {
            var reply = Reply(status: 0, body: "")
            reply.script = script
            return reply
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let reply: @Sendable (_ method: String, _ path: String, _ body: String) -> Reply
    private let log = Mutex<[String]>([])
    /// Whether the accept loop has closed the listener: after that its descriptor number may
    /// belong to another socket, which `stop` must not shut down.
    private let listenerClosed = Mutex(false)
    private let hangUps = Mutex<[ContinuousClock.Instant]>([])

    public init(reply: @escaping @Sendable (_ method: String, _ path: String, _ body: String) -> Reply) throws {
        self.reply = reply
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The head (request line and headers) of every request received so far, in order.
    public var requests: [String] { log.withLock { $0 } }

    /// When a client first hung up before its answer was written (noticed while the server held
    /// the answer back, or when a write failed), waiting up to `limit` for it; `nil` if none did.
    public func firstHangUp(within limit: Duration) async -> ContinuousClock.Instant? {
        let end = ContinuousClock.now + limit
        while true {
            if let first = hangUps.withLock({ $0.first }) { return first }
            if ContinuousClock.now >= end { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops accepting: new connections are refused. Requests already being served finish.
    public func stop() {
        // Only wakes the accept loop, which closes the listener as it returns. Closing it here
        // let the descriptor be reused at once (by another test's server or connection) while
        // the loop was still about to accept on it: the loop then served that other socket's
        // connections with this server's replies, an empty body where JSON was expected.
        listenerClosed.withLock { closed in
            if !closed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer {
            listenerClosed.withLock { closed in
                close(listener)
                closed = true
            }
        }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        var contentLength = 0
        while headerEnd == nil || received.count < headerEnd! + contentLength {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received += buffer[0..<count]
            if headerEnd == nil, let range = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                headerEnd = range.upperBound
                let head = String(decoding: received[..<range.lowerBound], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    contentLength =
                        Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        let head = String(decoding: received[..<headerEnd!], as: UTF8.self)
        log.withLock { $0.append(head) }
        let requestLine = head.split(separator: "\r\n").first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        let body = String(decoding: received[headerEnd!...], as: UTF8.self)
        let answer = reply(parts.count > 1 ? String(parts[0]) : "", parts.count > 1 ? String(parts[1]) : "", body)
        let send: ([UInt8]) -> Bool = { [self] bytes in
            let sent = bytes.withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent != bytes.count { hangUps.withLock { $0.append(.now) } }
            return sent == bytes.count
        }
        if let script = answer.script {
            script(send)
            return
        }
        if answer.delay > 0, clientHangsUp(connection, within: answer.delay) {
            hangUps.withLock { $0.append(.now) }
            return
        }
        let payload = Array(answer.body.utf8)
        let extra = answer.headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        let response =
            "HTTP/1.1 \(answer.status) Status\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\n\(extra)Connection: close\r\n\r\n"
        _ = send(Array(response.utf8) + payload)
    }

    /// Waits up to `seconds` for the client to close `connection`: whether it did.
    private func clientHangsUp(_ connection: Int32, within seconds: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var probe = [UInt8](repeating: 0, count: 1)
        while true {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { return false }
            var watched = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
            // Readable with nothing to read is the client's end of the connection.
            if recv(connection, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// A port on 127.0.0.1 that nothing listens on.
    public static func closedPort() throws -> UInt16 {
        let server = try LoopbackServer { _, _, _ in Reply(status: 200, body: "") }
        server.stop()
        return server.port
    }
}
