/// A command line or environment the server cannot run with.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
