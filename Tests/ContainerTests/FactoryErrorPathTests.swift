import Container
import Testing

/// Each autowired `bind` overload (no parameter, one, two, three, and the pack of four or
/// more) catches its factory's errors in its own call, which gives a thrown error its path.
/// These tests pin that path for every overload, synchronously and with `await` when the first
/// dependency is asynchronous: an error of the factory names the binding alone; one of a
/// dependency's factory names the binding, then the dependency.
@Suite("Error paths through every autowired overload")
struct FactoryErrorPathTests {
    struct Refused: Error {}

    final class Part1: Sendable {}
    final class Part2: Sendable {}
    final class Part3: Sendable {}
    final class Part4: Sendable {}
    final class Product: Sendable {}

    /// The product bound with `arity` parameters, the first of type `Part1`, the last of type
    /// `Part<arity>`; its factory throws when `failing`.
    static func bindProduct(_ binder: Binder, arity: Int, failing: Bool) {
        switch arity {
        case 0: binder.bind(Product.self) { () throws in try make(failing) }
        case 1: binder.bind(Product.self) { (_: Part1) throws in try make(failing) }
        case 2: binder.bind(Product.self) { (_: Part1, _: Part2) throws in try make(failing) }
        case 3: binder.bind(Product.self) { (_: Part1, _: Part2, _: Part3) throws in try make(failing) }
        default: binder.bind(Product.self) { (_: Part1, _: Part2, _: Part3, _: Part4) throws in try make(failing) }
        }
    }

    static func make(_ failing: Bool) throws -> Product {
        if failing { throw Refused() }
        return Product()
    }

    /// The key of the last parameter of the overload of `arity` parameters.
    static func last(_ arity: Int) -> ServiceKey {
        [.of(Part1.self), .of(Part2.self), .of(Part3.self), .of(Part4.self)][arity - 1]
    }

    /// An injector with the product of `arity` parameters; `Part1` is asynchronous when
    /// `awaiting`, and the factory of `failing` throws.
    static func injector(arity: Int, awaiting: Bool, failing: ServiceKey) throws -> Injector {
        try makeInjector { binder in
            if awaiting {
                binder.bind(Part1.self) { () async throws -> Part1 in
                    if failing == .of(Part1.self) { throw Refused() }
                    return Part1()
                }
            } else {
                binder.bind(Part1.self) { () throws -> Part1 in
                    if failing == .of(Part1.self) { throw Refused() }
                    return Part1()
                }
            }
            binder.bind(Part2.self) { () throws -> Part2 in
                if failing == .of(Part2.self) { throw Refused() }
                return Part2()
            }
            binder.bind(Part3.self) { () throws -> Part3 in
                if failing == .of(Part3.self) { throw Refused() }
                return Part3()
            }
            binder.bind(Part4.self) { () throws -> Part4 in
                if failing == .of(Part4.self) { throw Refused() }
                return Part4()
            }
            bindProduct(binder, arity: arity, failing: failing == .of(Product.self))
        }
    }

    static func check(_ error: ResolutionError?, key: ServiceKey, path: [ServiceKey], _ comment: Comment) {
        #expect(error?.key == key, comment)
        #expect(error?.path.map(\.key) == path, comment)
        guard case .factoryFailed(let cause) = error?.reason else {
            Issue.record("expected factoryFailed, got \(String(describing: error?.reason)); \(comment)")
            return
        }
        #expect(cause is Refused, comment)
    }

    @Test(
        "Synchronously, a factory's error names its binding; a dependency's names the binding, then it",
        arguments: 0...4)
    func synchronous(arity: Int) async throws {
        let own = try Self.injector(arity: arity, awaiting: false, failing: .of(Product.self))
        let error = #expect(throws: ResolutionError.self) { try own.resolve(Product.self) }
        Self.check(error, key: .of(Product.self), path: [.of(Product.self)], "factory, arity \(arity)")
        guard arity > 0 else { return }
        let dependency = try Self.injector(arity: arity, awaiting: false, failing: Self.last(arity))
        let thrown = #expect(throws: ResolutionError.self) { try dependency.resolve(Product.self) }
        Self.check(
            thrown, key: Self.last(arity), path: [.of(Product.self), Self.last(arity)], "dependency, arity \(arity)")
        // The same through `await`, which takes the synchronous producer too.
        let awaited = await #expect(throws: ResolutionError.self) { try await dependency.resolveAsync(Product.self) }
        Self.check(
            awaited, key: Self.last(arity), path: [.of(Product.self), Self.last(arity)],
            "dependency awaited, arity \(arity)")
    }

    @Test(
        "With await over an asynchronous first dependency, a factory's error names its binding; a dependency's names the binding, then it",
        arguments: 1...4)
    func awaitingFirstDependency(arity: Int) async throws {
        let own = try Self.injector(arity: arity, awaiting: true, failing: .of(Product.self))
        let error = await #expect(throws: ResolutionError.self) { try await own.resolveAsync(Product.self) }
        Self.check(error, key: .of(Product.self), path: [.of(Product.self)], "factory, arity \(arity)")
        for failing in [ServiceKey.of(Part1.self), Self.last(arity)] {
            let dependency = try Self.injector(arity: arity, awaiting: true, failing: failing)
            let thrown = await #expect(throws: ResolutionError.self) { try await dependency.resolveAsync(Product.self) }
            Self.check(
                thrown, key: failing, path: [.of(Product.self), failing], "dependency \(failing), arity \(arity)")
        }
    }
}
