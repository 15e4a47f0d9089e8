import Container
import Logging

/// The server's composition root: its modules, its version selection, and what closes at
/// shutdown.
public enum OrdersComposition {
    /// The modules of the server whose store is the file at `storePath`.
    public static func modules(storePath: String, logger: Logger) -> [any Module] {
        [StoreModule(path: storePath, logger: logger), OrdersModule()]
    }

    /// The selection `text` spells (`v1`, `Pricing=v1`), checked against what `modules` declare.
    public static func versions(_ text: String, modules: [any Module]) throws(SelectionParseError)
        -> VersionSelection
    {
        try VersionSelection(parsing: text, in: Injector.graph(modules: modules))
    }

    /// What the server closes when it stops. The list's order does not matter: the graph's
    /// does, so the audit log (which needs the store) closes before the store is written back.
    public static let closers: [Closer] = [
        Closer(OrderStore.self) { try await $0.close() },
        Closer(AuditLog.self) { $0.close() },
    ]
}
