import Container
import ContainerTesting
import Foundation
import Testing

// example:begin
@Suite("The server's graph")
struct CompositionTests {
    @Test("Every combination of versions validates, without opening the store")
    func everySelectionValidates() {
        Injector.expectEverySelectionValidates(modules: TestComposition.modules)
    }

    /// The graph reviewers approved, one file per generation. After a change that is meant,
    /// record them again: `ORDERS_RECORD_GRAPH=1 swift test --filter CompositionTests`.
    @Test("The graph is the one in the committed snapshot", arguments: ["v1", "v2"])
    func graphSnapshot(_ generation: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/graph-\(generation).json")
        let current = Injector.graph(modules: TestComposition.modules, versions: VersionSelection(default: generation))
            .snapshot
        if ProcessInfo.processInfo.environment["ORDERS_RECORD_GRAPH"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(current).write(to: file)
        }
        let approved = try JSONDecoder().decode(GraphSnapshot.self, from: Data(contentsOf: file))
        #expect(current.changes(from: approved).map(\.description) == [])
    }
}
// example:end
