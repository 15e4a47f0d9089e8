/// Where a binding was declared: the `#fileID` and `#line` of its `bind` call.
public struct DeclarationSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public let fileID: String
    /// The line of the `bind` call.
    public let line: Int

    /// A site, usually filled in by `#fileID` and `#line` default arguments.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// `ImplV2/ImplV2Module.swift:14`.
    public var description: String { "\(fileID):\(line)" }
}
