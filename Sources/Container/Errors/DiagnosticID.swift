/// The stable identifier of a kind of diagnostic: printed at the end of its first line
/// (`error: no binding for Transport [G101]`) and explained, with each fix and an example, in
/// the Diagnostics article. An identifier always names the same kind of problem and is never
/// given to another, so a team can search for it, link to it, or match it in a script.
///
/// The hundreds say where a diagnostic comes from:
///
/// | range | type | when |
/// |---|---|---|
/// | G1xx | ``GraphProblem/Kind`` | validation, before anything is built |
/// | G2xx | ``ResolutionError/Reason`` | resolving |
/// | G3xx | ``InjectError/Reason`` | reading an ``Inject`` property |
/// | G4xx | ``SelectionParseError/Reason`` | reading a version selection |
/// | G5xx | `InjectorTraitError` | `ContainerTesting`'s traits |
/// | G6xx | ``ShutdownError`` | ``Injector/shutdown(within:)`` |
public struct DiagnosticID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The identifier, such as `G101`.
    public let code: String

    /// The identifier `code`, such as `G101`.
    public init(_ code: String) {
        self.code = code
    }

    public var description: String { code }

    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.code < rhs.code }
}

extension GraphProblem.Kind {
    /// This kind's stable identifier (G1xx).
    public var diagnosticID: DiagnosticID {
        switch self {
        case .missingBinding: DiagnosticID("G101")
        case .cycle: DiagnosticID("G102")
        case .captiveDependency: DiagnosticID("G103")
        case .duplicateBinding: DiagnosticID("G104")
        case .overrideWithoutTarget: DiagnosticID("G105")
        case .unsatisfiableVersion: DiagnosticID("G106")
        case .notServed: DiagnosticID("G107")
        case .retiresUnbound: DiagnosticID("G108")
        case .invalidVersion: DiagnosticID("G109")
        case .runTimeArguments: DiagnosticID("G110")
        case .decoratesUnbound: DiagnosticID("G111")
        case .asynchronousDependency: DiagnosticID("G112")
        case .isolationCaptive: DiagnosticID("G113")
        case .closesTransient: DiagnosticID("G114")
        }
    }
}

extension ResolutionError.Reason {
    /// This reason's stable identifier (G2xx).
    public var diagnosticID: DiagnosticID {
        switch self {
        case .noBinding: DiagnosticID("G201")
        case .notServed: DiagnosticID("G202")
        case .cycle: DiagnosticID("G203")
        case .liveOnly: DiagnosticID("G204")
        case .factoryFailed: DiagnosticID("G205")
        case .weakScopeNeedsClass: DiagnosticID("G206")
        case .injectorReleased: DiagnosticID("G207")
        case .undeclared: DiagnosticID("G208")
        case .arguments: DiagnosticID("G209")
        case .asynchronous: DiagnosticID("G210")
        case .mainActorIsolated: DiagnosticID("G211")
        case .asynchronousStart: DiagnosticID("G212")
        case .shutDown: DiagnosticID("G213")
        }
    }
}

extension InjectError.Reason {
    /// This reason's stable identifier (G3xx); the resolution error an ``unresolvable(_:)``
    /// property carries prints its own as well.
    public var diagnosticID: DiagnosticID {
        switch self {
        case .noInjector: DiagnosticID("G301")
        case .unresolvable: DiagnosticID("G302")
        }
    }
}

extension SelectionParseError.Reason {
    /// This reason's stable identifier (G4xx).
    public var diagnosticID: DiagnosticID {
        switch self {
        case .empty: DiagnosticID("G401")
        case .missingService: DiagnosticID("G402")
        case .missingVersion: DiagnosticID("G403")
        case .malformedVersion: DiagnosticID("G404")
        case .unknownVersion: DiagnosticID("G405")
        case .unknownService: DiagnosticID("G406")
        }
    }
}
