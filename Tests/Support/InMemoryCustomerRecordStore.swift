import Protocols
import Synchronization

/// Customer records in memory, for tests: one set per injector.
public final class InMemoryCustomerRecordStore: CustomerRecordStore {
    private let records = Mutex<[String: CustomerRecord]>([:])

    /// A store with no records.
    public init() {}

    /// The record of `mobile`; an empty one for a mobile never seen.
    public func record(for mobile: String) throws(ServiceError) -> CustomerRecord {
        records.withLock { $0[mobile] ?? CustomerRecord() }
    }

    /// Changes the record of `mobile` under the lock.
    public func update(_ mobile: String, _ change: @Sendable (inout CustomerRecord) -> Void) throws(ServiceError) {
        records.withLock { change(&$0[mobile, default: CustomerRecord()]) }
    }
}
