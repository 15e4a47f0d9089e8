import Container
import Foundation
import Cryptography
import Protocols
import TextRules
import WireFormat

/// The default server: answers every generation whose wire it is given, in process, keeping its
/// data in a ``BackendStorage``. Each generation's routes, envelope and signing come from its
/// `GenerationWire`, which the generation's module contributes; the server implements each
/// `Endpoint` once and asks no generation what it is. Every request is one transaction, so
/// parallel `graft` processes sharing a backend file see each other's changes and lose none.
public final class EmbeddedServer: RequestHandler {
    /// The storage, awaited on first use: opening a file is asynchronous, and the server (with
    /// the transport and every service that talks to it) is built synchronously before that.
    private let storage: AsyncLazy<any BackendStorage>
    let configuration: BackendConfiguration
    /// The server's time: ``EmbeddedBackendModule`` gives it the graph's `WallClock`, the
    /// client's, so a test that fixes one fixes both.
    private let clock: any WallClock
    private let verifier: SignatureVerifier
    /// The generations served, by name: each one's wire and the handler of each of its routes.
    private let generations: [String: ServedGeneration]

    /// A server on `storage` as it is, reading the time from `clock` and serving `wires`, for a
    /// test or a tool that composes one by hand.
    /// - Throws: ``WireError`` when a wire cannot be served.
    public convenience init(
        storage: any BackendStorage, configuration: BackendConfiguration = BackendConfiguration(), clock: any WallClock,
        wires: [String: GenerationWire]
    ) throws(WireError) {
        try self.init(
            storage: AsyncLazy(AsyncProvider { storage }), configuration: configuration, clock: clock, wires: wires)
    }

    /// A server whose storage is opened when it is first needed, or was opened at start-up: what
    /// ``EmbeddedBackendModule`` injects, so the storage's asynchronous set-up does not make the
    /// server, the transport and the business services asynchronous to build.
    /// - Parameter wires: The wire of each generation to serve, keyed by its name: the map the
    ///   generations' modules contribute to.
    /// - Throws: ``WireError`` when a wire cannot be served: its key is not its name, its name
    ///   cannot prefix a path, or a route is malformed or names an endpoint this server lacks.
    public init(
        storage: AsyncLazy<any BackendStorage>, configuration: BackendConfiguration = BackendConfiguration(),
        clock: any WallClock, wires: [String: GenerationWire]
    ) throws(WireError) {
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        verifier = SignatureVerifier(secret: configuration.clientSecret, window: configuration.signatureWindow)
        var generations: [String: ServedGeneration] = [:]
        // In order, so that of several bad wires the same one is reported on every run.
        for (key, wire) in wires.sorted(by: { $0.key < $1.key }) {
            generations[key] = try ServedGeneration(wire, key: key, endpoints: Self.endpoints)
        }
        self.generations = generations
    }

    /// The route prefixes served, sorted: `/v1, /v2`.
    public var routePrefixes: [String] { generations.values.map(\.wire.routePrefix).sorted() }

    /// The SMS code last sent to `mobile` and not yet used: the embedded backend's inbox.
    /// - Throws: ``LocalFileError`` when the storage cannot be opened, read or written.
    public func latestSMSCode(for mobile: String) async throws(LocalFileError) -> String? {
        let now = clock.secondsSince1970()
        return try await transaction { state in
            state.smsInbox[mobile].flatMap { $0.expiresAt > now ? $0.code : nil }
        }
    }

    /// Answers `request` in one transaction on the storage.
    /// - Throws: ``LocalFileError`` when the storage cannot be read or written: the backend's
    ///   file is this device's data, so the failure is reported as such, naming the file.
    public func handle(_ request: WireRequest) async throws(LocalFileError) -> WireResponse {
        guard let call = Call(request, generations) else {
            let served =
                routePrefixes.isEmpty
                ? "this backend serves no generation"
                : "the routes served start with " + routePrefixes.map { $0 + "/" }.joined(separator: ", ")
            return WireResponse(status: 404, body: Array("no such route: \(request.path); \(served)".utf8))
        }
        let body = try await transaction { state in self.respond(to: call, in: &state) }
        return WireResponse(status: 200, body: body)
    }

    /// Runs `body` as one transaction on the storage, awaiting the storage first.
    private func transaction<Value: Sendable>(_ body: @escaping @Sendable (inout BackendState) -> Value)
        async throws(LocalFileError) -> Value
    {
        let opened: any BackendStorage
        do {
            opened = try await storage.value
        } catch {
            // Opening a file fails with the file's own error; anything else is the graph's.
            if case .factoryFailed(let cause as LocalFileError) = error.reason { throw cause }
            throw .inaccessible(
                path: "the embedded backend's storage", reason: String(error.description.trimmingPrefix("error: ")))
        }
        return try await opened.transaction(body)
    }

    /// The envelope answering `call`, in its generation.
    private func respond(to call: Call, in state: inout BackendState) -> [UInt8] {
        let now = clock.secondsSince1970()
        do throws(Refusal) {
            if call.served.wire.signsRequests { try checkSignature(call, in: &state, now: now) }
            guard let route = call.served.routes["\(call.method) \(call.route)"] else {
                throw Refusal(.notFound, "no route \(call.method) \(call.served.wire.routePrefix)\(call.route)")
            }
            return try route(self, Context(call: call, now: now), &state)
        } catch {
            return Self.encode(
                Envelope<Empty>(code: error.code, message: error.message, payload: nil), call.served.wire.envelope)
        }
    }

    private func checkSignature(_ call: Call, in state: inout BackendState, now: Int) throws(Refusal) {
        // Kept through the last second its request could still be accepted in.
        state.nonces = state.nonces.filter { $0.value >= now }
        do {
            let accepted = try verifier.accept(
                method: call.method, path: call.request.path,
                body: call.request.body, headers: call.request.headers, now: now,
                isUsed: { state.nonces[$0] != nil })
            state.nonces[accepted.nonce] = accepted.rememberUntil
        } catch {
            throw Refusal(.validationFailed, error.description)
        }
    }

    static func encode<Payload: Encodable & Sendable>(_ envelope: Envelope<Payload>, _ format: EnvelopeFormat)
        -> [UInt8]
    {
        Array(format.encode(envelope))
    }
}

/// A request taken apart: its generation, method, route and query.
struct Call: Sendable {
    let request: WireRequest
    /// The generation whose prefix the path starts with.
    let served: ServedGeneration
    let method: String
    /// The path without the generation's prefix and query: `/cart/add`.
    let route: String
    let query: [String: String]

    /// The call `request` makes, or `nil` when its path starts with no served generation's prefix.
    init?(_ request: WireRequest, _ generations: [String: ServedGeneration]) {
        let parts = request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        guard path.hasPrefix("/"), let slash = path.dropFirst().firstIndex(of: "/"),
            let served = generations[String(path[path.index(after: path.startIndex)..<slash])]
        else { return nil }
        self.request = request
        self.served = served
        method = request.method.uppercased()
        route = String(path[slash...])
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(field[0]).removingPercentEncoding ?? String(field[0])
                let value = field.count == 2 ? (String(field[1]).removingPercentEncoding ?? String(field[1])) : ""
                query[name] = value
            }
        }
        self.query = query
    }

    /// The bearer token, if the request carries one.
    var token: String? {
        guard let value = request.headers.first(where: { $0.key.lowercased() == "authorization" })?.value,
            value.hasPrefix("Bearer ")
        else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}

/// A refusal: the business code and the message the client shows.
struct Refusal: Error {
    let code: BusinessCode
    let message: String

    init(_ code: BusinessCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// What a route handler gets besides the state.
struct Context: Sendable {
    let call: Call
    let now: Int

    /// The request's JSON body as `T`.
    func body<T: Decodable>(_ type: T.Type) throws(Refusal) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(call.request.body))
        } catch let error as DecodingError {
            guard case .undecodableBody(let field, let reason) = TransportError(error) else {
                throw Refusal(.validationFailed, "the request body is not valid")
            }
            throw Refusal(.validationFailed, "request \(field): \(reason)")
        } catch {
            throw Refusal(.validationFailed, "the request body is not valid JSON")
        }
    }

    /// A query parameter as a page number from 1 to ``EmbeddedServer/pages``, or `fallback` when
    /// absent; the bound keeps `page × pageSize` from overflowing.
    func integer(_ name: String, default fallback: Int) throws(Refusal) -> Int {
        guard let text = call.query[name] else { return fallback }
        guard let value = Int(text), EmbeddedServer.pages.contains(value) else {
            throw Refusal(
                .validationFailed,
                "query \(name) must be a whole number from 1 to \(EmbeddedServer.pages.upperBound), not \(DisplayText.quoted(text))"
            )
        }
        return value
    }

    /// A successful answer in the call's generation's envelope.
    func success<Payload: Encodable & Sendable>(_ payload: Payload, _ message: String = "success") -> [UInt8] {
        EmbeddedServer.encode(Envelope(code: .success, message: message, payload: payload), call.served.wire.envelope)
    }
}
