import FileStorage
import Protocols

/// Per-mobile records in `customers.json`: what waits for the next login, and whether this
/// device keeps the gesture password.
struct FileCustomerRecordStore: CustomerRecordStore {
    private let file: JSONFile<[String: CustomerRecord]>

    init(path: String, lockWait: LockWait = LockWait()) {
        file = JSONFile(path: path, lockWait: lockWait)
    }

    func record(for mobile: String) throws(ServiceError) -> CustomerRecord {
        do { return try file.read(empty: [:])[mobile] ?? CustomerRecord() } catch { throw .localState(error) }
    }

    func update(_ mobile: String, _ change: @Sendable (inout CustomerRecord) -> Void) throws(ServiceError) {
        do {
            try file.update(empty: [:]) { records in change(&records[mobile, default: CustomerRecord()]) }
        } catch let error as LocalFileError {
            throw .localState(error)
        } catch {
            throw .localState(.unwritable(path: file.path, reason: "\(error)"))
        }
    }
}
