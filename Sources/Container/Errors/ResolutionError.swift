/// Why ``Injector/resolve(_:isolation:)-3vbz7`` could not return an instance.
///
/// Its ``description`` says what is wrong, the path of bindings that led there (outermost
/// first), where they were declared, and what would fix it.
public struct ResolutionError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// Nothing binds the requested type (with this name).
        case noBinding
        /// The type is bound, but not served under the version selection: only in versions
        /// above the selected one, or retired.
        case notServed(NotServed)
        /// Building the type needs the type itself, through providers, lazy values or
        /// opaque factories; the keys of the loop, first and last alike.
        case cycle([ServiceKey])
        /// A strict child injector refused a live-only binding that it did not override.
        case liveOnly(DeclarationSite)
        /// The binding's factory threw.
        case factoryFailed(any Error)
        /// A weak-scoped binding produced a value that is not a class instance.
        case weakScopeNeedsClass(String)
        /// The injector that made a provider or lazy value no longer exists.
        case injectorReleased
        /// An opaque factory asked its ``Resolver`` for a dependency that its `needs:` does not
        /// declare: this key, through this kind of edge.
        case undeclared(ServiceKey, kind: DependencyGraph.Edge.Kind)
        /// The binding takes `expected` run-time arguments (none, when empty), but was asked for
        /// with `given` (none, when empty).
        case arguments(expected: [String], given: [String])
        /// The binding is asynchronous and was asked for synchronously: the keys from it to the
        /// binding whose factory is `async`, both included.
        case asynchronous([ServiceKey])
        /// The binding is isolated to the main actor (bound with `bind(_:onMainActor:)`) and
        /// was asked for synchronously off the main actor.
        case mainActorIsolated
        /// `Injector(modules:)` or `child(strict:_:)` was asked to build these asynchronous eager
        /// singletons, which only their `async` forms can build.
        case asynchronousStart([ServiceKey])
        /// The injector that would build the instance has begun to shut down
        /// (``Injector/shutdown(within:)``): from then on it builds nothing, and serves only what
        /// it keeps.
        case shutDown
    }

    /// What went wrong.
    public let reason: Reason
    /// The reason's stable identifier, which ``description`` prints (`[G201]`).
    public var diagnosticID: DiagnosticID { reason.diagnosticID }
    /// The type that could not be built.
    public let key: ServiceKey
    /// The bindings that needed ``key``, outermost first; the last one is the binding of
    /// ``key`` itself when it exists.
    public internal(set) var path: [PathStep]
    /// For a missing key, what the graph binds that it may have meant (see `NearMatches`):
    /// worked out when the error is described, so that a resolve tried in vain (`try?`) pays
    /// nothing for it.
    let nearMatches: @Sendable () -> [String]

    init(
        _ reason: Reason, key: ServiceKey, path: [PathStep] = [],
        nearMatches: @escaping @Sendable () -> [String] = { [] }
    ) {
        self.reason = reason
        self.key = key
        self.path = path
        self.nearMatches = nearMatches
    }

    /// Calls `body`, a factory's call for `key` where no binding is at hand (a build in a cell,
    /// a provider made by hand), and passes a ``ResolutionError`` on as it is and anything else
    /// as the factory's failure. ``Binding/calling(_:)`` is the same for a binding's factory.
    @inline(__always)
    static func calling<T>(factoryOf key: @autoclosure () -> ServiceKey, _ body: () throws -> T) throws(Self) -> T {
        do { return try body() } catch let error as ResolutionError { throw error } catch {
            throw ResolutionError(.factoryFailed(error), key: key())
        }
    }

    /// ``calling(factoryOf:_:)`` for a call made with `await`.
    @inline(__always)
    static func callingAsync<T>(
        factoryOf key: @autoclosure () -> ServiceKey, _ body: () async throws -> T
    ) async throws(Self) -> T {
        do { return try await body() } catch let error as ResolutionError { throw error } catch {
            throw ResolutionError(.factoryFailed(error), key: key())
        }
    }

    /// The error that `error` becomes once it leaves the factory of `binding`.
    @usableFromInline
    static func wrapping(_ error: any Error, in binding: Binding) -> ResolutionError {
        // An `@Inject` property read by the factory led back to this binding: the cycle
        // continues this path. Any other error of the property is the factory's own, whose
        // description names the property and its site.
        if let inject = error as? InjectError, case .unresolvable(let resolution) = inject.reason,
            case .cycle = resolution.reason
        {
            return wrapping(resolution, in: binding)
        }
        guard var resolution = error as? ResolutionError else {
            return ResolutionError(.factoryFailed(error), key: binding.key, path: [PathStep(binding)])
        }
        if resolution.path.first?.key != binding.key {
            resolution.path.insert(PathStep(binding), at: 0)
        }
        return resolution
    }

    /// The path, ending with the failing key when no binding of it exists; empty when nothing
    /// needed the key (a direct resolve of an unbound type, a provider outliving its injector).
    private var fullPath: Path {
        if path.isEmpty || path.last?.key == key { return Path(path) }
        return Path(path + [PathStep(key: key)])
    }

    public var description: String {
        // A path of the failing binding alone names where it is bound; "needed by" would say
        // that it needs itself.
        let pathLabel = path.count == 1 && path[0].key == key ? "binding" : "needed by"
        let report = report
        return Diagnostic.render(
            report.message, id: reason.diagnosticID, path: report.path, pathLabel: pathLabel, notes: report.notes,
            fix: report.fix)
    }

    /// What ``description`` says: the message, the path, notes and the fix.
    private struct Report {
        let message: String
        let path: Path
        var notes: [String] = []
        let fix: String
    }

    private var report: Report {
        switch reason {
        case .noBinding:
            Report(
                message: "no binding for \(key)", path: fullPath,
                notes: nearMatches() + Diagnostic.missingBindingNotes(for: key, neededBy: path.last?.key),
                fix: Diagnostic.missingBindingFix(for: key, neededBy: path.last?.key))
        case .notServed(let missing):
            Report(
                message: "\(key) is \(missing.reason)", path: fullPath,
                fix: Diagnostic.notServedFix(missing, direct: path.isEmpty))
        case .cycle(let keys):
            Report(
                message:
                    "dependency cycle while building \(key): \(keys.map(\.description).joined(separator: " -> "))",
                path: Path(path),
                fix:
                    "an initializer must not call get() on a Provider, or read a Lazy value or an @Inject property, that leads back to itself; defer the read until after initialization"
            )
        case .liveOnly(let site):
            Report(
                message: "strict test injector refused live-only binding \(key) (\(site))", path: fullPath,
                fix:
                    "override \(key) in the child injector, e.g. binder.bind(\(key.typeName).self, toInstance: fake)\(key.name.map { ".named(\"\($0)\")" } ?? "")"
            )
        case .factoryFailed(let error):
            Report(
                message: "the factory of \(key) threw: \(error)", path: fullPath,
                fix: "make the factory succeed; the error above is the one it threw")
        case .weakScopeNeedsClass(let typeName):
            Report(
                message: "weak scope needs a class instance, but \(key) produced a \(typeName)", path: fullPath,
                fix: "give \(key) another scope, such as .transient or .singleton")
        case .injectorReleased:
            Report(
                message: "the injector that made this Provider<\(key)> or Lazy<\(key)> no longer exists",
                path: fullPath,
                fix: "keep the injector alive as long as the objects it built use providers or lazy values")
        case .arguments(let expected, let given): argumentsReport(expected: expected, given: given)
        case .asynchronous(let chain): asynchronousReport(chain)
        case .mainActorIsolated:
            Report(
                message:
                    "\(key) is isolated to the main actor, so the synchronous resolve cannot build it off the main actor",
                path: fullPath,
                fix:
                    "resolve it on the main actor, or, for a Sendable type, with try await injector.resolveAsync(\(key.typeName).self) elsewhere; a factory that is not on the main actor injects AsyncProvider<\(key.typeName)>"
            )
        case .asynchronousStart(let keys): asynchronousStartReport(keys)
        case .shutDown:
            Report(
                message: "\(key) cannot be built: its injector has begun to shut down", path: fullPath,
                fix:
                    "stop the work that resolves (a server's request handlers) before calling shutdown(within:); after it begins, an injector serves only the instances it keeps, closed or closing, and builds nothing"
            )
        case .undeclared(let asked, let kind): undeclaredReport(Dependency(key: asked, kind: kind))
        }
    }

    private func argumentsReport(expected: [String], given: [String]) -> Report {
        let takes =
            expected.isEmpty ? "no run-time arguments" : "run-time arguments (\(expected.joined(separator: ", ")))"
        let asked = given.isEmpty ? "without arguments" : "with (\(given.joined(separator: ", ")))"
        let fix =
            expected.isEmpty
            ? "resolve(\(key.typeName).self), or inject \(key.typeName) or Provider<\(key.typeName)>"
            : "resolve(\(key.typeName).self, arguments: …) with (\(expected.joined(separator: ", "))), or inject Factory<\(expected.joined(separator: ", ")), \(key.typeName)>"
        return Report(message: "\(key) takes \(takes), but was asked for \(asked)", path: fullPath, fix: fix)
    }

    private func asynchronousReport(_ chain: [ServiceKey]) -> Report {
        let cause =
            chain.count == 1
            ? "its factory is async"
            : "it needs \(chain.dropFirst().map(\.description).joined(separator: " -> ")), built first, whose factory is async"
        return Report(
            message: "\(key) is asynchronous, so the synchronous resolve cannot build it", path: fullPath,
            notes: ["note: \(key) is asynchronous because \(cause)"],
            fix:
                "resolve it with try await injector.resolveAsync(\(key.typeName).self), or inject AsyncProvider<\(key.typeName)> where a synchronous factory needs it"
        )
    }

    private func asynchronousStartReport(_ keys: [ServiceKey]) -> Report {
        let singletons = keys.count == 1 ? "singleton" : "singletons"
        return Report(
            message:
                "Injector(modules:) and child(strict:_:) start synchronously, so they cannot build the asynchronous eager \(singletons) \(keys.map(\.description).joined(separator: ", "))",
            path: Path([]),
            fix:
                "build the injector with try await Injector.start(modules:), or the child with try await injector.startChild { ... }: they build eager singletons, asynchronous ones too, at start-up"
        )
    }

    private func undeclaredReport(_ dependency: Dependency) -> Report {
        Report(
            message:
                "the opaque factory of \(key) asked its resolver for \(dependency), which its needs: does not declare",
            path: fullPath,
            fix:
                "add \(dependency.declaration) to the needs: of bind(\(key.typeName).self, needs: ...), so that validation checks that edge too"
        )
    }
}
