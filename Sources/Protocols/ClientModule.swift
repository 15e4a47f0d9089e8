import Container

/// The client side every generation needs: the API client, the login-status center, the
/// request signer and the wall clock. The transport and the stores come from other modules.
public struct ClientModule: Module {
    private let secret: [UInt8]

    /// A client that signs V2 requests with `secret`.
    public init(secret: [UInt8]) {
        self.secret = secret
    }

    public func configure(_ binder: Binder) {
        binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        binder.bind(LoginStatusCenter.self) { LoginStatusCenter() }.scope(.singleton)
        binder.bind(RequestSigner.self, toInstance: RequestSigner(secret: secret))
        binder.bind(WallClock.self, to: SystemWallClock.init).liveOnly()
    }
}
