/// The embedded backend's inbox held no SMS code for `mobile` after one was asked for.
public struct MissingSMSCode: Error, CustomStringConvertible {
    /// The mobile that got no code.
    public let mobile: String

    /// What went wrong.
    public var description: String { "the embedded backend's inbox has no SMS code for \(mobile)" }
}
