import Cryptography
import Protocols
import WireFormat

/// A secret kept only as a salted PBKDF2-SHA256 hash.
struct Credential: Codable, Sendable, Equatable {
    let salt: String
    let hash: String
    let iterations: Int

    init(secret: String, iterations: Int) {
        let salt = Hex.randomBytes(16)
        self.salt = Hex.encode(salt)
        self.iterations = iterations
        hash = Hex.encode(
            PBKDF2.sha256(password: Array(secret.utf8), salt: salt, iterations: iterations, keyByteCount: 32))
    }

    /// The rounds a stored credential may ask for: at least one (PBKDF2 needs it), and few enough
    /// that checking a password cannot hang.
    static let rounds = 1...10_000_000

    enum CodingKeys: String, CodingKey {
        case salt, hash, iterations
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        salt = try container.decode(String.self, forKey: .salt)
        hash = try container.decode(String.self, forKey: .hash)
        iterations = try container.decode(Int.self, forKey: .iterations, in: Self.rounds)
    }

    /// Whether `secret` is the one this credential was made from, compared in constant time.
    func matches(_ secret: String) -> Bool {
        guard let salt = Hex.decode(salt), let expected = Hex.decode(hash), !expected.isEmpty else { return false }
        let derived = PBKDF2.sha256(
            password: Array(secret.utf8), salt: salt, iterations: iterations, keyByteCount: expected.count)
        return constantTimeEquals(derived, expected)
    }
}

extension Hex {
    /// `count` random bytes, from the system's generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes as hex: session tokens.
    static func random(_ count: Int) -> String {
        encode(randomBytes(count))
    }
}
