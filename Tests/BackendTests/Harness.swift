import Backend
import Container
import Foundation
import Protocols
import Synchronization
import Testing
import TestSupport

/// An embedded backend and an API client speaking to it, composed through an injector.
struct Harness {
    let clock = TestClock()
    let server: EmbeddedServer
    let api: APIClient

    init(storage: any BackendStorage = InMemoryBackendStorage()) throws {
        let clock = clock
        let configuration = BackendConfiguration(hashIterations: 1, clock: clock)
        server = EmbeddedServer(storage: storage, configuration: configuration)
        let server = server
        api = try Injector(modules: []).child { binder in
            binder.bind(RequestHandler.self, toInstance: server)
            binder.bind(Transport.self, to: EmbeddedTransport.init)
            binder.bind(WallClock.self, toInstance: clock)
            binder.bind(RequestSigner.self, toInstance: RequestSigner(secret: configuration.clientSecret))
            binder.bind(APIClient.self, to: APIClient.init)
        }.resolve(APIClient.self)
    }

    /// Registers `mobile` with `password` through the SMS inbox, and returns the session token.
    @discardableResult
    func account(_ mobile: String = "13800000001", password: String = "correct horse", generation: Generation = .v2) async throws -> String {
        _ = try await api.send(generation, "POST", "/sms", body: SMSRequest(mobile: mobile), as: Empty.self)
        let code = try #require(try await server.latestSMSCode(for: mobile))
        let registered = try await api.send(generation, "POST", "/register",
                                            body: RegisterRequest(mobile: mobile, password: password, smsCode: code), as: Customer.self)
        precondition(registered.code == .success, "registration failed: \(registered.message)")
        return try await login(mobile, password: password, generation: generation)
    }

    func login(_ mobile: String = "13800000001", password: String = "correct horse", generation: Generation = .v2) async throws -> String {
        let answer = try await api.send(generation, "POST", "/login", body: LoginRequest(mobile: mobile, password: password),
                                        as: LoginAnswer.self)
        return try #require(answer.payload?.token, "login failed: \(answer.message)")
    }
}
