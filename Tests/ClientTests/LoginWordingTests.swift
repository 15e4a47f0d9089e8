import Client
import Protocols
import Testing

@Suite("Login wording")
struct LoginWordingTests {
    private static let created = LoginResult.Step(rawValue: "gesturePasswordCreated")
    private static let bound = LoginResult.Step(rawValue: "cardBound")
    private static let card = BusinessOperation(rawValue: "bindCard")

    @Test("Merged wording words each generation's steps and operations; a later generation, by name, wins a clash")
    func merging() {
        let older = LoginWording(steps: [Self.created: "gesture password created"], needs: [Self.card: "a card"])
        let newer = LoginWording(steps: [Self.bound: "bank card bound"], needs: [Self.card: "a bank card"])
        let wording = LoginWording(merging: ["v2": newer, "v1": older])
        #expect(wording.describe(Self.created) == "gesture password created")
        #expect(wording.describe(Self.bound) == "bank card bound")
        #expect(wording.need(Self.card) == "a bank card")
        #expect(wording == LoginWording(merging: ["v1": older, "v2": newer]))
    }

    @Test("A step or operation no generation words reads as its name")
    func unworded() {
        let wording = LoginWording(merging: [:])
        #expect(wording.describe(Self.bound) == "cardBound")
        #expect(wording.need(BusinessOperation(rawValue: "confirmEmail")) == "confirmEmail")
    }
}
