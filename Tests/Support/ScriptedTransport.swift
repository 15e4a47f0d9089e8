import Protocols
import Synchronization

/// A transport that answers from a script and records what it was sent; once the script is
/// used up, every request loses its connection.
public final class ScriptedTransport: Transport {
    private let script: Mutex<[Result<WireResponse, TransportError>]>
    private let sent = Mutex<[WireRequest]>([])

    /// A transport that answers with `script`, in order.
    public init(_ script: [Result<WireResponse, TransportError>]) {
        self.script = Mutex(script)
    }

    /// Every request sent so far, in order.
    public var requests: [WireRequest] { sent.withLock { $0 } }

    /// Records `request` and answers with the next entry of the script.
    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        sent.withLock { $0.append(request) }
        let next = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let next else { throw .connectionLost }
        return try next.get()
    }
}
