/// Why an ``Inject`` property has no value: no injector was set, or its injector could not
/// resolve the property's type.
///
/// A plain read of the property stops the program with this description, since a property
/// cannot throw. Its projected value hands the error over instead:
///
/// ```swift
/// final class ReceiptScreen {
///     @Inject var printer: ReceiptPrinter
///
///     func printReceipt(_ receipt: Receipt) throws {
///         try $printer.get().print(receipt)   // throws where reading `printer` would stop
///     }
/// }
/// ```
public struct InjectError: Error, CustomStringConvertible {
    /// Why the property has no value.
    public enum Reason: Sendable {
        /// No task-local ``Injector/current`` injector was set, nor a process default.
        case noInjector
        /// The injector could not resolve the property's type.
        case unresolvable(ResolutionError)
    }

    /// Why the property has no value.
    public let reason: Reason
    /// The reason's stable identifier, which ``description`` prints (`[G301]`).
    public var diagnosticID: DiagnosticID { reason.diagnosticID }
    /// The type, and the name, that the property resolves.
    public let key: ServiceKey
    /// Where the property is declared.
    public let site: DeclarationSite

    /// What went wrong, where the property is declared, and how to fix it.
    public var description: String {
        switch reason {
        case .noInjector:
            "@Inject \(key) (\(site)) was read before any injector was set [\(reason.diagnosticID)]\n"
                + "  fix: call Injector.setDefault(_:) at start-up, before any @Inject property is read; in a test, "
                + "give the test its own injector (ContainerTesting's .injecting(from:) trait, "
                + "or Injector.$current.withValue(_:operation:))"
        case .unresolvable(let error):
            "@Inject \(key) (\(site)) could not be resolved [\(reason.diagnosticID)]:\n\(error)"
        }
    }
}

extension InjectError {
    /// Told of the error just before a plain read stops the program: `ContainerTesting` sets it
    /// for the length of a test, to record the error as an issue of that test. It cannot
    /// prevent the stop: a property that cannot throw has nothing else to return.
    @TaskLocal package static var reporter: (@Sendable (InjectError) -> Void)?

    /// Reports the error to the task's reporter, if any, then stops the program. It is kept out
    /// of line so that the read that succeeds carries none of it.
    @inline(never)
    func stop() -> Never {
        Self.reporter?(self)
        fatalError(description)
    }
}
