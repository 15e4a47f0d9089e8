/// Everything an injector is made of, worked out before the injector exists: producers
/// compiled, opaque factories dry-run for their edges, and the graph validated.
struct Assembly {
    let versions: VersionSelection
    let parent: Injector?
    let order: [ServiceKey]
    let selected: [ServiceKey: Selected]
    let unsatisfied: [ServiceKey: Injector.Unsatisfied]
    let overridden: Set<ServiceKey>
    let refused: Set<ServiceKey>
    let table: ProducerTable
    let resettable: [String: [any ResettableCell]]
    let scopes: ScopeRegistry
    let dependants: [ServiceKey: [ServiceKey]]
    /// Problems found while settling duplicates and versions, before the graph exists.
    let selectionProblems: [GraphProblem]
    let problems: [GraphProblem]
    let eager: [@Sendable () throws -> Void]

    init(versions: VersionSelection, parent: Injector?, order: [ServiceKey],
         selected: [ServiceKey: Selected], unsatisfied: [ServiceKey: Injector.Unsatisfied],
         overridden: Set<ServiceKey>, refused: Set<ServiceKey>,
         inherited: [ServiceKey: any AnyProducer], resettable: [String: [any ResettableCell]],
         scopes: ScopeRegistry, problems selectionProblems: [GraphProblem]) {
        let compiler = Compiler(selected: selected, unsatisfied: unsatisfied, refused: refused,
                                scopes: scopes, inherited: inherited)
        for key in order { compiler.compile(key) }
        let table = ProducerTable(producers: compiler.producers, unsatisfied: unsatisfied,
                                  reference: compiler.table)
        compiler.table.set(table)

        var selected = selected
        for key in order where inherited[key] == nil && selected[key]!.binding.isOpaque {
            selected[key]!.binding.dependencies = Self.dryRun(selected[key]!.binding, table: compiler.table)
        }

        var dependants: [ServiceKey: [ServiceKey]] = [:]
        for key in order {
            for dependency in selected[key]!.binding.dependencies {
                dependants[dependency.key, default: []].append(key)
            }
        }
        let validation = GraphValidator.validate(bindings: order.map { selected[$0]!.binding },
                                                 unsatisfied: unsatisfied)

        self.versions = versions
        self.parent = parent
        self.order = order
        self.selected = selected
        self.unsatisfied = unsatisfied
        self.overridden = overridden
        self.refused = refused
        self.table = table
        self.resettable = resettable.merging(compiler.resettable) { $0 + $1 }
        self.scopes = scopes
        self.dependants = dependants
        self.selectionProblems = selectionProblems
        self.problems = selectionProblems + validation.problems
        self.eager = compiler.eager
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
