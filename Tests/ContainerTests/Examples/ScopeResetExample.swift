import Container

// The example of the DocC articles "Scopes and Lifetimes" and "Getting Started": the text between
// the markers is quoted there byte for byte (DocumentationExamplesTests checks it), and compiled and
// run here.

// example:begin
/// What one login builds: shared until the session ends.
final class ShoppingBag: Sendable {
    init() {}
}

/// Ends the session from inside the graph, so no view model needs the injector.
final class SignOut: Sendable {
    private let scopes: ScopeResetter
    init(scopes: ScopeResetter) { self.scopes = scopes }
    func callAsFunction() { scopes.reset(.session) }  // the next request builds a new bag
}

struct SessionModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(ShoppingBag.self, to: ShoppingBag.init).scope(.session)
        binder.bind(SignOut.self, to: SignOut.init)  // nothing binds ScopeResetter: every injector gives it
    }
}
// example:end
