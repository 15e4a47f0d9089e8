import Backend
import Client
import Container
import Foundation
import ImplV1
import ImplV2
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

/// Both generations' modules against the embedded backend, as the app composes them.
struct V2Harness {
    let injector: Injector

    init(versions: VersionSelection = VersionSelection(default: "v2")) throws {
        let clock = TestClock()
        let configuration = BackendConfiguration(hashIterations: 1, clock: clock)
        injector = try Injector(
            modules: [
                ClientModule(secret: configuration.clientSecret),
                EmbeddedBackendModule(storage: InMemoryBackendStorage(), configuration: configuration),
                ImplV1Module(), ImplV2Module(), MemoryStoresModule(),
            ],
            versions: versions
        ).child(strict: true) { binder in
            binder.bind(WallClock.self, toInstance: clock)
        }
    }

    var logic: any CustomerLogic { get throws { try injector.resolve(CustomerLogic.self) } }
    var cart: any CartService { get throws { try injector.resolve(CartService.self) } }
    var wishlist: any WishlistService { get throws { try injector.resolve(WishlistService.self) } }

    func register(_ mobile: String = "13800000001") async throws {
        try await logic.requestSMSCode(mobile: mobile)
        let code = try #require(try await injector.resolveAsync(EmbeddedServer.self).latestSMSCode(for: mobile))
        _ = try await logic.register(mobile: mobile, password: "correct horse", smsCode: code)
    }

    func loggedIn() async throws -> V2Harness {
        try await register()
        _ = try await logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235", card: .valid, pin: "123456"))
        return self
    }
}

extension BankCard {
    static let valid = BankCard(number: "4242424242424242", holder: "Ada Lovelace")
}

/// A transport that loses the answer to the first attempt of every cart batch, after the
/// server has applied it: what a dropped connection does.
final class LosingTransport: Transport {
    private let inner: any Transport
    private let seenKeys = Mutex<Set<String>>([])

    init(inner: any Transport) {
        self.inner = inner
    }

    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        let response = try await inner.send(request)
        guard request.path.hasSuffix("/cart/batch"),
            let key = try? JSONDecoder().decode(CartBatchRequest.self, from: Data(request.body)).idempotencyKey
        else { return response }
        let first = seenKeys.withLock { $0.insert(key).inserted }
        if first { throw .connectionLost }
        return response
    }
}
