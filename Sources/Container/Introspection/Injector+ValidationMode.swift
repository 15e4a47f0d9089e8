extension Injector {
    /// How much an injector checks of its graph while it is built: the `validating:` argument
    /// of ``Injector/init(modules:versions:validating:isolation:)`` and
    /// ``Injector/start(modules:versions:validating:)``.
    ///
    /// ```swift
    /// // In an app whose CI runs Injector.validateEverySelection(modules:) on these modules:
    /// let injector = try Injector(modules: AppModules.all, validating: .none)
    /// ```
    ///
    /// A `Bool` literal still reads as it did: `true` is ``all``, `false` is ``reporting``.
    public struct Validation: Hashable, Sendable, ExpressibleByBooleanLiteral, CustomStringConvertible {
        enum Kind: Hashable, Sendable {
            case all, reporting, none
        }

        let kind: Kind

        /// Checks the whole graph and throws ``ValidationError`` with every problem: the default.
        public static let all = Validation(kind: .all)
        /// Checks the whole graph and builds the injector all the same, to inspect a broken graph
        /// with ``Injector/validate()``, ``Injector/graph`` or ``Injector/explain(_:named:)``.
        public static let reporting = Validation(kind: .reporting)
        /// Checks nothing: start-up costs what building the graph's producers costs, not what
        /// checking it does. For an app whose tests or CI prove every selection of these modules
        /// (``Injector/validateEverySelection(modules:)``); a problem the check would have found
        /// is the ``ResolutionError`` of the first resolve that meets it. Children still check
        /// their own graph in full.
        public static let none = Validation(kind: .none)

        /// `true` is ``all``, `false` is ``reporting``, as the `Bool` this type replaced.
        public init(booleanLiteral value: Bool) {
            kind = value ? .all : .reporting
        }

        init(kind: Kind) {
            self.kind = kind
        }

        /// `all`, `reporting` or `none`.
        public var description: String {
            switch kind {
            case .all: "all"
            case .reporting: "reporting"
            case .none: "none"
            }
        }
    }
}
