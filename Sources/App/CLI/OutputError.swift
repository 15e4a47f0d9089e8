/// Standard output or standard error could not be written: a full disk, a closed pipe.
struct OutputError: Error, Sendable {
    /// What the system said, such as "No space left on device".
    let reason: String
}
