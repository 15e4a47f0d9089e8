/// Which implementation version the injector serves, overall and per service.
///
/// For each bound type the injector picks the binding of the selected version if there is
/// one, otherwise the highest bound version below it, so a newer module binds only what
/// changed. A binding without a version serves every selection, below any versioned one.
///
/// ```swift
/// let versions = VersionSelection(default: "v2", overrides: [.of(CartService.self): "v1"])
/// let injector = try Injector(modules: [ImplV1Module(), ImplV2Module()], versions: versions)
/// ```
public struct VersionSelection: Sendable, Equatable, CustomStringConvertible {
    /// The version selected for every service without an override.
    public let defaultVersion: String
    /// Versions selected for single services.
    public let overrides: [ServiceKey: String]
    /// Whether this selection is the build's default rather than one made at run time.
    public let isBuildDefault: Bool

    /// A run-time selection: `defaultVersion` for every service, except those in `overrides`.
    public init(default defaultVersion: String, overrides: [ServiceKey: String] = [:]) {
        self.init(defaultVersion: defaultVersion, overrides: overrides, isBuildDefault: false)
    }

    private init(defaultVersion: String, overrides: [ServiceKey: String], isBuildDefault: Bool) {
        self.defaultVersion = defaultVersion
        self.overrides = overrides
        self.isBuildDefault = isBuildDefault
    }

    /// The version the package was built for: `"v2"` with the `ImplV2` trait, otherwise `"v1"`.
    public static var buildDefaultVersion: String {
        #if ImplV2
        "v2"
        #else
        "v1"
        #endif
    }

    /// The selection used when none is given: ``buildDefaultVersion`` for every service.
    public static var buildDefault: VersionSelection {
        VersionSelection(defaultVersion: buildDefaultVersion, overrides: [:], isBuildDefault: true)
    }

    /// Where the version selected for a service came from.
    enum Origin: Sendable, CustomStringConvertible {
        case buildDefault
        case runTimeDefault
        case override(ServiceKey)

        var description: String {
            switch self {
            case .buildDefault: "build default"
            case .runTimeDefault: "run-time default"
            case .override(let key): "run-time selection for \(key)"
            }
        }
    }

    /// The version selected for `key`, and where that choice came from.
    func selectedVersion(for key: ServiceKey) -> (version: String, origin: Origin) {
        guard !overrides.isEmpty else { return (defaultVersion, defaultOrigin) }
        if let version = overrides[key] { return (version, .override(key)) }
        let anyName = ServiceKey(type: key.type, name: nil)
        if let version = overrides[anyName] { return (version, .override(anyName)) }
        return (defaultVersion, defaultOrigin)
    }

    var defaultOrigin: Origin { isBuildDefault ? .buildDefault : .runTimeDefault }

    /// `v2`, or `v2 (CartService=v1)`.
    public var description: String {
        guard !overrides.isEmpty else { return defaultVersion }
        let pinned = overrides.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ", ")
        return "\(defaultVersion) (\(pinned))"
    }
}
