/// Which implementation version the injector serves, overall and per service.
///
/// For each bound type the injector picks the binding of the selected version if there is
/// one, otherwise the highest bound version below it, so a newer module binds only what
/// changed. A binding without a version serves every selection, below any versioned one.
/// With no selection given (``latest``), each type is served by its highest bound version.
///
/// The container knows nothing of an app's build flags: an app maps its own build
/// configuration to a ``buildDefault(_:overrides:)`` selection. Precedence, lowest first:
/// module binding < the app's build default < run-time selection < child-injector override.
///
/// ```swift
/// let versions = VersionSelection(default: "v2", overrides: [.of(CartService.self): "v1"])
/// let injector = try Injector(modules: [ImplV1Module(), ImplV2Module()], versions: versions)
/// ```
public struct VersionSelection: Sendable, Equatable, CustomStringConvertible {
    /// The version selected for every service without an override; `nil` selects each
    /// service's latest bound version.
    public let defaultVersion: String?
    /// Versions selected for single services.
    public let overrides: [ServiceKey: String]
    /// Whether ``defaultVersion`` is an app's build default rather than one chosen at run time.
    public let isBuildDefault: Bool

    /// A run-time selection: `defaultVersion` for every service, except those in `overrides`.
    public init(default defaultVersion: String, overrides: [ServiceKey: String] = [:]) {
        self.init(defaultVersion: defaultVersion, overrides: overrides, isBuildDefault: false)
    }

    init(defaultVersion: String?, overrides: [ServiceKey: String], isBuildDefault: Bool) {
        self.defaultVersion = defaultVersion
        self.overrides = overrides
        self.isBuildDefault = isBuildDefault
    }

    /// The selection used when none is given: each service's highest bound version.
    public static let latest = VersionSelection(defaultVersion: nil, overrides: [:], isBuildDefault: false)

    /// An app's build default: `version` for every service, except those that `overrides`
    /// selects at run time. ``Injector/explain(_:named:)`` says which choice came from where.
    ///
    /// ```swift
    /// #if NEW_CHECKOUT   // the app's own build flag, which the container never sees
    /// let versions = VersionSelection.buildDefault("v2")
    /// #else
    /// let versions = VersionSelection.buildDefault("v1")
    /// #endif
    /// ```
    public static func buildDefault(_ version: String, overrides: [ServiceKey: String] = [:]) -> VersionSelection {
        VersionSelection(defaultVersion: version, overrides: overrides, isBuildDefault: true)
    }

    /// A sample of a graph's selections: each version its modules declare as the default, and
    /// each of those with one service pinned to each other version that service declares and
    /// the default would not choose for it — for a review, or a script that builds each.
    /// ``Injector/validateEverySelection(modules:)`` proves every combination, not this sample.
    ///
    /// For services `A` (v1, v2) and `B` (v2) in a graph: `v1`, `v1 (A=v2)`, `v1 (B=v2)`,
    /// `v2`, `v2 (A=v1)`. A graph without versions implies one selection, ``latest``.
    ///
    /// ```swift
    /// let selections = VersionSelection.implied(by: Injector.graph(modules: [ShopModule()]))
    /// ```
    public static func implied(by graph: DependencyGraph) -> [VersionSelection] {
        implied(byVersions: graph.versionsByService)
    }

    /// The selections implied by the versions each service declares.
    static func implied(byVersions versionsByService: [ServiceKey: [String]]) -> [VersionSelection] {
        let versions = DependencyGraph.distinctVersions(versionsByService)
        // A graph without versions has one selection, the latest of everything.
        guard !versions.isEmpty else { return [.latest] }
        let services = versionsByService.keys.sorted { $0.description < $1.description }
        return versions.flatMap { base in
            let wanted = Version(base)!
            let pinned = services.flatMap { service in
                let own = versionsByService[service]!.compactMap(Version.init)
                // What the default gives the service: the highest of its versions at or below it.
                let chosen = own.last { $0 <= wanted }
                return own.filter { $0 != chosen }.map {
                    VersionSelection(default: base, overrides: [service: $0.text])
                }
            }
            return [VersionSelection(default: base)] + pinned
        }
    }

    /// Where the version selected for a service came from.
    public enum Origin: Hashable, Sendable, CustomStringConvertible {
        /// No selection was given: each service's latest bound version.
        case latest
        /// The app's build default (``VersionSelection/buildDefault(_:overrides:)``).
        case buildDefault
        /// The default of a selection made at run time (``VersionSelection/init(default:overrides:)``).
        case runTimeDefault
        /// A per-service override, of this key or of its type under any name.
        case override(ServiceKey)

        /// `build default`, `run-time selection for CartService`.
        public var description: String {
            switch self {
            case .latest: "no selection given"
            case .buildDefault: "build default"
            case .runTimeDefault: "run-time default"
            case .override(let key): "run-time selection for \(key)"
            }
        }
    }

    /// The version selected for `key` (`nil`: its latest bound version), and where that
    /// choice came from.
    func selectedVersion(for key: ServiceKey) -> (version: String?, origin: Origin) {
        guard !overrides.isEmpty else { return (defaultVersion, defaultOrigin) }
        // A contribution's version is chosen for its service: its element type and name.
        let service = key.service
        if let version = overrides[service] { return (version, .override(service)) }
        let anyName = ServiceKey(type: key.type, name: nil)
        if let version = overrides[anyName] { return (version, .override(anyName)) }
        return (defaultVersion, defaultOrigin)
    }

    var defaultOrigin: Origin {
        guard defaultVersion != nil else { return .latest }
        return isBuildDefault ? .buildDefault : .runTimeDefault
    }

    /// `v2`, `latest`, or `v2 (CartService=v1)`.
    public var description: String {
        let base = defaultVersion ?? "latest"
        guard !overrides.isEmpty else { return base }
        let pinned = overrides.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ", ")
        return "\(base) (\(pinned))"
    }
}
