import Foundation
import ImplV1
import ImplV2
import Protocols
import Testing
import WireFormat

/// Numbers from a server that would overflow the client's arithmetic are refused when the answer
/// is read, naming the member; the V1 client's own totalling is checked too.
@Suite("Range checks on answers")
struct RangeCheckTests {
    private func failure<P: Decodable & Sendable>(_ text: String, _ format: EnvelopeFormat, as type: P.Type)
        -> TransportError?
    {
        do {
            _ = try format.decode(Data(text.utf8), as: P.self)
            return nil
        } catch {
            return error
        }
    }

    @Test("A product priced at -2^63 is refused, naming the member")
    func minimumPrice() {
        let text =
            #"{"code":200,"msg":"success","data":{"items":[{"id":"p1","name":"Apple","price":-9223372036854775808}],"page":1,"pageCount":1}}"#
        #expect(
            failure(text, .v2, as: ProductPage.self)
                == .undecodableBody(
                    field: "data.items[0].price", reason: "must be from 0 to 100000000, not -9223372036854775808"))
    }

    @Test(
        "A card ending that is not four digits is refused, naming the member",
        arguments: [
            #""12345""#, #""12a4""#, #""\u001b[2J""#, #""""#, "1234",
        ])
    func cardEnding(_ value: String) {
        let text = #"{"code":200,"msg":"success","data":{"cardEnding":"# + value + #","hasPayPassword":true}}"#
        guard case .undecodableBody(let field, _) = failure(text, .v2, as: PaymentMethods.self) else {
            Issue.record("\(value) was accepted")
            return
        }
        #expect(field == "data.cardEnding")
    }

    @Test("A discount over 100 percent, a quantity of 100 and a negative total are each refused")
    func otherRanges() {
        let product =
            #"{"code":200,"msg":"success","data":{"items":[{"id":"p1","name":"A","price":1,"percentOff":101}],"page":1,"pageCount":1}}"#
        #expect(
            failure(product, .v2, as: ProductPage.self)
                == .undecodableBody(field: "data.items[0].percentOff", reason: "must be from 0 to 100, not 101"))
        let line =
            #"{"status":"000000","desc":"ok","data":{"lines":[{"productID":"p1","name":"A","unitPrice":1,"quantity":100}]}}"#
        #expect(
            failure(line, .v1, as: CartLinesAnswer.self)
                == .undecodableBody(field: "data.lines[0].quantity", reason: "must be from 1 to 99, not 100"))
        let cart = #"{"code":200,"msg":"success","data":{"lines":[],"subtotal":0,"discount":0,"total":-1}}"#
        #expect(
            failure(cart, .v2, as: Cart.self)
                == .undecodableBody(field: "data.total", reason: "must be from 0 to \(1 << 53), not -1"))
    }

    @Test("V1 totals that would overflow are refused, not trapped")
    func totallingOverflow() throws {
        let line = CartLine(productID: "p1", name: "A", unitPrice: Int.max / 2, quantity: 2)
        #expect(
            throws: TransportError.undecodableBody(
                field: "data.lines", reason: "they add up to more than \(1 << 53) cents")
        ) {
            _ = try Cart(totalling: [line, line])
        }
        #expect(try Cart(totalling: [CartLine(productID: "p1", name: "A", unitPrice: 250, quantity: 3)]).total == 750)
    }
}
