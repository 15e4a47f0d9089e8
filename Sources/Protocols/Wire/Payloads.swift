// The bodies of requests and answers, shared by the clients and the backend: the wire contract
// beyond the envelope. Routes are relative to the generation's prefix (`/v1`, `/v2`).

/// `POST /sms`: send a registration code.
public struct SMSRequest: Codable, Sendable { public let mobile: String
    public init(mobile: String) { self.mobile = mobile } }

/// `POST /register`.
public struct RegisterRequest: Codable, Sendable {
    public let mobile: String
    public let password: String
    public let smsCode: String
    public init(mobile: String, password: String, smsCode: String) {
        self.mobile = mobile
        self.password = password
        self.smsCode = smsCode
    }
}

/// `POST /login`.
public struct LoginRequest: Codable, Sendable {
    public let mobile: String
    public let password: String
    public init(mobile: String, password: String) {
        self.mobile = mobile
        self.password = password
    }
}

/// The answer to `POST /login`.
public struct LoginAnswer: Codable, Sendable, Equatable {
    public let token: String
    public let expiresAt: Int
    public let customer: Customer
    public init(token: String, expiresAt: Int, customer: Customer) {
        self.token = token
        self.expiresAt = expiresAt
        self.customer = customer
    }
}

/// `POST /gesture` (create), `POST /gesture/reset` (after forgetting), `POST /gesture/verify`.
public struct GestureRequest: Codable, Sendable {
    public let gesture: String
    public init(gesture: String) { self.gesture = gesture }
}

/// `POST /gesture/update`.
public struct GestureUpdateRequest: Codable, Sendable {
    public let old: String
    public let new: String
    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}

/// `POST /pay-password` (V2).
public struct PayPasswordRequest: Codable, Sendable {
    public let pin: String
    public init(pin: String) { self.pin = pin }
}

/// `POST /cart/add` (V1).
public struct CartAddRequest: Codable, Sendable {
    public let productID: String
    public let quantity: Int
    public init(productID: String, quantity: Int) {
        self.productID = productID
        self.quantity = quantity
    }
}

/// `POST /cart/remove` (V1), `POST /wishlist/add`, `POST /wishlist/remove`.
public struct ProductRequest: Codable, Sendable {
    public let productID: String
    public init(productID: String) { self.productID = productID }
}

/// The V1 cart: lines only; the client totals them.
public struct CartLinesAnswer: Codable, Sendable, Equatable {
    public let lines: [CartLine]
    public init(lines: [CartLine]) { self.lines = lines }
}

/// `POST /cart/batch` (V2): changes applied together, once per idempotency key.
public struct CartBatchRequest: Codable, Sendable {
    public let idempotencyKey: String
    public let operations: [CartOperation]
    public init(idempotencyKey: String, operations: [CartOperation]) {
        self.idempotencyKey = idempotencyKey
        self.operations = operations
    }
}

/// One change in a V2 cart batch.
public struct CartOperation: Codable, Sendable, Equatable {
    public enum Action: String, Codable, Sendable { case add, remove, clear }
    public let action: Action
    public let productID: String?
    public let quantity: Int?
    public init(action: Action, productID: String? = nil, quantity: Int? = nil) {
        self.action = action
        self.productID = productID
        self.quantity = quantity
    }
}

/// A V1 wishlist page.
public struct WishlistPageAnswer: Codable, Sendable, Equatable {
    public let items: [Product]
    public let page: Int
    public let hasMore: Bool
    public init(items: [Product], page: Int, hasMore: Bool) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
    }
}

/// A V2 wishlist page.
public struct WishlistCursorAnswer: Codable, Sendable, Equatable {
    public let items: [Product]
    public let nextCursor: String?
    public init(items: [Product], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// `GET /wishlist/has`.
public struct ContainsAnswer: Codable, Sendable, Equatable {
    public let contains: Bool
    public init(contains: Bool) { self.contains = contains }
}
