import Foundation

/// The process's standard error, for `print(_:to:)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}
