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
    private let bindings: [Binding]
    /// Makes the index of what a missing key may have meant.
    private let nearMatches: () -> NearMatches
    /// Edges of binding `i` are `targets[edgeStart[i]..<edgeStart[i + 1]]`.
    private let edgeStart: [Int]
    /// An edge's target binding, or ``missing`` or ``absent``.
    private let targets: [Int]
    private let kinds: [DependencyGraph.Edge.Kind]
    /// Whether each edge keeps an instance of its target (``Dependency/holdsInstance``).
    private let holds: [Bool]
    private let notServed: (ServiceKey) -> NotServed?
    private let unselectable: (ServiceKey) -> Bool
    private var found: [GraphProblem] = []
    /// Whether a binding takes run-time arguments or an edge passes some: without either, every
    /// edge asks for its target in the form it serves.
    private let mayMismatchArguments: Bool
    /// Whether ``findPaths()`` has run: only a problem's report needs the paths, so a valid
    /// graph never searches them.
    private var hasPaths = false
    /// For each binding, the binding through which the first search from the roots reached it.
    private var parent: [Int]
    /// For each binding, the root that search started from, and how many steps below it.
    private var root: [Int]
    private var depth: [Int]

    private static let missing = -1
    /// The target of an optional edge that nothing binds: the dependant gets `nil`.
    private static let absent = -3
    private static let none = -1

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
        // Without an edge there is no path, loop, captive or access to check, only what each
        // binding says of itself: a child's fake that needs nothing is checked for that alone.
        guard !targets.isEmpty else {
            checkArguments()
            return found
        }
        checkMissing()
        checkCycles()
        checkCaptives()
        checkArguments()
        // It looks keys up by hashing; a graph without an async or a main-actor binding (the
        // common case) has nothing for it to find.
        if bindings.contains(where: { $0.recipe.isAsync || $0.isMainActorIsolated }) {
            checkSynchronousBuilds(asynchrony, refused: refused, isMainActor: isMainActor)
        }
        return found
    }

    private func edges(of node: Int) -> Range<Int> { edgeStart[node]..<edgeStart[node + 1] }

    /// The binding that `edge` leads to; `nil` when nothing serves it.
    private func target(of edge: Int) -> Binding? {
        let target = targets[edge]
        return target >= 0 ? bindings[target] : nil
    }

    // MARK: Paths

    /// A breadth-first search from the bindings nothing depends on, so every problem can name a
    /// path that leads to it.
    private mutating func findPaths() {
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
    private func path(to node: Int) -> Path {
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

    // MARK: Missing bindings and versions

    private mutating func checkMissing() {
        var needers: [ServiceKey: [Int]] = [:]
        var order: [ServiceKey] = []
        for node in bindings.indices {
            for edge in edges(of: node) where targets[edge] == Self.missing {
                let key = bindings[node].dependencies[edge - edgeStart[node]].key
                if needers[key] == nil { order.append(key) }
                // A binding's edges are consecutive, so one that needs the key twice is listed once.
                if needers[key]?.last != node { needers[key, default: []].append(node) }
            }
        }
        guard !order.isEmpty else { return }
        // Where each collection type's contributions went, for a collection asked for under a name
        // its contributions do not carry.
        var collections: [ObjectIdentifier: [ServiceKey]] = [:]
        for binding in bindings {
            guard let collection = binding.membership?.collection,
                collections[collection.id]?.contains(collection) != true
            else { continue }
            collections[collection.id, default: []].append(collection)
        }
        findPaths()
        let near = nearMatches()
        for key in order where !unselectable(key) {
            let nodes = needers[key]!
            let path = path(to: nodes[0]).appending(PathStep(key: key))
            let also = Diagnostic.alsoNeededNote(by: nodes.dropFirst().map { bindings[$0].key })
            let dependant = bindings[nodes[0]].key
            if let missing = notServed(key) {
                // Bound, but not served under the selection.
                found.append(
                    GraphProblem(
                        .notServed, "\(dependant) needs \(key), which is \(missing.reason)", subject: dependant,
                        related: [key], notServed: missing, path: path, notes: also,
                        fix: Diagnostic.notServedFix(missing)))
            } else {
                found.append(
                    GraphProblem(
                        .missingBinding, "no binding for \(key)", subject: dependant, related: [key], path: path,
                        notes: also + near.notes(for: key)
                            + Diagnostic.missingBindingNotes(for: key, neededBy: dependant)
                            + Diagnostic.collectionNamingNotes(for: key, made: collections[key.id] ?? []),
                        fix: Diagnostic.missingBindingFix(for: key, neededBy: dependant)))
            }
        }
    }

    // MARK: Run-time arguments

    /// Every edge asks for its target in the form the target's binding serves: through a
    /// ``Factory`` with the binding's argument types when it has any, plainly when not.
    private mutating func checkArguments() {
        guard mayMismatchArguments else { return }
        for (node, binding) in bindings.enumerated() {
            if binding.arguments != nil, binding.scope.kind == .eagerSingleton {
                found.append(
                    GraphProblem(
                        .runTimeArguments,
                        "eager singleton \(binding.key) takes run-time arguments, so it cannot be built before they are known",
                        subject: binding.key,
                        path: Path([PathStep(binding)]),
                        fix:
                            "give \(binding.key) the scope .singleton, which keeps one instance per distinct argument value"
                    ))
            }
            for edge in edges(of: node) {
                let dependency = binding.dependencies[edge - edgeStart[node]]
                guard let target = target(of: edge) else { continue }
                // Only an edge through a ``Factory``, wrapped or not, passes arguments.
                guard dependency.arguments != target.arguments else { continue }
                findPaths()
                found.append(
                    Self.argumentProblem(
                        binding, asks: dependency, of: target,
                        path: path(to: node).appending(PathStep(target))))
            }
        }
    }

    private static func argumentProblem(
        _ binding: Binding, asks dependency: Dependency, of target: Binding,
        path: Path
    ) -> GraphProblem {
        let notes = ["\(target.key) declared at \(target.site)"]
        guard let expected = target.arguments else {
            return GraphProblem(
                .runTimeArguments,
                "\(binding.key) injects \(dependency), but \(target.key) takes no run-time arguments",
                subject: binding.key, related: [target.key], path: path, notes: notes,
                fix:
                    "inject \(target.key.typeName) or Provider<\(target.key.typeName)>, or bind \(target.key) with arguments:"
            )
        }
        let factory = "Factory<\(expected.names.joined(separator: ", ")), \(target.key.typeName)>"
        guard let given = dependency.arguments else {
            return GraphProblem(
                .runTimeArguments,
                "\(binding.key) needs \(dependency), but \(target.key) takes run-time arguments \(expected)",
                subject: binding.key, related: [target.key], path: path, notes: notes,
                fix: "inject \(factory) and call it with the arguments")
        }
        return GraphProblem(
            .runTimeArguments,
            "\(binding.key) injects \(dependency), but \(target.key) takes run-time arguments \(expected)",
            subject: binding.key, related: [target.key], path: path, notes: notes,
            fix: "inject \(factory), or bind \(target.key) with arguments \(given)")
    }

    // MARK: Cycles

    /// Strongly connected components over edges built first, by Tarjan's algorithm, iteratively
    /// so a long chain cannot overflow the stack, with no allocation per component. Components
    /// come out dependencies first: the members of component `c` are
    /// `members[starts[c]..<starts[c + 1]]`.
    private func components() -> (members: [Int], starts: [Int]) {
        let count = bindings.count
        var number = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var frames: [(node: Int, edge: Int)] = []
        var members: [Int] = []
        var starts = [0]
        members.reserveCapacity(count)
        var next = 0
        for start in 0..<count where number[start] < 0 {
            frames.append((start, edgeStart[start]))
            number[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = frames.last {
                if edge < edgeStart[node + 1] {
                    frames[frames.count - 1].edge += 1
                    let target = targets[edge]
                    guard target >= 0, kinds[edge].isBuiltFirst else { continue }
                    if number[target] < 0 {
                        number[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, edgeStart[target]))
                    } else if onStack[target] {
                        low[node] = min(low[node], number[target])
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last { low[caller.node] = min(low[caller.node], low[node]) }
                if low[node] == number[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        members.append(member)
                        if member == node { break }
                    }
                    starts.append(members.count)
                }
            }
        }
        return (members, starts)
    }

    private mutating func checkCycles() {
        let (members, starts) = components()
        for component in 0..<starts.count - 1 {
            let range = starts[component]..<starts[component + 1]
            let start = members[range].min()!
            guard
                range.count > 1 || edges(of: start).contains(where: { targets[$0] == start && kinds[$0].isBuiltFirst })
            else {
                continue
            }
            let loop = cycle(from: start, within: Set(members[range])) + [start]
            let names = loop.map { bindings[$0].key.description }
            found.append(
                GraphProblem(
                    .cycle, "dependency cycle: \(names.joined(separator: " -> "))",
                    subject: bindings[start].key, related: loop.dropFirst().dropLast().map { bindings[$0].key },
                    path: Path(loop.map { PathStep(bindings[$0]) }), pathLabel: "loop",
                    fix: "break the loop by injecting Provider<T> or Lazy<T> instead of T in one of these factories"))
        }
    }

    /// A shortest loop from `start` back to itself inside one component.
    private mutating func cycle(from start: Int, within members: Set<Int>) -> [Int] {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges(of: node) where kinds[edge].isBuiltFirst {
                let target = targets[edge]
                guard target >= 0, members.contains(target) else { continue }
                if target == start {
                    var loop = [node]
                    while let before = previous[loop[loop.count - 1]] { loop.append(before) }
                    return loop.reversed()
                }
                if previous[target] == nil, target != start {
                    previous[target] = node
                    queue.append(target)
                }
            }
        }
        return [start]
    }

    // MARK: Captive dependencies

    /// The way from a transient binding to the nearest binding of one scope that it holds.
    private struct Reach {
        /// The next binding on the way.
        let next: Int
        /// How many steps away the held binding is.
        let distance: Int
        /// The held binding.
        let end: Int
    }

    /// A binding that keeps its instances must not hold, directly or through transient
    /// bindings, an instance of a scope that ends sooner.
    ///
    /// For each scope that something could outlive, one search backwards from its bindings,
    /// through transient holders, finds every transient binding that holds an instance of it and
    /// the way to the nearest. So each such scope costs one pass over bindings and edges, and
    /// what a transient holds does not depend on the order of the bindings, loops included.
    private mutating func checkCaptives() {
        let count = bindings.count
        // Who holds each binding, over edges that keep an instance: the holders of `node` are
        // `holders[holderStart[node]..<holderStart[node + 1]]`.
        var holderStart = Array(repeating: 0, count: count + 1)
        for node in 0..<count {
            for edge in edges(of: node) where targets[edge] >= 0 && holds[edge] {
                holderStart[targets[edge] + 1] += 1
            }
        }
        for node in 0..<count { holderStart[node + 1] += holderStart[node] }
        var holders = Array(repeating: 0, count: holderStart[count])
        var filled = holderStart
        for node in 0..<count {
            for edge in edges(of: node) where targets[edge] >= 0 && holds[edge] {
                holders[filled[targets[edge]]] = node
                filled[targets[edge]] += 1
            }
        }

        // Singletons outlive everything, so nothing can hold one captive.
        var scopes: [Scope] = []
        for binding in bindings
        where binding.scope.lifetimeRank.map({ $0 < 3 }) == true && !scopes.contains(binding.scope) {
            scopes.append(binding.scope)
        }
        scopes.sort { ($0.lifetimeRank!, $0.description) < ($1.lifetimeRank!, $1.description) }
        var reach: [[Reach?]] = []
        for scope in scopes {
            var found = [Reach?](repeating: nil, count: count)
            var queue = bindings.indices.filter { bindings[$0].scope == scope }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for holder in holders[holderStart[node]..<holderStart[node + 1]]
                where bindings[holder].scope.lifetimeRank == nil && found[holder] == nil {
                    found[holder] = Reach(
                        next: node, distance: (found[node]?.distance ?? 0) + 1,
                        end: found[node]?.end ?? node)
                    queue.append(holder)
                }
            }
            reach.append(found)
        }

        for (node, binding) in bindings.enumerated() where binding.scope.lifetimeRank != nil {
            for edge in edges(of: node) where holds[edge] {
                let target = targets[edge]
                guard target >= 0 else { continue }
                if bindings[target].scope.lifetimeRank != nil {
                    guard Self.outlives(binding.scope, bindings[target].scope) else { continue }
                    found.append(
                        captiveProblem(
                            node, holding: target, way: Reach(next: target, distance: 0, end: target),
                            reach: []))
                } else if let index = scopes.indices.first(where: {
                    reach[$0][target] != nil && Self.outlives(binding.scope, scopes[$0])
                }) {
                    found.append(
                        captiveProblem(node, holding: target, way: reach[index][target]!, reach: reach[index]))
                }
            }
        }
    }

    /// The problem of `binding` holding, through `target`, a binding of a shorter scope; long
    /// chains keep their first steps and the captive, so a report costs the same however long.
    private func captiveProblem(_ node: Int, holding target: Int, way: Reach, reach: [Reach?]) -> GraphProblem {
        let binding = bindings[node]
        var chain = [node, target]
        while chain.count < PathStep.limit - 1, let next = reach.isEmpty ? nil : reach[chain[chain.count - 1]] {
            chain.append(next.next)
        }
        let omitted = way.distance + 2 - chain.count - (chain.last == way.end ? 0 : 1)
        if chain.last != way.end { chain.append(way.end) }
        let held = bindings[way.end]
        return GraphProblem(
            .captiveDependency,
            "captive dependency: \(binding.scope) \(binding.key) holds \(held.scope)-scoped \(held.key), which would outlive its scope",
            subject: binding.key, related: [held.key],
            path: Path(chain.map { PathStep(bindings[$0]) }, omitted: omitted, at: chain.count - 1),
            pathLabel: "held by",
            fix:
                "give \(binding.key) a scope no longer than \(held.scope), or inject Provider<\(held.key.typeName)> and call it when needed"
        )
    }

    // MARK: Synchronous builds: asynchronous and main-actor bindings

    /// Reports every edge on which a binding builds what it needs synchronously where that
    /// cannot be done: a dependency built first by a factory that cannot await, or a
    /// ``Provider`` or ``Lazy`` of it, which its holder may call anywhere.
    ///
    /// - An asynchronous target can never be built so: the factory cannot await it (an opaque
    ///   factory, a binding with run-time arguments, a multibinding), or the wrapper cannot.
    /// - A main-actor target held by a binding that is not isolated to the main actor is an
    ///   isolation captive: its holder might build it anywhere.
    ///
    /// An asynchronous holder awaits what it needs built first, which hops to the main actor
    /// too; an ``AsyncProvider`` or ``AsyncLazy`` awaits. A binding a strict child refuses is
    /// never built, as holder or as held. Each binding's asynchrony is settled once by the
    /// layer, so this pass is linear too; asynchronous problems come first, then isolation ones.
    private mutating func checkSynchronousBuilds(
        _ asynchrony: (ServiceKey) -> Asynchrony, refused: (ServiceKey) -> Bool,
        isMainActor: (Binding) -> Bool
    ) {
        // Its reports name paths; only a graph with an asynchronous or main-actor binding gets here.
        findPaths()
        // One problem per main-actor key held and way of holding it (plainly, or through a
        // Provider or Lazy, whose fixes differ), the first holder's, with the others counted:
        // an app target whose plain structs hold one main-actor client gets one problem, not
        // one per struct.
        var isolationProblems: [GraphProblem] = []
        var holders: [HeldWay: (problem: Int, others: [ServiceKey])] = [:]
        for (node, binding) in bindings.enumerated() where !refused(binding.key) {
            var holderAwaits: Bool?
            for (offset, dependency) in binding.dependencies.enumerated() {
                let through = dependency.kind == .provider || dependency.kind == .lazy
                let edge = edgeStart[node] + offset
                guard through || dependency.kind.isBuiltFirst, let held = target(of: edge) else { continue }
                let isAsynchronous = asynchrony(dependency.key).isAsynchronous
                guard isAsynchronous || (isMainActor(held) && !isMainActor(binding) && !refused(dependency.key)) else {
                    continue
                }
                if !through {
                    if holderAwaits == nil { holderAwaits = asynchrony(binding.key).isAsynchronous }
                    if holderAwaits == true { continue }
                }
                if isAsynchronous {
                    found.append(
                        asynchronousProblem(
                            node, needs: dependency, target: targets[edge], viaWrapper: through, asynchrony: asynchrony)
                    )
                } else {
                    let holding = HeldWay(key: held.key, throughWrapper: through)
                    if holders[holding] != nil {
                        holders[holding]!.others.append(binding.key)
                        continue
                    }
                    holders[holding] = (isolationProblems.count, [])
                    isolationProblems.append(
                        isolationProblem(
                            binding, holds: dependency, of: held, path: path(to: node).appending(PathStep(held))))
                }
            }
            // A decorator is called synchronously on the instance it wraps, even when the binding
            // is built with `await`: it cannot await a dependency built first.
            for decorator in binding.decorators {
                for dependency in decorator.dependencies
                where dependency.kind.isBuiltFirst && asynchrony(dependency.key).isAsynchronous {
                    found.append(
                        GraphProblem(
                            .asynchronousDependency,
                            "the decorator of \(binding.key) needs \(dependency.key), which is asynchronous, but a decorator is called synchronously",
                            subject: binding.key, related: [dependency.key],
                            path: path(to: node),
                            notes: [
                                decorator.id.map { "decorator \"\($0)\" declared at \(decorator.site)" }
                                    ?? "decorator declared at \(decorator.site)",
                                cause(of: dependency.key, asynchrony),
                            ],
                            fix:
                                "inject AsyncProvider<\(dependency.key.typeName)> into the decorator, for the wrapper to await when it needs it, or make \(dependency.key) synchronous"
                        ))
                }
            }
        }
        for (problem, others) in holders.values where !others.isEmpty {
            isolationProblems[problem] = isolationProblems[problem].adding(
                notes: Diagnostic.alsoNeededNote(by: others, verb: "held"))
        }
        found += isolationProblems
    }

    /// A decorator isolated to the main actor runs where the binding's factory runs, after it:
    /// on the main actor only when that factory is synchronous and isolated there.
    private mutating func checkMainActorDecorators(isMainActor: (Binding) -> Bool) {
        // Most bindings have no decorator: one test each, before anything else is asked.
        for binding in bindings where !binding.decorators.isEmpty {
            guard !(isMainActor(binding) && !binding.recipe.isAsync) else { continue }
            for decorator in binding.decorators where decorator.isMainActor {
                found.append(
                    GraphProblem(
                        .isolationCaptive,
                        "isolation captive: \(binding.key) is not built by a synchronous factory on the main actor, but its decorator is isolated to the main actor",
                        subject: binding.key, path: Path([PathStep(binding)]), pathLabel: "binding",
                        notes: ["decorator declared at \(decorator.site)"],
                        fix:
                            "bind \(binding.key.typeName) on the main actor: to a @MainActor initializer, bind(\(binding.key.typeName).self, to: Impl.init), to a closure that says so, bind(\(binding.key.typeName).self) { @MainActor in … }, or with bind(_:onMainActor:); or make the decorator not isolated"
                    ))
            }
        }
    }

    /// A main-actor key as its holders hold it: plainly (as itself or an optional), or through a
    /// `Provider` or `Lazy`; the isolation problems of one are one problem.
    private struct HeldWay: Hashable {
        let key: ServiceKey
        let throughWrapper: Bool
    }

    /// The note that says why `key` is asynchronous.
    private func cause(of key: ServiceKey, _ asynchrony: (ServiceKey) -> Asynchrony) -> String {
        switch asynchrony(key) {
        case .dependency(let next):
            "note: \(key) is asynchronous because it needs \(next), built first, which is asynchronous"
        default: "note: \(key) is asynchronous because its factory is async"
        }
    }

    private func asynchronousProblem(
        _ node: Int, needs dependency: Dependency, target: Int, viaWrapper: Bool,
        asynchrony: (ServiceKey) -> Asynchrony
    ) -> GraphProblem {
        let binding = bindings[node]
        let key = dependency.key
        var steps = path(to: node)
        if target >= 0 { steps = steps.appending(PathStep(bindings[target])) }
        let cause = cause(of: key, asynchrony)
        if viaWrapper {
            return GraphProblem(
                .asynchronousDependency,
                "\(binding.key) needs \(dependency), but \(key) is asynchronous, so the \(dependency.kind.wrapperName) could never build it",
                subject: binding.key, related: [key],
                path: steps, notes: [cause],
                fix: "inject AsyncProvider<\(key.typeName)> instead, and await it where \(binding.key.typeName) uses it"
            )
        }
        let why =
            binding.isOpaque
            ? "it is an opaque factory, whose Resolver is synchronous"
            : binding.arguments != nil
                ? "it takes run-time arguments, and its Factory is synchronous"
                : binding.membership != nil
                    ? "it is an item of a multibinding, whose collection is built synchronously"
                    : "its factory cannot await"
        return GraphProblem(
            .asynchronousDependency,
            "\(binding.key) needs \(key), which is asynchronous, but \(binding.key) cannot await it: \(why)",
            subject: binding.key, related: [key],
            path: steps, notes: [cause],
            fix:
                "inject AsyncProvider<\(key.typeName)> into \(binding.key.typeName) and await it when needed, or make \(key) synchronous"
        )
    }

    private func isolationProblem(
        _ binding: Binding, holds dependency: Dependency, of held: Binding,
        path: Path
    ) -> GraphProblem {
        let key = held.key
        let how =
            dependency.kind == .provider || dependency.kind == .lazy
            ? "holds \(dependency), which builds @MainActor \(key) wherever \(binding.key) calls it"
            : "holds @MainActor \(key), which it could build only on the main actor"
        return GraphProblem(
            .isolationCaptive, "isolation captive: \(binding.key) is not isolated to the main actor, but \(how)",
            subject: binding.key, related: [key],
            path: path,
            fix:
                "inject AsyncProvider<\(key.typeName)> or AsyncLazy<\(key.typeName)> into \(binding.key.typeName) and await it, or isolate \(binding.key.typeName) to the main actor too with bind(\(binding.key.typeName).self, onMainActor: ...)"
        )
    }

    /// Whether an instance of `holder` scope keeps one of `held` scope past its end.
    static func outlives(_ holder: Scope, _ held: Scope) -> Bool {
        guard let holderRank = holder.lifetimeRank, let heldRank = held.lifetimeRank else { return false }
        if heldRank < holderRank { return true }
        if case .resettable(let a) = holder.kind, case .resettable(let b) = held.kind { return a != b }
        return false
    }
}
