import Foundation
import Testing

/// The README, for tests that keep its examples true.
enum Readme {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    static func text() throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The lines an example in a list item shows after `  $ command`, up to the end of its code
    /// block, without the item's two-space indent.
    static func example(after command: String) throws -> [String] {
        let text = try text()
        let start = try #require(text.range(of: "  $ \(command)\n"), "README has no example of \(command)")
        let end = try #require(text[start.upperBound...].range(of: "  ```"))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map { String($0.dropFirst(2)) }
    }
}
