import Container
import WireFormat

/// The name of V2's wire pieces in the graph: its ``WireFormat/GenerationWire``, its signed
/// transport and its ``Protocols/ServiceClient`` are bound under `v2`, so V2 services sign their
/// requests and V1 services, in the same graph, do not.
public enum V2Wire: BindingName {
    /// `v2`.
    public static let name = "v2"
}

extension GenerationWire {
    /// V2's wire: `/v2` routes, answers in the V2 envelope, every request signed. Besides V1's
    /// routes it binds a card, sets a payment PIN, tells the payment methods and applies cart
    /// batches; its cart answers the server's totals, and its wishlist pages by cursor.
    public static let v2 = GenerationWire(
        generation: V2Wire.name, envelope: .v2, signsRequests: true,
        routes: [
            "POST /sms": .sendSMSCode,
            "POST /register": .register,
            "POST /login": .login,
            "POST /logout": .logout,
            "POST /gesture": .createGesture,
            "POST /gesture/reset": .resetGesture,
            "POST /gesture/verify": .verifyGesture,
            "POST /gesture/update": .updateGesture,
            "POST /cards": .bindCard,
            "POST /pay-password": .setPayPassword,
            "GET /payment": .paymentMethods,
            "GET /products": .products,
            "GET /cart": .cartTotalled,
            "POST /cart/add": .addToCartTotalled,
            "POST /cart/remove": .removeFromCartTotalled,
            "POST /cart/clear": .clearCartTotalled,
            "POST /cart/batch": .applyCartBatch,
            "GET /wishlist": .wishlistCursor,
            "POST /wishlist/add": .addToWishlist,
            "POST /wishlist/remove": .removeFromWishlist,
            "GET /wishlist/has": .wishlistContains,
        ])
}
