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

    init(layer: Layer, parent: Injector?, family: InjectorFamily) {
        let own = layer.selection
        let affected = layer.parent?.keysDepending(on: Set(own.order).union(layer.refused).union(own.hidden)) ?? []
        let compiler = Compiler(
            layer: layer,
            inherited: { binding in
                affected.contains(binding.key) ? nil : parent?.table.producer(for: binding.storageKey)
            },
            family: family)
        for key in own.order { compiler.compile(key) }
        for key in affected { compiler.compile(key) }
        let shadows = Self.shadows(of: layer)
        table = ProducerTable(
            compiled: shadows.isEmpty ? compiler.compiled : compiler.compiled.merging(shadows) { own, _ in own },
            parent: parent?.table, layer: layer, reference: compiler.table,
            servesMainActor: compiler.compiledMainActor,
            resettable: ResettableCells(compiler.resettable, family: family))
        compiler.table.set(table)
        problems = own.problems + Self.validate(layer, parent: parent, affected: affected)
        eager = compiler.eager
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
            shadows[theirs.storageKey] = failing(
                as: theirs.producedType, layer.unresolvable(key, given: theirs.arguments))
        }
        return shadows
    }

    private static func validate(_ layer: Layer, parent: Injector?, affected: Set<ServiceKey>) -> [GraphProblem] {
        guard let parent, parent.isValid else { return GraphValidator.validate(layer) }
        // The parent's graph was valid, so a problem can only involve this level's bindings,
        // what depends on them, or what either reaches (a captive chain runs from a dependant
        // through them down to the held binding).
        var seen: Set<ServiceKey> = []
        var part: [Binding] = []
        var pending = layer.selection.order + affected
        while let key = pending.popLast() {
            guard !seen.contains(key), let reached = layer.binding(for: key) else { continue }
            seen.insert(key)
            part.append(reached)
            pending += reached.dependencies.map(\.key)
        }
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
}
