import Foundation
import Testing
import TestSupport

/// The two READMEs the app's tests keep true: the repository's, whose first screen and synopsis
/// show `graft`, and the command line's reference, `Sources/App/README.md`.
enum Readme {
    static func text() throws -> String {
        try repositoryText("README.md")
    }

    /// The command line's reference: its examples, limits and exit codes.
    static func commandLine() throws -> String {
        try repositoryText("Sources/App/README.md")
    }

    /// The lines an example in a list item of the command line's reference shows after
    /// `  $ command`, up to the end of its code block, without the item's two-space indent.
    static func example(after command: String) throws -> [String] {
        let text = try commandLine()
        let start = try #require(text.range(of: "  $ \(command)\n"), "no example of \(command)")
        let end = try #require(text[start.upperBound...].range(of: "  ```"))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map { String($0.dropFirst(2)) }
    }
}
