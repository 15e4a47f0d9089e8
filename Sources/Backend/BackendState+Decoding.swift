import Protocols
import WireFormat

/// Decoding `backend.json` refuses numbers that the backend's arithmetic could overflow, so a
/// hand-edited file is reported as corrupt (and kept aside) instead of trapping later.
extension BackendState {
    /// The largest counter the file may hold: 2⁵³, the largest whole number JSON keeps exactly.
    static let counters = 0...(1 << 53)

    enum CodingKeys: String, CodingKey {
        case accounts, sessions, smsInbox, carts, wishlists, batches, nonces, sequence, products
    }

    /// Decodes the state; a number the backend computes with must be within its range.
    /// - Throws: `DecodingError` naming the field: missing, mistyped, or out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accounts = try container.decode([String: Account].self, forKey: .accounts)
        sessions = try container.decode([String: SessionRecord].self, forKey: .sessions)
        smsInbox = try container.decode([String: SMSMessage].self, forKey: .smsInbox)
        carts = try container.decode([String: [CartLine]].self, forKey: .carts)
        wishlists = try container.decode([String: [WishlistEntry]].self, forKey: .wishlists)
        batches = try container.decode([String: StoredBatch].self, forKey: .batches)
        nonces = try container.decode([String: Int].self, forKey: .nonces)
        sequence = try container.decode(Int.self, forKey: .sequence, in: Self.counters)
        products = try container.decode([Product].self, forKey: .products)
    }
}

extension BackendState.SMSMessage {
    enum CodingKeys: String, CodingKey {
        case code, expiresAt, failedAttempts
    }

    /// `failedAttempts` came later: a file without it counts none.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        expiresAt = try container.decode(Int.self, forKey: .expiresAt)
        failedAttempts =
            try container.decodeIfPresent(Int.self, forKey: .failedAttempts, in: BackendState.counters) ?? 0
    }
}

extension BackendState.Account {
    enum CodingKeys: String, CodingKey {
        case mobile, password, gesture, payPassword, card, failedPasswords, lockedUntil, failedGestures, gestureLocked
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mobile = try container.decode(String.self, forKey: .mobile)
        password = try container.decode(Credential.self, forKey: .password)
        gesture = try container.decodeIfPresent(Credential.self, forKey: .gesture)
        payPassword = try container.decodeIfPresent(Credential.self, forKey: .payPassword)
        card = try container.decodeIfPresent(BankCard.self, forKey: .card)
        failedPasswords = try container.decode(Int.self, forKey: .failedPasswords, in: BackendState.counters)
        lockedUntil = try container.decodeIfPresent(Int.self, forKey: .lockedUntil, in: BackendState.counters)
        failedGestures = try container.decode(Int.self, forKey: .failedGestures, in: BackendState.counters)
        gestureLocked = try container.decode(Bool.self, forKey: .gestureLocked)
    }
}
