import Cryptography
import Protocols
import TextRules

extension EmbeddedServer {
    typealias Route = @Sendable (EmbeddedServer, Context, inout BackendState) throws(Refusal) -> [UInt8]

    /// Every route, by method and path; a route that only V2 has checks the generation itself.
    static let routes: [String: Route] = [
        "POST /sms": { server, context, state throws(Refusal) in try server.sendSMSCode(context, &state) },
        "POST /register": { server, context, state throws(Refusal) in try server.register(context, &state) },
        "POST /login": { server, context, state throws(Refusal) in try server.login(context, &state) },
        "POST /logout": { server, context, state throws(Refusal) in try server.logout(context, &state) },
        "POST /gesture": { server, context, state throws(Refusal) in try server.createGesture(context, &state) },
        "POST /gesture/reset": { server, context, state throws(Refusal) in try server.resetGesture(context, &state) },
        "POST /gesture/verify": { server, context, state throws(Refusal) in try server.verifyGesture(context, &state) },
        "POST /gesture/update": { server, context, state throws(Refusal) in try server.updateGesture(context, &state) },
        "POST /cards": { server, context, state throws(Refusal) in try server.bindCard(context, &state) },
        "POST /pay-password": { server, context, state throws(Refusal) in try server.setPayPassword(context, &state) },
        "GET /payment": { server, context, state throws(Refusal) in try server.paymentMethods(context, &state) },
        "GET /products": { server, context, state throws(Refusal) in try server.products(context, &state) },
        "GET /cart": { server, context, state throws(Refusal) in try server.cart(context, &state) },
        "POST /cart/add": { server, context, state throws(Refusal) in try server.addToCart(context, &state) },
        "POST /cart/remove": { server, context, state throws(Refusal) in try server.removeFromCart(context, &state) },
        "POST /cart/clear": { server, context, state throws(Refusal) in try server.clearCart(context, &state) },
        "POST /cart/batch": { server, context, state throws(Refusal) in try server.applyBatch(context, &state) },
        "GET /wishlist": { server, context, state throws(Refusal) in try server.wishlist(context, &state) },
        "POST /wishlist/add": { server, context, state throws(Refusal) in try server.addToWishlist(context, &state) },
        "POST /wishlist/remove": { server, context, state throws(Refusal) in
            try server.removeFromWishlist(context, &state)
        },
        "GET /wishlist/has": { server, context, state throws(Refusal) in try server.wishlistContains(context, &state) },
    ]

    /// The mobile of the request's session; refuses with login expired when there is none.
    func authenticate(_ context: Context, _ state: inout BackendState) throws(Refusal) -> String {
        guard let token = context.call.token else { throw Refusal(.loginExpired, "log in first") }
        let key = Self.storageKey(of: token)
        guard let session = state.sessions[key] else {
            throw Refusal(.loginExpired, "your session has ended; log in again")
        }
        guard session.expiresAt > context.now else {
            state.sessions[key] = nil
            throw Refusal(.loginExpired, "your session expired; log in again")
        }
        return session.mobile
    }

    /// What a session is stored under: the SHA-256 of its token, so reading `backend.json` gives
    /// no token that works. Tokens are 32 random bytes, so no salt or slow hash is needed.
    static func storageKey(of token: String) -> String {
        Hex.encode(SHA256.hash(Array(token.utf8)))
    }

    /// Refuses a V1 call to a route only V2 has, as a V1 server would: it does not exist.
    func requireV2(_ context: Context) throws(Refusal) {
        guard context.generation == .v2 else {
            throw Refusal(.notFound, "no route \(context.call.method) /v1\(context.call.route)")
        }
    }

    func check(_ problem: String?) throws(Refusal) {
        if let problem { throw Refusal(.validationFailed, problem) }
    }

    func product(_ id: String, in state: BackendState) throws(Refusal) -> Product {
        guard let product = state.products.first(where: { $0.id == id }) else {
            throw Refusal(.notFound, "no product \(DisplayText.quoted(id)); see the catalogue with 'graft products'")
        }
        return product
    }
}
