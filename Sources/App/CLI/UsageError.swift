/// A command line that cannot run: printed as `Error: …`, then the usage, then where to find
/// help, with exit code 64.
struct UsageError: Error, Equatable {
    let message: String
    /// The command whose usage to show; empty for `graft` itself.
    let path: [String]
    var suggestion: String?

    init(_ message: String, path: [String], suggestion: String? = nil) {
        self.message = message
        self.path = path
        self.suggestion = suggestion
    }
}
