import Container
import ImplV2
import WireFormat

/// The name of V3's wire pieces in the graph: its ``WireFormat/GenerationWire`` and its
/// ``Protocols/ServiceClient`` are bound as `… named "v3"`.
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

extension GenerationWire {
    /// V3's wire: V2's routes, unsigned, answered in V3's envelope. (Its e-mail route is the
    /// test's own, ``V3EmailRoute``.)
    static let v3 = GenerationWire(
        generation: V3Wire.name, envelope: .v3, signsRequests: false, routes: GenerationWire.v2.routes)
}
