import Backend
import Foundation
import Protocols
import Testing
import WireFormat

@Suite("Backend: accounts and sessions")
struct AccountTests {
    @Test("Register through the SMS inbox, then log in, in both generations", arguments: Generation.allCases)
    func registerAndLogin(generation: Generation) async throws {
        let harness = try Harness()
        let token = try await harness.account(generation: generation)
        #expect(token.count == 64)
        #expect(try await harness.server.latestSMSCode(for: "13800000001") == nil)
    }

    @Test("A wrong or expired SMS code, a taken mobile and bad input are refused")
    func registrationRefusals() async throws {
        let harness = try Harness()
        _ = try await harness.api.send(.v1, "POST", "/sms", body: SMSRequest(mobile: "13800000001"), as: Empty.self)
        let wrong = try await harness.api.send(
            .v1, "POST", "/register",
            body: RegisterRequest(mobile: "13800000001", password: "long enough", smsCode: "000000"),
            as: Customer.self)
        #expect(wrong.code == .validationFailed)
        harness.clock.advance(by: 301)
        let code = try await harness.server.latestSMSCode(for: "13800000001")
        #expect(code == nil)
        let badMobile = try await harness.api.send(
            .v1, "POST", "/sms", body: SMSRequest(mobile: "12ab"), as: Empty.self)
        #expect(badMobile.code == .validationFailed)
        #expect(badMobile.message == "mobile '12ab' must be 7 to 15 digits, optionally after '+'")
        try await harness.account("13800000002")
        _ = try await harness.api.send(.v2, "POST", "/sms", body: SMSRequest(mobile: "13800000002"), as: Empty.self)
        let code2 = try #require(try await harness.server.latestSMSCode(for: "13800000002"))
        let taken = try await harness.api.send(
            .v2, "POST", "/register",
            body: RegisterRequest(mobile: "13800000002", password: "long enough", smsCode: code2),
            as: Customer.self)
        #expect(taken.message == "13800000002 is already registered; log in instead")
    }

    @Test("Wrong passwords count down, then lock the account; the lock lifts with time")
    func lockout() async throws {
        let harness = try Harness()
        try await harness.account()
        var messages: [String] = []
        for _ in 0..<5 {
            let answer = try await harness.api.send(
                .v2, "POST", "/login", body: LoginRequest(mobile: "13800000001", password: "wrong password"),
                as: LoginAnswer.self)
            messages.append("\(answer.code): \(answer.message)")
        }
        #expect(
            messages == [
                "wrong password: wrong password; 4 attempts left",
                "wrong password: wrong password; 3 attempts left",
                "wrong password: wrong password; 2 attempts left",
                "wrong password: wrong password; 1 attempt left",
                "account locked: the account is locked after 5 wrong passwords; try again in 15 min",
            ])
        let stillLocked = try await harness.api.send(
            .v2, "POST", "/login", body: LoginRequest(mobile: "13800000001", password: "correct horse"),
            as: LoginAnswer.self)
        #expect(stillLocked.code == .accountLocked)
        harness.clock.advance(by: 901)
        _ = try await harness.login()
    }

    @Test("An unknown mobile is told to register")
    func unknownMobile() async throws {
        let answer = try await Harness().api.send(
            .v1, "POST", "/login", body: LoginRequest(mobile: "13900000000", password: "whatever1"),
            as: LoginAnswer.self)
        #expect(answer.code == .notFound)
        #expect(answer.message == "no account for 13900000000; register first")
    }

    @Test("A session expires, and then every request says login expired")
    func sessionExpiry() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        let before = try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self)
        #expect(before.code == .success)
        harness.clock.advance(by: 3_601)
        let after = try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self)
        #expect(after.code == .loginExpired)
        #expect(after.message == "your session expired; log in again")
        let again = try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self)
        #expect(again.message == "your session has ended; log in again")
        let none = try await harness.api.send(.v1, "GET", "/cart", as: CartLinesAnswer.self)
        #expect(none.code == .loginExpired)
    }

    @Test("Logout ends the session")
    func logout() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        #expect(try await harness.api.send(.v1, "POST", "/logout", token: token, as: Empty.self).code == .success)
        #expect(
            try await harness.api.send(.v1, "GET", "/cart", token: token, as: CartLinesAnswer.self).code
                == .loginExpired)
    }

    @Test("Five wrong gesture passwords lock gesture unlock until the next password login")
    func gestureLockout() async throws {
        let harness = try Harness()
        var token = try await harness.account()
        #expect(
            try await harness.api.send(
                .v2, "POST", "/gesture", body: GestureRequest(gesture: "1235"), token: token, as: Customer.self
            )
            .payload?.hasGesturePassword == true)
        for _ in 0..<4 {
            let wrong = try await harness.api.send(
                .v2, "POST", "/gesture/verify", body: GestureRequest(gesture: "9876"), token: token, as: Empty.self)
            #expect(wrong.code == .wrongPassword)
        }
        let locked = try await harness.api.send(
            .v2, "POST", "/gesture/verify", body: GestureRequest(gesture: "9876"), token: token, as: Empty.self)
        #expect(locked.code == .accountLocked)
        let evenRight = try await harness.api.send(
            .v2, "POST", "/gesture/verify", body: GestureRequest(gesture: "1235"), token: token, as: Empty.self)
        #expect(evenRight.code == .accountLocked)
        token = try await harness.login()
        #expect(
            try await harness.api.send(
                .v2, "POST", "/gesture/verify", body: GestureRequest(gesture: "1235"), token: token, as: Empty.self
            )
            .code == .success)
    }

    @Test("V2-only routes do not exist in V1")
    func v2Only() async throws {
        let harness = try Harness()
        let token = try await harness.account(generation: .v1)
        let answer = try await harness.api.send(
            .v1, "POST", "/cards", body: BankCard(number: "4242424242424242", holder: "A"),
            token: token, as: Customer.self)
        #expect(answer.code == .notFound)
        #expect(answer.message == "no route POST /v1/cards")
    }

    @Test("Cards and PINs are checked; a bound card keeps only its last four digits")
    func cardAndPIN() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        let mistyped = try await harness.api.send(
            .v2, "POST", "/cards", body: BankCard(number: "4242424242424241", holder: "Ada"),
            token: token, as: Customer.self)
        #expect(mistyped.message == "the card number •••• 4241 is mistyped (its check digit is wrong)")
        let bound = try await harness.api.send(
            .v2, "POST", "/cards", body: BankCard(number: "4242 4242 4242 4242", holder: "Ada"),
            token: token, as: Customer.self)
        #expect(bound.payload?.hasBankCard == true)
        #expect(bound.message == "card •••• 4242 bound")
        let pin = try await harness.api.send(
            .v2, "POST", "/pay-password", body: PayPasswordRequest(pin: "12a456"), token: token, as: Customer.self)
        #expect(pin.message == "the payment PIN must be 6 digits")
    }

    @Test("A malformed request body is refused, naming the field")
    func malformedBody() async throws {
        let harness = try Harness()
        struct Wrong: Codable, Sendable { let mobile: Int }
        let answer = try await harness.api.send(.v1, "POST", "/sms", body: Wrong(mobile: 5), as: Empty.self)
        #expect(answer.code == .validationFailed)
        #expect(answer.message == "request mobile: expected a string")
        let unknown = try await harness.api.send(.v1, "DELETE", "/cart", as: Empty.self)
        #expect(unknown.message == "no route DELETE /v1/cart")
    }
}

@Suite("Embedded backend: payment methods")
struct PaymentMethodsTests {
    @Test("V2 tells the bound card's last four digits and whether a PIN is set; V1 has no such route")
    func paymentMethods() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        let none = try await harness.api.send(.v2, "GET", "/payment", token: token, as: PaymentMethods.self)
        #expect(none.payload == PaymentMethods(cardEnding: nil, hasPayPassword: false))
        _ = try await harness.api.send(
            .v2, "POST", "/cards", body: BankCard(number: "4242 4242 4242 4242", holder: "Ada"),
            token: token, as: Customer.self)
        _ = try await harness.api.send(
            .v2, "POST", "/pay-password", body: PayPasswordRequest(pin: "135790"), token: token,
            as: Customer.self)
        let both = try await harness.api.send(.v2, "GET", "/payment", token: token, as: PaymentMethods.self)
        #expect(both.payload == PaymentMethods(cardEnding: "4242", hasPayPassword: true))
        let v1 = try await harness.api.send(.v1, "GET", "/payment", token: token, as: PaymentMethods.self)
        #expect(v1.code == .notFound)
        #expect(v1.message == "no route GET /v1/payment")
        let anonymous = try await harness.api.send(.v2, "GET", "/payment", as: PaymentMethods.self)
        #expect(anonymous.code == .loginExpired)
    }
}
