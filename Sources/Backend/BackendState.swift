import Protocols
import WireFormat

/// Everything the embedded backend knows, as one JSON document.
public struct BackendState: Codable, Sendable {
    struct Account: Codable, Sendable {
        let mobile: String
        var password: Credential
        var gesture: Credential?
        var payPassword: Credential?
        var card: BankCard?
        var failedPasswords = 0
        var lockedUntil: Int?
        var failedGestures = 0
        var gestureLocked = false

        var customer: Customer {
            Customer(
                mobile: mobile, hasGesturePassword: gesture != nil, hasBankCard: card != nil,
                hasPayPassword: payPassword != nil)
        }
    }

    struct SessionRecord: Codable, Sendable {
        let mobile: String
        let expiresAt: Int
    }

    struct SMSMessage: Codable, Sendable {
        let code: String
        let expiresAt: Int
        /// Wrong codes tried against this one; enough of them void it.
        var failedAttempts = 0
    }

    struct WishlistEntry: Codable, Sendable {
        let productID: String
        /// When it was added, as a sequence number: the order pages follow, and what wishlist cursors hold.
        let sequence: Int
    }

    struct StoredBatch: Codable, Sendable {
        let mobile: String
        let cart: Cart
        /// When it was applied; a retry comes within seconds, so a day later it is forgotten.
        let appliedAt: Int
    }

    var accounts: [String: Account] = [:]
    /// By the SHA-256 of the token, in hex: the file never holds a token that would work.
    var sessions: [String: SessionRecord] = [:]
    var smsInbox: [String: SMSMessage] = [:]
    /// Per mobile: product ID to quantity, in the order lines were first added.
    var carts: [String: [CartLine]] = [:]
    var wishlists: [String: [WishlistEntry]] = [:]
    /// Cart batches by idempotency key, so a retried batch is answered, not applied again.
    var batches: [String: StoredBatch] = [:]
    /// Nonces of signed requests, with the time they may be forgotten.
    var nonces: [String: Int] = [:]
    var sequence = 0
    let products: [Product]

    /// A new backend's state: no accounts yet, and the seeded catalogue.
    public init() {
        products = Catalogue.products
    }
}
