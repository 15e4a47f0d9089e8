import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// The home folder under faults: an empty or non-UTF-8 name, a loose umask, a secret file left
/// readable, a held lock, a file size limit, and temporary files of dead processes.
@Suite("Local state under faults")
struct LocalStateFaultTests {
    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test("GRAFT_HOME='' is refused: it would be the filesystem's root")
    func emptyHomeVariable() async throws {
        let graft = try GraftProcess()
        let result = try await graft.shell(#"GRAFT_HOME= exec "$GRAFT" status"#)
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix("Error: GRAFT_HOME is empty; give the folder for graft's state, such as ~/.graft\n"))
    }

    @Test("GRAFT_LOCK_WAIT takes whole seconds from 1 to 600")
    func lockWaitVariable() async throws {
        let result = try await GraftProcess().run(["status"], environment: ["GRAFT_LOCK_WAIT": "0"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: GRAFT_LOCK_WAIT '0' must be a whole number of seconds from 1 to 600\n"))
    }

    @Test("A --home with a byte that is not UTF-8 is refused, not replaced by another folder")
    func nonUTF8Home() async throws {
        let graft = try GraftProcess()
        let result = try await graft.shell(#"exec "$GRAFT" --home "$(printf "$HOME_DIR/a\377b")" status"#)
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                "Error: --home '\(graft.home)/a\u{FFFD}b' has a byte that is not UTF-8; rename the folder or choose another\n"
            ))
        #expect(try graft.files(startingWith: "a").isEmpty)
    }

    @Test("A home created under umask 000 is 0700")
    func privateHome() async throws {
        let graft = try GraftProcess()
        let result = try await graft.shell(#"umask 000; exec "$GRAFT" --home "$HOME_DIR/new" products"#)
        #expect(result.status == 0, "\(result.error)")
        #expect(try mode(graft.home + "/new") == 0o700)
        #expect(try mode(graft.home + "/new/backend.json.lock") == 0o600)
    }

    @Test("A session.json found at 0644 is put back to 0600 when it is read")
    func looseSession() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        chmod(graft.sessionPath, 0o644)
        #expect(try await graft.run("status").status == 0)
        #expect(try mode(graft.sessionPath) == 0o600)
    }

    @Test("A lock held by a stuck process: graft says what it waits for, then gives up with exit 74")
    func stuckLock() async throws {
        let graft = try GraftProcess()
        let lockPath = graft.backendPath + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let result = try await graft.run(["products"], environment: ["GRAFT_LOCK_WAIT": "3"])
        #expect(result.status == 74)
        #expect(
            result.error == """
                graft: waiting for another graft process to release \(lockPath) (giving up after 3 s)
                Error: gave up after 3 s waiting for another graft process to release \(lockPath); nothing was changed in \(graft.backendPath). \
                If no other graft is running, a stuck process holds it: end that process

                """)
    }

    @Test("A file size limit: exit 74 naming the file, which is left as it was")
    func fileSizeLimit() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let before = try Data(contentsOf: URL(fileURLWithPath: graft.backendPath))
        let result = try await graft.shell(
            #"ulimit -f 1; exec "$GRAFT" --home "$HOME_DIR" cart add p1"#, environment: ["GRAFT_IMPL": "v1"])
        #expect(result.status == 74)
        #expect(
            result.error == "Error: cannot write \(graft.backendPath): File too large; the file was left as it was\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: graft.backendPath)) == before)
        #expect(try graft.files(startingWith: "backend.json.tmp-").isEmpty)
        #expect(try await graft.run("cart", "list").output.contains("The cart is empty."))
    }

    @Test("Temporary files of processes that died mid-write are removed at the next write")
    func staleTemporaries() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        for pid in [999_999, 1] {
            #expect(
                FileManager.default.createFile(atPath: graft.backendPath + ".tmp-\(pid)", contents: Data("{half".utf8)))
        }
        #expect(try await graft.run("cart", "add", "p1").status == 0)
        #expect(try graft.files(startingWith: "backend.json.tmp-").isEmpty)
    }

    @Test("A backend.json.lock that is a symbolic link out of the home: refused with exit 74, its target not created")
    func symlinkedLock() async throws {
        let graft = try GraftProcess()
        let outside = try GraftProcess().home + "/planted"
        let lockPath = graft.backendPath + ".lock"
        #expect(symlink(outside, lockPath) == 0)
        let result = try await graft.run("products")
        #expect(result.status == 74)
        #expect(
            result.error == """
                Error: the lock file \(lockPath) is a symbolic link, not a regular file; graft does not follow it, and nothing was \
                changed in \(graft.backendPath). Remove \(lockPath) and run again (graft creates a new one)

                """)
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: lockPath) == outside)
        #expect(try graft.files(startingWith: "backend.json") == ["backend.json.lock"])
    }

    @Test(
        "Every write is flushed, then renamed, then its folder flushed: a power loss cannot undo it",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace"))
    func durableWrites() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let log = graft.home + "/../" + (graft.home as NSString).lastPathComponent + ".strace"
        defer { unlink(log) }
        let result = try await graft.shell(
            #"exec strace -f -o "$LOG" -e trace=openat,rename,renameat,renameat2,fsync "$GRAFT" --home "$HOME_DIR" cart add p1"#,
            environment: ["LOG": log])
        #expect(result.status == 0, "\(result.error)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            // "1234  fsync(7)      = 0": the call, without the process id and strace's padding.
            String($0.drop { $0 != " " }.drop { $0 == " " }).replacingOccurrences(
                of: " +", with: " ", options: .regularExpression)
        }
        let rename = try #require(
            calls.firstIndex { $0.hasPrefix("rename") && $0.contains(#""\#(graft.backendPath)") = 0"#) },
            "no rename of backend.json in \(calls)")
        let after = calls[rename...]
        let folder = try #require(
            after.first { $0.hasPrefix(#"openat(AT_FDCWD, "\#(graft.home)", "#) && $0.contains("O_DIRECTORY") },
            "the folder is not opened after the rename: \(after)")
        let descriptor = try #require(folder.split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
        #expect(after.contains("fsync(\(descriptor)) = 0"), "the folder is not flushed after the rename: \(after)")
    }
}
