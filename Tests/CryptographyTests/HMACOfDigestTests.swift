@testable import Cryptography
import Testing

/// PBKDF2's in-place round against the general HMAC it replaces.
@Suite("HMAC of a digest, in place")
struct HMACOfDigestTests {
    @Test(
        "It equals HMAC-SHA256 of the same 32 bytes, for keys shorter than, equal to and longer than a block",
        arguments: [0, 1, 32, 64, 65, 200])
    func matchesHMAC(keyLength: Int) {
        let key = (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let authenticator = HMAC(key: key)
        var rounds = HMACOfDigest(authenticator)
        var digest = SHA256.hash(Array("a message".utf8))
        for _ in 0..<3 {
            let expected = authenticator.authenticationCode(for: digest)
            digest.withUnsafeMutableBufferPointer { rounds.authenticate($0) }
            #expect(digest == expected)
        }
    }
}
