/// Whole-graph validation: missing bindings, cycles, captive dependencies and unsatisfiable
/// versions, all reported at once.
///
/// The graph is turned into integer adjacency arrays once, and every pass visits each binding
/// and edge a bounded number of times (the captive check once per short-lived scope), so the
/// work grows linearly with bindings + edges, reports included.
///
/// It can also check part of a graph, closed under dependencies (every binding that a binding
/// of the part needs is in it), which is how a child injector checks only what its own
/// bindings touch.
struct GraphValidator {
    let bindings: [Binding]
    /// Makes the index of what a missing key may have meant.
    let nearMatches: () -> NearMatches
    /// Edges of binding `i` are `targets[edgeStart[i]..<edgeStart[i + 1]]`.
    let edgeStart: [Int]
    /// An edge's target binding, or ``missing`` or ``absent``.
    let targets: [Int]
    let kinds: [DependencyGraph.Edge.Kind]
    /// Whether each edge keeps an instance of its target (``Dependency/holdsInstance``).
    let holds: [Bool]
    let notServed: (ServiceKey) -> NotServed?
    let unselectable: (ServiceKey) -> Bool
    var found: [GraphProblem] = []
    /// Whether a binding takes run-time arguments or an edge passes some: without either, every
    /// edge asks for its target in the form it serves.
    let mayMismatchArguments: Bool
    /// Whether ``findPaths()`` has run: only a problem's report needs the paths, so a valid
    /// graph never searches them.
    var hasPaths = false
    /// For each binding, the binding through which the first search from the roots reached it.
    var parent: [Int]
    /// For each binding, the root that search started from, and how many steps below it.
    var root: [Int]
    var depth: [Int]

    static let missing = -1
    /// The target of an optional edge that nothing binds: the dependant gets `nil`.
    static let absent = -3
    static let none = -1

    /// Every problem of `layer`'s graph, or with `part`, of those bindings only, which is how a
    /// child injector checks only what its own bindings touch. `part` is closed under
    /// dependencies: every binding that `layer` serves for a dependency of one of its bindings
    /// is in it, so an edge that finds no target among them has none at all.
    static func validate(_ layer: Layer, only part: [Binding]? = nil) -> [GraphProblem] {
        // A root's bindings are its selection's, whose table of positions is the index wanted.
        let isRoot = part == nil && layer.parent == nil
        var validator = GraphValidator(
            bindings: isRoot ? layer.selection.bindings : part ?? layer.allKeys.compactMap(layer.binding(for:)),
            positions: isRoot ? layer.selection.positions : nil, notServed: layer.notServed(for:),
            unselectable: layer.isUnselectable, nearMatches: { NearMatches(layer.allKeys) })
        return validator.problems(
            asynchrony: layer.asynchrony(of:), refused: layer.isRefused, isMainActor: layer.isMainActor)
    }

    /// A validator of `bindings`.
    ///
    /// - Parameters:
    ///   - positions: Where each binding's key is in `bindings`, when the caller has that table
    ///     already; else it is made here.
    ///   - notServed: For a key nothing serves, why, when it is bound but not served under the
    ///     selection.
    ///   - unselectable: Whether a key is bound but its selected version is malformed, a problem
    ///     of the selection reported already.
    ///   - nearMatches: What every key that is bound could be mistaken for, made only when a key
    ///     is missing.
    init(
        bindings: [Binding], positions: KeyIndex? = nil,
        notServed: @escaping (ServiceKey) -> NotServed? = { _ in nil },
        unselectable: @escaping (ServiceKey) -> Bool = { _ in false },
        nearMatches: @escaping () -> NearMatches = { NearMatches([]) }
    ) {
        self.nearMatches = nearMatches
        self.bindings = bindings
        self.notServed = notServed
        self.unselectable = unselectable
        // Only an edge needs it: a child's fake that needs nothing is checked without one.
        var index = positions ?? KeyIndex()
        if positions == nil, bindings.contains(where: { !$0.dependencies.isEmpty }) {
            index = KeyIndex(minimumCapacity: bindings.count)
            for (position, binding) in bindings.enumerated() { index.set(position, for: binding.key) }
        }
        var edgeStart = [0]
        var targets: [Int] = []
        var kinds: [DependencyGraph.Edge.Kind] = []
        var holds: [Bool] = []
        var mayMismatchArguments = false
        edgeStart.reserveCapacity(bindings.count + 1)
        for binding in bindings {
            if binding.arguments != nil { mayMismatchArguments = true }
            for dependency in binding.dependencies {
                targets.append(index[dependency.key] ?? (dependency.isOptional ? Self.absent : Self.missing))
                if dependency.arguments != nil { mayMismatchArguments = true }
                kinds.append(dependency.kind)
                holds.append(dependency.holdsInstance)
            }
            edgeStart.append(targets.count)
        }
        self.edgeStart = edgeStart
        self.targets = targets
        self.kinds = kinds
        self.holds = holds
        self.mayMismatchArguments = mayMismatchArguments
        // Filled by ``findPaths()``, which a graph without edges does not need.
        parent = []
        root = []
        depth = []
    }

    /// Runs every check and returns the problems found.
    ///
    /// - Parameters:
    ///   - asynchrony: How each key is built, with `await` or not.
    ///   - refused: Whether a strict child refuses the binding of a key, so that it is never
    ///     built and nothing it needs is awaited.
    ///   - isMainActor: Whether a binding runs on the main actor, as its level serves it
    ///     (``Layer/isMainActor(_:)``).
    mutating func problems(
        asynchrony: (ServiceKey) -> Asynchrony = { _ in .synchronous },
        refused: (ServiceKey) -> Bool = { _ in false },
        isMainActor: (Binding) -> Bool = \.isMainActorIsolated
    ) -> [GraphProblem] {
        checkMainActorDecorators(isMainActor: isMainActor)
        checkClosers()
        // Without an edge there is no path, loop, captive or access to check, only what each
        // binding says of itself: a child's fake that needs nothing is checked for that alone.
        guard !targets.isEmpty else {
            if mayMismatchArguments { checkArguments() }
            return found
        }
        checkMissing()
        checkCycles()
        // Only a weak or a resettable scope's instances can be outlived: a graph of singletons
        // and transients holds nothing captive, and skips the search for holders.
        if bindings.contains(where: \.scope.canBeOutlived) { checkCaptives() }
        if mayMismatchArguments { checkArguments() }
        // It looks keys up by hashing; a graph without an async or a main-actor binding (the
        // common case) has nothing for it to find.
        if bindings.contains(where: { $0.recipe.isAsync || $0.isMainActorIsolated }) {
            checkSynchronousBuilds(asynchrony, refused: refused, isMainActor: isMainActor)
        }
        return found
    }

    func edges(of node: Int) -> Range<Int> { edgeStart[node]..<edgeStart[node + 1] }

    /// The binding that `edge` leads to; `nil` when nothing serves it.
    func target(of edge: Int) -> Binding? {
        let target = targets[edge]
        return target >= 0 ? bindings[target] : nil
    }

    // MARK: Paths

    /// A breadth-first search from the bindings nothing depends on, so every problem can name a
    /// path that leads to it.
    mutating func findPaths() {
        guard !hasPaths else { return }
        hasPaths = true
        parent = Array(repeating: Self.none, count: bindings.count)
        root = Array(bindings.indices)
        depth = Array(repeating: 0, count: bindings.count)
        var needed = Array(repeating: false, count: bindings.count)
        for target in targets where target >= 0 { needed[target] = true }
        var queue = bindings.indices.filter { !needed[$0] }
        var seen = needed.map { !$0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges(of: node) {
                let target = targets[edge]
                guard target >= 0, !seen[target] else { continue }
                seen[target] = true
                parent[target] = node
                root[target] = root[node]
                depth[target] = depth[node] + 1
                queue.append(target)
            }
        }
    }

    /// The bindings from a root down to `node`, inclusive: at most ``PathStep/limit`` of them,
    /// the root and those nearest `node`, so that a report costs the same however deep the
    /// problem lies. The caller runs ``findPaths()`` first.
    func path(to node: Int) -> Path {
        var nearest: [Int] = []
        var current = node
        while current != Self.none, nearest.count < PathStep.limit - 1 {
            nearest.append(current)
            current = parent[current]
        }
        let steps = nearest.reversed().map { PathStep(bindings[$0]) }
        guard current != Self.none else { return Path(steps) }
        let omitted = depth[node] + 1 - PathStep.limit
        return Path([PathStep(bindings[root[node]])] + steps, omitted: omitted, at: 1)
    }

    /// Whether an instance of `holder` scope keeps one of `held` scope past its end.
    static func outlives(_ holder: Scope, _ held: Scope) -> Bool {
        guard let holderRank = holder.lifetimeRank, let heldRank = held.lifetimeRank else { return false }
        if heldRank < holderRank { return true }
        if case .resettable(let a) = holder.kind, case .resettable(let b) = held.kind { return a != b }
        return false
    }
}
