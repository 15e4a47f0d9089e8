import Foundation
import Testing

@testable import Container

/// The check that tells a wrapper parameter (`Provider<T>`, `T?` …) from a plain type without
/// the runtime's conformance scan says what that scan would.
@Suite("Special types")
struct SpecialTypesTests {
    enum Primary: BindingName { static let name = "primary" }
    struct Plain {}
    enum Choice { case one }

    static let wrappers: [Any.Type] = [
        Provider<any Clock>.self, Lazy<APIClient>.self, AsyncProvider<APIClient>.self, AsyncLazy<any Clock>.self,
        (any Clock)?.self, Named<Primary, any Clock>.self, Factory<Int, APIClient>.self,
        Factory<Int, String, APIClient>.self, ScopeResetter.self, Provider<Lazy<APIClient>>.self,
        Provider<(any Clock)?>.self, Lazy<Factory<Int, APIClient>>.self,
    ]

    static let plain: [Any.Type] = [
        APIClient.self, (any Clock).self, Plain.self, Choice.self, (Int, String).self, ((Int) -> Int).self,
        Int.Type.self, [Int].self, [String: Int].self, Counter.self, Set<Int>.self, Result<Int, any Error>.self,
    ]

    @Test("Every wrapper is special and every plain type is not, as the conformance check says")
    func agreesWithTheCast() {
        for type in Self.wrappers {
            #expect(SpecialTypes.special(type) != nil, "\(type)")
            #expect(SpecialTypes.special(type) == (type as? any SpecialDependency.Type), "\(type)")
        }
        for type in Self.plain {
            #expect(SpecialTypes.special(type) == nil, "\(type)")
            #expect((type as? any SpecialDependency.Type) == nil, "\(type)")
        }
    }

    @Test("A descriptor is known for each type that conforms to SpecialDependency, and for no other")
    func everyConformerHasAProbe() throws {
        #expect(Set(SpecialTypes.descriptors).count == SpecialTypes.probes.count)
        let folder = repositoryRoot.appendingPathComponent("Sources/Container")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        let sources = try files.filter { $0.hasSuffix(".swift") }.map { try repositoryText("Sources/Container/\($0)") }
        // `extension X: SpecialDependency`, or with it among other conformances, on an extension
        // or on the type's own declaration.
        let pattern = /(?:extension|struct|enum|class|final class) (\w+)(?:<[^>{]*>)?:[^{]*\bSpecialDependency\b/
        let conformers = Set(sources.flatMap { $0.matches(of: pattern).map { String($0.output.1) } })
        let probed = Set(SpecialTypes.probes.map { String(describing: $0).prefix { $0 != "<" } }.map(String.init))
        // `Int?` is described as Optional<Int>.
        #expect(conformers == probed)
        #expect(conformers.count == 8)
    }
}

extension Optional where Wrapped == any SpecialDependency.Type {
    /// Whether two answers name the same type.
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let a?, let b?): ObjectIdentifier(a) == ObjectIdentifier(b)
        default: false
        }
    }
}
