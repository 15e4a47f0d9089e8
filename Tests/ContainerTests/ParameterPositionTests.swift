import Container
import Testing

final class PositionLeaf: Sendable {}
final class PositionUnbound: Sendable {}

/// What a factory received, parameter by parameter.
final class PositionRecord: Sendable {
    let leaves: [PositionLeaf]
    let unbound: PositionUnbound?
    let provided: PositionLeaf
    init(leaves: [PositionLeaf], unbound: PositionUnbound?, provided: PositionLeaf) {
        self.leaves = leaves
        self.unbound = unbound
        self.provided = provided
    }
}

/// A compiled parameter is looked up by the dependency declared at its position when that
/// dependency is its own plain type; a ScopeResetter, which declares no edge, shifts the
/// positions of the parameters after it, and each must still get what its own type asks for.
@Suite("Parameters get what their own types ask for, wherever they stand")
struct ParameterPositionTests {
    @Test("After a ScopeResetter, an optional, a plain type and a provider each get their own")
    func afterAResetter() throws {
        let leaf = PositionLeaf()
        let injector = try makeInjector { binder in
            binder.bind(PositionLeaf.self, toInstance: leaf)
            binder.bind(PositionRecord.self) {
                (_: ScopeResetter, unbound: PositionUnbound?, first: PositionLeaf, provider: Provider<PositionLeaf>) in
                PositionRecord(leaves: [first], unbound: unbound, provided: try provider())
            }
        }
        let record = try injector.resolve(PositionRecord.self)
        #expect(record.leaves.count == 1 && record.leaves[0] === leaf)
        #expect(record.unbound == nil)
        #expect(record.provided === leaf)
    }

    @Test("With three parameters, an optional of a bound type before the type itself gets the instance too")
    func optionalBeforePlain() throws {
        let leaf = PositionLeaf()
        let injector = try makeInjector { binder in
            binder.bind(PositionLeaf.self, toInstance: leaf)
            binder.bind(PositionRecord.self) { (_: ScopeResetter, maybe: PositionLeaf?, plain: PositionLeaf) in
                PositionRecord(leaves: [maybe, plain].compactMap { $0 }, unbound: nil, provided: plain)
            }
        }
        let record = try injector.resolve(PositionRecord.self)
        #expect(record.leaves.count == 2 && record.leaves.allSatisfy { $0 === leaf })
    }
}
