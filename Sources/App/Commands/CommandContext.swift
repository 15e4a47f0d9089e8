import Backend
import Client
import Container
import Protocols
import TextRules

/// What every command gets: its parsed line, the settings, the composed injector and the console.
struct CommandContext: Sendable {
    let command: ParsedCommand
    let settings: Settings
    let injector: Injector
    let console: any Console

    func resolve<T: Sendable>(_ type: T.Type) throws(Failure) -> T {
        do {
            return try injector.resolve(type)
        } catch {
            throw Failure("cannot compose \(T.self):\n\(error)", exitCode: 70, kind: "internal")
        }
    }

    /// The wording of every generation's login steps and operations, as their modules contribute it.
    func loginWording() throws(Failure) -> LoginWording {
        LoginWording(merging: try resolve([String: LoginWording].self))
    }

    /// Runs a service call, turning its error into the command's failure.
    func call<Value>(_ body: () async throws(ServiceError) -> Value) async throws(Failure) -> Value {
        do {
            return try await body()
        } catch {
            throw Failure(error, in: command.path)
        }
    }

    /// The largest number a whole-number option takes: pages and quantities stay far below it,
    /// and the arithmetic on them cannot overflow.
    static let largestNumber = 1_000_000

    /// A whole-number option from `minimum` to ``largestNumber``, or `fallback` when absent.
    func integer(_ name: String, default fallback: Int, minimum: Int = 1) throws(Failure) -> Int {
        guard let text = command.value(name) else { return fallback }
        guard let value = Int(text), value >= minimum else {
            throw Failure(
                UsageError(
                    "\(name) \(DisplayText.quoted(text)) must be a whole number from \(minimum)", path: command.path))
        }
        guard value <= Self.largestNumber else {
            throw Failure(
                UsageError(
                    "\(name) \(DisplayText.quoted(text)) must be at most \(Self.largestNumber)", path: command.path))
        }
        return value
    }

    func usage(_ message: String) -> Failure {
        Failure(UsageError(message, path: command.path))
    }
}

/// Cents as `12.34`; every `Int` prints, `Int.min` included.
func money(_ cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let value = cents.magnitude
    let fraction = String(value % 100)
    return "\(sign)\(value / 100).\(fraction.count == 1 ? "0" + fraction : fraction)"
}
