// S12: a large app's start-up. The shape of the graph, shared by both contenders:
//
// - 2,000 pairs of services (`Leaf<Tag>`, and `Node<Tag>` that needs it) bound by a first
//   generation, 500 of those pairs bound again by a second one: 5,000 bindings in all, served
//   under the second generation;
// - 200 of the nodes wrapped by a decorator;
// - 50 lists of 20 contributions (`Part<Tag>`);
// - 100 eager singletons (`Eager<Tag>`, each needing a leaf), half of them built by async
//   factories.
//
// The roots a start-up resolves: every node, every list and every eager singleton. S13, its
// launch, resolves only what a first screen needs: every 20th node (100 of 2,000), with the
// eager singletons built at start-up as always.

/// An item of one of S12's lists.
final class Part<Tag>: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

/// One of S12's eager singletons.
final class Eager<Tag>: Sendable {
    let leaf: Leaf<Tag>
    init(leaf: Leaf<Tag>) { self.leaf = leaf }
}

/// What a tag of S12 is used for, by its position among the tags.
enum LargeAppRole: Equatable {
    /// A pair of services; `rebound` pairs are bound again by the second generation,
    /// `decorated` nodes are wrapped, and S13's first screen resolves the nodes `onFirstScreen`.
    case pair(rebound: Bool, decorated: Bool, onFirstScreen: Bool)
    /// A list of ``LargeApp/partsPerList`` contributions.
    case list
    /// An eager singleton, built by an async factory when `async`.
    case eager(async: Bool)
}

enum LargeApp {
    static let pairs = 2_000
    static let reboundPairs = 500
    static let decoratedNodes = 200
    static let lists = 50
    static let partsPerList = 20
    static let eagerSingletons = 100

    /// The roots a start-up resolves: a node per pair, the lists, the eager singletons.
    static let expectedRoots = pairs + lists + eagerSingletons
    /// The nodes S13's first screen resolves: every 20th.
    static let firstScreenNodes = pairs / 20

    /// How many distinct tags the graph uses.
    static let tags = pairs + lists + eagerSingletons

    /// The role of the tag at `index`: first the pairs (the first 500 rebound by the second
    /// generation; every seventh of the others, up to 200, decorated), then the lists, then the
    /// eager singletons (every other one async).
    static func role(at index: Int) -> LargeAppRole {
        switch index {
        case ..<pairs:
            // A decorator wraps a node of the first generation served under the second.
            let rebound = index < reboundPairs
            let decorated = !rebound && (index - reboundPairs) % 7 == 0 && (index - reboundPairs) / 7 < decoratedNodes
            return .pair(rebound: rebound, decorated: decorated, onFirstScreen: index.isMultiple(of: 20))
        case ..<(pairs + lists):
            return .list
        default:
            return .eager(async: (index - pairs - lists).isMultiple(of: 2))
        }
    }
}

/// Receives each tag of S12 with its role, in order.
protocol LargeAppVisitor {
    mutating func visit<Tag>(_ tag: Tag.Type, role: LargeAppRole)
}

/// Calls `visitor` with every tag of S12 and its role.
func forEachLargeAppTag<V: LargeAppVisitor>(_ visitor: inout V) {
    var roles = LargeAppRoles(inner: visitor)
    forEachTypePair(count: LargeApp.tags * 2, &roles)
    visitor = roles.inner
}

/// Numbers the generated tags and gives each its role.
private struct LargeAppRoles<Inner: LargeAppVisitor>: TypePairVisitor {
    var inner: Inner
    var index = 0

    mutating func visit<Tag>(_ tag: Tag.Type) {
        inner.visit(tag, role: LargeApp.role(at: index))
        index += 1
    }
}
