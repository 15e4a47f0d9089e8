import Container

/// The services that failed to close, each with its error; the others closed.
public struct ShutdownError: Error, CustomStringConvertible {
    public let failures: [(service: ServiceKey, error: any Error)]

    public var description: String {
        "\(failures.count) service(s) failed to close: "
            + failures.map { "\($0.service): \($0.error)" }.joined(separator: "; ")
    }
}
