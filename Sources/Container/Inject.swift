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
/// set, or when the type cannot be built, stops the program with the reason.
@propertyWrapper
public struct Inject<Value: Sendable>: Sendable {
    private let name: String?
    private let kept = Kept()

    /// Injects the binding of `Value`, or of `Value` named `name`.
    public init(_ type: Value.Type = Value.self, named name: String? = nil) {
        self.name = name
    }

    /// The instance, resolved from ``Injector/default`` (the task's current injector, else the
    /// process default) on first read and then kept.
    public var wrappedValue: Value {
        kept.value.withLock { kept in
            if let value = kept as? Value { return value }
            guard let injector = Injector.default else {
                preconditionFailure(
                    "@Inject \(Value.self) was read before a default injector was set. fix: call Injector.setDefault(_:) at start-up, before any @Inject property is read; in a test, give the test its own injector (ContainerTesting's .injecting(from:) trait, or Injector.$current.withValue(_:operation:))"
                )
            }
            do {
                let value = try name.map { try injector.resolve(Value.self, named: $0) } ?? injector.resolve(Value.self)
                kept = value
                return value
            } catch {
                preconditionFailure("@Inject \(Value.self) could not be resolved:\n\(error)")
            }
        }
    }

    private final class Kept: Sendable {
        let value = Mutex<(any Sendable)?>(nil)
    }
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
