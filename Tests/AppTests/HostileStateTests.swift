import Foundation
import Testing

/// Numbers in the local files that the arithmetic would overflow: each is refused when the file
/// is read, with exit 65, the file named and kept aside — never a trap.
@Suite("Hostile local state")
struct HostileStateTests {
    /// Sets member `key` of the `index`th product in `backend.json`.
    private func setProduct(_ graft: GraftProcess, index: Int, _ key: String, to value: Int) throws {
        try graft.editBackend { document in
            var products = try #require(document["products"] as? [[String: Any]])
            products[index][key] = NSNumber(value: value)
            document["products"] = products
        }
    }

    private func expectCorrupt(
        _ result: GraftProcess.Result, _ graft: GraftProcess, field: String, value: Int,
        upper: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 65, "\(result.error)", sourceLocation: sourceLocation)
        #expect(
            result.error.hasPrefix(
                "Error: \(graft.backendPath) is corrupt (\(field): must be from 0 to \(upper), not \(value)); it was kept as "
            ),
            "\(result.error)", sourceLocation: sourceLocation)
        #expect(try graft.files(startingWith: "backend.json.corrupt-").count == 1, sourceLocation: sourceLocation)
    }

    @Test("A price of -2^63 in backend.json, then graft products")
    func minimumPrice() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try setProduct(graft, index: 1, "price", to: Int.min)
        try expectCorrupt(
            try await graft.run("products"), graft, field: "products[1].price", value: Int.min, upper: 100_000_000)
    }

    @Test("A price of 2^63-1 in backend.json, then cart add --qty 2", arguments: ["v1", "v2"])
    func maximumPrice(impl: String) async throws {
        let graft = try GraftProcess()
        try await graft.account(impl: impl)
        try setProduct(graft, index: 1, "price", to: Int.max)
        try expectCorrupt(
            try await graft.run("--impl", impl, "cart", "add", "p2", "--qty", "2"), graft,
            field: "products[1].price", value: Int.max, upper: 100_000_000)
    }

    @Test("A quantity of 2^63-1 in a cart of backend.json, then cart list", arguments: ["v1", "v2"])
    func maximumQuantity(impl: String) async throws {
        let graft = try GraftProcess()
        try await graft.account(impl: impl)
        #expect(try await graft.run("--impl", impl, "cart", "add", "p2").status == 0)
        try graft.editBackend { document in
            var carts = try #require(document["carts"] as? [String: [[String: Any]]])
            carts["13800000001"]?[0]["quantity"] = NSNumber(value: Int.max)
            document["carts"] = carts
        }
        let result = try await graft.run("--impl", impl, "cart", "list")
        #expect(result.status == 65)
        #expect(
            result.error.contains("(carts.13800000001[0].quantity: must be from 1 to 99, not \(Int.max))"),
            "\(result.error)")
    }

    @Test("The wishlist's sequence at 2^63-1 in backend.json, then wishlist add")
    func maximumSequence() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try graft.editBackend { $0["sequence"] = NSNumber(value: Int.max) }
        try expectCorrupt(
            try await graft.run("wishlist", "add", "p4"), graft, field: "sequence", value: Int.max, upper: 1 << 53)
    }

    @Test("The wishlist's sequence at its limit: adding is refused, and nothing is lost")
    func exhaustedSequence() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try graft.editBackend { $0["sequence"] = NSNumber(value: 1 << 53) }
        let result = try await graft.run("wishlist", "add", "p4")
        #expect(result.status == 1)
        #expect(result.error == "Error: the wishlist's sequence numbers are used up; start a fresh backend.json\n")
        #expect(try await graft.run("status").status == 0)
    }

    @Test("A wrong-password counter of 2^63-1 in backend.json, then a wrong password")
    func maximumCounter() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try graft.editBackend { document in
            var accounts = try #require(document["accounts"] as? [String: [String: Any]])
            accounts["13800000001"]?["failedPasswords"] = NSNumber(value: Int.max)
            document["accounts"] = accounts
        }
        let result = try await graft.run("login", "--mobile", "13800000001", "--password", "wrong password")
        try expectCorrupt(result, graft, field: "accounts.13800000001.failedPasswords", value: Int.max, upper: 1 << 53)
    }

    @Test("Pages past the largest number are refused before any arithmetic")
    func hugePage() async throws {
        let graft = try GraftProcess()
        let result = try await graft.run("products", "--page", String(Int.max))
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: --page '\(Int.max)' must be at most 1000000\n"))
    }

    @Test("An expiresAt of 1e300 in session.json is out of range, not 'not JSON'")
    func hugeExpiry() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let text = try String(contentsOfFile: graft.sessionPath, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #""expiresAt" : \d+"#, with: #""expiresAt" : 1e300"#, options: .regularExpression)
        #expect(edited != text)
        try edited.write(toFile: graft.sessionPath, atomically: true, encoding: .utf8)
        let result = try await graft.run("status")
        #expect(result.status == 65)
        #expect(
            result.error.hasPrefix(
                "Error: \(graft.sessionPath) is corrupt (session.expiresAt: 1e+300 is out of range for a whole number); it was kept as "
            ),
            "\(result.error)")
        #expect(try graft.files(startingWith: "session.json.corrupt-").count == 1)
    }
}
