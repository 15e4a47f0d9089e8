import Cryptography
import Protocols
import TextRules
import WireFormat

extension EmbeddedServer {
    typealias Route = @Sendable (EmbeddedServer, Context, inout BackendState) throws(Refusal) -> [UInt8]

    /// What the server does for each endpoint; a generation's wire routes its paths to them.
    static let endpoints: [Endpoint: Route] = [
        .sendSMSCode: { server, context, state throws(Refusal) in try server.sendSMSCode(context, &state) },
        .register: { server, context, state throws(Refusal) in try server.register(context, &state) },
        .login: { server, context, state throws(Refusal) in try server.login(context, &state) },
        .logout: { server, context, state throws(Refusal) in try server.logout(context, &state) },
        .createGesture: { server, context, state throws(Refusal) in try server.createGesture(context, &state) },
        .resetGesture: { server, context, state throws(Refusal) in try server.resetGesture(context, &state) },
        .verifyGesture: { server, context, state throws(Refusal) in try server.verifyGesture(context, &state) },
        .updateGesture: { server, context, state throws(Refusal) in try server.updateGesture(context, &state) },
        .bindCard: { server, context, state throws(Refusal) in try server.bindCard(context, &state) },
        .setPayPassword: { server, context, state throws(Refusal) in try server.setPayPassword(context, &state) },
        .paymentMethods: { server, context, state throws(Refusal) in try server.paymentMethods(context, &state) },
        .products: { server, context, state throws(Refusal) in try server.products(context, &state) },
        .cartLines: { server, context, state throws(Refusal) in
            try server.lines(server.authenticate(context, &state), context, state)
        },
        .addToCartLines: { server, context, state throws(Refusal) in
            try server.lines(server.addToCart(context, &state), context, state)
        },
        .removeFromCartLines: { server, context, state throws(Refusal) in
            try server.lines(server.removeFromCart(context, &state), context, state)
        },
        .clearCartLines: { server, context, state throws(Refusal) in
            try server.lines(server.clearCart(context, &state), context, state)
        },
        .cartTotalled: { server, context, state throws(Refusal) in
            try server.totalled(server.authenticate(context, &state), context, state)
        },
        .addToCartTotalled: { server, context, state throws(Refusal) in
            try server.totalled(server.addToCart(context, &state), context, state)
        },
        .removeFromCartTotalled: { server, context, state throws(Refusal) in
            try server.totalled(server.removeFromCart(context, &state), context, state)
        },
        .clearCartTotalled: { server, context, state throws(Refusal) in
            try server.totalled(server.clearCart(context, &state), context, state)
        },
        .applyCartBatch: { server, context, state throws(Refusal) in try server.applyBatch(context, &state) },
        .wishlistPages: { server, context, state throws(Refusal) in try server.wishlistPage(context, &state) },
        .wishlistCursor: { server, context, state throws(Refusal) in try server.wishlistAfterCursor(context, &state) },
        .addToWishlist: { server, context, state throws(Refusal) in try server.addToWishlist(context, &state) },
        .removeFromWishlist: { server, context, state throws(Refusal) in
            try server.removeFromWishlist(context, &state)
        },
        .wishlistContains: { server, context, state throws(Refusal) in try server.wishlistContains(context, &state) },
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
