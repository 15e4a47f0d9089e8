@testable import Container
import Testing

private struct Nest<T> {}

/// The keys of `count` distinct types: `T`, `Nest<T>`, `Nest<Nest<T>>`, …
private func keysOfNestedTypes<T>(_ type: T.Type, count: Int, into keys: inout [ServiceKey]) {
    guard count > 0 else { return }
    keys.append(.of(type))
    keysOfNestedTypes(Nest<T>.self, count: count - 1, into: &keys)
}

@Suite("The table of a level's key positions")
struct KeyIndexTests {
    @Test("Plain keys keep the first position given, through every growth of the table")
    func plainKeys() {
        var keys: [ServiceKey] = []
        keysOfNestedTypes(Int.self, count: 101, into: &keys)
        let absent = keys.removeLast()
        var index = KeyIndex()
        #expect(index.isEmpty)
        #expect(index[keys[0]] == nil)
        for (position, key) in keys.enumerated() {
            #expect(index.position(of: key, insertingIfAbsent: position) == position)
        }
        for (position, key) in keys.enumerated() {
            #expect(index[key] == position)
            #expect(index.position(of: key, insertingIfAbsent: -1) == position)
        }
        #expect(index[absent] == nil)
        index.set(7, for: keys[3])
        #expect(index[keys[3]] == 7)
        #expect(index[keys[4]] == 4)
        #expect(!index.isEmpty)
    }

    @Test("A named key and an item are other keys than their plain type's, each found apart")
    func namedAndItemKeys() {
        var index = KeyIndex(minimumCapacity: 2)
        let plain = ServiceKey.of(String.self)
        let named = ServiceKey.of(String.self, named: "a")
        let otherName = ServiceKey.of(String.self, named: "b")
        let item = ServiceKey(type: String.self, name: nil, item: ItemIdentity("x", label: "x"))
        #expect(index.position(of: named, insertingIfAbsent: 0) == 0)
        #expect(index[plain] == nil)
        #expect(index.position(of: plain, insertingIfAbsent: 1) == 1)
        #expect(index.position(of: item, insertingIfAbsent: 2) == 2)
        #expect(index.position(of: named, insertingIfAbsent: 3) == 0)
        #expect(index[otherName] == nil)
        index.set(4, for: otherName)
        #expect([index[plain], index[named], index[otherName], index[item]] == [1, 0, 4, 2])
        #expect(Set(index.otherKeys) == [named, otherName, item])
    }
}
