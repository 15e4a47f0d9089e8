import WireFormat

/// A generation of the routes the embedded backend serves: it answers both, each in its own
/// envelope, and checks signatures on the V2 routes. (The clients choose their generation by
/// binding; the backend, which serves every generation, tells them apart by route.)
enum Generation: String, CaseIterable, Sendable {
    case v1
    case v2

    /// The path prefix of this generation's routes: `/v1` or `/v2`.
    var routePrefix: String { "/\(rawValue)" }

    /// Whether requests of this generation must carry a valid signature.
    var signsRequests: Bool { self == .v2 }

    /// How this generation's answers are wrapped.
    var envelope: EnvelopeFormat {
        switch self {
        case .v1: .v1
        case .v2: .v2
        }
    }
}
