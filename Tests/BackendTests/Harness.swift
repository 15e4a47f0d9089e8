import Backend
import Container
import Foundation
import Protocols
import Synchronization
import Testing
import TestSupport

/// An embedded backend and an API client speaking to it, composed by the backend's own module
/// and the client's, in a strict child that fixes the time: the wiring the app uses.
struct Harness {
    let clock = TestClock()
    /// Kept for the server: it awaits its storage through the injector on its first request.
    let injector: Injector
    let server: EmbeddedServer
    let api: APIClient

    init(storage: any BackendStorage = InMemoryBackendStorage()) throws {
        let configuration = BackendConfiguration(hashIterations: 1)
        let clock = clock
        injector = try Injector(modules: [ClientModule(secret: configuration.clientSecret),
                                              EmbeddedBackendModule(storage: storage, configuration: configuration)])
            .child(strict: true) { binder in
                binder.bind(WallClock.self, toInstance: clock)
            }
        server = try injector.resolve(EmbeddedServer.self)
        api = try injector.resolve(APIClient.self)
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
