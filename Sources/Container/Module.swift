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
public protocol Module {
    /// Declares this module's bindings on `binder`.
    func configure(_ binder: Binder)
}
