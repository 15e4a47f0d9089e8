import Foundation

/// The text of a file of this repository, such as `README.md`: the app's tests read the documents
/// they keep true through this.
public func repositoryText(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// The examples a compiled file holds for the documents to quote: the text between each
/// `// example:begin` line and the next `// example:end` line of the file at `path`, in order.
public func exampleTexts(inFile path: String) throws -> [String] {
    try repositoryText(path).components(separatedBy: "// example:begin\n").dropFirst()
        .map { $0.components(separatedBy: "// example:end\n")[0] }
}
