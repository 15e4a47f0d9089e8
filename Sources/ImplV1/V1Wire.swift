import Container
import WireFormat

/// The name of V1's wire pieces in the graph: its ``WireFormat/GenerationWire`` and its
/// ``Protocols/ServiceClient`` are bound as `… named "v1"`, so V1 services speak V1 whatever
/// generation the others speak.
public enum V1Wire: BindingName {
    /// `v1`.
    public static let name = "v1"
}

extension GenerationWire {
    /// V1's wire: `/v1` routes, answers in the V1 envelope, requests unsigned. It has no card,
    /// PIN or batch routes; its cart answers lines that the client totals, and its wishlist
    /// pages by number.
    public static let v1 = GenerationWire(
        generation: V1Wire.name, envelope: .v1, signsRequests: false,
        routes: [
            "POST /sms": .sendSMSCode,
            "POST /register": .register,
            "POST /login": .login,
            "POST /logout": .logout,
            "POST /gesture": .createGesture,
            "POST /gesture/reset": .resetGesture,
            "POST /gesture/verify": .verifyGesture,
            "POST /gesture/update": .updateGesture,
            "GET /products": .products,
            "GET /cart": .cartLines,
            "POST /cart/add": .addToCartLines,
            "POST /cart/remove": .removeFromCartLines,
            "POST /cart/clear": .clearCartLines,
            "GET /wishlist": .wishlistPages,
            "POST /wishlist/add": .addToWishlist,
            "POST /wishlist/remove": .removeFromWishlist,
            "GET /wishlist/has": .wishlistContains,
        ])
}
