/// Everything an injector level is made of, worked out before the injector exists: producers
/// compiled and the graph validated. No factory runs here; eager singletons are built by the
/// injector once it exists.
///
/// A root compiles and validates every binding. A child compiles only its own bindings and
/// those that depend on them or on what it refuses (`affected`), and shares its parent's
/// producers for the rest; when its parent's graph was valid it validates only the part its
/// bindings can change.
struct Assembly {
    let table: ProducerTable
    let problems: [GraphProblem]
    let eager: [EagerBuild]
    /// The instances the level keeps of bindings with a closer, for its shutdown to close.
    let closables: [Closable]

    /// Compiles `layer`, and validates it unless `validating` is false (``Injector/Validation/skipped``).
    /// `shutdown` is the level's, whose gate its cells read.
    init(layer: Layer, parent: Injector?, family: InjectorFamily, shutdown: LevelShutdown, validating: Bool) {
        let own = layer.selection
        let affected = layer.parent?.keysDepending(on: own.order + layer.refused + own.hidden) ?? []
        let compiler = Compiler(
            layer: layer,
            inherited: { binding in
                affected.contains(binding.key) ? nil : parent?.table.producer(for: binding.storageKey)
            },
            family: family, shutdown: shutdown, count: own.order.count + affected.count)
        compiler.compileOwn()
        for key in affected { compiler.compile(key) }
        let shadows = Self.shadows(of: layer)
        table = ProducerTable(
            compiled: shadows.isEmpty ? compiler.compiled : compiler.compiled.merging(shadows) { own, _ in own },
            own: compiler.sharesStorage ? nil : (own.positions, own.order, compiler.own.map { $0! }),
            parent: parent?.table, layer: layer, reference: compiler.table,
            servesMainActor: compiler.compiledMainActor,
            resettable: compiler.resettable, family: family, shutdown: shutdown)
        compiler.table.set(table)
        problems = validating ? own.problems + Self.validate(layer, parent: parent, affected: affected) : []
        eager = compiler.eager
        closables = compiler.closables
    }

    /// Producers that hide a parent's binding of a key this level binds in another form: with
    /// other run-time arguments, with none where the parent's takes some, or the other way
    /// round. The parent's producer is kept under another key than this level's (see
    /// ``Binding/storageKey``), so without these a lookup would fall through to it; each
    /// throws what asking this level's binding in the parent's form throws.
    private static func shadows(of layer: Layer) -> [ServiceKey: any AnyProducer] {
        guard let parent = layer.parent else { return [:] }
        var shadows: [ServiceKey: any AnyProducer] = [:]
        for key in layer.selection.order {
            guard let theirs = parent.binding(for: key),
                theirs.storageKey != layer.binding(for: key)?.storageKey ?? key
            else { continue }
            shadows[theirs.storageKey] = Producers.failing(
                as: theirs.producedType, layer.unresolvable(key, given: theirs.arguments))
        }
        return shadows
    }

    private static func validate(_ layer: Layer, parent: Injector?, affected: Set<ServiceKey>) -> [GraphProblem] {
        guard let parent, parent.isValid else { return GraphValidator.validate(layer) }
        // When this level's bindings serve their dependants as the bindings they replace did,
        // a problem can only be theirs or lie in what they reach; when there is none there, there
        // is none. Any problem is reported by the check below, as it always has been.
        if servesDependantsAsBefore(layer, affected: affected),
            GraphValidator.validate(layer, only: reached(from: layer.selection, in: layer)).isEmpty
        {
            return []
        }
        // The parent's graph was valid, so a problem can only involve this level's bindings,
        // what depends on them, or what either reaches (a captive chain runs from a dependant
        // through them down to the held binding).
        let part = reached(from: layer.selection.order + affected, in: layer)
        // Whether there is a problem does not depend on the order; what is reported does. Sorting
        // (a key's description is a type name worked out at run time) costs more than checking a
        // test's few overrides, so it is done only when there is something to report.
        guard !GraphValidator.validate(layer, only: part).isEmpty else { return [] }
        // Declaration order, so problems come out as they would at the root; a key's description
        // is compared only to break a tie.
        let ordered = part.sorted { a, b in
            if a.site.fileID != b.site.fileID { return a.site.fileID < b.site.fileID }
            if a.site.line != b.site.line { return a.site.line < b.site.line }
            return a.key.description < b.key.description
        }
        return GraphValidator.validate(layer, only: ordered)
    }

    /// The bindings of a level's `own` selection and every binding they reach, as `layer`
    /// serves them: its own bindings alone when they need nothing, as a test's fakes often do.
    private static func reached(from own: Selection, in layer: Layer) -> [Binding] {
        let bindings = own.bindings
        // Closures, not key paths, here and below: these key paths were not turned into
        // closures by the optimizer, and reading one costs a `swift_getAtKeyPath` call.
        guard bindings.allSatisfy({ $0.dependencies.isEmpty }) else { return reached(from: own.order, in: layer) }
        return bindings
    }

    /// The bindings of `keys` and every binding they reach, as `layer` serves them.
    private static func reached(from keys: [ServiceKey], in layer: Layer) -> [Binding] {
        var seen: Set<ServiceKey> = []
        var part: [Binding] = []
        var pending = keys
        while let key = pending.popLast() {
            guard !seen.contains(key), let reached = layer.binding(for: key) else { continue }
            seen.insert(key)
            part.append(reached)
            pending += reached.dependencies.map { $0.key }
        }
        return part
    }

    /// Whether the parent's bindings that depend on this level's (`affected`, less this level's
    /// own) report exactly what they reported in the valid parent, so that checking this level's
    /// bindings and what they reach is enough. It holds when this level hides and refuses
    /// nothing, decorates none of its parent's bindings, and each binding it declares
    ///
    /// - replaces one that its dependants asked for in the same form: the same run-time
    ///   arguments, the same isolation, asynchronous exactly when the replaced one was, and not
    ///   refused by a strict parent (each changes what an edge to it may be); or binds a key
    ///   nothing of the parent's depends on;
    /// - and cannot make a dependant captive: it keeps its instances for the very scope of the
    ///   one it replaces, or it is transient and holds no instance of anything (so no chain
    ///   of transients leads through it to a shorter scope), or every dependant is transient.
    ///
    /// A cycle through one of its bindings is reached from it, so it is checked either way.
    private static func servesDependantsAsBefore(_ layer: Layer, affected: Set<ServiceKey>) -> Bool {
        let own = layer.selection
        guard let parent = layer.parent, layer.refused.isEmpty, own.hidden.isEmpty, own.decoratedOnly.isEmpty else {
            return false
        }
        var dependantsAreTransient: Bool?
        for (key, binding) in zip(own.order, own.bindings) {
            guard let replaced = parent.binding(for: key) else {
                if parent.isDependedOn(key) { return false }
                continue
            }
            guard binding.arguments == replaced.arguments,
                binding.isMainActorIsolated == replaced.isMainActorIsolated,
                layer.isMainActor(binding) == parent.isMainActor(replaced),
                !parent.isRefused(key),
                !layer.hasAsyncFactory
                    || layer.asynchrony(of: key).isAsynchronous == parent.asynchrony(of: key).isAsynchronous
            else { return false }
            if binding.scope == replaced.scope, binding.scope.lifetimeRank != nil { continue }
            if binding.scope.lifetimeRank == nil, !binding.dependencies.contains(where: \.holdsInstance) { continue }
            if dependantsAreTransient == nil {
                dependantsAreTransient = affected.allSatisfy { key in
                    own.binds(key) || layer.binding(for: key)?.scope.lifetimeRank == nil
                }
            }
            guard dependantsAreTransient == true else { return false }
        }
        return true
    }
}
