import Container

/// Declares a model binding on a real `Binder`, with a factory whose dependencies are the
/// binding's edges.
enum LiveBinder {
    static let file = "Model/Graph.swift"

    static func bind(_ binding: ModelBinding, on binder: Binder, log: RunLog) {
        bind(nodeTags[binding.key.type], binding, on: binder, log: log)
    }

    private static func bind<P: NodeTag>(_: P.Type, _ binding: ModelBinding, on binder: Binder, log: RunLog) {
        if binding.isRetirement {
            let retirement = binder.retire(
                Node<P>.self, named: binding.key.name, from: binding.version ?? "",
                file: file, line: binding.id)
            if binding.isOverriding { retirement.overriding() }
            return
        }
        let factory = LiveFactory(
            binding: binding.id, callsInInit: binding.edges.map(\.callsInInit),
            fails: binding.fails, log: log)
        let builder: BindingBuilder<Node<P>> =
            switch binding.style {
            case .typed where binding.key.item != nil:
                contributed(
                    P.self, binding.key.item!, binding.position, binding.edges.map(dependencyType), factory, binder,
                    binding.id)
            case .typed where binding.takesArgument && binding.arity > 1:
                withArguments(P.self, binding.arity, binding.edges.map(dependencyType), factory, binder, binding.id)
            case .typed where binding.takesArgument:
                withArgument(P.self, binding.edges.map(dependencyType), factory, binder, binding.id)
            case .typed where binding.isMainActor:
                isolated(P.self, binding.edges.map(dependencyType), binding.isAsync, factory, binder, binding.id)
            case .typed where binding.isAsync:
                asynchronous(P.self, binding.edges.map(dependencyType), factory, binder, binding.id)
            case .typed: typed(P.self, binding.edges.map(dependencyType), factory, binder, binding.id)
            case .opaque: opaque(P.self, binding, factory, binder, binding.id)
            case .forward: preconditionFailure("forwarding bindings come from .implements, never from bind")
            case .instance:
                // Made beforehand, so no factory run; a negative serial tells it apart from built ones.
                binder.bind(
                    Node<P>.self, toInstance: Node(serial: -binding.id, binding: binding.id, parts: []),
                    file: file, line: binding.id)
            }
        if let name = binding.key.name { builder.named(name) }
        if let version = binding.version { builder.version(version) }
        builder.scope(scope(binding.scope))
        if binding.isLiveOnly { builder.liveOnly() }
        if binding.isOverriding { builder.overriding() }
        for face in binding.implements { implement(face, on: builder) }
    }

    private static func implement<P: NodeTag>(_ face: Int, on builder: BindingBuilder<Node<P>>) {
        switch face {
        case 0: builder.implements((any Face0).self) { $0 }
        case 1: builder.implements((any Face1).self) { $0 }
        case 2: builder.implements((any Face2).self) { $0 }
        default: builder.implements((any Face3).self) { $0 }
        }
    }

    /// Resolves face `face` from `injector`, or asks a resolver for it.
    static func resolveFace(_ face: Int, named name: String?, in injector: Injector) throws -> any LiveInstance {
        switch (face, name) {
        case (0, nil): try injector.resolve((any Face0).self)
        case (0, let name?): try injector.resolve((any Face0).self, named: name)
        case (1, nil): try injector.resolve((any Face1).self)
        case (1, let name?): try injector.resolve((any Face1).self, named: name)
        case (2, nil): try injector.resolve((any Face2).self)
        case (2, let name?): try injector.resolve((any Face2).self, named: name)
        case (_, nil): try injector.resolve((any Face3).self)
        case (_, let name?): try injector.resolve((any Face3).self, named: name)
        }
    }

    /// Resolves face `face` from `injector` with run-time arguments, through the factory that
    /// `.implements` on a binding with arguments forwards.
    static func resolveFace(_ face: Int, named name: String?, arguments: [Int], in injector: Injector) throws
        -> any LiveInstance
    {
        switch face {
        case 0: try resolve((any Face0).self, named: name, arguments: arguments, in: injector)
        case 1: try resolve((any Face1).self, named: name, arguments: arguments, in: injector)
        case 2: try resolve((any Face2).self, named: name, arguments: arguments, in: injector)
        default: try resolve((any Face3).self, named: name, arguments: arguments, in: injector)
        }
    }

    /// `resolve(V.self, named: name, arguments: …)` with as many `Int`s as `arguments` holds.
    static func resolve<V: Sendable>(_: V.Type, named name: String?, arguments a: [Int], in injector: Injector) throws
        -> V
    {
        switch a.count {
        case 1: try injector.resolve(V.self, named: name, arguments: a[0])
        case 2: try injector.resolve(V.self, named: name, arguments: a[0], a[1])
        case 3: try injector.resolve(V.self, named: name, arguments: a[0], a[1], a[2])
        case 4: try injector.resolve(V.self, named: name, arguments: a[0], a[1], a[2], a[3])
        case 5: try injector.resolve(V.self, named: name, arguments: a[0], a[1], a[2], a[3], a[4])
        default: try injector.resolve(V.self, named: name, arguments: a[0], a[1], a[2], a[3], a[4], a[5])
        }
    }

    /// Resolves face `face` from `injector` with `await`.
    static func resolveFaceAwaiting(_ face: Int, named name: String?, in injector: Injector) async throws
        -> any LiveInstance
    {
        switch (face, name) {
        case (0, nil): try await injector.resolveAsync((any Face0).self)
        case (0, let name?): try await injector.resolveAsync((any Face0).self, named: name)
        case (1, nil): try await injector.resolveAsync((any Face1).self)
        case (1, let name?): try await injector.resolveAsync((any Face1).self, named: name)
        case (2, nil): try await injector.resolveAsync((any Face2).self)
        case (2, let name?): try await injector.resolveAsync((any Face2).self, named: name)
        case (_, nil): try await injector.resolveAsync((any Face3).self)
        case (_, let name?): try await injector.resolveAsync((any Face3).self, named: name)
        }
    }

    /// Asks for a face directly, the only kind of edge to a face the generator makes.
    private static func faceAsk(_ key: ModelKey) -> Ask {
        let name = key.name
        let declared: ServiceKey =
            switch key.face! {
            case 0: .of((any Face0).self, named: name)
            case 1: .of((any Face1).self, named: name)
            case 2: .of((any Face2).self, named: name)
            default: .of((any Face3).self, named: name)
            }
        return Ask(key: declared) { resolver in
            switch (key.face!, name) {
            case (0, nil): .instance(try resolver.resolve((any Face0).self))
            case (0, let name?): .instance(try resolver.resolve((any Face0).self, named: name))
            case (1, nil): .instance(try resolver.resolve((any Face1).self))
            case (1, let name?): .instance(try resolver.resolve((any Face1).self, named: name))
            case (2, nil): .instance(try resolver.resolve((any Face2).self))
            case (2, let name?): .instance(try resolver.resolve((any Face2).self, named: name))
            case (_, nil): .instance(try resolver.resolve((any Face3).self))
            case (_, let name?): .instance(try resolver.resolve((any Face3).self, named: name))
            }
        }
    }

    /// Declares a model decorator: `decorate(Node<P>.self) { (inner: Node<P>, a: A, ...) in ... }`.
    static func decorate(_ decorator: ModelBinding, on binder: Binder, log: RunLog) {
        decorate(nodeTags[decorator.key.type], decorator, on: binder, log: log)
    }

    private static func decorate<P: NodeTag>(_: P.Type, _ decorator: ModelBinding, on binder: Binder, log: RunLog) {
        // The inner instance is the first part, built before the decorator runs.
        let factory = LiveFactory(
            binding: decorator.id, callsInInit: [false] + decorator.edges.map(\.callsInInit),
            fails: false, log: log)
        let types = decorator.edges.map(dependencyType)
        let line = decorator.id
        let builder: DecoratorBuilder<Node<P>> =
            switch types.count {
            case 0:
                binder.decorate(Node<P>.self, file: file, line: line) { (inner: Node<P>) in
                    try factory.make([.instance(inner)])
                }
            case 1: decorate(P.self, types[0], factory, binder, line)
            case 2: decorate(P.self, types[0], types[1], factory, binder, line)
            default: decorate(P.self, types[0], types[1], types[2], factory, binder, line)
            }
        if let version = decorator.version { builder.version(version) }
        if let id = decorator.decoratorID { builder.id(id) }
    }

    private static func decorate<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> DecoratorBuilder<Node<P>> {
        binder.decorate(Node<P>.self, file: file, line: line) { (inner: Node<P>, a: A) in
            try factory.make([.instance(inner), a.part])
        }
    }

    private static func decorate<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> DecoratorBuilder<Node<P>> {
        binder.decorate(Node<P>.self, file: file, line: line) { (inner: Node<P>, a: A, b: B) in
            try factory.make([.instance(inner), a.part, b.part])
        }
    }

    private static func decorate<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> DecoratorBuilder<Node<P>> {
        binder.decorate(Node<P>.self, file: file, line: line) { (inner: Node<P>, a: A, b: B, c: C) in
            try factory.make([.instance(inner), a.part, b.part, c.part])
        }
    }

    static func scope(_ scope: ModelScope) -> Scope {
        switch scope {
        case .transient: .transient
        case .singleton: .singleton
        case .eagerSingleton: .eagerSingleton
        case .weak: .weak
        case .session: .session
        case .cache: .resettable("cache")
        }
    }

    static func serviceKey(_ key: ModelKey) -> ServiceKey {
        serviceKey(nodeTags[key.type], named: key.name)
    }

    private static func serviceKey<T: NodeTag>(_: T.Type, named name: String?) -> ServiceKey {
        .of(Node<T>.self, named: name)
    }

    /// The parameter type that stands for an edge: `Named<NameX, Node<T>>` for a named
    /// target, wrapped as the edge's kind asks.
    private static func dependencyType(_ edge: ModelEdge) -> any LiveDependency.Type {
        precondition(edge.target.name == nil || edge.target.name == NameX.name, "the model names bindings \"x\" only")
        if edge.target.isList { return listType(nodeTags[edge.target.type], named: edge.target.name != nil) }
        return dependencyType(nodeTags[edge.target.type], named: edge.target.name != nil, edge.kind, arity: edge.arity)
    }

    private static func dependencyType<T: NodeTag>(
        _: T.Type, named: Bool, _ kind: ModelEdgeKind,
        arity: Int
    ) -> any LiveDependency.Type {
        named
            ? dependencyType(Named<NameX, Node<T>>.self, kind, arity: arity)
            : dependencyType(Node<T>.self, kind, arity: arity)
    }

    /// `[Node<T>]`, or `Named<NameX, [Node<T>]>` for the named list, for a (direct) edge to a list.
    private static func listType<T: NodeTag>(_: T.Type, named: Bool) -> any LiveDependency.Type {
        named ? Named<NameX, [Node<T>]>.self : [Node<T>].self
    }

    /// `V`, `Provider<V>`, `Lazy<V>`, `V?` or `Factory<Int, …, V>` for an edge of that kind to `V`.
    private static func dependencyType<V: LiveValue & LiveDependency>(
        _: V.Type, _ kind: ModelEdgeKind,
        arity: Int
    ) -> any LiveDependency.Type {
        switch (kind, arity) {
        case (.direct, _): V.self
        case (.provider, _): Provider<V>.self
        case (.lazy, _): Lazy<V>.self
        case (.optional, _): Optional<V>.self
        case (.factory, 1): Factory<Int, V>.self
        case (.factory, 2): Factory<Int, Int, V>.self
        case (.factory, 3): Factory<Int, Int, Int, V>.self
        case (.factory, 4): Factory<Int, Int, Int, Int, V>.self
        case (.factory, 5): Factory<Int, Int, Int, Int, Int, V>.self
        case (.factory, _): Factory<Int, Int, Int, Int, Int, Int, V>.self
        }
    }

    // MARK: Autowired factories, one per arity

    private static func typed<P: NodeTag>(
        _: P.Type, _ types: [any LiveDependency.Type], _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        switch types.count {
        case 0:
            binder.bind(Node<P>.self, to: { () throws -> Node<P> in try factory.make([]) }, file: file, line: line)
        case 1: typed(P.self, types[0], factory, binder, line)
        case 2: typed(P.self, types[0], types[1], factory, binder, line)
        case 3: typed(P.self, types[0], types[1], types[2], factory, binder, line)
        default: typed(P.self, types[0], types[1], types[2], types[3], factory, binder, line)
        }
    }

    private static func typed<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self, to: { (a: A) throws -> Node<P> in try factory.make([a.part]) }, file: file, line: line)
    }

    private static func typed<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self, to: { (a: A, b: B) throws -> Node<P> in try factory.make([a.part, b.part]) },
            file: file, line: line)
    }

    private static func typed<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self,
            to: { (a: A, b: B, c: C) throws -> Node<P> in
                try factory.make([a.part, b.part, c.part])
            }, file: file, line: line)
    }

    private static func typed<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency, D: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _: D.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self,
            to: { (a: A, b: B, c: C, d: D) throws -> Node<P> in
                try factory.make([a.part, b.part, c.part, d.part])
            }, file: file, line: line)
    }

    // MARK: Async factories, one per arity

    private static func asynchronous<P: NodeTag>(
        _: P.Type, _ types: [any LiveDependency.Type], _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        switch types.count {
        case 0:
            binder.bind(
                Node<P>.self, to: { () async throws -> Node<P> in try factory.make([]) }, file: file, line: line)
        case 1: asynchronous(P.self, types[0], factory, binder, line)
        case 2: asynchronous(P.self, types[0], types[1], factory, binder, line)
        case 3: asynchronous(P.self, types[0], types[1], types[2], factory, binder, line)
        default: asynchronous(P.self, types[0], types[1], types[2], types[3], factory, binder, line)
        }
    }

    private static func asynchronous<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self, to: { (a: A) async throws -> Node<P> in try factory.make([a.part]) }, file: file, line: line)
    }

    private static func asynchronous<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self, to: { (a: A, b: B) async throws -> Node<P> in try factory.make([a.part, b.part]) },
            file: file, line: line)
    }

    private static func asynchronous<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self,
            to: { (a: A, b: B, c: C) async throws -> Node<P> in
                try factory.make([a.part, b.part, c.part])
            }, file: file, line: line)
    }

    private static func asynchronous<
        P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency, D: LiveDependency
    >(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _: D.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(
            Node<P>.self,
            to: { (a: A, b: B, c: C, d: D) async throws -> Node<P> in
                try factory.make([a.part, b.part, c.part, d.part])
            }, file: file, line: line)
    }

    // MARK: Main-actor factories, one per arity, sync or async

    // A synchronous one is bound with `onMainActor:` or, on every other line, with `to:` and a
    // closure that says `@MainActor`: the two spellings must mean the same.

    private static func isolated<P: NodeTag>(
        _: P.Type, _ types: [any LiveDependency.Type], _ isAsync: Bool, _ factory: LiveFactory, _ binder: Binder,
        _ line: Int
    ) -> BindingBuilder<Node<P>> {
        switch types.count {
        case 0:
            isAsync
                ? binder.bind(
                    Node<P>.self, onMainActor: { @MainActor () async throws -> Node<P> in try factory.make([]) },
                    file: file, line: line)
                : line.isMultiple(of: 2)
                    ? binder.bind(
                        Node<P>.self, to: { @MainActor () throws -> Node<P> in try factory.make([]) }, file: file,
                        line: line)
                    : binder.bind(
                        Node<P>.self, onMainActor: { @MainActor () throws -> Node<P> in try factory.make([]) },
                        file: file, line: line)
        case 1: isolated(P.self, types[0], isAsync, factory, binder, line)
        case 2: isolated(P.self, types[0], types[1], isAsync, factory, binder, line)
        case 3: isolated(P.self, types[0], types[1], types[2], isAsync, factory, binder, line)
        default: isolated(P.self, types[0], types[1], types[2], types[3], isAsync, factory, binder, line)
        }
    }

    private static func isolated<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ isAsync: Bool, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        isAsync
            ? binder.bind(
                Node<P>.self, onMainActor: { @MainActor (a: A) async throws -> Node<P> in try factory.make([a.part]) },
                file: file, line: line)
            : line.isMultiple(of: 2)
                ? binder.bind(
                    Node<P>.self, to: { @MainActor (a: A) throws -> Node<P> in try factory.make([a.part]) },
                    file: file, line: line)
                : binder.bind(
                    Node<P>.self, onMainActor: { @MainActor (a: A) throws -> Node<P> in try factory.make([a.part]) },
                    file: file, line: line)
    }

    private static func isolated<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ isAsync: Bool, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        isAsync
            ? binder.bind(
                Node<P>.self,
                onMainActor: { @MainActor (a: A, b: B) async throws -> Node<P> in try factory.make([a.part, b.part]) },
                file: file, line: line)
            : line.isMultiple(of: 2)
                ? binder.bind(
                    Node<P>.self,
                    to: { @MainActor (a: A, b: B) throws -> Node<P> in try factory.make([a.part, b.part]) },
                    file: file, line: line)
                : binder.bind(
                    Node<P>.self,
                    onMainActor: { @MainActor (a: A, b: B) throws -> Node<P> in try factory.make([a.part, b.part]) },
                    file: file, line: line)
    }

    private static func isolated<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ isAsync: Bool, _ factory: LiveFactory, _ binder: Binder,
        _ line: Int
    ) -> BindingBuilder<Node<P>> {
        isAsync
            ? binder.bind(
                Node<P>.self,
                onMainActor: { @MainActor (a: A, b: B, c: C) async throws -> Node<P> in
                    try factory.make([a.part, b.part, c.part])
                },
                file: file, line: line)
            : binder.bind(
                Node<P>.self,
                onMainActor: { @MainActor (a: A, b: B, c: C) throws -> Node<P> in
                    try factory.make([a.part, b.part, c.part])
                },
                file: file, line: line)
    }

    private static func isolated<
        P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency, D: LiveDependency
    >(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _: D.Type, _ isAsync: Bool, _ factory: LiveFactory,
        _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        isAsync
            ? binder.bind(
                Node<P>.self,
                onMainActor: { @MainActor (a: A, b: B, c: C, d: D) async throws -> Node<P> in
                    try factory.make([a.part, b.part, c.part, d.part])
                },
                file: file, line: line)
            : binder.bind(
                Node<P>.self,
                onMainActor: { @MainActor (a: A, b: B, c: C, d: D) throws -> Node<P> in
                    try factory.make([a.part, b.part, c.part, d.part])
                },
                file: file, line: line)
    }

    // MARK: Contributed items, one per arity

    /// `withdraw(Node<T>.self, id:, named:)` of an item key.
    static func withdraw(_ item: ModelKey, on binder: Binder) {
        withdraw(nodeTags[item.type], item.item!, named: item.name, on: binder)
    }

    private static func withdraw<P: NodeTag>(_: P.Type, _ id: String, named name: String?, on binder: Binder) {
        binder.withdraw(Node<P>.self, id: id, named: name)
    }

    private static func contributed<P: NodeTag>(
        _: P.Type, _ id: String, _ position: Int, _ types: [any LiveDependency.Type], _ factory: LiveFactory,
        _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        switch types.count {
        case 0:
            binder.contribute(Node<P>.self, id: id, position: position, file: file, line: line) {
                () throws -> Node<P> in
                try factory.make([])
            }
        case 1: contributed(P.self, id, position, types[0], factory, binder, line)
        default: contributed(P.self, id, position, types[0], types[1], factory, binder, line)
        }
    }

    private static func contributed<P: NodeTag, A: LiveDependency>(
        _: P.Type, _ id: String, _ position: Int, _: A.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.contribute(Node<P>.self, id: id, position: position, file: file, line: line) {
            (a: A) throws -> Node<P> in
            try factory.make([a.part])
        }
    }

    private static func contributed<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _ id: String, _ position: Int, _: A.Type, _: B.Type, _ factory: LiveFactory, _ binder: Binder,
        _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.contribute(Node<P>.self, id: id, position: position, file: file, line: line) {
            (a: A, b: B) throws -> Node<P> in
            try factory.make([a.part, b.part])
        }
    }

    // MARK: Factories with a run-time argument, one per arity

    private static func withArgument<P: NodeTag>(
        _: P.Type, _ types: [any LiveDependency.Type], _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        switch types.count {
        case 0:
            binder.bind(Node<P>.self, arguments: Int.self, file: file, line: line) { (n: Int) throws -> Node<P> in
                try factory.make([], argument: n)
            }
        case 1: withArgument(P.self, types[0], factory, binder, line)
        case 2: withArgument(P.self, types[0], types[1], factory, binder, line)
        default: withArgument(P.self, types[0], types[1], types[2], factory, binder, line)
        }
    }

    private static func withArgument<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, arguments: Int.self, file: file, line: line) { (n: Int, a: A) throws -> Node<P> in
            try factory.make([a.part], argument: n)
        }
    }

    private static func withArgument<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, arguments: Int.self, file: file, line: line) {
            (n: Int, a: A, b: B) throws -> Node<P> in
            try factory.make([a.part, b.part], argument: n)
        }
    }

    private static func withArgument<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, arguments: Int.self, file: file, line: line) {
            (n: Int, a: A, b: B, c: C) throws -> Node<P> in
            try factory.make([a.part, b.part, c.part], argument: n)
        }
    }

    // MARK: Factories with two to six run-time arguments

    /// `bind(Node<P>.self, arguments: Int.self, Int.self, …) { (a: Int, b: Int, …, deps…) in … }`,
    /// its dependencies opened one by one, then passed on as a pack.
    private static func withArguments<P: NodeTag>(
        _: P.Type, _ arity: Int, _ types: [any LiveDependency.Type], _ factory: LiveFactory, _ binder: Binder,
        _ line: Int
    ) -> BindingBuilder<Node<P>> {
        guard let first = types.first else { return withArguments(P.self, arity, factory, binder, line) }
        func open1<A: LiveDependency>(_: A.Type) -> BindingBuilder<Node<P>> {
            guard types.count > 1 else { return withArguments(P.self, arity, factory, binder, line, needing: A.self) }
            func open2<B: LiveDependency>(_: B.Type) -> BindingBuilder<Node<P>> {
                guard types.count > 2 else {
                    return withArguments(P.self, arity, factory, binder, line, needing: A.self, B.self)
                }
                func open3<C: LiveDependency>(_: C.Type) -> BindingBuilder<Node<P>> {
                    withArguments(P.self, arity, factory, binder, line, needing: A.self, B.self, C.self)
                }
                return open3(types[2])
            }
            return open2(types[1])
        }
        return open1(first)
    }

    private static func withArguments<P: NodeTag, each D: LiveDependency>(
        _: P.Type, _ arity: Int, _ factory: LiveFactory, _ binder: Binder, _ line: Int, needing _: repeat (each D).Type
    ) -> BindingBuilder<Node<P>> {
        @Sendable func two(_ a: Int, _ b: Int, _ values: repeat each D) throws -> Node<P> {
            try factory.make(parts(repeat each values), argument: first([a, b]))
        }
        @Sendable func three(_ a: Int, _ b: Int, _ c: Int, _ values: repeat each D) throws -> Node<P> {
            try factory.make(parts(repeat each values), argument: first([a, b, c]))
        }
        @Sendable func four(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ values: repeat each D) throws -> Node<P> {
            try factory.make(parts(repeat each values), argument: first([a, b, c, d]))
        }
        @Sendable func five(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ values: repeat each D) throws -> Node<P>
        {
            try factory.make(parts(repeat each values), argument: first([a, b, c, d, e]))
        }
        @Sendable func six(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ values: repeat each D) throws
            -> Node<P>
        {
            try factory.make(parts(repeat each values), argument: first([a, b, c, d, e, f]))
        }
        let (i, file) = (Int.self, Self.file)
        return switch arity {
        case 2: binder.bind(Node<P>.self, arguments: i, i, file: file, line: line, to: two)
        case 3: binder.bind(Node<P>.self, arguments: i, i, i, file: file, line: line, to: three)
        case 4: binder.bind(Node<P>.self, arguments: i, i, i, i, file: file, line: line, to: four)
        case 5: binder.bind(Node<P>.self, arguments: i, i, i, i, i, file: file, line: line, to: five)
        default: binder.bind(Node<P>.self, arguments: i, i, i, i, i, i, file: file, line: line, to: six)
        }
    }

    /// The parts of a factory's dependencies, in order.
    private static func parts<each D: LiveDependency>(_ values: repeat each D) -> [LivePart] {
        var parts: [LivePart] = []
        for value in repeat each values { parts.append(value.part) }
        return parts
    }

    /// The argument `n` of `n, n + 1, …`, as the model passes them; a value out of place makes
    /// it -1, which the model never expects.
    private static func first(_ arguments: [Int]) -> Int {
        arguments.indices.allSatisfy { arguments[$0] == arguments[0] + $0 } ? arguments[0] : -1
    }

    // MARK: Opaque factories

    private static func opaque<P: NodeTag>(
        _: P.Type, _ binding: ModelBinding, _ factory: LiveFactory, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        let edges = binding.edges
        let asks = edges.map { edge in
            edge.target.face == nil ? ask(nodeTags[edge.target.type], edge) : faceAsk(edge.target)
        }
        let undeclared = binding.asksUndeclared ? ask(nodeTags[binding.key.type], ModelKey.undeclared) : nil
        let body: @Sendable (Resolver) throws -> Node<P> = { resolver in
            if let undeclared { _ = try undeclared.ask(resolver) }
            // Direct and optional dependencies first, then providers and lazy values, as an
            // autowired factory gets them.
            var parts: [LivePart?] = Array(repeating: nil, count: edges.count)
            for first in [true, false] {
                for index in edges.indices where edges[index].kind.isBuiltFirst == first {
                    parts[index] = try asks[index].ask(resolver)
                }
            }
            return try factory.make(parts.map { $0! })
        }
        // Up to three edges use the variadic form, as most users would write them; the rest the
        // list of keys.
        guard (1...3).contains(edges.count), binding.id.isMultiple(of: 2), edges.allSatisfy({ $0.target.face == nil })
        else {
            return binder.bind(Node<P>.self, needs: asks.map(\.key), file: file, line: line, to: body)
        }
        let types = edges.map(dependencyType)
        switch types.count {
        case 1: return needs(P.self, types[0], body, binder, line)
        case 2: return needs(P.self, types[0], types[1], body, binder, line)
        default: return needs(P.self, types[0], types[1], types[2], body, binder, line)
        }
    }

    private static func needs<P: NodeTag, A: LiveDependency>(
        _: P.Type, _: A.Type, _ body: @escaping @Sendable (Resolver) throws -> Node<P>, _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, needs: A.self, file: file, line: line, to: body)
    }

    private static func needs<P: NodeTag, A: LiveDependency, B: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _ body: @escaping @Sendable (Resolver) throws -> Node<P>, _ binder: Binder,
        _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, needs: A.self, B.self, file: file, line: line, to: body)
    }

    private static func needs<P: NodeTag, A: LiveDependency, B: LiveDependency, C: LiveDependency>(
        _: P.Type, _: A.Type, _: B.Type, _: C.Type, _ body: @escaping @Sendable (Resolver) throws -> Node<P>,
        _ binder: Binder, _ line: Int
    ) -> BindingBuilder<Node<P>> {
        binder.bind(Node<P>.self, needs: A.self, B.self, C.self, file: file, line: line, to: body)
    }

    /// What an opaque factory declares for an edge, and how it asks its resolver for it.
    private struct Ask: Sendable {
        let key: ServiceKey
        let ask: @Sendable (Resolver) throws -> LivePart
    }

    private static func ask<T: NodeTag>(_: T.Type, _ edge: ModelEdge) -> Ask {
        if edge.kind == .direct, let name = edge.target.name {
            return Ask(key: .of(Node<T>.self, named: name)) { .instance(try $0.resolve(Node<T>.self, named: name)) }
        }
        guard edge.target.name == nil else { return ask(Named<NameX, Node<T>>.self, edge.kind) }
        return ask(Node<T>.self, edge.kind)
    }

    /// Asks for `V`, `Provider<V>`, `Lazy<V>` or `V?`, declared as that type.
    private static func ask<V: LiveValue & LiveDependency>(_: V.Type, _ kind: ModelEdgeKind) -> Ask {
        switch kind {
        case .direct: Ask(key: .of(V.self)) { try $0.resolve(V.self).part }
        case .provider: Ask(key: .of(Provider<V>.self)) { try $0.resolve(Provider<V>.self).part }
        case .lazy: Ask(key: .of(Lazy<V>.self)) { try $0.resolve(Lazy<V>.self).part }
        case .optional: Ask(key: .of(Optional<V>.self)) { try $0.resolve(Optional<V>.self).part }
        case .factory: preconditionFailure("the generator gives opaque factories no Factory<Int, T> edges")
        }
    }

    private static func ask<T: NodeTag>(_: T.Type, _ key: ModelKey) -> Ask {
        ask(T.self, ModelEdge(target: key, kind: .direct, callsInInit: false))
    }
}
