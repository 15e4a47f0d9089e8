/// A step of the login chain that did not finish and waits for the next login.
public enum BusinessOperation: String, Codable, Sendable, Equatable, CaseIterable {
    /// The customer asked to forget the gesture password; the next login sets a new one.
    case forgetGesturePassword
    /// The server holds no gesture password; one must be created.
    case createGesturePassword
    /// (V2) No bank card is bound.
    case bindCard
    /// (V2) No payment PIN is set.
    case setPayPassword
}
