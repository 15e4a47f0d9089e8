import Container
import Synchronization

/// What a live instance holds, in its binding's edge order.
enum LivePart: Sendable {
    case instance(any LiveInstance)
    /// An optional dependency that nothing serves.
    case absent
    case provider(@Sendable () throws -> any LiveInstance)
    case lazy(@Sendable () throws -> any LiveInstance)
    /// A `Factory<Int, T>` (or of up to six `Int`s), called with an argument `n`: with
    /// `n, n + 1, …` when it takes more.
    case factory(@Sendable (Int) throws -> any LiveInstance)
    /// A `[T]` of contributed items.
    case list([any LiveInstance])
}

/// An instance that the container built for the model-based test.
protocol LiveInstance: AnyObject, Sendable {
    /// Which factory run built it: its position in the graph's ``RunLog``.
    var serial: Int { get }
    /// The id of the binding whose factory built it.
    var binding: Int { get }
    var parts: [LivePart] { get }
    /// The run-time argument it was built from, if its binding takes one.
    var argument: Int? { get }
}

/// The one bound class of the model-based test; each tag makes a distinct key.
final class Node<Tag: NodeTag>: LiveInstance {
    let serial: Int
    let binding: Int
    let parts: [LivePart]
    let argument: Int?

    init(serial: Int, binding: Int, parts: [LivePart], argument: Int? = nil) {
        self.serial = serial
        self.binding = binding
        self.parts = parts
        self.argument = argument
    }
}

/// What a provider, lazy value or optional of the model-based test wraps: `Node<T>` or
/// `Named<N, Node<T>>`.
protocol LiveValue: Sendable {
    var instance: any LiveInstance { get }
}

/// A factory parameter type of the model-based test: a `LiveValue`, or a `Provider`, `Lazy`
/// or optional of one.
protocol LiveDependency: Sendable {
    var part: LivePart { get }
}

extension Node: LiveValue, LiveDependency {
    var instance: any LiveInstance { self }
    var part: LivePart { .instance(self) }
}

extension Named: LiveValue where Value: LiveInstance {
    var instance: any LiveInstance { value }
}

/// `Named<NameX, Node<T>>` and the named list `Named<NameX, [Node<T>]>` are what they wrap.
extension Named: LiveDependency where Value: LiveDependency {
    var part: LivePart { value.part }
}

extension Provider: LiveDependency where T: LiveValue {
    var part: LivePart { .provider { try self.get().instance } }
}

extension Lazy: LiveDependency where T: LiveValue {
    var part: LivePart { .lazy { try self.value.instance } }
}

extension Factory: LiveDependency where Product: LiveValue {
    /// The model's factories take one to six `Int`s; the pack cannot say so, so the part asks.
    var part: LivePart {
        let factory = self as Any
        if let one = factory as? Factory<Int, Product> { return .factory { try one($0).instance } }
        if let two = factory as? Factory<Int, Int, Product> { return .factory { try two($0, $0 + 1).instance } }
        if let three = factory as? Factory<Int, Int, Int, Product> {
            return .factory { try three($0, $0 + 1, $0 + 2).instance }
        }
        if let four = factory as? Factory<Int, Int, Int, Int, Product> {
            return .factory { try four($0, $0 + 1, $0 + 2, $0 + 3).instance }
        }
        if let five = factory as? Factory<Int, Int, Int, Int, Int, Product> {
            return .factory { try five($0, $0 + 1, $0 + 2, $0 + 3, $0 + 4).instance }
        }
        guard let six = factory as? Factory<Int, Int, Int, Int, Int, Int, Product> else {
            preconditionFailure("the model-based test injects factories of one to six Ints only, not \(Self.self)")
        }
        return .factory { try six($0, $0 + 1, $0 + 2, $0 + 3, $0 + 4, $0 + 5).instance }
    }
}

extension Array: LiveDependency where Element: LiveValue {
    var part: LivePart { .list(map(\.instance)) }
}

extension Optional: LiveDependency where Wrapped: LiveValue {
    var part: LivePart { map { .instance($0.instance) } ?? .absent }
}

/// The one name the model-based test gives bindings, as a type for `Named`.
enum NameX: BindingName {
    static let name = "x"
}

/// Every factory run of one graph, in order; a run's position is the serial of what it built.
final class RunLog: Sendable {
    private let runs = Mutex<[Int]>([])

    func record(_ binding: Int) -> Int {
        runs.withLock { runs in
            runs.append(binding)
            return runs.count
        }
    }

    var count: Int { runs.withLock { $0.count } }

    /// Runs per binding id since position `start`.
    func counts(since start: Int) -> [Int: Int] {
        runs.withLock { runs in
            var counts: [Int: Int] = [:]
            for binding in runs[start...] { counts[binding, default: 0] += 1 }
            return counts
        }
    }
}

struct LiveFactoryFailure: Error, CustomStringConvertible {
    let binding: Int
    var description: String { "factory #\(binding) fails on purpose" }
}

/// The body shared by every factory of the model-based test: call the providers and read the
/// lazy values used in the initializer, in edge order, then record the run and build.
struct LiveFactory: Sendable {
    let binding: Int
    let callsInInit: [Bool]
    let fails: Bool
    let log: RunLog

    func make<Tag: NodeTag>(_ parts: [LivePart], argument: Int? = nil) throws -> Node<Tag> {
        // What the initializer got from its providers is held until it returns, like a local.
        var held: [any LiveInstance] = []
        for (part, calls) in zip(parts, callsInInit) where calls {
            switch part {
            case .provider(let get), .lazy(let get): held.append(try get())
            case .instance, .absent, .factory, .list: break
            }
        }
        let serial = log.record(binding)
        if fails { throw LiveFactoryFailure(binding: binding) }
        withExtendedLifetime(held) {}
        return Node(serial: serial, binding: binding, parts: parts, argument: argument)
    }
}
