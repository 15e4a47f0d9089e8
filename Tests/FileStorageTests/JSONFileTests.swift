import FileStorage
import Foundation
import Protocols
import Testing
import TestSupport

struct Ledger: Codable, Sendable, Equatable {
    var entries: [String] = []
}

@Suite("JSON files")
struct JSONFileTests {
    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "graft-jsonfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("A missing file reads as empty; an update writes it; a read gets it back")
    func roundTrip() throws {
        let file = JSONFile<Ledger>(path: try temporaryFolder() + "/nested/ledger.json")
        #expect(try file.read(empty: Ledger()) == Ledger())
        try file.update(empty: Ledger()) { $0.entries.append("one") }
        #expect(try file.read(empty: Ledger()).entries == ["one"])
    }

    @Test("The file gets the mode asked for, whatever the umask")
    func mode() throws {
        let path = try temporaryFolder() + "/session.json"
        try JSONFile<Ledger>(path: path, mode: 0o600).update(empty: Ledger()) { $0.entries = ["secret"] }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("Parallel updates lose nothing")
    func parallelUpdates() async throws {
        let path = try temporaryFolder() + "/ledger.json"
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                // Each worker on a thread of its own: waiting for the lock must not hold the
                // threads other tests' tasks need.
                group.addTask {
                    try await Blocking.run {
                        for entry in 0..<25 {
                            try JSONFile<Ledger>(path: path).update(empty: Ledger()) {
                                $0.entries.append("\(worker)-\(entry)")
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try JSONFile<Ledger>(path: path).read(empty: Ledger()).entries.count == 200)
    }

    @Test("A corrupt file is kept aside, reported with its path, and never overwritten")
    func corrupt() throws {
        let path = try temporaryFolder() + "/ledger.json"
        let garbage = Data(#"{"entries": [1, 2"#.utf8)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let file = JSONFile<Ledger>(path: path)
        let error = #expect(throws: LocalFileError.self) { try file.update(empty: Ledger()) { $0.entries.append("x") } }
        guard case .corrupt(let reported, let keptAt, _) = error else {
            Issue.record("expected a corrupt-file error, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(FileManager.default.contents(atPath: keptAt) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(error?.description.hasPrefix("\(path) is corrupt (") == true)
        #expect(try file.read(empty: Ledger()) == Ledger())
    }

    @Test("A document of the wrong shape is corrupt too, naming the member")
    func wrongShape() throws {
        let path = try temporaryFolder() + "/ledger.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(#"{"entries": "none"}"#.utf8))
        let error = #expect(throws: LocalFileError.self) { _ = try JSONFile<Ledger>(path: path).read(empty: Ledger()) }
        guard case .corrupt(_, _, let reason) = error else {
            Issue.record("expected corrupt")
            return
        }
        #expect(reason == "entries: expected a list")
    }

    @Test("A path that cannot be written is reported as a write failure, naming it")
    func inaccessible() throws {
        let folder = try temporaryFolder()
        let blocker = folder + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let path = blocker + "/ledger.json"
        let error = #expect(throws: LocalFileError.self) {
            try JSONFile<Ledger>(path: path).update(empty: Ledger()) { $0.entries.append("x") }
        }
        #expect(error == .unwritable(path: path, reason: "cannot open the lock file \(path).lock: Not a directory"))
        #expect(
            error?.description
                == "cannot write \(path): cannot open the lock file \(path).lock: Not a directory; the file was left as it was"
        )
    }

    @Test("An error thrown by the change leaves the file as it was")
    func failedChange() throws {
        struct Refused: Error {}
        let file = JSONFile<Ledger>(path: try temporaryFolder() + "/ledger.json")
        try file.update(empty: Ledger()) { $0.entries = ["kept"] }
        #expect(throws: Refused.self) {
            try file.update(empty: Ledger()) {
                $0.entries = []
                throw Refused()
            }
        }
        #expect(try file.read(empty: Ledger()).entries == ["kept"])
    }

    @Test("A lock file that is a symbolic link is refused, not followed: its target is not created")
    func symlinkedLock() throws {
        let folder = try temporaryFolder()
        let outside = try temporaryFolder() + "/created-by-graft"
        let path = folder + "/ledger.json"
        #expect(symlink(outside, path + ".lock") == 0)
        let error = #expect(throws: LocalFileError.self) {
            try JSONFile<Ledger>(path: path).update(empty: Ledger()) { $0.entries.append("x") }
        }
        #expect(error == .unsafeLock(path: path, lockPath: path + ".lock", found: "a symbolic link"))
        #expect(
            error?.description
                == "the lock file \(path).lock is a symbolic link, not a regular file; graft does not follow it, "
                + "and nothing was changed in \(path). Remove \(path).lock and run again (graft creates a new one)")
        #expect(error?.isWriteFailure == true)
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: LocalFileError.unsafeLock(path: path, lockPath: path + ".lock", found: "a symbolic link")) {
            _ = try JSONFile<Ledger>(path: path).read(empty: Ledger())
        }
    }

    @Test(
        "A lock file that is a named pipe or a folder is refused, saying what it is",
        arguments: ["a named pipe", "a folder"])
    func irregularLock(found: String) throws {
        let path = try temporaryFolder() + "/ledger.json"
        if found == "a folder" {
            try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(path + ".lock", 0o600) == 0)
        }
        #expect(throws: LocalFileError.unsafeLock(path: path, lockPath: path + ".lock", found: found)) {
            try JSONFile<Ledger>(path: path).update(empty: Ledger()) { $0.entries.append("x") }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "A number out of range is JSON all the same: the reason names the member and says out of range, not 'not JSON'")
    func numberOutOfRange() throws {
        struct Stamp: Codable, Sendable { var expiresAt: Int }
        let path = try temporaryFolder() + "/stamp.json"
        for (text, reason) in [
            (#"{"expiresAt": 1e300}"#, "expiresAt: 1e+300 is out of range for a whole number"),
            (
                #"{"expiresAt": 99999999999999999999}"#,
                "expiresAt: 99999999999999999999 is out of range for a whole number"
            ),
            (#"{"expiresAt": 2.5}"#, "expiresAt: 2.5 is not a whole number"),
            (#"{"expiresAt": 1"#, "not JSON"),
        ] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            let error = #expect(throws: LocalFileError.self) {
                _ = try JSONFile<Stamp>(path: path).read(empty: Stamp(expiresAt: 0))
            }
            guard case .corrupt(_, _, let found) = error else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                continue
            }
            #expect(found == reason)
        }
    }

    @Test("A write whose folder could not be flushed says the change is not safe yet, and what to do")
    func notDurable() {
        let error = LocalFileError.notDurable(path: "/home/ada/.graft/session.json", reason: "Input/output error")
        #expect(
            error.description
                == "wrote /home/ada/.graft/session.json, but its folder could not be flushed to disk (Input/output error): "
                + "a power loss now may bring back the old contents; check the disk, then run the command again")
        #expect(error.isWriteFailure)
    }
}
