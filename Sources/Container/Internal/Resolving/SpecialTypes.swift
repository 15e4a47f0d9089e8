/// Tells a factory parameter's type that the injector makes itself (a ``SpecialDependency``:
/// ``Provider``, ``Lazy``, `Optional`, ``Named`` …) from a plain type, without the runtime's
/// first conformance check of each plain type.
///
/// `type as? any SpecialDependency.Type` answers the same, but the first time it is asked
/// about a type the runtime scans every conformance record of the process, so a cold start
/// paid one scan per dependency type, growing with the bindings and with the size of the app.
/// Here a type is first compared by its nominal type descriptor, the one shared by every
/// specialization of a generic type (`Provider<A>` and `Provider<B>` have one), with the
/// descriptors of the few special types; only a type that matches is cast. A plain dependency
/// type costs no scan; each distinct wrapper type (`Provider<Clock>`, `Clock?`) still costs one,
/// the first time, so a cold start pays for the wrapper types an app injects, not for its plain
/// dependencies.
///
/// Invariant: ``descriptors`` holds the descriptor of every type that conforms to
/// ``SpecialDependency`` (a test checks each conformer), so a type whose descriptor is not
/// among them does not conform.
enum SpecialTypes {
    /// The type as the injector makes it, or `nil` for a plain type.
    static func special(_ type: Any.Type) -> (any SpecialDependency.Type)? {
        guard let descriptor = typeContextDescriptor(type), descriptors.contains(UInt(bitPattern: descriptor)) else {
            return nil
        }
        return type as? any SpecialDependency.Type
    }

    /// The address of the nominal type descriptor of each special type, found once from one
    /// specialization; eight of them, compared in turn.
    static let descriptors: [UInt] = probes.compactMap { typeContextDescriptor($0).map { UInt(bitPattern: $0) } }

    /// A specialization of each type that conforms to ``SpecialDependency``.
    static let probes: [Any.Type] = [
        Provider<Int>.self, Lazy<Int>.self, AsyncProvider<Int>.self, AsyncLazy<Int>.self, Int?.self,
        Named<Probe, Int>.self, Factory<Int, Int>.self, ScopeResetter.self,
    ]

    /// A name to specialize ``Named`` with.
    enum Probe: BindingName { static let name = "" }
}

extension SpecialTypes {
    /// `special.producer(compiledBy:)` with its type opened, so the result is a known producer type.
    static func producer<Special: SpecialDependency>(of special: Special.Type, compiledBy compiler: Compiler)
        -> any AnyProducer
    {
        special.producer(compiledBy: compiler)
    }

    /// `special.resolveAsync(from:named:)` as a `T`, which `special` is.
    static func resolveAsync<Special: SpecialDependency, T>(
        _ special: Special.Type, from table: ProducerTable, named name: String?,
        as type: T.Type
    ) async throws(ResolutionError) -> T {
        // Checked: asking for a special type is not on the path of a plain resolve.
        try await special.resolveAsync(from: table, named: name) as! T
    }

    /// `special.resolve(from:named:)` as a `T`, which `special` is.
    static func resolve<Special: SpecialDependency, T>(
        _ special: Special.Type, from table: ProducerTable, named name: String?,
        as type: T.Type
    ) throws(ResolutionError) -> T {
        // Checked: asking for a special type is not on the path of a plain resolve.
        try special.resolve(from: table, named: name) as! T
    }
}

/// The nominal type descriptor of `type`'s metadata: the runtime's own answer, for a struct,
/// an enum or a class; `nil` for any other type (an existential, a tuple, a function).
@_silgen_name("swift_getTypeContextDescriptor")
private func typeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?
