import Protocols

/// Carries requests to a server in the same process, with no network in between.
public struct EmbeddedTransport: Transport {
    private let handler: any RequestHandler

    /// A transport that hands every request to `handler`.
    public init(handler: any RequestHandler) {
        self.handler = handler
    }

    /// Hands `request` to the handler; its storage failing is ``TransportError/localStorage(_:)``.
    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        if Task.isCancelled { throw .cancelled }
        do {
            return try await handler.handle(request)
        } catch {
            throw .localStorage(error)
        }
    }
}
