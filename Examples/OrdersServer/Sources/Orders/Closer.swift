import Container

// example:begin
/// How the server closes one service of the injector when it stops.
///
/// Graft cannot close what it built yet, so the app says, service by service, how each closes;
/// ``InjectorService`` takes the order from the graph.
public struct Closer: Sendable {
    /// The service this closes.
    public let key: ServiceKey
    let close: @Sendable (Injector) async throws -> Void

    /// Closes the instance of `type` (named `name`) that the injector serves. The instance is
    /// resolved to be closed: bind it as a singleton, so it is the one the app used.
    public init<T: Sendable>(
        _ type: T.Type, named name: String? = nil, _ close: @escaping @Sendable (T) async throws -> Void
    ) {
        key = .of(type, named: name)
        self.close = { injector in
            let instance: T
            if let name {
                instance = try await injector.resolveAsync(type, named: name)
            } else {
                instance = try await injector.resolveAsync(type)
            }
            try await close(instance)
        }
    }
}
// example:end
