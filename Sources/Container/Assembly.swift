/// Everything an injector level is made of, worked out before the injector exists: producers
/// compiled, opaque factories dry-run for their edges, and the graph validated.
///
/// A root compiles and validates every binding. A child compiles only its own bindings and
/// those that depend on them (`affected`), and shares its parent's producers for the rest; when
/// its parent's graph was valid it validates only the part its bindings can change.
struct Assembly {
    private(set) var selection: Selection
    let table: ProducerTable
    let resettable: [String: [any ResettableCell]]
    /// For each key, the keys of this level's bindings that depend on it.
    let dependants: [ServiceKey: [ServiceKey]]
    let problems: [GraphProblem]
    let eager: [@Sendable () throws -> Void]

    init(selection: Selection, parent: Injector?, affected: Set<ServiceKey>, refused: Set<ServiceKey>,
         scopes: ScopeRegistry) {
        self.selection = selection
        let own = selection
        let binding = Self.lookup(own, parent)
        let unsatisfied: (ServiceKey) -> Unsatisfied? = { key in
            binding(key) == nil ? (own.unsatisfied[key] ?? parent?.unsatisfied(for: key)) : nil
        }
        let compiler = Compiler(
            binding: binding, unsatisfied: unsatisfied,
            inherited: { key in affected.contains(key) ? nil : parent?.table.producer(for: key) },
            refused: refused, scopes: scopes)
        for key in own.order { compiler.compile(key) }
        for key in affected { compiler.compile(key) }
        table = ProducerTable(producers: compiler.producers, parent: parent?.table,
                              unsatisfied: own.unsatisfied, reference: compiler.table)
        compiler.table.set(table)

        for key in own.order {
            guard let opaque = own.selected[key]?.binding, opaque.isOpaque else { continue }
            self.selection.learn(opaque.learning(Self.dryRun(opaque, table: compiler.table)))
        }

        var dependants: [ServiceKey: [ServiceKey]] = [:]
        for key in self.selection.order {
            for dependency in self.selection.selected[key]!.binding.dependencies {
                dependants[dependency.key, default: []].append(key)
            }
        }
        self.dependants = dependants
        problems = self.selection.problems + Self.validate(
            self.selection, parent: parent, affected: affected, unsatisfied: unsatisfied)
        resettable = compiler.resettable
        eager = compiler.eager
    }

    /// The binding that serves a key: this level's, else the parent's.
    private static func lookup(_ own: Selection, _ parent: Injector?) -> (ServiceKey) -> Binding? {
        { own.selected[$0]?.binding ?? parent?.selected(for: $0)?.binding }
    }

    private static func validate(_ own: Selection, parent: Injector?, affected: Set<ServiceKey>,
                                 unsatisfied: @escaping (ServiceKey) -> Unsatisfied?) -> [GraphProblem] {
        let binding = lookup(own, parent)
        let unneeded = own.unsatisfied.filter { binding($0.key) == nil }
        guard let parent else {
            return GraphValidator.validate(bindings: own.order.map { own.selected[$0]!.binding },
                                           unsatisfied: unsatisfied, unneeded: unneeded).problems
        }
        guard parent.isValid else {
            let keys = parent.allKeys + own.order.filter { parent.selected(for: $0) == nil }
            return GraphValidator.validate(bindings: keys.compactMap(binding), unsatisfied: unsatisfied,
                                           unneeded: unneeded).problems
        }
        // The parent's graph was valid, so a problem can only involve this level's bindings,
        // what they reach, or what depends on them.
        var part = affected.filter { binding($0) != nil }
        var pending = own.order
        while let key = pending.popLast() {
            guard let reached = binding(key) else { continue }
            part.insert(key)
            pending += reached.dependencies.map(\.key).filter { !part.contains($0) }
        }
        let ordered = part.compactMap(binding).sorted { a, b in
            (a.site.fileID, a.site.line, a.key.description) < (b.site.fileID, b.site.line, b.key.description)
        }
        return GraphValidator.validate(bindings: ordered, unsatisfied: unsatisfied,
                                       unneeded: unneeded, isBoundElsewhere: { binding($0) != nil }).problems
    }

    /// The edges an opaque factory asks for when run once with a recording resolver. What it
    /// asks for is built for real; a failure ends the run with the edges learned so far.
    private static func dryRun(_ binding: Binding, table: Late<ProducerTable>) -> [Dependency] {
        guard let dryRun = binding.recipe.dryRun else { return binding.dependencies }
        let recorder = Recorder()
        _ = try? BuildStack.enter(binding.key) { () throws(ResolutionError) in
            dryRun(Resolver(table: table, recorder: recorder))
        }
        return recorder.recorded
    }
}
