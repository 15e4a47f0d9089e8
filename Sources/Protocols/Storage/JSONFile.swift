import Foundation
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
/// parallel processes lose no update; every write is atomic (a temporary file, fsync, rename),
/// so a crash leaves the old or the new document, never half of one; and a file that does not
/// decode is moved aside and reported, never overwritten.
public struct JSONFile<Document: Codable & Sendable>: Sendable {
    public let path: String
    /// The permissions of the file when written, such as `0o600` for secrets.
    public let mode: mode_t

    public init(path: String, mode: mode_t = 0o644) {
        self.path = path
        self.mode = mode
    }

    /// The document, or `empty` when the file does not exist yet.
    /// - Throws: ``LocalFileError``; a corrupt file is moved aside first.
    public func read(empty: @autoclosure () -> Document) throws(LocalFileError) -> Document {
        try locked { () throws(LocalFileError) in try load() ?? empty() }
    }

    /// Reads the document (or `empty`), lets `change` modify it, and writes it back if it
    /// changed, all while holding the lock.
    /// - Throws: ``LocalFileError``, or rethrows what `change` throws as is.
    public func update<Result>(empty: @autoclosure () -> Document,
                               _ change: (inout Document) throws -> Result) throws -> Result {
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
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw LocalFileError.inaccessible(path: path, reason: "cannot create the folder \(folder)")
            }
        }
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw LocalFileError.inaccessible(path: path, reason: "cannot open the lock file \(lockPath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw LocalFileError.inaccessible(path: path, reason: "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    // MARK: Reading and writing

    /// The document in the file, `nil` when there is none; a corrupt file is moved aside.
    private func load() throws(LocalFileError) -> Document? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .inaccessible(path: path, reason: "cannot read it (check its permissions)")
        }
        do {
            return try JSONDecoder().decode(Document.self, from: data)
        } catch {
            var reason = "\(error)"
            if let decoding = error as? DecodingError, case .undecodableBody(let field, let why) = TransportError(decoding) {
                reason = field == "body" ? why : "\(field): \(why)"
            }
            let keptAt = path + ".corrupt-\(Int(Date().timeIntervalSince1970))-\(getpid())"
            guard rename(path, keptAt) == 0 else {
                throw .inaccessible(path: path, reason: "it is corrupt and cannot be moved aside: \(String(cString: strerror(errno)))")
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
            throw .inaccessible(path: path, reason: "cannot encode its contents: \(error)")
        }
    }

    /// Writes `data` to a temporary file beside the document, flushes it to disk, and renames
    /// it over the document.
    private func write(_ data: Data) throws(LocalFileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard descriptor >= 0 else {
            throw .inaccessible(path: path, reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        // chmod, because open's mode is narrowed by the umask.
        guard written, synced, chmod(temporary, mode) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .inaccessible(path: path, reason: "cannot write it: \(reason)")
        }
    }
}
