import Foundation
import Protocols
import Synchronization
import WireFormat

extension BankCard {
    static let valid = BankCard(number: "4242424242424242", holder: "Ada Lovelace")
}

/// A transport that loses the answer to the first attempt of every cart batch, after the
/// server has applied it: what a dropped connection does.
final class LosingTransport: Transport {
    private let inner: any Transport
    private let seenKeys = Mutex<Set<String>>([])

    init(inner: any Transport) {
        self.inner = inner
    }

    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        let response = try await inner.send(request)
        guard request.path.hasSuffix("/cart/batch"),
            let key = try? JSONDecoder().decode(CartBatchRequest.self, from: Data(request.body)).idempotencyKey
        else { return response }
        let first = seenKeys.withLock { $0.insert(key).inserted }
        if first { throw .connectionLost }
        return response
    }
}
