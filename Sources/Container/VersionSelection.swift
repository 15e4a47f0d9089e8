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

    private init(defaultVersion: String?, overrides: [ServiceKey: String], isBuildDefault: Bool) {
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

    /// Where the version selected for a service came from.
    enum Origin: Sendable, CustomStringConvertible {
        case latest
        case buildDefault
        case runTimeDefault
        case override(ServiceKey)

        var description: String {
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
        if let version = overrides[key] { return (version, .override(key)) }
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
