/// Why a local JSON file could not be used. Every case names the file.
public enum LocalFileError: Error, Equatable, CustomStringConvertible {
    /// The file is not what it should be; it was moved aside to `keptAt` and nothing was lost.
    case corrupt(path: String, keptAt: String, reason: String)
    /// The file or its folder cannot be read.
    case inaccessible(path: String, reason: String)
    /// The file cannot be written (a full disk, a file size limit, a read-only folder); the file
    /// was left as it was.
    case unwritable(path: String, reason: String)
    /// Another process held the file's lock for longer than `seconds`; nothing was read or written.
    case busy(path: String, lockPath: String, seconds: Int)
    /// The file's lock file is not a regular file — a symbolic link, a folder, a named pipe — so
    /// it was not opened (a link is never followed) and nothing was read or written. `found` says
    /// what it is, such as "a symbolic link".
    case unsafeLock(path: String, lockPath: String, found: String)
    /// The file was replaced, but its folder could not be flushed to disk, so after a power loss
    /// the folder may still name the old file: the change is not safe yet.
    case notDurable(path: String, reason: String)

    /// The path of the file concerned.
    public var path: String {
        switch self {
        case .corrupt(let path, _, _), .inaccessible(let path, _), .unwritable(let path, _), .busy(let path, _, _),
            .unsafeLock(let path, _, _), .notDurable(let path, _):
            path
        }
    }

    /// Whether the failure was in writing, or waiting to write, rather than in what was read.
    public var isWriteFailure: Bool {
        switch self {
        case .corrupt, .inaccessible: false
        case .unwritable, .busy, .unsafeLock, .notDurable: true
        }
    }

    /// What failed, naming the file, and what to do.
    public var description: String {
        switch self {
        case .corrupt(let path, let keptAt, let reason):
            "\(path) is corrupt (\(reason)); it was kept as \(keptAt) and a fresh one will be started"
        case .inaccessible(let path, let reason):
            "cannot use \(path): \(reason)"
        case .unwritable(let path, let reason):
            "cannot write \(path): \(reason); the file was left as it was"
        case .busy(let path, let lockPath, let seconds):
            "gave up after \(seconds) s waiting for another graft process to release \(lockPath); nothing was changed in \(path). If no other graft is running, a stuck process holds it: end that process"
        case .unsafeLock(let path, let lockPath, let found):
            "the lock file \(lockPath) is \(found), not a regular file; graft does not follow it, and nothing was changed in \(path). Remove \(lockPath) and run again (graft creates a new one)"
        case .notDurable(let path, let reason):
            "wrote \(path), but its folder could not be flushed to disk (\(reason)): a power loss now may bring back the old contents; check the disk, then run the command again"
        }
    }
}
