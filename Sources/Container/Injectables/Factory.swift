/// Builds an instance of `Product` from run-time arguments plus its injected dependencies:
/// inject `Factory<OrderID, OrderDetail>` where an `OrderDetail` needs a value known only at
/// call time.
///
/// ```swift
/// binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
///     OrderDetail(id: id, api: api)
/// }
///
/// final class OrdersScreen {
///     private let makeDetail: Factory<OrderID, OrderDetail>
///     init(makeDetail: Factory<OrderID, OrderDetail>) { self.makeDetail = makeDetail }
///     func open(_ id: OrderID) throws -> OrderDetail { try makeDetail(id) }
/// }
/// ```
///
/// The binding's scope applies per distinct argument value: a `.singleton` binding keeps one
/// instance for each value it was called with. A factory passes one to six arguments,
/// `Factory<OrderID, Int, OrderDetail>`, in the order the binding declares them; a type that
/// the binding `.implements` has a factory of its own with the same arguments. Wrapped in a
/// ``Provider``, a ``Lazy`` or an optional, it is injected and validated as itself.
public struct Factory<each Argument: Hashable & Sendable, Product: Sendable>: Sendable {
    private let build: @Sendable (repeat each Argument) throws(ResolutionError) -> Product

    /// A factory that calls `make`, for constructing a dependant by hand in a test.
    public init(_ make: @escaping @Sendable (repeat each Argument) throws -> Product) {
        build = { (arguments: repeat each Argument) throws(ResolutionError) -> Product in
            try ResolutionError.calling(factoryOf: .of(Product.self)) { try make(repeat each arguments) }
        }
    }

    @usableFromInline
    init(building build: @escaping @Sendable (repeat each Argument) throws(ResolutionError) -> Product) {
        self.build = build
    }

    /// Builds (or, for a scoped binding, returns the instance kept for) these arguments.
    /// - Throws: ``ResolutionError`` when the product or a dependency cannot be built.
    public func make(_ arguments: repeat each Argument) throws(ResolutionError) -> Product {
        try build(repeat each arguments)
    }

    /// The same as ``make(_:)``.
    public func callAsFunction(_ arguments: repeat each Argument) throws(ResolutionError) -> Product {
        try build(repeat each arguments)
    }
}
