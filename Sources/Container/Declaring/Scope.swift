/// How long an instance built by a binding lives, and who shares it.
///
/// | scope | instances |
/// |---|---|
/// | ``transient`` | a new one for every request (the default) |
/// | ``singleton`` | one per injector, built on first request |
/// | ``eagerSingleton`` | one per injector, built when the injector is built |
/// | ``weak`` | shared while someone else holds it, rebuilt after it is released |
/// | ``resettable(_:)`` | shared until ``Injector/reset(_:)`` empties the scope |
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case transient
        case singleton
        case eagerSingleton
        case weak
        case resettable(String)
    }

    @usableFromInline let kind: Kind

    /// A new instance for every request.
    public static let transient = Scope(kind: .transient)
    /// One instance per injector, built once on first request, even under contention.
    public static let singleton = Scope(kind: .singleton)
    /// One instance per injector, built while the injector is built.
    public static let eagerSingleton = Scope(kind: .eagerSingleton)
    /// One instance while anybody holds a strong reference to it; the bound value must be
    /// a class instance.
    public static let weak = Scope(kind: .weak)
    /// Instances shared until the scope is emptied with ``Injector/reset(_:)``.
    public static func resettable(_ name: String) -> Scope { Scope(kind: .resettable(name)) }
    /// A ready-made resettable scope for state that lives as long as one login.
    public static let session = resettable("session")

    /// How long the scope keeps an instance, for the captive-dependency check: `nil` keeps
    /// nothing (transient); a larger rank outlives a smaller one.
    var lifetimeRank: Int? {
        switch kind {
        case .transient: nil
        case .weak: 1
        case .resettable: 2
        case .singleton, .eagerSingleton: 3
        }
    }

    /// Whether another scope's instances can outlive this one's: a weak or a resettable scope's
    /// can be; a singleton's cannot, and a transient binding keeps nothing.
    var canBeOutlived: Bool {
        lifetimeRank.map { $0 < Scope.singleton.lifetimeRank! } ?? false
    }

    public var description: String {
        switch kind {
        case .transient: "transient"
        case .singleton: "singleton"
        case .eagerSingleton: "eager singleton"
        case .weak: "weak"
        case .resettable(let name): name
        }
    }
}

extension Scope {
    /// The scope whose ``description`` is `name`: a snapshot's scope read back.
    init(named name: String) {
        self =
            switch name {
            case "transient": .transient
            case "singleton": .singleton
            case "eager singleton": .eagerSingleton
            case "weak": .weak
            default: .resettable(name)
            }
    }

    /// Stops the program when this scope cannot be reset: asking to is a programming error.
    func checkResettable() {
        guard case .resettable = kind else {
            preconditionFailure(
                "reset(.\(self)) asks to empty a scope that cannot be reset; only scopes made with Scope.resettable(_:), such as .session, can"
            )
        }
    }
}
