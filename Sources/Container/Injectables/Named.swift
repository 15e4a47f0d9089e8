/// A dependency on a named binding, for an autowired factory: `Named<Replica, Database>` is
/// the `Database` bound with `.named(Replica.self)`.
///
/// ```swift
/// enum Replica: BindingName { static let name = "replica" }
///
/// binder.bind(Database.self, to: ReplicaDatabase.init).named(Replica.self)
/// binder.bind(Report.self) { (database: Named<Replica, Database>) in Report(database: database.value) }
/// ```
///
/// Validation checks the edge like any other. Wrap `Named` in ``Provider``, ``Lazy`` or an
/// optional for those kinds of edge: `Provider<Named<Replica, Database>>`.
public struct Named<Name: BindingName, Value: Sendable>: Sendable {
    /// The instance of the named binding.
    public let value: Value

    /// Wraps `value`, for constructing a dependant by hand in a test.
    public init(_ value: Value) {
        self.value = value
    }
}
