@testable import App
import Backend
import Client
import Container
import Foundation
import ImplV2
import Protocols
import Testing
import TestSupport
import WireFormat

/// The cart and the wishlist live in `.session` scope: one instance for a session, dropped on
/// logout, on expiry and on a login over a live session, through `graft`'s own composition root (a strict child of it, with
/// the world in memory). Serialized: these tests run in process, on the threads the other
/// suites' tasks need.
@Suite("Session scope", .serialized)
struct SessionScopeTests {
    /// `graft`'s graph for `impl`, whose `SessionScopeReset` empties the session scope on login,
    /// logout and expiry; or, `resetting: false`, a child of it whose logins post to a center of
    /// their own, to which no reset listens.
    private struct Composed {
        let composition: TestComposition
        let injector: Injector

        init(impl: String, resetting: Bool = true) async throws {
            composition = try await TestComposition(["--impl", impl])
            injector =
                resetting
                ? composition.injector
                : try composition.injector.child { binder in
                    binder.bind(LoginStatusCenter.self, toInstance: LoginStatusCenter())
                    binder.bind(
                        SessionScopeReset.self,
                        toInstance: SessionScopeReset(center: LoginStatusCenter(), scopes: ScopeResetter { _ in }))
                }
        }

        var logic: any CustomerLogic { get throws { try injector.resolve((any CustomerLogic).self) } }
        var cart: any CartService { get throws { try injector.resolve((any CartService).self) } }
        var wishlist: any WishlistService { get throws { try injector.resolve((any WishlistService).self) } }

        func logIn() async throws {
            let branches = LoginBranches.answering(gesture: "1235")
                .answering(.bindCard, with: BankCard(number: "4242424242424242", holder: "Ada"))
                .answering(.setPayPassword, with: "123456")
            _ = try await logic.login(mobile: "13800000001", password: "correct horse", branches: branches)
        }

        func registerAndLogIn() async throws {
            try await injector.registerCustomer("13800000001", password: "correct horse")
            try await logIn()
        }
    }

    private func same(_ first: Any, _ second: Any) -> Bool {
        (first as AnyObject) === (second as AnyObject)
    }

    @Test("The real bindings of the cart and the wishlist are in .session scope", arguments: ["v1", "v2"])
    func bound(impl: String) async throws {
        let app = try await Composed(impl: impl)
        #expect(app.injector.explain(CartService.self).binding?.scope == .session)
        #expect(app.injector.explain(WishlistService.self).binding?.scope == .session)
    }

    @Test("One session shares one cart and one wishlist; logout drops them", arguments: ["v1", "v2"])
    func logout(impl: String) async throws {
        let app = try await Composed(impl: impl)
        try await app.registerAndLogIn()
        let cart = try app.cart
        let wishlist = try app.wishlist
        #expect(same(cart, try app.cart))
        #expect(same(wishlist, try app.wishlist))
        _ = try await cart.add(productID: "p7", quantity: 1)
        try await app.logic.logout()
        let after = try app.cart
        #expect(!same(cart, after))
        #expect(!same(wishlist, try app.wishlist))
        #expect(same(after, try app.cart))
        await #expect(throws: ServiceError.notLoggedIn) { _ = try await after.cart() }
    }

    @Test("Expiry drops them too: the next session gets new ones", arguments: ["v1", "v2"])
    func expiry(impl: String) async throws {
        let app = try await Composed(impl: impl)
        try await app.registerAndLogIn()
        let cart = try app.cart
        let wishlist = try app.wishlist
        // The session's lifetime passes, on the clock the client and the server share.
        app.composition.clock.advance(
            by: try await app.injector.resolveAsync(BackendConfiguration.self).sessionLifetime + 1)
        // The client's own record says the session ended: it is not sent, and is cleared.
        await #expect(throws: ServiceError.notLoggedIn) {
            _ = try await cart.cart()
        }
        #expect(try await app.injector.resolveAsync(LoginStatusCenter.self).current == .expired)
        let between = try app.cart
        #expect(!same(cart, between))
        #expect(!same(wishlist, try app.wishlist))
        try await app.logIn()
        let next = try app.cart
        #expect(!same(between, next))
        #expect(same(next, try app.cart))
        #expect(try await next.cart().lines.isEmpty)
    }

    @Test("A login over a live session drops that session's cart and wishlist", arguments: ["v1", "v2"])
    func loginOverLiveSession(impl: String) async throws {
        let app = try await Composed(impl: impl)
        try await app.registerAndLogIn()
        let cart = try app.cart
        let wishlist = try app.wishlist
        _ = try await cart.add(productID: "p7", quantity: 1)
        // No logout: a second login replaces the session, as `graft login` run twice does.
        try await app.logIn()
        let next = try app.cart
        #expect(!same(cart, next))
        #expect(!same(wishlist, try app.wishlist))
        #expect(same(next, try app.cart))
        // The server keeps the customer's cart across sessions; only the instances are new.
        #expect(try await next.cart().lines.map(\.productID) == ["p7"])
    }

    @Test(
        "A holder that outlives sessions asks its Provider at each use: after logout and login, the new session's cart",
        arguments: ["v1", "v2"])
    func providerAcrossSessions(impl: String) async throws {
        let app = try await Composed(impl: impl)
        // What a long-lived holder keeps: the provider, resolved once, and never an instance.
        let carts = try await app.injector.resolveAsync(Provider<any CartService>.self)
        try await app.registerAndLogIn()
        let first = try carts()
        #expect(same(first, try carts()))
        _ = try await first.add(productID: "p7", quantity: 1)
        try await app.logic.logout()
        try await app.logIn()
        let second = try carts()
        #expect(!same(first, second))
        #expect(same(second, try carts()))
        #expect(same(second, try app.cart))
        // The customer's cart is on the server: the new session's instance sees what the first added.
        #expect(try await second.cart().lines.map(\.productID) == ["p7"])
    }

    @Test("Without the reset, a session-scoped cart would outlive its session")
    func withoutReset() async throws {
        let app = try await Composed(impl: "v1", resetting: false)
        try await app.registerAndLogIn()
        let cart = try app.cart
        try await app.logic.logout()
        #expect(same(cart, try app.cart))
    }
}
