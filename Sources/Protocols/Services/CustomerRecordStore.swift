import Synchronization

/// What this device remembers about a mobile between logins.
public struct CustomerRecord: Codable, Sendable, Equatable {
    /// The login-chain step that waits for the next login.
    public var pendingOperation: BusinessOperation?
    /// Whether this device keeps the server's gesture password for quick unlock.
    public var keepsGesturePassword: Bool

    public init(pendingOperation: BusinessOperation? = nil, keepsGesturePassword: Bool = false) {
        self.pendingOperation = pendingOperation
        self.keepsGesturePassword = keepsGesturePassword
    }
}

/// Where customer records are kept: a file under the CLI's home, memory for tests.
public protocol CustomerRecordStore: Sendable {
    /// The record of `mobile`; an empty one for a mobile never seen.
    func record(for mobile: String) throws(ServiceError) -> CustomerRecord
    /// Changes the record of `mobile` atomically.
    func update(_ mobile: String, _ change: @Sendable (inout CustomerRecord) -> Void) throws(ServiceError)
}

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
