import Foundation

/// The text of a file of this repository, such as `README.md`: the app's tests read the documents
/// they keep true through this.
public func repositoryText(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}
