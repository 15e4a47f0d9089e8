import Cryptography
import Foundation
import Protocols

/// Request signing as a decorator of a transport: adds the timestamp, a fresh nonce and the
/// HMAC signature to every request before the inner transport carries it. The V2 module
/// decorates its own transport with it, so only V2 requests are signed.
public struct SigningTransport: Transport {
    private let inner: any Transport
    private let signer: RequestSigner
    private let clock: any WallClock

    /// Signs with `signer`, dated by `clock`, what `inner` then carries.
    public init(inner: any Transport, signer: RequestSigner, clock: any WallClock) {
        self.inner = inner
        self.signer = signer
        self.clock = clock
    }

    /// Sends `request` signed; a header of the same name the request had is replaced.
    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        var signed = request
        signed.headers.merge(
            signer.headers(
                method: request.method, path: request.path, body: request.body,
                timestamp: clock.secondsSince1970(), nonce: UUID().uuidString),
            uniquingKeysWith: { _, signature in signature })
        return try await inner.send(signed)
    }
}
