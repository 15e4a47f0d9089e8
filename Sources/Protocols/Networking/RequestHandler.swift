/// Something that answers wire requests in process: the embedded backend.
public protocol RequestHandler: Sendable {
    /// Answers `request`.
    /// - Throws: ``LocalFileError`` when the handler's own storage failed; nothing was changed.
    func handle(_ request: WireRequest) async throws(LocalFileError) -> WireResponse
}
