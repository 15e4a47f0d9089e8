// The object graph every contender builds: a service with three transient dependencies.

protocol Logger: Sendable {}
protocol Store: Sendable {}
protocol Network: Sendable {}
protocol OrderService: Sendable {}
protocol AppConfiguration: Sendable {}

final class ConsoleLogger: Logger { init() {} }
final class MemoryStore: Store { init() {} }
final class LoopbackNetwork: Network { init() {} }

// A second type for each protocol, as an app's protocols have (the next version, a test's
// double); only FakeNetwork is used (S6). They exist so that the optimizer cannot assume a
// protocol has one conformer: with one, whole-module optimization assumes that every
// `any Logger` is a ConsoleLogger and rewrites the factory closures handed to a container
// around that (unboxing each dependency, then boxing it again), while the stored-closures
// row's closures, made where the optimizer cannot see, cannot get the same rewrite: the rows
// would compare different user code. Under callgrind, S1 per resolve with one type per
// protocol → two: Graft 2,508 → 2,270, stored closures 2,223 → 2,148 (Benchmarks/README.md
// gives every row).
final class SilentLogger: Logger { init() {} }
final class FailingStore: Store { init() {} }
final class FakeNetwork: Network { init() {} }

final class DefaultOrderService: OrderService {
    let logger: any Logger
    let store: any Store
    let network: any Network

    init(logger: any Logger, store: any Store, network: any Network) {
        self.logger = logger
        self.store = store
        self.network = network
    }
}

final class Configuration: AppConfiguration { init() {} }
final class TestConfiguration: AppConfiguration { init() {} }

/// Decorators for S8: each wraps the service it is given.
final class LoggedOrderService: OrderService {
    let inner: any OrderService
    let logger: any Logger
    init(_ inner: any OrderService, logger: any Logger) {
        self.inner = inner
        self.logger = logger
    }
}

final class MeteredOrderService: OrderService {
    let inner: any OrderService
    init(_ inner: any OrderService) { self.inner = inner }
}

/// The items of S9's list.
protocol Plugin: Sendable {}
final class NumberedPlugin: Plugin {
    let number: Int
    init(_ number: Int) { self.number = number }
}
final class NamedPlugin: Plugin {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A value known only at call time, for the run-time-argument scenario.
struct OrderID: Hashable, Sendable { let value: Int }

/// Built from a run-time argument and three transient dependencies.
final class OrderDetail: Sendable {
    let id: OrderID
    let logger: any Logger
    let store: any Store
    let network: any Network

    init(id: OrderID, logger: any Logger, store: any Store, network: any Network) {
        self.id = id
        self.logger = logger
        self.store = store
        self.network = network
    }
}

// Many distinct types without writing them out: each `Cons<B0|B1, ...>` nesting is a type of
// its own at run time, so `Leaf<Tag>` and `Node<Tag>` give as many bindings as needed.

enum B0 {}
enum B1 {}
enum End {}
enum Cons<Head, Tail> {}

final class Leaf<Tag>: Sendable { init() {} }
final class Node<Tag>: Sendable {
    let leaf: Leaf<Tag>
    init(leaf: Leaf<Tag>) { self.leaf = leaf }
}

/// Receives the types that ``forEachTypePair(count:_:)`` generates.
protocol TypePairVisitor {
    /// One pair: a `Leaf<Tag>` with no dependencies and a `Node<Tag>` that needs it.
    mutating func visit<Tag>(_ tag: Tag.Type)
}

/// Calls `visitor` with `count / 2` distinct tags, so `count` distinct types in all.
func forEachTypePair<V: TypePairVisitor>(count: Int, _ visitor: inout V) {
    var remaining = count / 2
    var depth = 0
    while (1 << depth) < remaining { depth += 1 }
    enumerate(End.self, depth: depth, remaining: &remaining, &visitor)
}

private func enumerate<T, V: TypePairVisitor>(_ tag: T.Type, depth: Int, remaining: inout Int, _ visitor: inout V) {
    guard remaining > 0 else { return }
    if depth == 0 {
        visitor.visit(T.self)
        remaining -= 1
        return
    }
    enumerate(Cons<B0, T>.self, depth: depth - 1, remaining: &remaining, &visitor)
    enumerate(Cons<B1, T>.self, depth: depth - 1, remaining: &remaining, &visitor)
}
