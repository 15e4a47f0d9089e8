import Foundation
import Testing

/// Bad command lines, each with the exit code and the first line of what it prints.
@Suite("Malformed invocations")
struct MalformedInvocationTests {
    /// One home shared by these read-only cases, with an account logged in. Made once by a task
    /// the cases await: a static that ran graft itself would hold a thread of Swift concurrency's
    /// small pool, with every case waiting on it, for as long as the set-up's processes queue.
    static let home = Task { () throws -> GraftProcess in
        let graft = try GraftProcess()
        try await graft.account()
        return graft
    }

    @Test(
        "Each malformed invocation is refused with the right code and message",
        arguments: [
            (["lgoin"], 64, "Error: unknown command 'lgoin'"),
            (["frobnicate"], 64, "Error: unknown command 'frobnicate'"),
            ([], 64, "Error: no command given"),
            (["login", "--mobil", "13800000001", "--password", "x"], 64, "Error: unknown option '--mobil'"),
            (["login", "--password", "correct horse"], 64, "Error: missing '--mobile M'"),
            (["login", "--mobile"], 64, "Error: missing value for '--mobile M'"),
            (
                ["login", "--mobile", "abc", "--password", "correct horse"], 64,
                "Error: mobile 'abc' must be 7 to 15 digits, optionally after '+'"
            ),
            (
                ["register", "--mobile", "12", "--password", "correct horse"], 64,
                "Error: mobile '12' must be 7 to 15 digits, optionally after '+'"
            ),
            (
                ["register", "--mobile", "13800000009", "--password", "short"], 64,
                "Error: the password must be 8 to 64 characters long"
            ),
            (
                ["login", "--mobile", "13800000001", "--password", "correct horse", "--card", "4242424242424242"], 64,
                "Error: --card N and --holder NAME go together"
            ),
            (
                ["login", "--mobile", "13800000001", "--password", "correct horse", "--holder", "Ada"], 64,
                "Error: --holder NAME needs the card's number: set GRAFT_CARD, or pass --card N"
            ),
            (
                ["login", "--mobile", "13800000001"], 64,
                "Error: no password given: pipe it in with --password-stdin, or run graft on a terminal to be asked for it"
            ),
            (
                ["register", "--mobile", "13800000009"], 64,
                "Error: no password given: pipe it in with --password-stdin, or run graft on a terminal to be asked for it"
            ),
            (
                ["login", "--mobile", "13800000001", "--password-stdin"], 64,
                "Error: --password-stdin read no password: standard input is empty; pipe the password in, such as with '< password.txt'"
            ),
            (
                ["login", "--mobile", "13800000001", "--password", "correct horse", "--password-stdin"], 64,
                "Error: use --password or --password-stdin, not both"
            ),
            (
                ["login", "--mobile", "13800000001", "--password", "correct", "horse"], 64,
                "Error: unexpected argument after the value of --password, not shown in case it is part of that secret; quote a value that has spaces, or pipe the password in with --password-stdin"
            ),
            (
                ["login", "--mobile", "13800000001", "--password", "wrong password"], 1,
                "Error: wrong password; 4 attempts left"
            ),
            (
                ["login", "--mobile", "13900000000", "--password", "correct horse"], 1,
                "Error: no account for 13900000000; register first"
            ),
            (["cart"], 64, "Error: 'cart' needs a subcommand: list, add, remove, clear"),
            (["cart", "ad", "p1"], 64, "Error: unknown cart subcommand 'ad'"),
            (["cart", "add"], 64, "Error: missing ID"),
            (["cart", "add", "p1", "--qty", "two"], 64, "Error: --qty 'two' must be a whole number from 1"),
            (["cart", "add", "p1", "--qty", "0"], 64, "Error: --qty '0' must be a whole number from 1"),
            (["cart", "add", "p1", "--qty", "100"], 64, "Error: a quantity is a whole number from 1 to 99, not 100"),
            (["cart", "add", "nope"], 1, "Error: no product 'nope'; see the catalogue with 'graft products'"),
            (["cart", "remove", "p2"], 1, "Error: 'p2' is not in the cart"),
            (["cart", "clear", "now"], 64, "Error: unexpected argument 'now'"),
            (["products", "--page", "x"], 64, "Error: --page 'x' must be a whole number from 1"),
            (["products", "--page", "99"], 1, "Error: page 99 does not exist; there are 5"),
            (["wishlist", "list", "--page", "1", "--cursor", "s1"], 64, "Error: use --page or --cursor, not both"),
            (
                ["--impl", "v1", "wishlist", "list", "--cursor", "s1"], 64,
                "Error: the V1 wishlist pages by number; use --page, not --cursor"
            ),
            (
                ["--impl", "v2", "wishlist", "list", "--cursor", "zzz"], 1,
                "Error: query cursor: 'zzz' is not a cursor this server gave"
            ),
            (["wishlist", "remove", "p9"], 1, "Error: 'p9' is not in the wishlist"),
            (["gesture", "verify"], 64, "Error: missing G"),
            (
                ["gesture", "update", "1235", "11"], 64,
                "Error: a gesture password is 4 to 9 of the dots 1-9, none twice, such as 1235789"
            ),
            (["--impl", "v3", "status"], 64, "Error: --impl 'v3': unknown version 'v3'; the versions are v1, v2"),
            (
                ["--impl", "Cart=v2", "status"], 64,
                "Error: --impl 'Cart=v2': unknown service 'Cart'; the services are CartService, CustomerLogic, LoginLink, PaymentService, ProductCatalog, WishlistService"
            ),
            (
                ["--impl", "CartService=v9", "status"], 64,
                "Error: --impl 'CartService=v9': unknown version 'v9'; the versions are v1, v2"
            ),
            (
                ["graph", "--format", "svg"], 64,
                "Error: --format 'svg': the formats are text, dot, mermaid, json, snapshot"
            ),
            (
                ["--server", "ftp://example", "products"], 64,
                "Error: --server 'ftp://example' is not an http:// or https:// URL"
            ),
            (
                ["--timeout", "-1", "products"], 64,
                "Error: --timeout '-1' must be a whole number of seconds from 1 to 600"
            ),
            (
                ["--timeout", "0.5", "products"], 64,
                "Error: --timeout '0.5' must be a whole number of seconds from 1 to 600"
            ),
            (
                ["--impl", "=v2", "status"], 64,
                "Error: --impl '=v2': the service is missing before '='; write Service=version, such as CartService=v2"
            ),
            (
                ["--impl", "CartService=", "status"], 64,
                "Error: --impl 'CartService=': the version is missing after '='; the versions are v1, v2"
            ),
            (
                ["--server", "http://127.0.0.1:99999", "products"], 64,
                "Error: --server 'http://127.0.0.1:99999': the port must be from 1 to 65535"
            ),
            (
                ["--home", "", "status"], 64,
                "Error: --home is empty; give the folder for graft's state, such as ~/.graft"
            ),
            (
                ["cart", "add", String(repeating: "x", count: 100_000)], 1,
                "Error: no product '\(String(repeating: "x", count: 60))…' (100000 characters); see the catalogue with 'graft products'"
            ),
            (
                [String(repeating: "y", count: 100_000)], 64,
                "Error: unknown command '\(String(repeating: "y", count: 60))…' (100000 characters)"
            ),
            (["cart", "add", "p1", "--qty", "12345678901"], 64, "Error: --qty '12345678901' must be at most 1000000"),
            (["status", "--json=yes"], 64, "Error: --json takes no value"),
        ] as [([String], Int32, String)])
    func malformed(arguments: [String], status: Int32, message: String) async throws {
        let result = try await Self.home.value.run(arguments)
        #expect(result.status == status, "graft \(arguments.joined(separator: " ")): \(result.error)")
        // These cases share a home and run at once: one may say it waits for another's lock.
        let lines = result.error.split(separator: "\n").filter {
            !$0.hasPrefix("graft: waiting for another graft process")
        }
        #expect(lines.first.map(String.init) == message)
        if status == 64 {
            #expect(result.error.contains("\nUsage: graft"))
            #expect(result.error.contains("--help' for more information."))
        }
    }

    @Test("A near miss gets a suggestion")
    func suggestions() async throws {
        #expect(
            try await Self.home.value.run("login", "--mobil", "1", "--password", "x").error.contains(
                "\nDid you mean '--mobile'?\n"))
        #expect(try await Self.home.value.run("wishlist", "hass", "p1").error.contains("\nDid you mean 'has'?\n"))
        #expect(
            try await Self.home.value.run("--impl", "Wish=v2", "status").error.contains(
                "\nDid you mean 'WishlistService'?\n"))
    }

    @Test("--json with a failure prints one JSON document on standard output and nothing else")
    func jsonFailure() async throws {
        let result = try await Self.home.value.run("--json", "cart", "add", "p1", "--qty", "zero")
        #expect(result.status == 64)
        #expect(
            result.error.split(separator: "\n").allSatisfy { $0.hasPrefix("graft: waiting for another graft process") })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["exitCode"] as? Int == 64)
        #expect(
            (document["error"] as? [String: Any])?["message"] as? String == "--qty 'zero' must be a whole number from 1"
        )
    }
}
