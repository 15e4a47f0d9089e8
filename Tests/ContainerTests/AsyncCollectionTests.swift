@testable import Container
import Testing

/// An item of a list or map that reports what it was built from.
private protocol Shelf: Sendable { var label: String { get } }

private struct PlainShelf: Shelf {
    let label = "plain"
}

/// An item that needs the warehouse, which opens with `await`.
private struct StockedShelf: Shelf {
    let store: Warehouse
    var label: String { "stocked from \(store.path)" }
}

/// Needs the whole list built first, so it becomes asynchronous with it.
private final class ShelfReport: Sendable {
    let shelves: [any Shelf]
    init(shelves: [any Shelf]) { self.shelves = shelves }
}

@Suite("A list or map whose items need an asynchronous binding is built with await")
struct AsyncCollectionTests {
    private static func shop(_ binder: Binder) {
        binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 7) }.scope(.singleton)
        binder.contribute((any Shelf).self, id: "plain") { PlainShelf() }
        binder.contribute((any Shelf).self, id: "stocked") { (store: Warehouse) in StockedShelf(store: store) }
        binder.contribute((any Shelf).self, key: "front") { PlainShelf() }
        binder.contribute((any Shelf).self, key: "back") { (store: Warehouse) in StockedShelf(store: store) }
        binder.bind(ShelfReport.self, to: ShelfReport.init)
    }

    @Test("The list and the map validate, and await builds every item in order, sharing the singleton")
    func awaited() async throws {
        let injector = try await Injector.start(modules: [TestModule(Self.shop)])
        let list = try await injector.resolveAsync([any Shelf].self)
        #expect(list.map(\.label) == ["plain", "stocked from shop.db"])
        let map = try await injector.resolveAsync([String: any Shelf].self)
        #expect(map.mapValues(\.label) == ["front": "plain", "back": "stocked from shop.db"])
        let report = try await injector.resolveAsync(ShelfReport.self)
        #expect(report.shelves.map(\.label) == ["plain", "stocked from shop.db"])
        let stores = [list[1], report.shelves[1]].map { ObjectIdentifier(($0 as! StockedShelf).store) }
        #expect(stores[0] == stores[1])
        #expect(injector.graph.nodes.first { $0.key == .of([any Shelf].self) }?.isAsynchronous == true)
    }

    @Test("Resolved without await, the list refuses and names the item that made it asynchronous")
    func synchronousRefused() throws {
        let injector = try Injector(modules: [TestModule(Self.shop)])
        let error = #expect(throws: ResolutionError.self) { try injector.resolve([any Shelf].self) }
        #expect(error?.diagnosticID.description == "G210")
        #expect(
            error?.description.contains(
                "\n  note: [any Shelf] is asynchronous because it needs Shelf[stocked] -> Warehouse, built first, whose factory is async\n"
            ) == true, "\(String(describing: error))")
        #expect(throws: ResolutionError.self) { try injector.resolve(ShelfReport.self) }
    }

    @Test("A child that replaces the asynchronous item with a synchronous one makes the list synchronous")
    func childMakesItSynchronous() async throws {
        let injector = try await Injector.start(modules: [TestModule(Self.shop)])
        let child = try injector.child { binder in
            binder.contribute((any Shelf).self, id: "stocked") { PlainShelf() }
        }
        #expect(try child.resolve([any Shelf].self).map(\.label) == ["plain", "plain"])
    }
}
