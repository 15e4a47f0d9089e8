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
        #expect(snapshot.output.contains("\"schema\" : 1"))
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
                "schema", #"{"schema":2}"#,
                "it is a snapshot of schema 2, and this graft reads schema 1; write it again with graft graph --format snapshot"
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
}
