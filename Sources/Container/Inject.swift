import Synchronization

/// Resolves a dependency from the process's default injector on first use, for code that
/// cannot take constructor injection (Objection's default injector).
///
/// ```swift
/// Injector.setDefault(try Injector(modules: [AppModule()]))   // once, at start-up
///
/// final class SettingsScreen {
///     @Inject var cart: CartService
/// }
/// ```
///
/// Prefer constructor injection: the container checks those edges before anything runs,
/// while an `@Inject` property is only resolved when first read. Reading it with no default
/// injector set, or when the type cannot be built, stops the program with the reason.
@propertyWrapper
public struct Inject<Value: Sendable>: Sendable {
    private let name: String?
    private let kept = Kept()

    /// Injects the binding of `Value`, or of `Value` named `name`.
    public init(_ type: Value.Type = Value.self, named name: String? = nil) {
        self.name = name
    }

    /// The instance, resolved from ``Injector/default`` on first read and then kept.
    public var wrappedValue: Value {
        kept.value.withLock { kept in
            if let value = kept as? Value { return value }
            guard let injector = Injector.default else {
                preconditionFailure("@Inject \(Value.self) was read before a default injector was set. fix: call Injector.setDefault(_:) at start-up, before any @Inject property is read")
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
    /// The injector that ``Inject`` properties resolve from, if one was set.
    public static var `default`: Injector? {
        defaultInjector.withLock { $0 }
    }

    /// Makes `injector` the one ``Inject`` properties resolve from. Call it once at start-up;
    /// tests may call it again to swap in a child injector, and `nil` clears it.
    public static func setDefault(_ injector: Injector?) {
        defaultInjector.withLock { $0 = injector }
    }
}
