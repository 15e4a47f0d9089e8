import Foundation
import Protocols
import Testing
import WireFormat

/// The contract's ``Customer`` names no generation's set-up: V2's card and PIN are flags, read
/// through WireFormat's `hasBankCard` and `hasPayPassword`.
@Suite("Customer flags")
struct CustomerFlagsTests {
    private func customer(_ json: String) throws -> Customer {
        try JSONDecoder().decode(Customer.self, from: Data(json.utf8))
    }

    private func json(_ customer: Customer) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(customer), as: UTF8.self)
    }

    @Test("A V1 description has no flags: no card, no PIN")
    func v1() throws {
        let customer = try customer(#"{"mobile":"13800000001","hasGesturePassword":true}"#)
        #expect(customer == Customer(mobile: "13800000001", hasGesturePassword: true))
        #expect(customer.flags.isEmpty)
        #expect(!customer.hasBankCard && !customer.hasPayPassword)
    }

    @Test("V2's members are flags, read by name; members that are not yes or no are skipped")
    func v2() throws {
        let customer = try customer(
            #"{"mobile":"13800000001","hasGesturePassword":false,"hasBankCard":true,"hasPayPassword":false,"tier":"gold"}"#
        )
        #expect(customer.flags == ["hasBankCard": true, "hasPayPassword": false])
        #expect(customer.hasBankCard && !customer.hasPayPassword)
        #expect(
            customer
                == Customer(mobile: "13800000001", hasGesturePassword: false, hasBankCard: true, hasPayPassword: false))
    }

    @Test("A flag (a member named has…) that is not a yes or no is a malformed answer naming it, not false")
    func mistypedFlag() throws {
        let error = try #require(throws: DecodingError.self) {
            try customer(#"{"mobile":"13800000001","hasGesturePassword":false,"hasBankCard":"yes"}"#)
        }
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(type is Bool.Type)
        #expect(context.codingPath.map(\.stringValue) == ["hasBankCard"])
    }

    @Test("Encoding writes the flags as members, as the server sends them, and decodes back to the same customer")
    func roundTrip() throws {
        let customer = Customer(
            mobile: "13800000001", hasGesturePassword: true, hasBankCard: true, hasPayPassword: true)
        let text = try json(customer)
        #expect(text == #"{"hasBankCard":true,"hasGesturePassword":true,"hasPayPassword":true,"mobile":"13800000001"}"#)
        #expect(try self.customer(text) == customer)
    }

    @Test("A flag cannot stand in for the contract's own members")
    func reserved() {
        let customer = Customer(
            mobile: "13800000001", hasGesturePassword: false, flags: ["hasGesturePassword": true, "mobile": true])
        #expect(customer.flags.isEmpty && !customer.hasGesturePassword)
    }

    @Test("A description without the contract's members is refused, naming the member")
    func missing() {
        #expect(throws: DecodingError.self) { _ = try customer(#"{"mobile":"13800000001","hasBankCard":true}"#) }
    }
}
