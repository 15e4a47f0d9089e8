import Backend
import Client
import Cryptography
import Foundation
import ImplV1
import ImplV2
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

/// The generations a test speaks to the backend in.
enum Generation: CaseIterable {
    case v1
    case v2
}

/// A client per generation, as the generation modules compose them: V1 plain, V2 signed.
struct Clients {
    let v1: APIClient
    let v2: APIClient

    func send<Payload: Decodable & Sendable>(
        _ generation: Generation, _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil,
        token: String? = nil, as payload: Payload.Type
    ) async throws(TransportError) -> Envelope<Payload> {
        try await (generation == .v1 ? v1 : v2).send(method, path, body: body, token: token, as: payload)
    }
}

/// An embedded backend and the clients of both generations speaking to it.
struct Harness {
    let clock = TestClock()
    let server: EmbeddedServer
    let api: Clients

    init(storage: any BackendStorage = InMemoryBackendStorage()) throws {
        let configuration = BackendConfiguration(hashIterations: 1)
        server = try EmbeddedServer(
            storage: storage, configuration: configuration, clock: clock, wires: ["v1": .v1, "v2": .v2])
        let transport = EmbeddedTransport(handler: server)
        let signed = SigningTransport(
            inner: transport, signer: RequestSigner(secret: configuration.clientSecret), clock: clock)
        api = Clients(
            v1: APIClient(wire: .v1, transport: transport),
            v2: APIClient(wire: .v2, transport: signed))
    }

    /// Registers `mobile` with `password` through the SMS inbox, and returns the session token.
    @discardableResult
    func account(_ mobile: String = "13800000001", password: String = "correct horse", generation: Generation = .v2)
        async throws -> String
    {
        _ = try await api.send(generation, "POST", "/sms", body: SMSRequest(mobile: mobile), as: Empty.self)
        let code = try #require(try await server.latestSMSCode(for: mobile))
        let registered = try await api.send(
            generation, "POST", "/register",
            body: RegisterRequest(mobile: mobile, password: password, smsCode: code), as: Customer.self)
        precondition(registered.code == .success, "registration failed: \(registered.message)")
        return try await login(mobile, password: password, generation: generation)
    }

    func login(_ mobile: String = "13800000001", password: String = "correct horse", generation: Generation = .v2)
        async throws -> String
    {
        let answer = try await api.send(
            generation, "POST", "/login", body: LoginRequest(mobile: mobile, password: password),
            as: LoginAnswer.self)
        return try #require(answer.payload?.token, "login failed: \(answer.message)")
    }
}
