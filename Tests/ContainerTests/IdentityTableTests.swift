@testable import Container
import Testing

private struct Nest<T> {}

/// The identities of `count` distinct types: `T`, `Nest<T>`, `Nest<Nest<T>>`, …
private func identitiesOfNestedTypes<T>(_ type: T.Type, count: Int, into ids: inout [ObjectIdentifier]) {
    guard count > 0 else { return }
    ids.append(ObjectIdentifier(type))
    identitiesOfNestedTypes(Nest<T>.self, count: count - 1, into: &ids)
}

@Suite("The table from a type's identity to a word")
struct IdentityTableTests {
    @Test("An empty table finds nothing and holds nothing")
    func empty() {
        let table = IdentityTable()
        #expect(table.count == 0)
        #expect(table[ObjectIdentifier(Int.self)] == nil)
    }

    @Test("Every identity keeps its word through each growth, the first given unless set again")
    func growth() {
        var ids: [ObjectIdentifier] = []
        identitiesOfNestedTypes(Int.self, count: 301, into: &ids)
        let absent = ids.removeLast()
        var table = IdentityTable()
        for (index, id) in ids.enumerated() {
            #expect(table.value(for: id, insertingIfAbsent: UInt(index) * 10) == UInt(index) * 10)
        }
        #expect(table.count == 300)
        for (index, id) in ids.enumerated() {
            #expect(table[id] == UInt(index) * 10)
            #expect(table.value(for: id, insertingIfAbsent: 1) == UInt(index) * 10)
        }
        #expect(table[absent] == nil)
        table.set(0, for: ids[7])
        table.set(UInt.max, for: absent)
        #expect(table[ids[7]] == 0)
        #expect(table[absent] == UInt.max)
        #expect(table[ids[8]] == 80)
        #expect(table.count == 301)
    }

    @Test("A table made for its size holds it without growing, and 0 is a word like any other")
    func sized() {
        var ids: [ObjectIdentifier] = []
        identitiesOfNestedTypes(String.self, count: 40, into: &ids)
        var table = IdentityTable(minimumCapacity: 40)
        let capacity = table.identities.count
        for id in ids { table.set(0, for: id) }
        #expect(table.identities.count == capacity)
        #expect(ids.allSatisfy { table[$0] == 0 })
        #expect(table.identities.filter { $0 != 0 }.count * 2 <= table.identities.count)
    }
}
