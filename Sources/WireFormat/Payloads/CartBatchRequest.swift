import Protocols

/// `POST /cart/batch` (V2): changes applied together, once per idempotency key.
public struct CartBatchRequest: Codable, Sendable {
    public let idempotencyKey: String
    public let operations: [CartOperation]
    public init(idempotencyKey: String, operations: [CartOperation]) {
        self.idempotencyKey = idempotencyKey
        self.operations = operations
    }
}
