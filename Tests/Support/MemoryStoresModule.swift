import Container
import Protocols

/// In-memory session and customer-record stores, one each per injector.
public struct MemoryStoresModule: Module {
    public init() {}

    public func configure(_ binder: Binder) {
        binder.bind(SessionStore.self) { InMemorySessionStore() }.scope(.singleton)
        binder.bind(CustomerRecordStore.self) { InMemoryCustomerRecordStore() }.scope(.singleton)
    }
}
