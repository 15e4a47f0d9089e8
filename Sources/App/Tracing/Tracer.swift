import Protocols
import TextRules

/// Prints each call a tracing decorator sees on standard error, with its outcome and how long it
/// took: `trace: CartService.add(productID: 'p7', quantity: 2) ok in 3.141 ms`.
///
/// Arguments are printed only when they are not secret: a password, an SMS code or a gesture is
/// `<hidden>`, as everywhere graft prints.
struct Tracer: Sendable {
    /// Where each line goes: the console's standard error.
    let write: @Sendable (String) -> Void
    private let clock = ContinuousClock()

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Stands for a secret argument.
    static let hidden = "<hidden>"

    /// Runs `body`, the call described by `call`, and prints how it ended; its value or error
    /// passes through unchanged.
    func call<Value>(_ call: String, _ body: () async throws(ServiceError) -> Value) async throws(ServiceError) -> Value
    {
        let start = clock.now
        do {
            let value = try await body()
            write("trace: \(call) ok in \(Self.milliseconds(clock.now - start))")
            return value
        } catch {
            write(
                "trace: \(call) failed in \(Self.milliseconds(clock.now - start)): \(DisplayText.cleaned(error.description))"
            )
            throw error
        }
    }

    /// `0.412 ms`: to the microsecond, a format a test can match whatever the time taken.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds) * 1_000_000 + max(0, attoseconds) / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}
