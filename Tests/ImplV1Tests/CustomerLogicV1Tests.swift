import Backend
import Container
import ImplV1
import Protocols
import Testing
import TestSupport

@Suite("V1 customer logic against the embedded backend")
struct CustomerLogicV1Tests {
    @Test("The injector serves the V1 classes")
    func served() throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        #expect(try graph.logic is CustomerLogicV1)
        #expect(try graph.cart is CartServiceV1)
        #expect(try graph.wishlist is WishlistServiceV1)
    }

    @Test("First login creates the gesture password; the next keeps it")
    func createThenKeep() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        let first = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        #expect(first.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(first.stop == nil)
        #expect(first.customer.hasGesturePassword)
        let second = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .declining)
        #expect(second.steps == [.loggedIn, .gesturePasswordKept])
        #expect(
            try await graph.injector.resolveAsync(CustomerRecordStore.self).record(for: "13800000001")
                .keepsGesturePassword)
    }

    @Test("A declined branch ends the chain, stays pending, and the next login resumes there")
    func declineThenResume() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        let declined = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .declining)
        #expect(declined.steps == [.loggedIn])
        #expect(declined.stop == .declined(.createGesturePassword))
        let records = try await graph.injector.resolveAsync(CustomerRecordStore.self)
        #expect(try records.record(for: "13800000001").pendingOperation == .createGesturePassword)
        let resumed = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "75321"))
        #expect(resumed.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(try records.record(for: "13800000001").pendingOperation == nil)
    }

    @Test("A branch that fails ends the chain with the reason and stays pending")
    func failedBranch() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        let result = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "11"))
        #expect(
            result.stop
                == .failed(
                    .createGesturePassword,
                    .invalidInput("a gesture password is 4 to 9 of the dots 1-9, none twice, such as 1235789")))
        #expect(
            try await graph.injector.resolveAsync(CustomerRecordStore.self).record(for: "13800000001")
                .pendingOperation == .createGesturePassword)
    }

    @Test("Forgetting the gesture password runs the forget branch at the next login")
    func forget() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        try await graph.logic.forgetGesture()
        let result = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "9875"))
        #expect(result.steps == [.loggedIn, .gesturePasswordReset])
        try await graph.logic.verifyGesture("9875")
        await #expect(throws: ServiceError.refused(.wrongPassword, message: "wrong gesture password; 4 attempts left"))
        {
            try await graph.logic.verifyGesture("1235")
        }
    }

    @Test("Five wrong gesture passwords lock gesture unlock until the next password login")
    func gestureLockout() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        for left in (1...4).reversed() {
            let unit = left == 1 ? "attempt" : "attempts"
            await #expect(
                throws: ServiceError.refused(.wrongPassword, message: "wrong gesture password; \(left) \(unit) left")
            ) {
                try await graph.logic.verifyGesture("9876")
            }
        }
        let locked = ServiceError.refused(
            .accountLocked,
            message: "gesture unlock is locked after 5 wrong gesture passwords; log in with your password")
        await #expect(throws: locked) { try await graph.logic.verifyGesture("9876") }
        await #expect(throws: locked) { try await graph.logic.verifyGesture("1235") }
        _ = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        try await graph.logic.verifyGesture("1235")
    }

    @Test("A refused login throws the server's reason and saves no session")
    func refusedLogin() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        await #expect(throws: ServiceError.refused(.wrongPassword, message: "wrong password; 4 attempts left")) {
            _ = try await graph.logic.login(mobile: "13800000001", password: "not the one", branches: .declining)
        }
        #expect(try await graph.injector.resolveAsync(SessionStore.self).load() == nil)
        await #expect(throws: ServiceError.invalidInput("mobile 'abc' must be 7 to 15 digits, optionally after '+'")) {
            _ = try await graph.logic.login(mobile: "abc", password: "whatever1", branches: .declining)
        }
    }

    @Test("Logout clears the session and tells observers; then operations need a login")
    func logout() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        let center = try await graph.injector.resolveAsync(LoginStatusCenter.self)
        #expect(center.current == .loggedIn)
        try await graph.logic.logout()
        #expect(center.current == .loggedOut)
        await #expect(throws: ServiceError.notLoggedIn) { _ = try await graph.cart.cart() }
    }

    @Test("Expiry: a session past its own expiresAt is not sent; .expired is posted and the session scope emptied")
    func expiry() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        let center = try await graph.injector.resolveAsync(LoginStatusCenter.self)
        // A class holding what the store had, so that identity says whether the scope was emptied.
        final class Loaded: Sendable {
            let session: Session?
            init(_ session: Session?) { self.session = session }
        }
        let scoped = try await graph.injector.startChild { binder in
            binder.bind(Loaded.self) { (store: any SessionStore) in Loaded(try store.load()) }.scope(.session)
        }
        let cached = try await scoped.resolveAsync(Loaded.self)
        graph.clock.advance(by: 3_601)
        await #expect(throws: ServiceError.notLoggedIn) {
            _ = try await graph.cart.cart()
        }
        #expect(center.current == .expired)
        // Emptied by the expiry itself: checked before the next login, which empties it too.
        let afterExpiry = try await scoped.resolveAsync(Loaded.self)
        #expect(afterExpiry !== cached)
        #expect(afterExpiry.session == nil)
        _ = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        #expect(try await scoped.resolveAsync(Loaded.self).session?.token != cached.session?.token)
    }

    @Test("Expiry the server sees first: its login-expired code posts .expired and clears the session")
    func serverExpiry() async throws {
        let graph = try TestGraph([ImplV1Module()], default: "v1")
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        let center = try await graph.injector.resolveAsync(LoginStatusCenter.self)
        // The record says the session lasts longer than the server lets it: a server whose clock
        // runs ahead, say. The server's word counts.
        let sessions = try await graph.injector.resolveAsync((any SessionStore).self)
        let session = try #require(try sessions.load())
        try sessions.save(
            Session(
                mobile: session.mobile, token: session.token, expiresAt: session.expiresAt + 86_400, generation: "v1"))
        graph.clock.advance(by: 3_601)
        await #expect(throws: ServiceError.refused(.loginExpired, message: "your session expired; log in again")) {
            _ = try await graph.cart.cart()
        }
        #expect(center.current == .expired)
        #expect(try sessions.load() == nil)
    }
}
