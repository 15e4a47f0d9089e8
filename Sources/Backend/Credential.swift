import Protocols

/// A secret kept only as a salted PBKDF2-SHA256 hash.
struct Credential: Codable, Sendable, Equatable {
    let salt: String
    let hash: String
    let iterations: Int

    init(secret: String, iterations: Int) {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.salt = Hex.encode(salt)
        self.iterations = iterations
        hash = Hex.encode(PBKDF2.sha256(password: Array(secret.utf8), salt: salt, iterations: iterations, keyByteCount: 32))
    }

    /// Whether `secret` is the one this credential was made from, compared in constant time.
    func matches(_ secret: String) -> Bool {
        guard let salt = Hex.decode(salt), let expected = Hex.decode(hash) else { return false }
        let derived = PBKDF2.sha256(password: Array(secret.utf8), salt: salt, iterations: iterations, keyByteCount: expected.count)
        return constantTimeEquals(derived, expected)
    }
}

/// Hex text of bytes, for the backend's JSON file.
enum Hex {
    static func encode(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    static func decode(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// `count` random bytes as hex: tokens and nonces.
    static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
