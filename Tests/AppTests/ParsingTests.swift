@testable import App
import Client
import Container
import Protocols
import Testing

@Suite("Parsing and help")
struct ParsingTests {
    private func error(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments)
            return nil
        } catch {
            return Help.error(error)
        }
    }

    @Test("A full command line parses, with options anywhere and --name=value")
    func parses() throws {
        let parsed = try ArgumentParser.parse([
            "--impl", "v2", "cart", "add", "p7", "--qty=3", "--json", "--impl", "CartService=v1",
        ])
        #expect(parsed.path == ["cart", "add"])
        #expect(parsed.arguments == ["p7"])
        #expect(parsed.value("--qty") == "3")
        #expect(parsed.values("--impl") == ["v2", "CartService=v1"])
        #expect(parsed.json)
    }

    @Test("--help needs nothing else, even on a command with required options")
    func help() throws {
        #expect(try ArgumentParser.parse(["login", "--help"]).wantsHelp)
        #expect(try ArgumentParser.parse(["--help"]).path.isEmpty)
    }

    @Test(
        "Usage errors read like swift-argument-parser's",
        arguments: [
            (
                ["lgoin"],
                "Error: unknown command 'lgoin'\nDid you mean 'login'?\nUsage: graft [--impl VERSION ...] [--home DIR] [--server URL] [--timeout SECONDS] [--json] [--trace] COMMAND\n  See 'graft --help' for more information."
            ),
            (
                ["login", "--mobil", "1"],
                "Error: unknown option '--mobil'\nDid you mean '--mobile'?\nUsage: graft login --mobile M [--password P | --password-stdin] [--gesture G] [--card N] [--holder NAME] [--pay-password PIN]\n  See 'graft login --help' for more information."
            ),
            (
                ["login", "--mobile"],
                "Error: missing value for '--mobile M'\nUsage: graft login --mobile M [--password P | --password-stdin] [--gesture G] [--card N] [--holder NAME] [--pay-password PIN]\n  See 'graft login --help' for more information."
            ),
            (
                ["login", "--password", "x"],
                "Error: missing '--mobile M'\nUsage: graft login --mobile M [--password P | --password-stdin] [--gesture G] [--card N] [--holder NAME] [--pay-password PIN]\n  See 'graft login --help' for more information."
            ),
            (
                ["login", "--mobile", "1", "--pay-password", "12", "34"],
                "Error: unexpected argument after the value of --pay-password, not shown in case it is part of that secret; quote a value that has spaces\nUsage: graft login --mobile M [--password P | --password-stdin] [--gesture G] [--card N] [--holder NAME] [--pay-password PIN]\n  See 'graft login --help' for more information."
            ),
            (
                ["cart"],
                "Error: 'cart' needs a subcommand: list, add, remove, clear\nUsage: graft cart list|add|remove|clear ...\n  See 'graft cart --help' for more information."
            ),
            (
                ["cart", "ad", "p1"],
                "Error: unknown cart subcommand 'ad'\nDid you mean 'add'?\nUsage: graft cart list|add|remove|clear ...\n  See 'graft cart --help' for more information."
            ),
            (
                ["cart", "add"],
                "Error: missing ID\nUsage: graft cart add ID [--qty N]\n  See 'graft cart add --help' for more information."
            ),
            (
                ["cart", "clear", "now"],
                "Error: unexpected argument 'now'\nUsage: graft cart clear\n  See 'graft cart clear --help' for more information."
            ),
            (
                ["status", "--json=yes"],
                "Error: --json takes no value\nUsage: graft status\n  See 'graft status --help' for more information."
            ),
            (
                [],
                "Error: no command given\nUsage: graft [--impl VERSION ...] [--home DIR] [--server URL] [--timeout SECONDS] [--json] [--trace] COMMAND\n  See 'graft --help' for more information."
            ),
        ] as [([String], String)])
    func usageErrors(arguments: [String], expected: String) {
        #expect(error(arguments) == expected)
    }

    @Test("Help lists the command's options and the global ones")
    func helpText() {
        let text = Help.text(for: ["cart", "add"])
        #expect(
            text.hasPrefix(
                "OVERVIEW: Add a product\n\nUSAGE: graft cart add ID [--qty N]\n\nOPTIONS:\n  --qty N  how many, 1 to 99 (default: 1)\n\nGLOBAL OPTIONS:\n"
            ))
        let overview = Help.text(for: [])
        #expect(overview.contains("COMMANDS:\n  register  Create an account"))
        #expect(overview.hasSuffix("See 'graft <command> --help' for more information on a command."))
    }

    @Test("Versions: flags beat GRAFT_IMPL, which beats the build; per-service values pin one service")
    func versions() throws {
        let build = try VersionArguments.selection(flags: [], environment: nil, path: [])
        #expect(build == .buildDefault(CompositionRoot.defaultGeneration))
        let pinned = try VersionArguments.selection(flags: ["CartService=v2"], environment: nil, path: [])
        #expect(
            pinned == .buildDefault(CompositionRoot.defaultGeneration, overrides: [.of((any CartService).self): "v2"]))
        let environment = try VersionArguments.selection(flags: [], environment: "v2,CartService=v1", path: [])
        #expect(environment == VersionSelection(default: "v2", overrides: [.of((any CartService).self): "v1"]))
        let flags = try VersionArguments.selection(flags: ["v1"], environment: "v2,CartService=v1", path: [])
        #expect(flags == VersionSelection(default: "v1"))
        let mixed = try VersionArguments.selection(flags: ["CartService=v2"], environment: "v1", path: [])
        #expect(mixed == VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v2"]))
        // A selection as an error prints it reads back, from a flag or the environment.
        let printed = VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v2"])
        #expect(try VersionArguments.selection(flags: [printed.description], environment: nil, path: []) == printed)
        #expect(try VersionArguments.selection(flags: [], environment: "v1 (CartService=v2)", path: []) == printed)
        #expect(
            throws: UsageError(
                "--impl '(CartService=v2': unknown service '(CartService'; the services are CartService, CustomerLogic, LoginLink, PaymentService, ProductCatalog, WishlistService",
                path: [], suggestion: "Did you mean 'CartService'?")
        ) {
            _ = try VersionArguments.selection(flags: ["v1 (CartService=v2"], environment: nil, path: [])
        }
        // The customer flows bring their login chain: its links are selected with them.
        let flows = try VersionArguments.selection(flags: ["v1", "CustomerLogic=v2"], environment: nil, path: [])
        #expect(
            flows
                == VersionSelection(
                    default: "v1", overrides: [.of((any CustomerLogic).self): "v2", .of((any LoginLink).self): "v2"]))
    }

    @Test("The app, not the container, maps trait ImplV2 to its default generation")
    func buildDefaultGeneration() {
        #if ImplV2
            #expect(CompositionRoot.defaultGeneration == "v2")
        #else
            #expect(CompositionRoot.defaultGeneration == "v1")
        #endif
    }

    @Test("Unknown versions and services list the valid ones")
    func badVersions() {
        #expect(throws: UsageError("--impl 'v3': unknown version 'v3'; the versions are v1, v2", path: ["status"])) {
            _ = try VersionArguments.selection(flags: ["v3"], environment: nil, path: ["status"])
        }
        #expect(
            throws: UsageError(
                "GRAFT_IMPL 'Cart=v2': unknown service 'Cart'; the services are CartService, CustomerLogic, LoginLink, PaymentService, ProductCatalog, WishlistService",
                path: [], suggestion: "Did you mean 'CartService'?")
        ) {
            _ = try VersionArguments.selection(flags: [], environment: "Cart=v2", path: [])
        }
    }

    @Test("Money reads as units and cents")
    func moneyFormat() {
        #expect(money(5) == "0.05")
        #expect(money(1_239) == "12.39")
        #expect(money(-123) == "-1.23")
        #expect(money(Int.min) == "-92233720368547758.08")
        #expect(money(Int.max) == "92233720368547758.07")
    }
}
