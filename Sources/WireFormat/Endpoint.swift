/// What the embedded backend does for a route: a generation's ``GenerationWire`` maps each of
/// its routes to one. The backend implements each endpoint once; generations that behave alike
/// on a route name the same endpoint, and where they differ each names its own (V1's cart
/// answers its lines and the client totals them, V2's answers the server's totals).
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name, as errors quote it: `cartTotalled`.
    public let name: String

    /// The endpoint named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The endpoint's ``name``, as errors quote it.
    public var description: String { name }
}

extension Endpoint {
    /// Sends an SMS code to a mobile (``SMSRequest``).
    public static let sendSMSCode = Endpoint("sendSMSCode")
    /// Registers a customer with an SMS code (``RegisterRequest``).
    public static let register = Endpoint("register")
    /// Logs in (``LoginRequest``), answering a ``LoginAnswer``.
    public static let login = Endpoint("login")
    /// Ends every session of the customer.
    public static let logout = Endpoint("logout")
    /// Creates the gesture password (``GestureRequest``).
    public static let createGesture = Endpoint("createGesture")
    /// Replaces a forgotten gesture password (``GestureRequest``).
    public static let resetGesture = Endpoint("resetGesture")
    /// Checks a gesture password (``GestureRequest``), counting wrong ones.
    public static let verifyGesture = Endpoint("verifyGesture")
    /// Changes the gesture password (``GestureUpdateRequest``).
    public static let updateGesture = Endpoint("updateGesture")
    /// Binds a bank card (``BankCard``).
    public static let bindCard = Endpoint("bindCard")
    /// Sets the payment PIN (``PayPasswordRequest``).
    public static let setPayPassword = Endpoint("setPayPassword")
    /// The bound card's last four digits and whether a payment PIN is set (``PaymentMethods``).
    public static let paymentMethods = Endpoint("paymentMethods")
    /// A page of the catalogue, by number.
    public static let products = Endpoint("products")

    /// The cart's lines (``CartLinesAnswer``); the client totals them.
    public static let cartLines = Endpoint("cartLines")
    /// Adds to the cart (``CartAddRequest``), answering its lines.
    public static let addToCartLines = Endpoint("addToCartLines")
    /// Removes from the cart (``ProductRequest``), answering its lines.
    public static let removeFromCartLines = Endpoint("removeFromCartLines")
    /// Empties the cart, answering its lines.
    public static let clearCartLines = Endpoint("clearCartLines")
    /// The cart with the server's totals and promotions.
    public static let cartTotalled = Endpoint("cartTotalled")
    /// Adds to the cart (``CartAddRequest``), answering it totalled.
    public static let addToCartTotalled = Endpoint("addToCartTotalled")
    /// Removes from the cart (``ProductRequest``), answering it totalled.
    public static let removeFromCartTotalled = Endpoint("removeFromCartTotalled")
    /// Empties the cart, answering it totalled.
    public static let clearCartTotalled = Endpoint("clearCartTotalled")
    /// Applies a batch of changes once per idempotency key (``CartBatchRequest``), answering the
    /// cart totalled.
    public static let applyCartBatch = Endpoint("applyCartBatch")

    /// A page of the wishlist by number (``WishlistPageAnswer``): an item added between two
    /// pages may show twice.
    public static let wishlistPages = Endpoint("wishlistPages")
    /// A page of the wishlist after a cursor (``WishlistCursorAnswer``): no item shows twice.
    public static let wishlistCursor = Endpoint("wishlistCursor")
    /// Adds to the wishlist (``ProductRequest``).
    public static let addToWishlist = Endpoint("addToWishlist")
    /// Removes from the wishlist (``ProductRequest``).
    public static let removeFromWishlist = Endpoint("removeFromWishlist")
    /// Whether a product is in the wishlist (``ContainsAnswer``).
    public static let wishlistContains = Endpoint("wishlistContains")
}
