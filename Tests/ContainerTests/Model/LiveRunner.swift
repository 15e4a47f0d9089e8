import Container
import Foundation
import Synchronization

/// Runs a model graph and its script against the real container.
final class LiveRunner {
    enum Handle {
        case instance(any LiveInstance)
        /// A provider to call, or a lazy value to read (the closure keeps the `Lazy`).
        case callable(@Sendable () throws -> any LiveInstance)
    }

    enum Outcome {
        case skipped
        case done
        case instance(any LiveInstance)
        case failure(ModelFailure)
        case invalid([GraphProblem])
    }

    let graph: ModelGraph
    let log = RunLog()
    private var injectors: [Int: Injector] = [:]
    private var handles: [Int: Handle] = [:]

    init(graph: ModelGraph) {
        self.graph = graph
    }

    func buildRoot() -> Outcome {
        let bindings = graph.bindings
        let decorators = graph.decorators
        let log = log
        let module = LiveModule { binder in
            for binding in bindings { LiveBinder.bind(binding, on: binder, log: log) }
            for decorator in decorators { LiveBinder.decorate(decorator, on: binder, log: log) }
        }
        var overrides: [ServiceKey: String] = [:]
        for (key, version) in graph.overrides { overrides[LiveBinder.serviceKey(key)] = version }
        let versions = graph.defaultVersion.map { VersionSelection(default: $0, overrides: overrides) } ?? .latest
        let modules: [any Module] = [module]
        return attempt {
            injectors[ReferenceModel.root] =
                graph.awaits
                ? try Self.blocking { try await Injector.start(modules: modules, versions: versions) }
                : try Injector(modules: [module], versions: versions)
            return .done
        }
    }

    func run(_ step: ModelStep, index: Int) -> Outcome {
        switch step {
        case .child(let spec):
            guard let parent = injectors[spec.parent ?? ReferenceModel.root] else { return .skipped }
            let log = log
            let configure = { @Sendable (binder: Binder) in
                for binding in spec.bindings { LiveBinder.bind(binding, on: binder, log: log) }
                for item in spec.withdrawals { LiveBinder.withdraw(item, on: binder) }
                for decorator in spec.decorators { LiveBinder.decorate(decorator, on: binder, log: log) }
            }
            let strict = spec.isStrict
            let module = LiveModule(body: configure)
            return attempt {
                // Both ways of making a child, which must mean the same.
                injectors[index] =
                    switch (graph.awaits, index.isMultiple(of: 2)) {
                    case (false, true): try parent.child(strict: strict, configure)
                    case (false, false): try parent.child(modules: [module], strict: strict)
                    case (true, true):
                        try Self.blocking { try await parent.startChild(strict: strict) { module.configure($0) } }
                    case (true, false):
                        try Self.blocking { try await parent.startChild(modules: [module], strict: strict) }
                    }
                return .done
            }
        case .resolve(let level, let key, let keep):
            guard let injector = injectors[level ?? ReferenceModel.root] else { return .skipped }
            let awaits = graph.awaits
            if let face = key.face {
                return attempt {
                    finish(
                        awaits
                            ? try Self.blocking {
                                try await LiveBinder.resolveFaceAwaiting(face, named: key.name, in: injector)
                            }
                            : try LiveBinder.resolveFace(face, named: key.name, in: injector), keep, index)
                }
            }
            return attempt {
                finish(
                    awaits
                        ? try Self.blocking {
                            try await Self.resolveAwaiting(nodeTags[key.type], named: key.name, in: injector)
                        }
                        : try Self.resolve(nodeTags[key.type], named: key.name, in: injector), keep, index)
            }
        case .resolveOptional(let level, let key, let keep):
            guard let injector = injectors[level ?? ReferenceModel.root] else { return .skipped }
            let awaits = graph.awaits
            return attempt {
                let found =
                    awaits
                    ? try Self.blocking { try await Self.optionalAwaiting(nodeTags[key.type], in: injector) }
                    : try Self.optional(nodeTags[key.type], in: injector)
                guard let instance = found else { return .done }
                return finish(instance, keep, index)
            }
        case .resolveProvider(let level, let key):
            guard let injector = injectors[level ?? ReferenceModel.root] else { return .skipped }
            return attempt {
                handles[index] = .callable(try Self.provider(nodeTags[key.type], in: injector))
                return .done
            }
        case .resolveLazy(let level, let key):
            guard let injector = injectors[level ?? ReferenceModel.root] else { return .skipped }
            return attempt {
                handles[index] = .callable(try Self.lazy(nodeTags[key.type], in: injector))
                return .done
            }
        case .call(let handle, let keep):
            guard case .callable(let call) = handles[handle] else { return .skipped }
            return attempt { finish(try call(), keep, index) }
        case .use(let handle, let part, let keep):
            guard case .instance(let instance) = handles[handle] else { return .skipped }
            let usable: [@Sendable () throws -> any LiveInstance] = instance.parts.compactMap {
                switch $0 {
                case .instance, .absent, .factory, .list: nil
                case .provider(let get), .lazy(let get): get
                }
            }
            guard !usable.isEmpty else { return .skipped }
            return attempt { finish(try usable[part % usable.count](), keep, index) }
        case .reset(let level, let scope):
            guard let injector = injectors[level ?? ReferenceModel.root], scope.resettableName != nil else {
                return .skipped
            }
            injector.reset(LiveBinder.scope(scope))
            return .done
        case .drop(let handle):
            guard handles[handle] != nil else { return .skipped }
            handles[handle] = nil
            return .done
        case .resolveArgument(let level, let key, let argument, let arity, let keep):
            guard let injector = injectors[level ?? ReferenceModel.root] else { return .skipped }
            return attempt {
                let arguments = Array(argument..<(argument + arity))
                let instance =
                    if let face = key.face {
                        try LiveBinder.resolveFace(face, named: key.name, arguments: arguments, in: injector)
                    } else {
                        try Self.resolve(nodeTags[key.type], named: key.name, arguments: arguments, in: injector)
                    }
                return finish(instance, keep, index)
            }
        case .useFactory(let handle, let part, let argument, let keep):
            guard case .instance(let instance) = handles[handle] else { return .skipped }
            let factories: [@Sendable (Int) throws -> any LiveInstance] = instance.parts.compactMap {
                if case .factory(let make) = $0 { make } else { nil }
            }
            guard !factories.isEmpty else { return .skipped }
            return attempt { finish(try factories[part % factories.count](argument), keep, index) }
        }
    }

    private func finish(_ instance: any LiveInstance, _ keep: Bool, _ index: Int) -> Outcome {
        if keep { handles[index] = .instance(instance) }
        return .instance(instance)
    }

    private func attempt(_ body: () throws -> Outcome) -> Outcome {
        do {
            return try body()
        } catch let error as ValidationError {
            return .invalid(error.problems)
        } catch {
            return .failure(Self.failure(error))
        }
    }

    static func failure(_ error: any Error) -> ModelFailure {
        guard let error = error as? ResolutionError else {
            return ModelFailure(reason: .other, key: "\(type(of: error)): \(error)")
        }
        let reason: ModelFailure.Reason =
            switch error.reason {
            case .noBinding: .noBinding
            case .notServed: .notServed
            case .cycle: .cycle
            case .liveOnly: .liveOnly
            case .factoryFailed: .factoryFailed
            case .undeclared: .undeclared
            case .arguments: .arguments
            case .asynchronous: .asynchronous
            case .asynchronousStart: .asynchronousStart
            case .mainActorIsolated: .mainActorIsolated
            default: .other
            }
        // Which asynchronous eager singleton comes first is the build order, left open.
        let key =
            switch reason {
            case .other: "\(error.key): \(error)"
            case .asynchronousStart: ""
            default: error.key.description
            }
        return ModelFailure(reason: reason, key: key)
    }

    private static func resolve<T: NodeTag>(_: T.Type, named name: String?, in injector: Injector) throws
        -> any LiveInstance
    {
        guard let name else { return try injector.resolve(Node<T>.self) }
        return try injector.resolve(Node<T>.self, named: name)
    }

    private static func resolve<T: NodeTag>(
        _: T.Type, named name: String?, arguments: [Int],
        in injector: Injector
    ) throws -> any LiveInstance {
        try LiveBinder.resolve(Node<T>.self, named: name, arguments: arguments, in: injector)
    }

    private static func optional<T: NodeTag>(_: T.Type, in injector: Injector) throws -> (any LiveInstance)? {
        try injector.resolve(Node<T>?.self)
    }

    private static func resolveAwaiting<T: NodeTag>(
        _: T.Type, named name: String?,
        in injector: Injector
    ) async throws -> any LiveInstance {
        guard let name else { return try await injector.resolveAsync(Node<T>.self) }
        return try await injector.resolveAsync(Node<T>.self, named: name)
    }

    private static func optionalAwaiting<T: NodeTag>(_: T.Type, in injector: Injector) async throws -> (
        any LiveInstance
    )? {
        try await injector.resolveAsync(Node<T>?.self)
    }

    /// Runs `body` in a task and waits for it: the model's steps are synchronous, and the graphs
    /// run on a thread of their own (ModelBasedTests), so blocking it holds no task's thread.
    /// The task keeps nothing once it signals (``Slot/fill(with:)`` returns first), so a weak
    /// instance lives exactly as long as the caller keeps it.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let slot = Slot<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            await slot.fill(with: body)
            done.signal()
        }
        done.wait()
        return try slot.take().get()
    }

    /// Where ``blocking(_:)``'s task leaves its outcome.
    private final class Slot<T: Sendable>: Sendable {
        private let outcome = Mutex<Result<T, any Error>?>(nil)

        func fill(with body: @Sendable () async throws -> T) async {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
        }

        func take() -> Result<T, any Error> {
            outcome.withLock { outcome in
                defer { outcome = nil }
                return outcome!
            }
        }
    }

    private static func provider<T: NodeTag>(_: T.Type, in injector: Injector) throws
        -> @Sendable () throws -> any LiveInstance
    {
        let provider = try injector.resolve(Provider<Node<T>>.self)
        return { try provider.get() }
    }

    private static func lazy<T: NodeTag>(_: T.Type, in injector: Injector) throws
        -> @Sendable () throws -> any LiveInstance
    {
        let lazy = try injector.resolve(Lazy<Node<T>>.self)
        return { try lazy.value }
    }
}

/// A module made of a closure.
struct LiveModule: Module {
    let body: @Sendable (Binder) -> Void
    func configure(_ binder: Binder) { body(binder) }
}
