/// Where customer records are kept: a file under the CLI's home, memory for tests.
public protocol CustomerRecordStore: Sendable {
    /// The record of `mobile`; an empty one for a mobile never seen.
    func record(for mobile: String) throws(ServiceError) -> CustomerRecord
    /// Changes the record of `mobile` atomically.
    func update(_ mobile: String, _ change: @Sendable (inout CustomerRecord) -> Void) throws(ServiceError)
}
