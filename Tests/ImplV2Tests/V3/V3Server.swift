import Container
import Cryptography
import Foundation
import Protocols
import Synchronization
import WireFormat

/// The embedded backend's V3 routes, supplied by the test as a decorator of the backend's
/// ``Protocols/RequestHandler``: `/v3/email` is V3's own (the confirmed e-mail address of the
/// session's customer); every other `/v3` route is the backend's V2 route of that name, signed
/// here as V2 requires, its answer carried over into V3's envelope. Other paths pass through.
final class V3Server: RequestHandler {
    private let inner: any RequestHandler
    private let signer: RequestSigner
    private let clock: any WallClock
    /// The mobile of each session token V3 logins issued, and each mobile's confirmed address.
    private let state = Mutex<(mobiles: [String: String], emails: [String: String])>(([:], [:]))

    init(inner: any RequestHandler, signer: RequestSigner, clock: any WallClock) {
        self.inner = inner
        self.signer = signer
        self.clock = clock
    }

    func handle(_ request: WireRequest) async throws(LocalFileError) -> WireResponse {
        guard request.path.hasPrefix("/v3/") else { return try await inner.handle(request) }
        let route = String(request.path.dropFirst("/v3".count))
        if route == "/email" { return email(request) }
        var forwarded = request
        forwarded.path = "/v2" + route
        forwarded.headers.merge(
            signer.headers(
                method: request.method, path: forwarded.path, body: request.body,
                timestamp: clock.secondsSince1970(), nonce: UUID().uuidString),
            uniquingKeysWith: { _, signature in signature })
        let answer = try await inner.handle(forwarded)
        guard answer.status == 200, let envelope = try? EnvelopeFormat.v2.decode(Data(answer.body), as: V3JSON.self)
        else { return answer }
        if route == "/login", let login = try? EnvelopeFormat.v2.decode(Data(answer.body), as: LoginAnswer.self).payload
        {
            state.withLock { $0.mobiles[login.token] = login.customer.mobile }
        }
        return WireResponse(status: 200, body: Array(EnvelopeFormat.v3.encode(envelope)))
    }

    /// `GET /v3/email`: the address confirmed for the session's customer; `POST`: confirms one.
    private func email(_ request: WireRequest) -> WireResponse {
        let token = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) }
        let envelope: Envelope<EmailAddress> = state.withLock { state in
            guard let token, let mobile = state.mobiles[token] else {
                return Envelope(code: .loginExpired, message: "log in first", payload: nil)
            }
            guard request.method == "POST" else {
                return Envelope(code: .success, message: "success", payload: EmailAddress(email: state.emails[mobile]))
            }
            guard let email = (try? JSONDecoder().decode(EmailAddress.self, from: Data(request.body)))?.email,
                email.contains("@")
            else {
                return Envelope(
                    code: .validationFailed, message: "an e-mail address looks like ada@example.com", payload: nil)
            }
            state.emails[mobile] = email
            return Envelope(code: .success, message: "\(email) confirmed", payload: EmailAddress(email: email))
        }
        return WireResponse(status: 200, body: Array(EnvelopeFormat.v3.encode(envelope)))
    }
}

/// What the test adds to the embedded backend for V3: its routes, around the backend's own.
struct V3BackendModule: Module {
    func configure(_ binder: Binder) {
        binder.decorate(RequestHandler.self) {
            (inner: any RequestHandler, signer: RequestSigner, clock: any WallClock) in
            V3Server(inner: inner, signer: signer, clock: clock)
        }
    }
}
