import Container
@testable import Orders
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    @Test("The command line wins over the environment, which wins over the defaults")
    func precedence() throws {
        let configuration = try ServerConfiguration(
            arguments: ["--port", "9090", "--versions", "v1"],
            environment: ["ORDERS_PORT": "8081", "ORDERS_STORE": "/tmp/o.json", "PATH": "/bin"])
        #expect(configuration.port == 9090)
        #expect(configuration.storePath == "/tmp/o.json")
        #expect(configuration.versions == "v1")
        #expect(configuration.host == "127.0.0.1")
    }

    @Test("An unknown option, or one without its value, is refused")
    func refused() {
        #expect(throws: ConfigurationError("unknown option --bogus")) {
            try ServerConfiguration(arguments: ["--bogus"])
        }
        #expect(throws: ConfigurationError("--port needs a value")) { try ServerConfiguration(arguments: ["--port"]) }
        #expect(throws: ConfigurationError("the port must be a number from 0 to 65535, not http")) {
            try ServerConfiguration(arguments: ["--port", "http"])
        }
    }

    @Test("A selection names versions the graph declares, or the server refuses to start")
    func selection() throws {
        let pinned = try OrdersComposition.versions("Pricing=v1", modules: TestComposition.modules)
        #expect(pinned.defaultVersion == nil)
        #expect(pinned.overrides == [.of((any Pricing).self): "v1"])
        #expect(throws: SelectionParseError.self) {
            try OrdersComposition.versions("v3", modules: TestComposition.modules)
        }
    }
}
