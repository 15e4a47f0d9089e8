import Foundation
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport
import WireFormat

@Suite("Envelopes")
struct EnvelopeTests {
    private func body(_ text: String) -> Data { Data(text.utf8) }

    private func failure<P: Decodable & Sendable>(
        _ text: String, _ generation: EnvelopeFormat, as type: P.Type = Page.self
    ) -> TransportError? {
        do {
            _ = try generation.decode(body(text), as: P.self)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "Each generation reads its own envelope",
        arguments: [
            (EnvelopeFormat.v1, #"{"status":"000000","desc":"ok","data":{"items":[{"id":"p1","price":250}]}}"#),
            (EnvelopeFormat.v2, #"{"code":200,"msg":"success","data":{"items":[{"id":"p1","price":250}]}}"#),
        ])
    func decodesSuccess(generation: EnvelopeFormat, text: String) throws {
        let answer = try generation.decode(body(text), as: Page.self)
        #expect(answer.code == .success)
        #expect(answer.payload == Page(items: [Item(id: "p1", price: 250)]))
    }

    @Test("What is encoded decodes to the same answer, in both generations", arguments: [EnvelopeFormat.v1, .v2])
    func roundTrip(generation: EnvelopeFormat) throws {
        let sent = Envelope(code: .success, message: "ok", payload: Page(items: [Item(id: "a", price: 1)]))
        let received = try generation.decode(generation.encode(sent), as: Page.self)
        #expect(received.payload == sent.payload)
        #expect(received.message == "ok")
        let failure = Envelope<Page>(code: .accountLocked, message: "locked", payload: nil)
        let decoded = try generation.decode(generation.encode(failure), as: Page.self)
        #expect(decoded.code == .accountLocked)
        #expect(decoded.payload == nil)
    }

    @Test("The two envelopes look as the protocol says")
    func wireShape() {
        let answer = Envelope<Empty>(code: .wrongPassword, message: "wrong password", payload: nil)
        #expect(
            String(decoding: EnvelopeFormat.v1.encode(answer), as: UTF8.self)
                == #"{"data":null,"desc":"wrong password","status":"100001"}"#)
        #expect(
            String(decoding: EnvelopeFormat.v2.encode(answer), as: UTF8.self)
                == #"{"code":40101,"data":null,"msg":"wrong password"}"#)
    }

    @Test("Every business code has its own number in each generation and reads back")
    func codes() {
        for generation in [EnvelopeFormat.v1, .v2] {
            let values = BusinessCode.known.map { generation.wireValue(of: $0) }
            #expect(Set(values).count == values.count)
            for code in BusinessCode.known {
                #expect(generation.code(forWireValue: generation.wireValue(of: code)) == code)
            }
        }
        #expect(EnvelopeFormat.v1.code(forWireValue: "200") == .unknown("200"))
    }

    @Test("A failure's data is not read, so a malformed payload cannot hide the business answer")
    func failureIgnoresData() throws {
        let answer = try EnvelopeFormat.v2.decode(
            body(#"{"code":40301,"msg":"locked","data":{"nonsense":true}}"#), as: Page.self)
        #expect(answer.code == .accountLocked)
        #expect(answer.message == "locked")
    }

    @Test("An unknown code is kept as it was on the wire")
    func unknownCode() throws {
        let answer = try EnvelopeFormat.v1.decode(body(#"{"status":"123456","desc":"new rule"}"#), as: Page.self)
        #expect(answer.code == .unknown("123456"))
        #expect(answer.code.description == "unknown code 123456")
    }

    @Test(
        "Malformed bodies name what is wrong and where",
        arguments: [
            ("", EnvelopeFormat.v2, "body", "empty; expected a JSON object"),
            ("<html>502</html>", .v2, "body", "not JSON"),
            ("[1,2]", .v2, "body", "expected a JSON object"),
            (#"{"msg":"x","data":null}"#, .v2, "code", "missing"),
            (#"{"code":"200","msg":"x"}"#, .v2, "code", "expected a whole number"),
            (#"{"code":200}"#, .v2, "msg", "missing"),
            (#"{"code":200,"msg":"ok"}"#, .v2, "data", "missing"),
            (#"{"code":200,"msg":"ok","data":null}"#, .v2, "data", "null; expected an object"),
            (
                #"{"code":200,"msg":"ok","data":{"items":[{"id":"a","price":1},{"id":"b","price":"2"}]}}"#, .v2,
                "data.items[1].price", "expected a whole number"
            ),
            (#"{"code":200,"msg":"ok","data":{"items":[{"price":1}]}}"#, .v2, "data.items[0].id", "missing"),
            (#"{"status":0,"desc":"x"}"#, .v1, "status", "expected a string"),
            (#"{"status":"000000","desc":null,"data":{}}"#, .v1, "desc", "null; expected a string"),
            (#"{"code":200,"msg":"success","data":{"items":[]}}"#, .v1, "status", "missing"),
            (
                #"{"code":200,"msg":"ok","data":{"items":[{"id":"a","price":1e300}]}}"#, .v2, "data.items[0].price",
                "1e+300 is out of range for a whole number"
            ),
            (
                #"{"code":200,"msg":"ok","data":{"items":[{"id":"a","price":1.5}]}}"#, .v2, "data.items[0].price",
                "1.5 is not a whole number"
            ),
        ] as [(String, EnvelopeFormat, String, String)])
    func malformed(text: String, generation: EnvelopeFormat, field: String, reason: String) {
        #expect(failure(text, generation) == .undecodableBody(field: field, reason: reason))
    }

    @Test("Transport errors read as one line a person understands")
    func descriptions() {
        #expect(
            TransportError.undecodableBody(field: "data.items[1].price", reason: "expected a whole number").description
                == "cannot read the server's answer: data.items[1].price: expected a whole number")
        #expect(TransportError.timedOut.description == "the server did not answer in time")
        #expect(
            TransportError.cannotConnect("127.0.0.1:9").description == "cannot connect to the server at 127.0.0.1:9")
        #expect(
            TransportError.badServerResponse(status: 500, detail: "no body").description
                == "bad response from the server (HTTP 500): no body")
    }
}
