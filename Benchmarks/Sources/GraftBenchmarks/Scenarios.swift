import Container
import Swinject

/// The scenarios of the comparison, each measured for every contender in one run.
enum Scenarios {
    static func s1(_ budget: Budget) throws -> ScenarioResult {
        let injector = try Injector(modules: [GraftContender.ServiceModule()])
        let container = SwinjectContender.makeContainer()
        let closures = StoredClosures.make()
        return ScenarioResult(
            id: "S1", title: "resolve a transient service with three transient dependencies (4 objects)",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) { blackHole(HandWritten.makeOrderService()) }
                ),
                (
                    Contender.storedClosures,
                    measure(budget, row: Contender.storedClosures) { blackHole(closures.makeOrderService()) }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) { blackHole(try injector.resolve(OrderService.self)) }
                ),
                (
                    Contender.swinject,
                    measure(budget, row: Contender.swinject) { blackHole(container.resolve(OrderService.self)!) }
                ),
                (
                    Contender.dependencies,
                    measure(budget, row: Contender.dependencies) {
                        blackHole(DependenciesContender.resolveOrderService())
                    }
                ),
            ], note: Contender.storedClosuresNote)
    }

    static func s2(_ budget: Budget) throws -> ScenarioResult {
        let injector = try Injector(modules: [GraftContender.ServiceModule()])
        _ = try injector.resolve(AppConfiguration.self)
        let container = SwinjectContender.makeContainer()
        _ = container.resolve(AppConfiguration.self)
        return ScenarioResult(
            id: "S2", title: "resolve an already-built singleton",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) { blackHole(HandWritten.configuration) }
                ),
                (
                    "hand-written, returned by a call",
                    measure(budget, row: "hand-written, returned by a call") {
                        blackHole(HandWritten.returnedConfiguration())
                    }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) { blackHole(try injector.resolve(AppConfiguration.self)) }
                ),
                (
                    Contender.swinject,
                    measure(budget, row: Contender.swinject) { blackHole(container.resolve(AppConfiguration.self)!) }
                ),
                (
                    Contender.dependencies,
                    measure(budget, row: Contender.dependencies) {
                        blackHole(DependenciesContender.resolveConfiguration())
                    }
                ),
            ],
            note:
                "The hand-written floor reads a global constant, which lends the instance; the second row returns it from a call that is not inlined, as a resolve returns an instance the caller owns (a retain, then a release)."
        )
    }

    static func s7(_ budget: Budget) throws -> ScenarioResult {
        let injector = try Injector(modules: [GraftContender.ServiceModule()])
        let makeDetail = try injector.resolve(Factory<OrderID, OrderDetail>.self)
        let container = SwinjectContender.makeContainer()
        let id = OrderID(value: 17)
        let closures = StoredClosures.make()
        return ScenarioResult(
            id: "S7", title: "call an injected one-argument factory whose type has three transient dependencies",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) { blackHole(HandWritten.makeOrderDetail(id)) }
                ),
                (
                    Contender.storedClosures,
                    measure(budget, row: Contender.storedClosures) { blackHole(closures.makeOrderDetail(id)) }
                ),
                (Contender.graft, try measure(budget, row: Contender.graft) { blackHole(try makeDetail(id)) }),
                (
                    Contender.swinject,
                    measure(budget, row: Contender.swinject) {
                        blackHole(container.resolve(OrderDetail.self, argument: id)!)
                    }
                ),
                (Contender.dependencies, nil),
            ],
            note:
                "Graft calls an injected Factory<OrderID, OrderDetail>; Swinject resolves with resolve(_:argument:). swift-dependencies has no run-time arguments. \(Contender.storedClosuresNote)"
        )
    }

    static func s8(_ budget: Budget) throws -> ScenarioResult {
        let injector = try Injector(modules: [GraftContender.DecoratedModule()])
        let closures = StoredClosures.make()
        return ScenarioResult(
            id: "S8", title: "resolve S1's transient service wrapped by two decorators (7 objects)",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) { blackHole(HandWritten.makeDecoratedOrderService()) }
                ),
                (
                    Contender.storedClosures,
                    measure(budget, row: Contender.storedClosures) { blackHole(closures.makeDecoratedOrderService()) }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) { blackHole(try injector.resolve(OrderService.self)) }
                ),
                (Contender.swinject, nil),
                (Contender.dependencies, nil),
            ], note: "Swinject and swift-dependencies have no decorators. \(Contender.storedClosuresNote)")
    }

    static func s9(_ budget: Budget) throws -> ScenarioResult {
        let injector = try Injector(modules: [GraftContender.PluginModule()])
        return ScenarioResult(
            id: "S9", title: "resolve a list of 10 transient contributions",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) { blackHole(HandWritten.makePlugins()) }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) { blackHole(try injector.resolve([any Plugin].self)) }
                ),
                (Contender.swinject, nil),
                (Contender.dependencies, nil),
            ], note: "Swinject and swift-dependencies have no multibindings.")
    }

    static func s3(_ budget: Budget) throws -> ScenarioResult {
        let count = 1_000
        return ScenarioResult(
            id: "S3", title: "build a container of 1,000 bindings of distinct types, then resolve each once",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) {
                        var build = HandWritten.BuildEach()
                        forEachTypePair(count: count, &build)
                    }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) {
                        let injector = try Injector(modules: [GraftContender.GeneratedModule(count: count)])
                        var resolve = GraftContender.ResolveEach(injector: injector)
                        forEachTypePair(count: count, &resolve)
                    }
                ),
                (
                    Contender.swinject,
                    measure(budget, row: Contender.swinject) {
                        let container = Container()
                        var register = SwinjectContender.RegisterEach(container: container)
                        forEachTypePair(count: count, &register)
                        var resolve = SwinjectContender.ResolveEach(container: container)
                        forEachTypePair(count: count, &resolve)
                    }
                ),
                (Contender.dependencies, nil),
            ], note: "Graft's time includes validating the graph. swift-dependencies has no container to build.")
    }

    static func s4(_ budget: Budget) throws -> [ScenarioResult] {
        let total = 1_000_000
        let injector = try Injector(modules: [GraftContender.ServiceModule()])
        let synchronized = SynchronizedResolver(SwinjectContender.makeContainer())
        func run(threads: Int) -> [(String, Samples?)] {
            [
                (
                    Contender.handWritten,
                    measureParallel(budget, row: Contender.handWritten, threads: threads, iterations: total) { count in
                        for _ in 0..<count { blackHole(HandWritten.makeOrderService()) }
                    }
                ),
                (
                    Contender.graft,
                    measureParallel(budget, row: Contender.graft, threads: threads, iterations: total) { count in
                        for _ in 0..<count { blackHole(try! injector.resolve(OrderService.self)) }
                    }
                ),
                (
                    Contender.swinject,
                    measureParallel(budget, row: Contender.swinject, threads: threads, iterations: total) { count in
                        for _ in 0..<count { blackHole(synchronized.resolver.resolve(OrderService.self)!) }
                    }
                ),
                (
                    Contender.dependencies,
                    measureParallel(budget, row: Contender.dependencies, threads: threads, iterations: total) { count in
                        for _ in 0..<count { blackHole(DependenciesContender.resolveOrderService()) }
                    }
                ),
            ]
        }
        let note =
            "Wall time per resolve over \(Int(Double(total) * budget.scale)) resolves; Swinject through `synchronize()`. Lower than the one-thread figure means two threads give more throughput."
        return [
            ScenarioResult(id: "S4 (1 thread)", title: "S1 from one thread", rows: run(threads: 1), note: nil),
            ScenarioResult(
                id: "S4 (2 threads)", title: "S1 from two threads at once", rows: run(threads: 2), note: note),
        ]
    }

    /// Validation alone, at growing sizes: the time per binding + edge should stay flat.
    static func s5(_ budget: Budget) throws -> String {
        var lines = [
            "### S5 — Graft's validation alone", "",
            "| bindings | edges | median | min | max | per binding + edge | index alone, per binding + edge |",
            "|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for count in [1_000, 10_000, 100_000] {
            let injector = try Injector(modules: [GraftContender.GeneratedModule(count: count)])
            let samples = try measure(budget) { try injector.validate() }
            let graph = injector.graph
            let index = measure(budget) { indexAlone(graph) }
            let edges = count / 2
            let items = Double(count + edges)
            lines.append(
                "| \(count) | \(edges) | \(format(samples.median)) | \(format(samples.min)) | \(format(samples.max)) | \(format(samples.median / items)) | \(format(index.median / items)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Every combination of S12's versions proved, beside validating one selection of it.
    static func s15(_ budget: Budget) throws -> String {
        let modules: [any Module] = [GraftContender.LargeAppV1Module(), GraftContender.LargeAppV2Module()]
        let one = try measure(budget) { try Injector.validate(modules: modules, versions: .init(default: "v2")) }
        var covered: SelectionCoverage?
        let every = try measure(budget) { covered = try Injector.validateEverySelection(modules: modules) }
        return [
            "### S15 — every combination of S12's versions, against one selection", "",
            "| check | median | min | max |", "|---|---:|---:|---:|",
            "| `Injector.validate(modules:versions:)`, one selection | \(format(one.median)) | \(format(one.min)) | \(format(one.max)) |",
            "| `Injector.validateEverySelection(modules:)` | \(format(every.median)) | \(format(every.min)) | \(format(every.max)) |",
            "",
            "Every combination: \(covered?.description ?? "none"), \(String(format: "%.2f", every.median / one.median))× one selection, the modules' `configure` included in both.",
        ].joined(separator: "\n")
    }

    /// The least any validator that looks keys up by hashing does: index every binding's key,
    /// then find each edge's target. Its growth with the graph's size is the memory's, not
    /// Graft's: at 100,000 keys the table no longer fits in the processor's caches.
    private static func indexAlone(_ graph: DependencyGraph) {
        var index: [ServiceKey: Int] = [:]
        index.reserveCapacity(graph.nodes.count)
        for (position, node) in graph.nodes.enumerated() { index[node.key] = position }
        var reached = 0
        for edge in graph.edges { reached &+= index[edge.to] ?? -1 }
        blackHole(reached)
    }

    static func s6(_ budget: Budget) throws -> ScenarioResult {
        let base = try Injector(modules: [GraftContender.ServiceModule(), GraftContender.GeneratedModule(count: 1_000)])
        let container = SwinjectContender.makeContainer()
        var register = SwinjectContender.RegisterEach(container: container)
        forEachTypePair(count: 1_000, &register)
        return ScenarioResult(
            id: "S6",
            title: "a test's set-up: child injector with one override over 1,005 bindings, then resolve S1's service",
            rows: [
                (
                    Contender.handWritten,
                    measure(budget, row: Contender.handWritten) {
                        blackHole(HandWritten.makeOrderService(network: FakeNetwork()))
                    }
                ),
                (
                    Contender.graft,
                    try measure(budget, row: Contender.graft) {
                        let child = try base.child { binder in binder.bind(Network.self, to: FakeNetwork.init) }
                        blackHole(try child.resolve(OrderService.self))
                    }
                ),
                (
                    Contender.swinject,
                    measure(budget, row: Contender.swinject) {
                        let child = Container(parent: container)
                        child.register(Network.self) { _ in FakeNetwork() }.inObjectScope(.transient)
                        blackHole(child.resolve(OrderService.self)!)
                    }
                ),
                (
                    Contender.dependencies,
                    measure(budget, row: Contender.dependencies) {
                        blackHole(DependenciesContender.resolveWithFakeNetwork())
                    }
                ),
            ], note: "Graft's child compiles and validates only what the override can change.")
    }
}
