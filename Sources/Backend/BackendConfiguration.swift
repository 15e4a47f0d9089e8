/// The embedded backend's settings.
public struct BackendConfiguration: Sendable {
    /// The secret the clients of a generation whose wire signs requests sign them with (V2's).
    public var clientSecret: [UInt8]
    /// PBKDF2 rounds for passwords, gesture passwords and PINs.
    public var hashIterations: Int
    /// How long a session token is valid, in seconds.
    public var sessionLifetime: Int
    /// How long an SMS code is valid, in seconds.
    public var smsCodeLifetime: Int
    /// How far a signed request's timestamp may be from the server's clock, in seconds.
    public var signatureWindow: Int
    /// Wrong passwords in a row that lock an account.
    public var passwordAttempts: Int
    /// How long a locked account stays locked, in seconds.
    public var lockDuration: Int
    /// Wrong gesture passwords in a row that lock gesture unlock until the next password login.
    public var gestureAttempts: Int
    /// Wrong SMS codes that void the code sent; a new one must be requested.
    public var smsAttempts: Int

    /// The embedded backend's settings; each default is what the backend uses unless told otherwise.
    public init(
        clientSecret: [UInt8] = BackendConfiguration.defaultClientSecret, hashIterations: Int = 20_000,
        sessionLifetime: Int = 3_600, smsCodeLifetime: Int = 300, signatureWindow: Int = 300,
        passwordAttempts: Int = 5, lockDuration: Int = 900, gestureAttempts: Int = 5, smsAttempts: Int = 5
    ) {
        self.clientSecret = clientSecret
        self.hashIterations = hashIterations
        self.sessionLifetime = sessionLifetime
        self.smsCodeLifetime = smsCodeLifetime
        self.signatureWindow = signatureWindow
        self.passwordAttempts = passwordAttempts
        self.lockDuration = lockDuration
        self.gestureAttempts = gestureAttempts
        self.smsAttempts = smsAttempts
    }

    /// The secret the embedded backend and the `graft` CLI share.
    public static let defaultClientSecret = Array("graft-embedded-client-secret".utf8)
}
