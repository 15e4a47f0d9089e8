import Container

/// A configuration opened with `await`, for S10.
final class AsyncConfiguration: Sendable {
    let name = "async"
}

/// The asynchronous scenarios: awaiting a built singleton, and start-up.
enum AsyncScenarios {
    struct AsyncModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(AppConfiguration.self, to: Configuration.init).scope(.singleton)
            binder.bind(AsyncConfiguration.self) { () async in AsyncConfiguration() }.scope(.singleton)
        }
    }

    static func s10(_ budget: Budget) async throws -> ScenarioResult {
        let injector = try await Injector.start(modules: [AsyncModule()])
        _ = try await injector.resolveAsync(AppConfiguration.self)
        _ = try await injector.resolveAsync(AsyncConfiguration.self)
        return ScenarioResult(
            id: "S10", title: "await resolve of an already-built async singleton",
            rows: [
                (Contender.handWritten, measure(budget) { blackHole(HandWritten.configuration) }),
                (
                    "hand-written, in an async closure",
                    try await measureAsync(budget) {
                        blackHole(try await awaitedConfiguration())
                    }
                ),
                (
                    "Graft, synchronous resolve (S2)",
                    try measure(budget) { blackHole(try injector.resolve(AppConfiguration.self)) }
                ),
                (
                    Contender.graft,
                    try await measureAsync(budget) {
                        blackHole(try await injector.resolveAsync(AsyncConfiguration.self))
                    }
                ),
            ],
            note:
                "Target: Graft's await resolve at most 2x its synchronous resolve of a built singleton (S2). The second row is the floor of this harness: the hand-written read inside an async closure that awaits an async function."
        )
    }

    /// `count` eager (or lazily built) singletons whose async factories each sleep 1 ms.
    struct SleepingModule: Module {
        let count: Int
        let scope: Scope

        func configure(_ binder: Binder) {
            struct Bind: TypePairVisitor {
                let binder: Binder
                let scope: Scope
                mutating func visit<Tag>(_ tag: Tag.Type) {
                    binder.bind(Leaf<Tag>.self) { () async in
                        try? await Task.sleep(for: .milliseconds(1))
                        return Leaf<Tag>()
                    }.scope(scope)
                }
            }
            var visitor = Bind(binder: binder, scope: scope)
            forEachTypePair(count: count * 2, &visitor)
        }
    }

    /// Resolves each `Leaf<Tag>` once, one after another.
    struct AwaitEach: TypePairVisitor {
        let injector: Injector
        var tags: [@Sendable (Injector) async throws -> Void] = []
        mutating func visit<Tag>(_ tag: Tag.Type) {
            tags.append { injector in _ = try await injector.resolveAsync(Leaf<Tag>.self) }
        }
    }

    static func s11(_ budget: Budget) async throws -> ScenarioResult {
        let count = 100
        let startUp = Budget(
            repetitions: budget.repetitions, repetitionTime: budget.repetitionTime, scale: budget.scale,
            fixedIterations: 1)
        return ScenarioResult(
            id: "S11", title: "start-up: 100 eager singletons whose async factories each sleep 1 ms",
            rows: [
                (
                    "Graft, try await Injector (parallel)",
                    try await measureAsync(startUp) {
                        blackHole(
                            try await Injector.start(modules: [SleepingModule(count: count, scope: .eagerSingleton)]))
                    }
                ),
                (
                    "Graft, one after another",
                    try await measureAsync(startUp) {
                        let injector = try await Injector.start(modules: [
                            SleepingModule(count: count, scope: .singleton)
                        ])
                        var each = AwaitEach(injector: injector)
                        forEachTypePair(count: count * 2, &each)
                        for resolve in each.tags { try await resolve(injector) }
                    }
                ),
            ],
            note:
                "One start-up per sample. The parallel row is try await Injector.start(modules:); the other builds the same singletons by awaiting each in turn."
        )
    }
}

/// The hand-written floor behind an `async throws` call, as `await resolve` is.
@inline(never)
func awaitedConfiguration() async throws -> AppConfiguration {
    HandWritten.configuration
}

/// ``measure(_:_:)`` for an asynchronous operation.
func measureAsync(_ budget: Budget, row: String? = nil, _ operation: () async throws -> Void) async rethrows -> Samples
{
    if budget.skips(row) { return Samples(nanoseconds: []) }
    let clock = ContinuousClock()
    let iterations: Int
    if let fixed = budget.fixedIterations {
        try await operation()
        iterations = fixed
    } else {
        let warmUp = budget.repetitionTime / 10
        var count = 0
        let start = clock.now
        repeat {
            try await operation()
            count += 1
        } while clock.now - start < warmUp
        iterations = Swift.max(1, count * 10)
    }
    var samples: [Double] = []
    for _ in 0..<budget.repetitions {
        let start = clock.now
        for _ in 0..<iterations { try await operation() }
        samples.append(nanoseconds(clock.now - start) / Double(iterations))
    }
    return Samples(nanoseconds: samples)
}
