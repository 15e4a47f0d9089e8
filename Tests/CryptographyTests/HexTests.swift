import Cryptography
import Testing

@Suite("Hex")
struct HexTests {
    @Test("Bytes round-trip through hex, and decoding accepts either case")
    func roundTrip() {
        let bytes: [UInt8] = [0, 1, 0x7f, 0x80, 0xab, 0xff]
        #expect(Hex.encode(bytes) == "00017f80abff")
        #expect(Hex.decode("00017f80abff") == bytes)
        #expect(Hex.decode("00017F80ABFF") == bytes)
        #expect(Hex.decode("") == [])
    }

    @Test("Text that is not hex decodes to nil", arguments: ["abc", "zz", "0g", " 0", "-1", "ü0"])
    func malformed(text: String) {
        #expect(Hex.decode(text) == nil)
    }
}
