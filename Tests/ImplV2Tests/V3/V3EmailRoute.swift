import Container
import Foundation
import Protocols
import Synchronization
import WireFormat

/// V3's one route the embedded backend does not have, `/v3/email` (the confirmed e-mail address
/// of the session's customer), supplied by the test as a decorator of the backend's
/// ``Protocols/RequestHandler``. Every other `/v3` route is the backend's own, served from V3's
/// wire, which ``ImplV3Module`` contributes as the shipped generations contribute theirs; this
/// route only notes which customer each V3 login's token belongs to.
final class V3EmailRoute: RequestHandler {
    private let inner: any RequestHandler
    /// The mobile of each session token V3 logins issued, and each mobile's confirmed address.
    private let state = Mutex<(mobiles: [String: String], emails: [String: String])>(([:], [:]))

    init(inner: any RequestHandler) {
        self.inner = inner
    }

    func handle(_ request: WireRequest) async throws(LocalFileError) -> WireResponse {
        if request.path == "/v3/email" { return email(request) }
        let answer = try await inner.handle(request)
        if request.path == "/v3/login", answer.status == 200,
            let login = try? EnvelopeFormat.v3.decode(Data(answer.body), as: LoginAnswer.self).payload
        {
            state.withLock { $0.mobiles[login.token] = login.customer.mobile }
        }
        return answer
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

/// What the test adds to the embedded backend for V3: its e-mail route, around the backend's own.
struct V3BackendModule: Module {
    func configure(_ binder: Binder) {
        binder.decorate(RequestHandler.self) { (inner: any RequestHandler) in V3EmailRoute(inner: inner) }
    }
}
