import Container
import Foundation
import Synchronization

/// A start-up scenario that both Graft and Swinject run: measured warm (repeated in one
/// process) and cold (one start-up per fresh process, ``ColdStart``).
struct StartUp: Sendable {
    let id: String
    let title: String
    /// What each contender's start-up must return: the roots or items it resolved.
    let expected: Int
    /// The same objects made by calling their initializers: the floor.
    let handWritten: @Sendable () -> Int
    /// Graft's start-up, checking the graph as `validating` says.
    let graft: @Sendable (Injector.Validation) async throws -> Int
    let swinject: @Sendable () throws -> Int
    let note: String

    /// A start-up that returned another count than the scenario's.
    struct WrongCount: Error, CustomStringConvertible {
        let scenario: String
        let contender: String
        let counted: Int
        let expected: Int
        var description: String { "\(scenario): \(contender) resolved \(counted), not \(expected)" }
    }

    /// Runs the hand-written start-up once and checks what it returned.
    func startHandWritten() throws { try check(handWritten(), by: Contender.handWritten) }

    /// Runs Graft's start-up once, checking the graph as `validating` says, and checks what it
    /// returned.
    func startGraft(validating: Injector.Validation = .all) async throws {
        try check(await graft(validating), by: validating == .skipped ? Contender.graftUnchecked : Contender.graft)
    }

    /// Runs Swinject's start-up once and checks what it returned.
    func startSwinject() throws { try check(swinject(), by: Contender.swinject) }

    /// Throws when `contender`'s start-up returned another count than the scenario's.
    private func check(_ counted: Int, by contender: String) throws {
        guard counted == expected else {
            throw WrongCount(scenario: id, contender: contender, counted: counted, expected: expected)
        }
    }

    /// The scenario measured warm: each contender checked once, then timed over repeated
    /// start-ups in this process.
    func warm(_ budget: Budget) async throws -> ScenarioResult {
        try startHandWritten()
        try await startGraft()
        try await startGraft(validating: .skipped)
        try startSwinject()
        return ScenarioResult(
            id: id, title: title,
            rows: [
                (Contender.handWritten, measure(budget, row: Contender.handWritten) { blackHole(handWritten()) }),
                (
                    Contender.graft,
                    try await measureAsync(budget, row: Contender.graft) { blackHole(try await graft(.all)) }
                ),
                (
                    Contender.graftUnchecked,
                    try await measureAsync(budget, row: Contender.graftUnchecked) {
                        blackHole(try await graft(.skipped))
                    }
                ),
                (Contender.swinject, try measure(budget, row: Contender.swinject) { blackHole(try swinject()) }),
                (Contender.dependencies, nil),
            ],
            note: note)
    }

    static let all = [largeApp, launch, manyModules]

    static func named(_ id: String) -> StartUp? { all.first { $0.id == id } }

    static let largeApp = StartUp(
        id: "S12",
        title:
            "a large app's start-up: 5,000 bindings in two generations, 200 decorators, 50 lists of 20, 100 eager singletons (half async); build, then resolve the 2,150 roots",
        expected: LargeApp.expectedRoots,
        handWritten: { HandWritten.startLargeApp(firstScreenOnly: false) },
        graft: { validating in
            var collect = GraftContender.AsyncLargeAppRoots()
            forEachLargeAppTag(&collect)
            return try await GraftContender.startLargeApp(asyncRoots: collect.roots, validating: validating)
        },
        swinject: { SwinjectContender.startLargeApp() },
        note:
            "Graft's time is try await Injector.start(modules:versions:): it selects the second generation's 4,000 served bindings among 5,000, validates the whole graph, builds the eager singletons in parallel, and then resolves the roots. Swinject registers only the 4,000 served implementations with the decorators written into their factories and each list gathered by hand from 20 named registrations, and validates nothing: it has no versions, decorators, multibindings, async factories or validation. swift-dependencies has no container to build."
    )

    static let launch = StartUp(
        id: "S13",
        title:
            "S12's launch: the same start-up, then only the first screen's 100 of the 2,000 nodes",
        expected: LargeApp.firstScreenNodes,
        handWritten: { HandWritten.startLargeApp(firstScreenOnly: true) },
        graft: { validating in try await GraftContender.launchLargeApp(validating: validating) },
        swinject: { SwinjectContender.launchLargeApp() },
        note:
            "Graft builds S12's injector as in S12 (validating the whole graph and building the 100 eager singletons) and resolves every 20th node; Swinject registers S12's graph, builds the eager singletons and resolves the same nodes."
    )

    static let manyModules = StartUp(
        id: "S14",
        title:
            "an app of 500 feature modules declaring 2,756 bindings and contributions (shaped like Metro's benchmark); build, then read every list",
        expected: ManyModules.lists * ManyModules.partsPerList,
        handWritten: { HandWritten.startManyModules() },
        graft: { validating in try GraftContender.startManyModules(validating: validating) },
        swinject: { SwinjectContender.startManyModules() },
        note:
            "500 modules bind 1,250 pairs of services and contribute 16 lists of 16 items, each item from another module; the start-up builds the graph (Graft validates it) and reads the 16 lists. Swinject registers each list's items by name and a factory that gathers them. Metro's own figures (Metro 0.10 ms, Dagger 0.13 ms, Koin 6.5 ms on a JVM) were measured on other machines with generated code or another language: context, not a row of this table."
    )
}

/// What a cold start-up keeps until its process exits: the container it built, as an app keeps
/// its container for its whole run and never pays for tearing it down. A warm run, repeated in
/// one process, releases each container as usual.
enum Launch {
    private static let keeping = Atomic<Bool>(false)

    /// From now on, ``keep(_:)`` keeps what it is given: called once by a cold start-up's process.
    static func keepContainers() {
        keeping.store(true, ordering: .relaxed)
    }

    /// Keeps `container` (Graft's injector, Swinject's container) alive until the process exits
    /// when measuring a cold start-up; does nothing in a warm run.
    static func keep(_ container: AnyObject) {
        // Retained and never released: the process exits right after its one start-up.
        if keeping.load(ordering: .relaxed) { _ = Unmanaged.passRetained(container) }
    }
}

/// Start-ups in fresh processes of this binary, so that nothing the Swift runtime works out
/// the first time (type metadata, conformances) is cached yet: what an app's launch pays.
enum ColdStart {
    /// Who runs a fresh process's start-up: `empty` starts the same binary and exits, the
    /// floor that every cold figure is measured net of.
    enum Runner: String, CaseIterable {
        case empty
        case handWritten = "hand-written"
        case graft
        case graftUnchecked = "graft-unchecked"
        case swinject
    }

    /// The start-up of `scenario` by `runner`, once, in this process: what a fresh process
    /// runs for ``measure(_:runs:)``. Synchronous, with Graft's asynchronous start-up run in a
    /// detached task that the main thread waits for, so that callgrind can count it (valgrind
    /// crashes when the main thread itself awaits a task that runs on another thread).
    static func runOnce(_ scenario: StartUp, _ runner: Runner) throws {
        Launch.keepContainers()
        switch runner {
        case .empty: return
        case .handWritten: try scenario.startHandWritten()
        case .graft: try waitFor { try await scenario.startGraft() }
        case .graftUnchecked: try waitFor { try await scenario.startGraft(validating: .skipped) }
        case .swinject: try scenario.startSwinject()
        }
    }

    /// Runs `body` in a detached task and blocks the calling thread until it ends.
    private static func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Void, any Error>>(.success(()))
        Task.detached {
            do { try await body() } catch { outcome.withLock { $0 = .failure(error) } }
            done.signal()
        }
        done.wait()
        try outcome.withLock { $0 }.get()
    }

    /// A process that failed its start-up.
    struct Failed: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        let message: String
        var description: String {
            "graft-benchmarks \(arguments.joined(separator: " ")) exited \(status): \(message)"
        }
    }

    /// `runs` start-ups of each runner, each in a fresh process, the runners taking turns in an
    /// order that rotates each round, so that a slow spell of the machine falls on all of them.
    static func measure(_ scenario: StartUp, runs: Int) throws -> ColdResult {
        guard let executable = Bundle.main.executableURL else {
            throw Failed(arguments: [], status: -1, message: "cannot find this program's own executable")
        }
        var samples: [Runner: [Double]] = [:]
        for round in 0..<runs {
            for offset in Runner.allCases.indices {
                let runner = Runner.allCases[(round + offset) % Runner.allCases.count]
                samples[runner, default: []].append(try time(executable, ["--start-up", scenario.id, runner.rawValue]))
            }
        }
        return ColdResult(
            scenario: scenario, runs: runs,
            samples: samples.mapValues { Samples(nanoseconds: $0) })
    }

    /// Nanoseconds from starting `executable` with `arguments` until it exited. Spawned and
    /// waited for directly: Foundation's `Process` notices an exit only at its next poll.
    private static func time(_ executable: URL, _ arguments: [String]) throws -> Double {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("graft-cold-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: errors) }
        // An opaque pointer on Apple's systems, a struct on Linux.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            let environment = _NSGetEnviron().pointee
        #else
            var actions = posix_spawn_file_actions_t()
            let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let clock = ContinuousClock()
        let start = clock.now
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable.path, &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw Failed(arguments: arguments, status: -1, message: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        let elapsed = clock.now - start
        // Exited normally with status 0: the low 7 bits hold a signal, the next 8 the status.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failed(arguments: arguments, status: status, message: message)
        }
        return nanoseconds(elapsed)
    }
}

/// A cold scenario's figures: each runner's start-ups, and the ratios net of the empty process.
struct ColdResult {
    let scenario: StartUp
    let runs: Int
    let samples: [ColdStart.Runner: Samples]

    /// What a runner's start-up adds to the empty process, by medians.
    func net(_ runner: ColdStart.Runner) -> Double? {
        guard let own = samples[runner]?.median, let empty = samples[.empty]?.median else { return nil }
        return own - empty
    }

    func render() -> String {
        let swinject = net(.swinject)
        var lines = [
            "### \(scenario.id) cold — \(scenario.title)", "",
            "| process | median | min | max | net of the empty process | × Swinject, net |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        let names: [(ColdStart.Runner, String)] = [
            (.empty, "empty (the same binary, exits at once)"), (.handWritten, Contender.handWritten),
            (.graft, Contender.graft), (.graftUnchecked, Contender.graftUnchecked), (.swinject, Contender.swinject),
        ]
        for (runner, name) in names {
            guard let samples = samples[runner] else { continue }
            let net = runner == .empty ? nil : net(runner)
            lines.append(
                "| \(name) | \(format(samples.median)) | \(format(samples.min)) | \(format(samples.max)) | \(net.map(format) ?? "") | \(net.map { ratio($0, swinject) } ?? "") |"
            )
        }
        lines += [
            "",
            "One start-up per fresh process, \(runs) of each, the five taking turns; medians. Net: a start-up's median less the empty process's.",
        ]
        return lines.joined(separator: "\n")
    }
}
