/// Why a local JSON file could not be used. Every case names the file.
public enum LocalFileError: Error, Equatable, CustomStringConvertible {
    /// The file is not what it should be; it was moved aside to `keptAt` and nothing was lost.
    case corrupt(path: String, keptAt: String, reason: String)
    /// The file or its folder cannot be read or written.
    case inaccessible(path: String, reason: String)

    /// The path of the file concerned.
    public var path: String {
        switch self {
        case .corrupt(let path, _, _), .inaccessible(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .corrupt(let path, let keptAt, let reason):
            "\(path) is corrupt (\(reason)); it was kept as \(keptAt) and a fresh one will be started"
        case .inaccessible(let path, let reason):
            "cannot use \(path): \(reason)"
        }
    }
}
