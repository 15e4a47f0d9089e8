import Synchronization

/// Customer records in memory.
public final class InMemoryCustomerRecordStore: CustomerRecordStore {
    private let records = Mutex<[String: CustomerRecord]>([:])

    public init() {}

    public func record(for mobile: String) throws(ServiceError) -> CustomerRecord {
        records.withLock { $0[mobile] ?? CustomerRecord() }
    }

    public func update(_ mobile: String, _ change: @Sendable (inout CustomerRecord) -> Void) throws(ServiceError) {
        records.withLock { change(&$0[mobile, default: CustomerRecord()]) }
    }
}
