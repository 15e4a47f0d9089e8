/// HMAC-SHA256 of a 32-byte message, computed over the message in place with no allocation:
/// the rounds of PBKDF2, which authenticate each round's digest in the next.
///
/// Invariant relied on: an ``HMAC``'s inner and outer hashes have each taken exactly one block
/// (the padded key) and hold no pending byte, so a 32-byte message with its padding is one more
/// block, whose last 32 bytes are the same for every message: `0x80`, zeros, and the length of
/// the 96 bytes hashed (768 bits). The inner digest is again 32 bytes, so the outer hash is
/// padded the same way. `HMACOfDigestTests` compares it with ``HMAC/authenticationCode(for:)``.
struct HMACOfDigest {
    private let innerState: [UInt32]
    private let outerState: [UInt32]
    /// The block hashed: the message in its first 32 bytes, the padding in the rest.
    private var block = [UInt8](repeating: 0, count: SHA256.blockByteCount)
    private var state = [UInt32](repeating: 0, count: 8)
    private var schedule = [UInt32](repeating: 0, count: 64)

    init(_ authenticator: HMAC) {
        innerState = authenticator.inner.state
        outerState = authenticator.outer.state
        let bitLength = (SHA256.blockByteCount + SHA256.digestByteCount) * 8
        block[SHA256.digestByteCount] = 0x80
        block[SHA256.blockByteCount - 2] = UInt8(bitLength >> 8)
        block[SHA256.blockByteCount - 1] = UInt8(truncatingIfNeeded: bitLength)
    }

    /// Replaces the 32 bytes of `digest` with their authentication code.
    mutating func authenticate(_ digest: UnsafeMutableBufferPointer<UInt8>) {
        precondition(digest.count == SHA256.digestByteCount, "HMACOfDigest authenticates 32 bytes")
        hash(digest, from: innerState)
        hash(digest, from: outerState)
    }

    /// Hashes the 32 bytes of `digest` on from `start`, and writes the digest over them.
    private mutating func hash(_ digest: UnsafeMutableBufferPointer<UInt8>, from start: [UInt32]) {
        for index in 0..<SHA256.digestByteCount { block[index] = digest[index] }
        for index in 0..<8 { state[index] = start[index] }
        block.withUnsafeBufferPointer { block in
            state.withUnsafeMutableBufferPointer { state in
                schedule.withUnsafeMutableBufferPointer { schedule in
                    SHA256.compress(block, into: state, schedule: schedule)
                }
            }
        }
        for (index, word) in state.enumerated() {
            digest[4 * index] = UInt8(word >> 24)
            digest[4 * index + 1] = UInt8(truncatingIfNeeded: word >> 16)
            digest[4 * index + 2] = UInt8(truncatingIfNeeded: word >> 8)
            digest[4 * index + 3] = UInt8(truncatingIfNeeded: word)
        }
    }
}
