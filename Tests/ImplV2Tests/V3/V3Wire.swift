import Container
import WireFormat

/// The name of V3's wire pieces in the graph: its ``Protocols/ServiceClient`` is bound as
/// `ServiceClient named "v3"`.
enum V3Wire: BindingName {
    static let name = "v3"
}

extension EnvelopeFormat {
    /// V3's envelope: `{"result":"OK","detail":…,"data":…}`, codes as words.
    static let v3 = EnvelopeFormat(
        codeMember: "result", messageMember: "detail", codesAreNumbers: false,
        wireValues: [
            .success: "OK", .wrongPassword: "WRONG_PASSWORD", .loginExpired: "LOGIN_EXPIRED", .accountLocked: "LOCKED",
            .validationFailed: "INVALID", .notFound: "NOT_FOUND", .serverError: "SERVER_ERROR",
        ])
}
