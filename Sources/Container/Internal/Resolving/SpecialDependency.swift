/// A factory parameter type that the injector makes itself instead of looking up a binding:
/// ``Provider`` and ``Lazy``.
protocol SpecialDependency {
    /// The edge such a parameter stands for: to the type it builds, of its own kind.
    static var dependency: Dependency { get }
    static func makeProducer(table: Late<ProducerTable>) -> any AnyProducer
}

extension Provider: SpecialDependency {
    static var dependency: Dependency { Dependency(key: .of(T.self), kind: .provider) }

    static func makeProducer(table: Late<ProducerTable>) -> any AnyProducer {
        Producer<Provider<T>> { () throws(ResolutionError) -> Provider<T> in Provider(table: table) }
    }
}

extension Lazy: SpecialDependency {
    static var dependency: Dependency { Dependency(key: .of(T.self), kind: .lazy) }

    static func makeProducer(table: Late<ProducerTable>) -> any AnyProducer {
        Producer<Lazy<T>> { () throws(ResolutionError) -> Lazy<T> in Lazy(Provider(table: table)) }
    }
}
