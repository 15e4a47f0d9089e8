import Container
import Foundation
import Logging

// example:begin
/// The live store, opened at start-up and written back at shutdown: the one binding a test
/// replaces with a fake.
public struct StoreModule: Module {
    let path: String
    let logger: Logger

    public init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    public func configure(_ binder: Binder) {
        binder.bind(Logger.self, toInstance: logger)
        let url = URL(fileURLWithPath: path)
        binder.bind(OrderStore.self) { (logger: Logger) async throws -> any OrderStore in
            try await FileOrderStore.open(at: url, logger: logger)
        }.scope(.eagerSingleton).liveOnly()
            .closing { store in try await store.close() }
    }
}
// example:end
