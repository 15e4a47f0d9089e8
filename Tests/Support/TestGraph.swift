import Backend
import Client
import Container
import Protocols

/// The reference app's graph as its tests build it: the generations' modules a test names, with
/// the client, the embedded backend in memory (one hashing round) and in-memory stores, under a
/// strict child whose wall clock the test moves — the client and the server read the same one.
///
/// ```swift
/// let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: "v2")
/// try await graph.injector.registerCustomer("13800000001", password: "correct horse")
/// let result = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
/// graph.clock.advance(by: 3_601)  // the session has expired
/// ```
///
/// (`graft`'s own composition root, under test, is AppTests' `TestComposition`.)
public struct TestGraph: Sendable {
    /// The time for the client and the embedded server alike.
    public let clock: TestClock
    /// The strict child that tests resolve from.
    public let injector: Injector

    /// The graph of `generations` under `versions`.
    public init(_ generations: [any Module], versions: VersionSelection) throws {
        let clock = TestClock()
        injector = try Injector(modules: Self.modules(generations), versions: versions).child(strict: true) { binder in
            binder.bind(WallClock.self, toInstance: clock)
        }
        self.clock = clock
    }

    /// `generations` with what the tests' graph adds to them: the client, the embedded backend
    /// in memory (one hashing round) and in-memory stores; the modules a static check such as
    /// `Injector.validateEverySelection(modules:)` takes.
    public static func modules(_ generations: [any Module]) -> [any Module] {
        let configuration = BackendConfiguration(hashIterations: 1)
        return generations + [
            ClientModule(secret: configuration.clientSecret),
            EmbeddedBackendModule(storage: InMemoryBackendStorage(), configuration: configuration),
            MemoryStoresModule(),
        ]
    }

    /// The graph of `generations`, selecting `version` for every service that has it.
    public init(_ generations: [any Module], default version: String) throws {
        try self.init(generations, versions: VersionSelection(default: version))
    }

    /// The customer logic, as the selection serves it.
    public var logic: any CustomerLogic { get throws { try injector.resolve(CustomerLogic.self) } }
    /// The current session's cart.
    public var cart: any CartService { get throws { try injector.resolve(CartService.self) } }
    /// The current session's wishlist.
    public var wishlist: any WishlistService { get throws { try injector.resolve(WishlistService.self) } }

    /// This graph once `mobile` is registered and logged in, the login chain answered by `branches`.
    public func loggedIn(
        _ branches: LoginBranches = .declining, mobile: String = "13800000001", password: String = "correct horse"
    ) async throws -> TestGraph {
        try await injector.registerCustomer(mobile, password: password)
        _ = try await logic.login(mobile: mobile, password: password, branches: branches)
        return self
    }
}
