import Foundation
import Testing

/// `graft graph --format snapshot` and `--compare FILE`: the graph kept in a repository and read in review.
@Suite("graft graph snapshots")
struct GraphSnapshotCommandTests {
    @Test("A saved snapshot compares equal (exit 0); another selection's graph lists its changes (exit 1)")
    func compare() async throws {
        let graft = try GraftProcess()
        let snapshot = try await graft.run("--impl", "v1", "graph", "--format", "snapshot")
        #expect(snapshot.status == 0)
        #expect(snapshot.output.contains("\"schema\" : 2"))
        #expect(!snapshot.output.contains(".swift:"))
        let path = graft.home + "/graph.json"
        try Data(snapshot.output.utf8).write(to: URL(fileURLWithPath: path))
        let same = try await graft.run("--impl", "v1", "graph", "--compare", path)
        #expect(same.status == 0)
        #expect(same.output.hasPrefix("No change from '\(path)' ("))
        // Reordered modules or moved lines change nothing; a different generation does.
        let changed = try await graft.run("--impl", "v2", "graph", "--compare", path)
        #expect(changed.status == 1)
        #expect(changed.output.contains("+ PaymentService\n"))
        #expect(changed.output.contains("~ CartService: served by v1 -> v2\n"))
        #expect(changed.output.contains("~ [any LoginLink]: + item LoginLink[bindCard]\n"))
        #expect(changed.error.hasPrefix("Error: the graph differs from '\(path)': "))
        let traced = try await graft.run("--impl", "v1", "--trace", "graph", "--compare", path)
        #expect(traced.output.contains("~ CartService: decorated by trace\n"))
        let json = try await graft.run("--json", "--impl", "v1", "graph", "--compare", path)
        #expect(json.status == 0)
        #expect(json.output.contains("\"changes\":[]"))
    }

    @Test(
        "An unreadable snapshot is exit 65 naming the file and what is wrong",
        arguments: [
            (
                "schema", #"{"schema":3}"#,
                "it is a snapshot of schema 3, and this graft reads schemas 1 to 2; write it again with graft graph --format snapshot"
            ),
            ("text", "not json", "not JSON; write it with graft graph --format snapshot"),
            (
                "member", #"{"schema":1,"selection":"v1","services":[{"id":1}],"notServed":[]}"#,
                "services[0].id: expected a string"
            ),
            ("missing", nil, "no such file"),
        ] as [(String, String?, String)])
    func unreadable(_ name: String, _ content: String?, _ reason: String) async throws {
        let graft = try GraftProcess()
        let path = graft.home + "/\(name).json"
        if let content { try Data(content.utf8).write(to: URL(fileURLWithPath: path)) }
        let result = try await graft.run("graph", "--compare", path)
        #expect(result.status == 65)
        #expect(result.error == "Error: cannot read the graph snapshot '\(path)': \(reason)\n")
    }

    @Test("A file larger than 8 MiB is refused without being read whole")
    func huge() async throws {
        let graft = try GraftProcess()
        let path = graft.home + "/huge.json"
        try Data(repeating: 0x20, count: (8 << 20) + 1).write(to: URL(fileURLWithPath: path))
        let result = try await graft.run("graph", "--compare", path)
        #expect(result.status == 65)
        #expect(
            result.error == "Error: cannot read the graph snapshot '\(path)': it is larger than 8 MiB, so no snapshot\n"
        )
    }

    /// The V1 graph's snapshot as JSON, edited by `edit`, saved in the home folder.
    private func edited(_ graft: GraftProcess, _ edit: (inout [[String: Any]]) throws -> Void) async throws -> String {
        let saved = try await graft.run("--impl", "v1", "graph", "--format", "snapshot")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(saved.output.utf8)) as? [String: Any])
        var services = try #require(document["services"] as? [[String: Any]])
        try edit(&services)
        document["services"] = services
        let path = graft.home + "/graph.json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "A snapshot graft could not have written is exit 65, saying what is wrong and at which entry",
        arguments: ["twice", "300 copies", "forever"])
    func refused(_ edit: String) async throws {
        let graft = try GraftProcess()
        var first = ""
        let path = try await edited(graft) { services in
            first = try #require(services[0]["id"] as? String)
            switch edit {
            case "twice": services.insert(services[0], at: 1)
            case "300 copies": services = services.flatMap { Array(repeating: $0, count: 300) }
            default: services[0]["scope"] = "forever"
            }
        }
        let result = try await graft.run("--impl", "v1", "graph", "--compare", path)
        #expect(result.status == 65)
        #expect(result.output == "")
        let reason =
            edit == "forever"
            ? #"services[0].scope: "forever" is not a scope of graft's; its scopes are transient, weak, session, singleton, eager singleton, instance and forwards to a service"#
            : #"services[1].id: "\#(first)" is listed twice, as services[0] too; Graft writes each service once (a merge may have kept both sides)"#
        #expect(result.error == "Error: cannot read the graph snapshot '\(path)': \(reason)\n")
    }

    @Test("A folder given as the snapshot is exit 65 saying so")
    func folder() async throws {
        let graft = try GraftProcess()
        let result = try await graft.run("graph", "--compare", graft.home)
        #expect(result.status == 65)
        #expect(
            result.error
                == "Error: cannot read the graph snapshot '\(graft.home)': it is a folder; give the file saved by graft graph --format snapshot\n"
        )
    }

    @Test(
        "Names from the file reach the terminal with control characters escaped, and cut at 1,000 characters, as GraphChange prints them"
    )
    func hostileNames() async throws {
        let graft = try GraftProcess()
        var service = ""
        let path = try await edited(graft) { services in
            service = try #require(services[0]["id"] as? String)
            let dependencies = try #require(services[0]["dependencies"] as? [String])
            services[0]["dependencies"] =
                dependencies + ["X\u{1B}[2J\nError: forged by the file", String(repeating: "n", count: 100_000)]
        }
        let result = try await graft.run("--impl", "v1", "graph", "--compare", path)
        #expect(result.status == 1)
        #expect(
            result.output == """
                ~ \(service): no longer needs X\\u{1B}[2J\\u{A}Error: forged by the file
                ~ \(service): no longer needs \(String(repeating: "n", count: 1_000))…

                """)
        #expect(result.error.hasPrefix("Error: the graph differs from '\(path)': 2 changes;"))
    }
}
