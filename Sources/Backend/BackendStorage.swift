import Protocols

/// Where the embedded backend keeps its state: every request is one transaction on it.
public protocol BackendStorage: Sendable {
    /// Runs `body` on the state with no other transaction in between, and keeps what it changed.
    func transaction<Result: Sendable>(_ body: (inout BackendState) -> Result) throws(LocalFileError) -> Result
}
