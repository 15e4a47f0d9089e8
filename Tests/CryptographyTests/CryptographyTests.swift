import Cryptography
import Testing

/// The published test vectors: FIPS 180-4's SHA-256 examples, RFC 4231's HMAC-SHA256 test
/// cases 1–7, and the PBKDF2-HMAC-SHA256 vectors of RFC 7914 §11.
@Suite("Cryptography")
struct CryptographyTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(
        "SHA-256 of the FIPS 180-4 examples",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func sha256(message: String, digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test("SHA-256 of a million 'a's, fed in uneven pieces")
    func sha256MillionA() {
        var hasher = SHA256()
        var fed = 0
        var piece = 1
        while fed < 1_000_000 {
            let count = min(piece, 1_000_000 - fed)
            hasher.update(repeatElement(UInt8(ascii: "a"), count: count))
            fed += count
            piece = piece % 97 + 13
        }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Every message length across the padding boundary gives the same digest fed whole or byte by byte")
    func paddingBoundaries() {
        for length in 50...130 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            var byByte = SHA256()
            for byte in message { byByte.update([byte]) }
            #expect(byByte.finalize() == SHA256.hash(message), "length \(length)")
        }
    }

    @Test(
        "HMAC-SHA256 of RFC 4231 test cases 1–7",
        arguments: [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                Array(1...25), [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                [UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
                "a3b6167473100ee06e0c796c2955552b"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array(
                    "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                        .utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ] as [([UInt8], [UInt8], String)])
    func hmac(key: [UInt8], message: [UInt8], expected: String) {
        let code = hex(HMAC(key: key).authenticationCode(for: message))
        // Test case 5 publishes only the first 128 bits.
        #expect(code.hasPrefix(expected))
        #expect(code.count == 64)
    }

    @Test(
        "PBKDF2-HMAC-SHA256 of RFC 7914 §11",
        arguments: [
            (
                "passwd", "salt", 1,
                "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
            ),
            (
                "Password", "NaCl", 80_000,
                "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"
            ),
        ])
    func pbkdf2(password: String, salt: String, iterations: Int, expected: String) {
        let key = PBKDF2.sha256(
            password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, keyByteCount: 64)
        #expect(hex(key) == expected)
    }

    @Test("A shorter derived key is a prefix of a longer one")
    func pbkdf2Prefix() {
        let long = PBKDF2.sha256(password: Array("pw".utf8), salt: [1, 2, 3], iterations: 3, keyByteCount: 40)
        let short = PBKDF2.sha256(password: Array("pw".utf8), salt: [1, 2, 3], iterations: 3, keyByteCount: 7)
        #expect(Array(long.prefix(7)) == short)
    }

    @Test("Constant-time comparison")
    func constantTime() {
        #expect(constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(constantTimeEquals([], []))
    }
}
