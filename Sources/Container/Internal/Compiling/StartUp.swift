/// Builds an injector level's eager singletons: one after another for `Injector(modules:)`,
/// or concurrently for its asynchronous form, each as soon as the eager singletons it needs
/// are built, in one task group, so no task outlives start-up.
enum StartUp {
    /// For each build, the indices of the eager singletons among `builds` that it needs built
    /// first: reached from its binding through edges built first, stopping at each eager one.
    static func prerequisites(of builds: [EagerBuild], in layer: Layer) -> [[Int]] {
        var position: [ServiceKey: Int] = [:]
        for (index, build) in builds.enumerated() { position[build.key] = index }
        return builds.map { build in
            var found: [Int] = []
            var seen: Set<ServiceKey> = [build.key]
            var pending = [build.key]
            while let key = pending.popLast() {
                for dependency in layer.binding(for: key)?.dependencies ?? []
                where dependency.kind.isBuiltFirst && seen.insert(dependency.key).inserted {
                    if let index = position[dependency.key] {
                        found.append(index)
                    } else {
                        pending.append(dependency.key)
                    }
                }
            }
            return found.sorted()
        }
    }

    /// Builds every synchronous eager singleton in declaration order, timing each.
    static func runSynchronously(_ builds: [EagerBuild], in layer: Layer) throws -> StartUpProfile {
        let prerequisites = prerequisites(of: builds, in: layer)
        let clock = ContinuousClock()
        let origin = clock.now
        var entries: [StartUpProfile.Entry] = []
        for (index, eager) in builds.enumerated() {
            let start = clock.now
            switch eager.build {
            case .synchronous(let build): try build()
            // Off the main actor, it throws its binding's typed error.
            case .mainActor(let build): try build()
            case .asynchronous: continue
            }
            entries.append(
                StartUpProfile.Entry(
                    key: eager.key, start: start - origin, duration: clock.now - start,
                    after: prerequisites[index].map { builds[$0].key }))
        }
        return StartUpProfile(entries: entries, total: clock.now - origin)
    }

    /// Builds every eager singleton, synchronous or not, each once those it needs are built,
    /// independent ones concurrently. The first failure cancels the rest and is thrown.
    static func run(_ builds: [EagerBuild], in layer: Layer) async throws -> StartUpProfile {
        let prerequisites = prerequisites(of: builds, in: layer)
        var waitingFor = prerequisites.map(\.count)
        var dependants = Array(repeating: [Int](), count: builds.count)
        for (index, needed) in prerequisites.enumerated() {
            for prerequisite in needed { dependants[prerequisite].append(index) }
        }
        let clock = ContinuousClock()
        let origin = clock.now
        var entries: [StartUpProfile.Entry] = []
        try await withThrowingTaskGroup(of: (index: Int, start: Duration, duration: Duration).self) { group in
            var ready = waitingFor.indices.filter { waitingFor[$0] == 0 }
            while true {
                for index in ready {
                    let eager = builds[index]
                    group.addTask {
                        let start = clock.now
                        switch eager.build {
                        case .synchronous(let build): try build()
                        case .asynchronous(let build): try await build()
                        case .mainActor(let build):
                            try await MainActor.run {
                                try MainActorContext.marked(build)
                            }
                        }
                        return (index, start - origin, clock.now - start)
                    }
                }
                ready = []
                guard let done = try await group.next() else { break }
                entries.append(
                    StartUpProfile.Entry(
                        key: builds[done.index].key, start: done.start, duration: done.duration,
                        after: prerequisites[done.index].map { builds[$0].key }))
                for dependant in dependants[done.index] {
                    waitingFor[dependant] -= 1
                    if waitingFor[dependant] == 0 { ready.append(dependant) }
                }
            }
        }
        entries.sort { $0.start < $1.start }
        return StartUpProfile(entries: entries, total: clock.now - origin)
    }
}

/// The build of one eager singleton, run once its injector exists.
struct EagerBuild: Sendable {
    enum Work: Sendable {
        case synchronous(@Sendable () throws -> Void)
        case asynchronous(@Sendable () async throws -> Void)
        /// A synchronous build that must run on the main actor: where the injector is built
        /// on it, or by hopping to it.
        case mainActor(@Sendable () throws(ResolutionError) -> Void)
    }

    let key: ServiceKey
    let build: Work
}
