import Backend
import Client
import Container
import ImplV1
import Protocols
import Synchronization
import Testing
import TestSupport

/// The V1 app against the embedded backend, faked where it touches the real world.
struct V1Harness {
    let clock = TestClock()
    let injector: Injector

    init() throws {
        let clock = clock
        let configuration = BackendConfiguration(hashIterations: 1, clock: clock)
        injector = try Injector(
            modules: [
                ClientModule(secret: configuration.clientSecret),
                EmbeddedBackendModule(storage: InMemoryBackendStorage(), configuration: configuration),
                ImplV1Module(), MemoryStoresModule(),
            ],
            versions: VersionSelection(default: "v1")
        ).child(strict: true) { binder in
            binder.bind(WallClock.self, toInstance: clock)
        }
    }

    var logic: any CustomerLogic { get throws { try injector.resolve(CustomerLogic.self) } }
    var cart: any CartService { get throws { try injector.resolve(CartService.self) } }
    var wishlist: any WishlistService { get throws { try injector.resolve(WishlistService.self) } }

    /// Registers `mobile` through the SMS inbox.
    func register(_ mobile: String = "13800000001", password: String = "correct horse") async throws {
        try await logic.requestSMSCode(mobile: mobile)
        let code = try #require(try await injector.resolveAsync(EmbeddedServer.self).latestSMSCode(for: mobile))
        _ = try await logic.register(mobile: mobile, password: password, smsCode: code)
    }
}
