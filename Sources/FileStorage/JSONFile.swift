import Foundation
import Protocols
#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// A JSON document in a file that several processes may change at once.
///
/// Every change is read-modify-write under an exclusive lock on a companion `.lock` file, so
/// parallel processes lose no update; every write is atomic and durable (a temporary file, fsync,
/// rename, fsync of the folder), so a crash leaves the old or the new document, never half of
/// one, and a power loss cannot undo a write that was reported done; and a file that does not
/// decode is moved aside and reported, never overwritten. A folder it creates is private (0700),
/// a file found with wider permissions than `mode` is narrowed when it is read, and temporary
/// files left by processes that died mid-write are removed.
public struct JSONFile<Document: Codable & Sendable>: Sendable {
    /// The file's path.
    public let path: String
    /// The permissions of the file when written, such as `0o600` for secrets.
    public let mode: mode_t
    /// How long to wait for another process's lock.
    public let lockWait: LockWait

    /// The document at `path`, written with `mode`, waiting for another process's lock as `lockWait` says.
    public init(path: String, mode: mode_t = 0o644, lockWait: LockWait = LockWait()) {
        self.path = path
        self.mode = mode
        self.lockWait = lockWait
    }

    /// The document, or `empty` when the file does not exist yet.
    /// - Throws: ``LocalFileError``; a corrupt file is moved aside first.
    public func read(empty: @autoclosure () -> Document) throws(LocalFileError) -> Document {
        try locked { () throws(LocalFileError) in try load() ?? empty() }
    }

    /// Reads the document (or `empty`), lets `change` modify it, and writes it back if it
    /// changed, all while holding the lock.
    /// - Throws: ``LocalFileError``, or rethrows what `change` throws as is.
    public func update<Result>(
        empty: @autoclosure () -> Document,
        _ change: (inout Document) throws -> Result
    ) throws -> Result {
        try lockedAny {
            var document = try load() ?? empty()
            let before = try encode(document)
            let result = try change(&document)
            let after = try encode(document)
            if after != before { try write(after) }
            return result
        }
    }

    // MARK: Locking

    private var lockPath: String { path + ".lock" }

    private func locked<R>(_ body: () throws(LocalFileError) -> R) throws(LocalFileError) -> R {
        do {
            return try lockedAny { try body() }
        } catch let error as LocalFileError {
            throw error
        } catch {
            throw .inaccessible(path: path, reason: "\(error)")
        }
    }

    private func lockedAny<R>(_ body: () throws -> R) throws -> R {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw LocalFileError.unwritable(path: path, reason: "cannot create the folder \(folder)")
            }
            // The umask may have narrowed it further; local state is private, so exactly 0700.
            chmod(folder, 0o700)
        }
        let descriptor = try openLock()
        defer { close(descriptor) }
        try acquire(descriptor)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Opens the lock file, creating it if need be, without following a link: a lock file that
    /// is a symbolic link (to a file outside the home, say) would otherwise be followed and its
    /// target created or locked. Anything but a regular file is refused. `O_NONBLOCK` so that
    /// opening a named pipe or a device cannot hang; `flock` is unaffected by it.
    private func openLock() throws(LocalFileError) -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let error = errno
            switch error {
            case ELOOP: throw .unsafeLock(path: path, lockPath: lockPath, found: "a symbolic link")
            case EISDIR: throw .unsafeLock(path: path, lockPath: lockPath, found: "a folder")
            case ENXIO: throw .unsafeLock(path: path, lockPath: lockPath, found: "a socket")
            default:
                throw .unwritable(
                    path: path, reason: "cannot open the lock file \(lockPath): \(String(cString: strerror(error)))")
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw .unwritable(
                path: path, reason: "cannot examine the lock file \(lockPath): \(String(cString: strerror(error)))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            let found =
                switch kind {
                case S_IFDIR: "a folder"
                case S_IFIFO: "a named pipe"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "of an unknown kind"
                }
            throw .unsafeLock(path: path, lockPath: lockPath, found: found)
        }
        return descriptor
    }

    /// Takes the lock, polling so the wait can be told about and bounded: a process that holds
    /// it forever must not make every other one wait forever in silence.
    private func acquire(_ descriptor: Int32) throws(LocalFileError) {
        let clock = ContinuousClock()
        let started = clock.now
        var noticed = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .unwritable(path: path, reason: "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
            let waited = clock.now - started
            if waited >= lockWait.limit {
                throw .busy(path: path, lockPath: lockPath, seconds: Int(lockWait.limit.components.seconds))
            }
            if !noticed && waited >= lockWait.noticeAfter {
                noticed = true
                lockWait.notice(
                    "waiting for another graft process to release \(lockPath) (giving up after \(lockWait.limit.components.seconds) s)"
                )
            }
            usleep(20_000)
        }
    }

    // MARK: Reading and writing

    /// The document in the file, `nil` when there is none; a corrupt file is moved aside.
    private func load() throws(LocalFileError) -> Document? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        narrowPermissions()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .inaccessible(path: path, reason: "cannot read it (check its permissions)")
        }
        do {
            return try JSONDecoder().decode(Document.self, from: data)
        } catch {
            var reason = "\(error)"
            if let decoding = error as? DecodingError,
                case .undecodableBody(let field, let why) = TransportError(decoding, decoding: data)
            {
                reason = field == "body" ? why : "\(field): \(why)"
            }
            let keptAt = path + ".corrupt-\(Int(Date().timeIntervalSince1970))-\(getpid())"
            guard rename(path, keptAt) == 0 else {
                throw .inaccessible(
                    path: path, reason: "it is corrupt and cannot be moved aside: \(String(cString: strerror(errno)))")
            }
            throw .corrupt(path: path, keptAt: keptAt, reason: reason)
        }
    }

    private func encode(_ document: Document) throws(LocalFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            return try encoder.encode(document)
        } catch {
            throw .unwritable(path: path, reason: "cannot encode its contents: \(error)")
        }
    }

    /// A file readable by more people than `mode` allows (a secret at 0644) is put back to
    /// `mode` as soon as it is read, not at the next write.
    private func narrowPermissions() {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o777 & ~mode != 0 else { return }
        chmod(path, mode)
    }

    /// Writes `data` to a temporary file beside the document, flushes it to disk, and renames
    /// it over the document. Called under the lock, so any other temporary file of this document
    /// belongs to a process that died mid-write: it is removed first.
    private func write(_ data: Data) throws(LocalFileError) {
        removeStaleTemporaries()
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw .unwritable(path: path, reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        // chmod, because open's mode is narrowed by the umask.
        if failure == nil, chmod(temporary, mode) != 0 { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: String(cString: strerror(failure)))
        }
        try syncFolder()
    }

    /// Flushes the folder, so the rename itself is on disk: until then a power loss may bring
    /// back the old file, although the write was reported done. A file system that cannot sync a
    /// folder says EINVAL; there is nothing more to do on it.
    private func syncFolder() throws(LocalFileError) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .notDurable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw .notDurable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private func removeStaleTemporaries() {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(folder.isEmpty ? name : folder + "/" + name)
        }
    }
}
