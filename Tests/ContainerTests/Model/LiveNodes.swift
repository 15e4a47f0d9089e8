import Container
import Synchronization

/// What a live instance holds, in its binding's edge order.
enum LivePart: Sendable {
    case instance(any LiveInstance)
    case provider(@Sendable () throws -> any LiveInstance)
    case lazy(@Sendable () throws -> any LiveInstance)
}

/// An instance that the container built for the model-based test.
protocol LiveInstance: AnyObject, Sendable {
    /// Which factory run built it: its position in the graph's ``RunLog``.
    var serial: Int { get }
    /// The id of the binding whose factory built it.
    var binding: Int { get }
    var parts: [LivePart] { get }
}

/// The one bound class of the model-based test; each tag makes a distinct key.
final class Node<Tag: NodeTag>: LiveInstance {
    let serial: Int
    let binding: Int
    let parts: [LivePart]

    init(serial: Int, binding: Int, parts: [LivePart]) {
        self.serial = serial
        self.binding = binding
        self.parts = parts
    }
}

/// A factory parameter type of the model-based test: `Node<T>`, `Provider<Node<T>>` or
/// `Lazy<Node<T>>`.
protocol LiveDependency: Sendable {
    var part: LivePart { get }
}

extension Node: LiveDependency {
    var part: LivePart { .instance(self) }
}

extension Provider: LiveDependency where T: LiveInstance {
    var part: LivePart { .provider { try self.get() } }
}

extension Lazy: LiveDependency where T: LiveInstance {
    var part: LivePart { .lazy { try self.value } }
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

    func make<Tag: NodeTag>(_ parts: [LivePart]) throws -> Node<Tag> {
        // What the initializer got from its providers is held until it returns, like a local.
        var held: [any LiveInstance] = []
        for (part, calls) in zip(parts, callsInInit) where calls {
            switch part {
            case .provider(let get), .lazy(let get): held.append(try get())
            case .instance: break
            }
        }
        let serial = log.record(binding)
        if fails { throw LiveFactoryFailure(binding: binding) }
        withExtendedLifetime(held) {}
        return Node(serial: serial, binding: binding, parts: parts)
    }
}
