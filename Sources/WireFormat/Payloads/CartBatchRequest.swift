import Protocols

/// `POST /cart/batch` (V2): changes applied together, once per idempotency key.
public struct CartBatchRequest: Codable, Sendable {
    /// Unique per batch: the server applies a key at most once, so a retry is safe.
    public let idempotencyKey: String
    /// The changes, in order.
    public let operations: [CartOperation]
    /// A batch of `operations` under `idempotencyKey`.
    public init(idempotencyKey: String, operations: [CartOperation]) {
        self.idempotencyKey = idempotencyKey
        self.operations = operations
    }
}
