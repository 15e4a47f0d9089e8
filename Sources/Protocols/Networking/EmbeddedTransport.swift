/// Something that answers wire requests in process: the embedded backend.
public protocol RequestHandler: Sendable {
    func handle(_ request: WireRequest) async -> WireResponse
}

/// Carries requests to a server in the same process, with no network in between.
public struct EmbeddedTransport: Transport {
    private let handler: any RequestHandler

    public init(handler: any RequestHandler) {
        self.handler = handler
    }

    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        if Task.isCancelled { throw .cancelled }
        return await handler.handle(request)
    }
}
