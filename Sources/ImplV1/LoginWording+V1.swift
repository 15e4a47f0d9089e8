import Client
import Protocols

extension LoginWording {
    /// V1's wording: the login, and the gesture-password steps and operations of its link, which
    /// later generations keep.
    public static let v1 = LoginWording(
        steps: [
            .loggedIn: "logged in",
            .gesturePasswordReset: "gesture password reset",
            .gesturePasswordCreated: "gesture password created",
            .gesturePasswordKept: "gesture password kept from the server",
        ],
        needs: [.forgetGesturePassword: "a new gesture password", .createGesturePassword: "a gesture password"])
}
