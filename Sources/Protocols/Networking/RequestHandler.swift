/// Something that answers wire requests in process: the embedded backend.
public protocol RequestHandler: Sendable {
    func handle(_ request: WireRequest) async -> WireResponse
}
