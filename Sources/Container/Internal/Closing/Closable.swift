/// One binding's instances that an injector level keeps, and how they close: what the level's
/// shutdown closes, at their turn in the graph's order (``ClosingPlan``). The compiler makes one
/// for each binding with a closer whose instances the level keeps.
struct Closable: Sendable {
    /// The binding's key, by which the plan finds its place in the graph.
    let key: ServiceKey
    /// The closing of each instance kept now, once any build that was running when the
    /// shutdown began has ended; empty when nothing is kept, such as a singleton never built.
    let kept: @Sendable () async -> [@Sendable () async throws -> Void]

    /// What `cell` keeps, closed by `closer`.
    static func kept<T: Sendable>(by cell: Cell<T>, of key: ServiceKey, _ closer: Closer) -> Closable {
        Closable(key: key) {
            guard let instance = await cell.keptForClosing() else { return [] }
            return [{ try await closer.close(instance) }]
        }
    }

    /// What each cell of `cells` keeps, one per set of argument values, closed by `closer`.
    static func kept<T: Sendable>(by cells: CellFamily<Cell<T>>, of key: ServiceKey, _ closer: Closer) -> Closable {
        Closable(key: key) {
            var closings: [@Sendable () async throws -> Void] = []
            for cell in cells.cells {
                if let instance = await cell.keptForClosing() { closings.append { try await closer.close(instance) } }
            }
            return closings
        }
    }

    /// A value made beforehand (`bind(_:toInstance:)`), which the level keeps from the start.
    static func given<T: Sendable>(_ instance: T, of key: ServiceKey, _ closer: Closer) -> Closable {
        Closable(key: key) { [{ try await closer.close(instance) }] }
    }
}
