import Container
import Testing

/// Keeps the "resetting a scope from a service" example true: the DocC articles quote
/// the compiled file, and it behaves as its comments say.
@Suite("Scope reset example")
struct ScopeResetExampleTests {
    @Test("Signing out gives the next request a new bag, shared again until the next sign-out")
    func signOut() throws {
        let injector = try Injector(modules: [SessionModule()])
        let bag = try injector.resolve(ShoppingBag.self)
        #expect(try injector.resolve(ShoppingBag.self) === bag)
        try injector.resolve(SignOut.self)()
        let next = try injector.resolve(ShoppingBag.self)
        #expect(next !== bag)
        #expect(try injector.resolve(ShoppingBag.self) === next)
    }
}
