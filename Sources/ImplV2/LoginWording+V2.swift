import Client
import Protocols

extension LoginWording {
    /// V2's wording: the steps and operations of its bind-card and payment-PIN links.
    public static let v2 = LoginWording(
        steps: [.cardBound: "bank card bound", .payPasswordSet: "payment PIN set"],
        needs: [.bindCard: "a bank card", .setPayPassword: "a payment PIN"])
}
