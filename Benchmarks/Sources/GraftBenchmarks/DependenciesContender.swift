import Dependencies

// swift-dependencies caches each dependency value, so "transient" here means a dependency
// whose value is a factory closure: resolving reads the factory and calls it.

private enum LoggerFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> any Logger = { ConsoleLogger() }
}
private enum StoreFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> any Store = { MemoryStore() }
}
private enum NetworkFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> any Network = { LoopbackNetwork() }
}
private enum OrderServiceFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> any OrderService = {
        @Dependency(\.makeLogger) var makeLogger
        @Dependency(\.makeStore) var makeStore
        @Dependency(\.makeNetwork) var makeNetwork
        return DefaultOrderService(logger: makeLogger(), store: makeStore(), network: makeNetwork())
    }
}
private enum ConfigurationKey: DependencyKey {
    static let liveValue: any AppConfiguration = Configuration()
}

extension DependencyValues {
    var makeLogger: @Sendable () -> any Logger {
        get { self[LoggerFactoryKey.self] }
        set { self[LoggerFactoryKey.self] = newValue }
    }
    var makeStore: @Sendable () -> any Store {
        get { self[StoreFactoryKey.self] }
        set { self[StoreFactoryKey.self] = newValue }
    }
    var makeNetwork: @Sendable () -> any Network {
        get { self[NetworkFactoryKey.self] }
        set { self[NetworkFactoryKey.self] = newValue }
    }
    var makeOrderService: @Sendable () -> any OrderService {
        get { self[OrderServiceFactoryKey.self] }
        set { self[OrderServiceFactoryKey.self] = newValue }
    }
    var configuration: any AppConfiguration {
        get { self[ConfigurationKey.self] }
        set { self[ConfigurationKey.self] = newValue }
    }
}

enum DependenciesContender {
    static func resolveOrderService() -> any OrderService {
        @Dependency(\.makeOrderService) var makeOrderService
        return makeOrderService()
    }

    static func resolveConfiguration() -> any AppConfiguration {
        @Dependency(\.configuration) var configuration
        return configuration
    }

    static func resolveWithFakeNetwork() -> any OrderService {
        withDependencies {
            $0.makeNetwork = { FakeNetwork() }
        } operation: {
            resolveOrderService()
        }
    }
}
