// SHA-256 (FIPS 180-4), HMAC-SHA256 (RFC 2104) and PBKDF2-HMAC-SHA256 (RFC 8018), written once
// here because the package takes no dependencies. Checked against the published vectors in
// Tests/CryptographyTests/CryptographyTests.swift.

/// A SHA-256 hash in progress: feed it bytes with ``update(_:)``, then take the digest with
/// ``finalize()``.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))   // 32 bytes: ba7816bf…
/// ```
public struct SHA256: Sendable {
    /// The length of a digest in bytes.
    public static let digestByteCount = 32
    /// The length of a block in bytes.
    static let blockByteCount = 64

    /// The eight working words; ``HMACOfDigest`` starts its hashes from a copy of them.
    private(set) var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes not yet compressed: always fewer than a block.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    /// A new, empty hash.
    public init() {}

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
        if contiguous == nil { Array(bytes).withUnsafeBufferPointer { update(contiguous: $0) } }
    }

    private mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        byteCount &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(Self.blockByteCount - pending.count, bytes.count)
            pending += bytes[0..<taken]
            start = taken
            guard pending.count == Self.blockByteCount else { return }
            let block = pending
            block.withUnsafeBufferPointer { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - start >= Self.blockByteCount {
            compress(UnsafeBufferPointer(rebasing: bytes[start..<start + Self.blockByteCount]))
            start += Self.blockByteCount
        }
        pending += bytes[start...]
    }

    /// The digest of everything added so far.
    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = byteCount &* 8
        var tail = pending + [0x80]
        let padding = (Self.blockByteCount * 2 - 8 - tail.count) % Self.blockByteCount
        tail += [UInt8](repeating: 0, count: padding)
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { tail in
            for start in stride(from: 0, to: tail.count, by: Self.blockByteCount) {
                copy.compress(UnsafeBufferPointer(rebasing: tail[start..<start + Self.blockByteCount]))
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in copy.state {
            digest += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Mixes one 64-byte block into the state.
    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            state.withUnsafeMutableBufferPointer { state in Self.compress(bytes, into: state, schedule: schedule) }
        }
    }

    /// Mixes one 64-byte block into the eight words of `state`, using `schedule` (64 words) as
    /// scratch space: allocates nothing.
    static func compress(
        _ bytes: UnsafeBufferPointer<UInt8>, into state: UnsafeMutableBufferPointer<UInt32>,
        schedule w: UnsafeMutableBufferPointer<UInt32>
    ) {
        for t in 0..<16 {
            w[t] =
                UInt32(bytes[4 * t]) << 24 | UInt32(bytes[4 * t + 1]) << 16
                | UInt32(bytes[4 * t + 2]) << 8 | UInt32(bytes[4 * t + 3])
        }
        for t in 16..<64 {
            let s0 = w[t - 15].rotatedRight(by: 7) ^ w[t - 15].rotatedRight(by: 18) ^ (w[t - 15] >> 3)
            let s1 = w[t - 2].rotatedRight(by: 17) ^ w[t - 2].rotatedRight(by: 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        Self.roundConstants.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let s1 = e.rotatedRight(by: 6) ^ e.rotatedRight(by: 11) ^ e.rotatedRight(by: 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                let s0 = a.rotatedRight(by: 2) ^ a.rotatedRight(by: 13) ^ a.rotatedRight(by: 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }
}

/// HMAC-SHA256 message authentication (RFC 2104).
///
/// ```swift
/// let tag = HMAC(key: secret).authenticationCode(for: Array("GET /v2/cart".utf8))
/// ```
public struct HMAC: Sendable {
    /// The inner and outer hashes with the padded key already fed in, so each message costs
    /// only its own blocks (PBKDF2 relies on this, through ``HMACOfDigest``).
    let inner: SHA256
    let outer: SHA256

    /// An authenticator for `key`; a key longer than a block is hashed first, as the RFC says.
    public init(key: [UInt8]) {
        var block = key.count > SHA256.blockByteCount ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockByteCount - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// The 32-byte authentication code of `message`.
    public func authenticationCode(for message: some Sequence<UInt8>) -> [UInt8] {
        var inner = inner
        inner.update(message)
        var outer = outer
        outer.update(inner.finalize())
        return outer.finalize()
    }
}

/// PBKDF2 with HMAC-SHA256 (RFC 8018): stretches a password into a key, so stored password
/// hashes are slow to guess.
public enum PBKDF2 {
    /// The key derived from `password` and `salt` with `iterations` rounds.
    /// - Precondition: `iterations` and `keyByteCount` are positive.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyByteCount: Int) -> [UInt8] {
        precondition(iterations > 0 && keyByteCount > 0, "PBKDF2 needs at least one iteration and one byte of key")
        let authenticator = HMAC(key: password)
        // Every round after the first authenticates the previous round's digest: in place, with
        // no allocation, however many rounds there are.
        var rounds = HMACOfDigest(authenticator)
        var key: [UInt8] = []
        var blockIndex: UInt32 = 1
        while key.count < keyByteCount {
            let indexBytes = [
                UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
                UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
            ]
            var u = authenticator.authenticationCode(for: salt + indexBytes)
            var block = u
            u.withUnsafeMutableBufferPointer { u in
                block.withUnsafeMutableBufferPointer { block in
                    for _ in 1..<iterations {
                        rounds.authenticate(u)
                        for index in 0..<SHA256.digestByteCount { block[index] ^= u[index] }
                    }
                }
            }
            key += block
            blockIndex += 1
        }
        return Array(key.prefix(keyByteCount))
    }
}

/// Compares two byte strings in time that depends only on their lengths, so a signature check
/// does not tell an attacker how many leading bytes were right.
public func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
}

extension UInt32 {
    fileprivate func rotatedRight(by count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
