import Container
import Logging

/// The server's composition root: its modules and its version selection.
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
}
