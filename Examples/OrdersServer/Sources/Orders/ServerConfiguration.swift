/// Where the server listens, where its store is, and which versions serve: from the command
/// line, else the environment, else the defaults.
public struct ServerConfiguration: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var storePath = "orders.json"
    /// A version selection as a person writes it (`v1`, `v2`, `Pricing=v1`); empty serves each
    /// service's latest version.
    public var versions = ""

    public static let usage = "usage: OrdersServer [--host HOST] [--port PORT] [--store FILE] [--versions SELECTION]"

    /// The defaults, changed by `environment` (`ORDERS_HOST`, `ORDERS_PORT`, `ORDERS_STORE`,
    /// `ORDERS_VERSIONS`), then by `arguments` (`--host`, `--port`, `--store`, `--versions`).
    public init(arguments: [String] = [], environment: [String: String] = [:]) throws(ConfigurationError) {
        var values = environment.compactMapValues { $0 }.reduce(into: [String: String]()) { values, entry in
            if let flag = Self.flags.first(where: { $0.value == entry.key })?.key { values[flag] = entry.value }
        }
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard Self.flags[flag] != nil else { throw ConfigurationError("unknown option \(flag)") }
            guard let value = rest.popFirst() else { throw ConfigurationError("\(flag) needs a value") }
            values[flag] = value
        }
        if let host = values["--host"] { self.host = host }
        if let port = values["--port"] {
            guard let number = Int(port), (0...65_535).contains(number) else {
                throw ConfigurationError("the port must be a number from 0 to 65535, not \(port)")
            }
            self.port = number
        }
        if let path = values["--store"] { storePath = path }
        if let versions = values["--versions"] { self.versions = versions }
    }

    /// Each flag and the environment variable that gives it when the command line does not.
    private static let flags = [
        "--host": "ORDERS_HOST", "--port": "ORDERS_PORT", "--store": "ORDERS_STORE", "--versions": "ORDERS_VERSIONS",
    ]
}
