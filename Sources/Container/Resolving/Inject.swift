import Synchronization

/// Resolves a dependency from the current injector on first use, for code that cannot take
/// constructor injection (Objection's default injector).
///
/// ```swift
/// Injector.setDefault(try Injector(modules: [AppModule()]))   // once, at start-up
///
/// final class SettingsScreen {
///     @Inject var cart: CartService
/// }
/// ```
///
/// The injector is ``Injector/default``: the task's ``Injector/current`` when one is set (a
/// test's own injector), otherwise the process default.
///
/// Prefer constructor injection: the container checks those edges before anything runs,
/// while an `@Inject` property is only resolved when first read. Reading it with no injector
/// set, or when the type cannot be built, stops the program with an ``InjectError`` that says
/// why, where the property is declared, and what to fix; in a test given its own injector by
/// `ContainerTesting`, the error is first recorded as an issue of that test. A read that
/// must not stop the program goes through the projected value, `try $property.get()`, which
/// throws the error instead.
@propertyWrapper
public struct Inject<Value: Sendable>: Sendable {
    private let state: State

    /// Injects the binding of `Value`, or of `Value` named `name`.
    /// - Parameters:
    ///   - type: The bound type, when the property's type does not say it.
    ///   - name: The name of the binding, given with `.named(_:)`.
    ///   - fileID: Where the property is declared, for an error; leave it out.
    ///   - line: The line of the declaration, for an error; leave it out.
    public init(
        _ type: Value.Type = Value.self, named name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        state = State(name: name, fileID: fileID, line: line)
    }

    /// The instance, resolved from ``Injector/default`` (the task's current injector, else the
    /// process default) on first read and then kept. When there is none, the read stops the
    /// program with an ``InjectError``.
    public var wrappedValue: Value {
        do {
            return try value()
        } catch {
            error.stop()
        }
    }

    /// The instance, resolved and kept as ``wrappedValue`` does, or the ``InjectError`` that
    /// says why there is none: `try $property.get()` throws where a plain read would stop the
    /// program.
    ///
    /// ```swift
    /// let printer = try $printer.get()
    /// ```
    public var projectedValue: Result<Value, InjectError> {
        Result { () throws(InjectError) in try value() }
    }

    /// The kept instance, or the one resolved now and kept.
    ///
    /// Resolved outside the lock, so that a resolution that reads this very property again (a
    /// cycle through it) is reported as the cycle it is, where a lock held across it would
    /// deadlock: `InjectReading.resolving` marks the properties whose first read is under way in
    /// this task. Readers racing for the first read may each resolve; the first to finish is
    /// kept, and every reader gets it.
    private func value() throws(InjectError) -> Value {
        if let value = state.kept.withLock({ $0 }) as? Value { return value }
        guard let injector = Injector.default else { throw state.error(.noInjector, Value.self) }
        let id = ObjectIdentifier(state)
        if InjectReading.resolving.contains(id) {
            let key = ServiceKey(type: Value.self, name: state.name)
            throw state.error(.unresolvable(ResolutionError(.cycle([key, key]), key: key)), Value.self)
        }
        let resolved = InjectReading.$resolving.withValue(InjectReading.resolving.union([id])) {
            () -> Result<Value, ResolutionError> in
            Result { () throws(ResolutionError) -> Value in
                if let name = state.name { return try injector.resolve(Value.self, named: name) }
                return try injector.resolve(Value.self)
            }
        }
        let value: Value
        switch resolved {
        case .success(let resolved): value = resolved
        case .failure(let error): throw state.error(.unresolvable(error), Value.self)
        }
        return state.kept.withLock { kept in
            if let first = kept as? Value { return first }
            kept = value
            return value
        }
    }

    /// What the property declares, and the instance once resolved. The property holds only
    /// this reference, so that the objects declaring it stay small and a read copies one word.
    private final class State: Sendable {
        let name: String?
        let fileID: StaticString
        let line: UInt
        let kept = Mutex<(any Sendable)?>(nil)

        init(name: String?, fileID: StaticString, line: UInt) {
            self.name = name
            self.fileID = fileID
            self.line = line
        }

        func error(_ reason: InjectError.Reason, _ type: Any.Type) -> InjectError {
            InjectError(
                reason: reason, key: ServiceKey(type: type, name: name),
                site: DeclarationSite(fileID: "\(fileID)", line: Int(line)))
        }
    }
}

/// The `@Inject` properties whose first read is resolving in this task: one read again while
/// it resolves is a cycle through it. Apart from ``Inject``, which is generic and so cannot
/// hold a static stored property.
private enum InjectReading {
    @TaskLocal static var resolving: Set<ObjectIdentifier> = []
}

private let defaultInjector = Mutex<Injector?>(nil)

extension Injector {
    /// The injector of the running task and of the tasks it starts, if one was set: what
    /// ``default`` and ``Inject`` read first.
    ///
    /// It is a task-local value, so a test can give its own task tree an injector without
    /// touching the process default, and tests running in parallel never see each other's
    /// fakes. `ContainerTesting`'s `.injecting(from:)` trait sets it for one test; elsewhere,
    /// bind it for the length of a call:
    ///
    /// ```swift
    /// let test = try app.child(strict: true) { binder in binder.bind(Clock.self, toInstance: FixedClock()) }
    /// try Injector.$current.withValue(test) {
    ///     try SettingsScreen().render()   // its @Inject properties resolve from `test`
    /// }
    /// ```
    ///
    /// It is named `current`, not `task`, for what it answers: the injector in effect here and
    /// now. It is `nil` outside such a scope; apps set the process default with
    /// ``setDefault(_:)`` instead.
    @TaskLocal public static var current: Injector?

    /// The injector that ``Inject`` properties resolve from: the task's ``current`` injector
    /// when one is set, otherwise the process default set by ``setDefault(_:)``, if any.
    public static var `default`: Injector? {
        current ?? defaultInjector.withLock { $0 }
    }

    /// Makes `injector` the process default, which ``Inject`` properties resolve from when no
    /// task-local ``current`` injector is set. An app calls it once at start-up; `nil` clears
    /// it. A test should set ``current`` instead (the `ContainerTesting` library does), which
    /// no other test running in parallel can see.
    public static func setDefault(_ injector: Injector?) {
        defaultInjector.withLock { $0 = injector }
    }
}
