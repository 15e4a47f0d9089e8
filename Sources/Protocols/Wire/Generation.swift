/// A generation of the wire protocol and of the classes that speak it.
///
/// | | V1 (legacy) | V2 (current) |
/// |---|---|---|
/// | routes | `/v1/...` | `/v2/...` |
/// | envelope | `{"status":"000000","desc":...,"data":...}` | `{"code":200,"msg":"success","data":...}` |
/// | signing | none | every request signed (``RequestSigner``) |
public enum Generation: String, CaseIterable, Sendable {
    case v1
    case v2

    /// The path prefix of this generation's routes: `/v1` or `/v2`.
    public var routePrefix: String { "/\(rawValue)" }

    /// Whether requests of this generation carry a signature.
    public var signsRequests: Bool { self == .v2 }
}
