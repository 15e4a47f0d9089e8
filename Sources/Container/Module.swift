/// A group of bindings, configured once when an ``Injector`` is built.
///
/// ```swift
/// struct NetworkModule: Module {
///     func configure(_ binder: Binder) {
///         binder.bind(Transport.self, to: EmbeddedTransport.init).scope(.singleton)
///         binder.bind(APIClient.self, to: APIClient.init)
///     }
/// }
/// ```
/// A module is `Sendable`, so a list of them can be a `static let` in any target, and
/// ``Injector/start(modules:versions:validating:)`` can configure it wherever it runs. In a
/// target with default main-actor isolation, `configure` is therefore not isolated (Swift infers
/// that from the protocol): it declares bindings, which build nothing, so the main-actor
/// initializers it names (`bind(P.self, to: Impl.init)`) run on the main actor when resolved.
public protocol Module: Sendable {
    /// Declares this module's bindings on `binder`.
    func configure(_ binder: Binder)
}
