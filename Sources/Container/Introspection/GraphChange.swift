/// One difference between two ``GraphSnapshot``s, as ``GraphSnapshot/changes(from:)`` reports it.
///
/// Each case names the service by the ``GraphSnapshot/Service/id`` a snapshot file holds (its
/// displayed name), not by a ``ServiceKey``: a saved snapshot is read back without the types it
/// was made from. A service retired under the selection is ``notServed(_:why:)`` with a `why`
/// of `retired in v3`; its retirement at a later version is ``versionsDeclared(_:added:removed:)``
/// with `retired v4` added.
public enum GraphChange: Hashable, Sendable, CustomStringConvertible {
    /// The selection now serves a service it did not.
    case serviceAdded(_ service: String)
    /// The selection no longer serves a service; see ``notServed(_:why:)`` for one still bound.
    case serviceRemoved(_ service: String)
    /// A different version serves the service.
    case versionChanged(_ service: String, from: String?, to: String?)
    /// The versions declared for the service changed: bindings or retirements added or removed.
    case versionsDeclared(_ service: String, added: [String], removed: [String])
    /// The service's scope changed; when `to.outlives(from)`, its instances now live longer,
    /// which may make it hold something captive (see ``ServiceLifetime/outlives(_:)``).
    case scopeChanged(_ service: String, from: ServiceLifetime, to: ServiceLifetime)
    /// The service now needs a dependency it did not.
    case dependencyAdded(_ service: String, dependency: String)
    /// The service no longer needs a dependency.
    case dependencyRemoved(_ service: String, dependency: String)
    /// A decorator now wraps the service.
    case decoratorAdded(_ service: String, decorator: String)
    /// A decorator no longer wraps the service.
    case decoratorRemoved(_ service: String, decorator: String)
    /// A collection gained an item.
    case contributionAdded(_ collection: String, item: String)
    /// A collection lost an item.
    case contributionRemoved(_ collection: String, item: String)
    /// The service is now bound but not served under the selection.
    case notServed(_ service: String, why: String)
    /// The service, not served before, is no longer bound at all.
    case notServedEnded(_ service: String)
    /// The binding that serves the service is now declared in another file.
    case moved(_ service: String, from: String, to: String)
    /// The service became live-only, or stopped being.
    case liveOnlyChanged(_ service: String, to: Bool)
    /// The service became asynchronous, or stopped being.
    case asynchronyChanged(_ service: String, to: Bool)
    /// The service is now built on the main actor, or no longer is.
    case isolationChanged(_ service: String, onMainActor: Bool)
    /// The service now closes at shutdown (it declares `closing(_:)`), or no longer does.
    case closingChanged(_ service: String, closes: Bool)

    /// One line for a review: `+ PaymentService`, `~ CartService: scope transient -> session (longer)`.
    ///
    /// Text from a snapshot file is shown with control characters escaped (`\u{1B}`) and cut
    /// after 1,000 characters, so a crafted file can neither forge a line nor flood one; the
    /// case's values are the file's own.
    public var description: String {
        func e(_ text: String) -> String { GraphSnapshot.escaped(text, limit: 1_000) }
        return switch self {
        case .serviceAdded(let id): "+ \(e(id))"
        case .serviceRemoved(let id): "- \(e(id))"
        case .versionChanged(let id, let from, let to):
            "~ \(e(id)): served by \(e(from ?? "unversioned")) -> \(e(to ?? "unversioned"))"
        case .versionsDeclared(let id, let added, let removed):
            "~ \(e(id)): versions" + (added.isEmpty ? "" : " +" + added.map(e).joined(separator: ", +"))
                + (removed.isEmpty ? "" : " -" + removed.map(e).joined(separator: ", -"))
        case .scopeChanged(let id, let from, let to):
            "~ \(e(id)): scope \(e(from.description)) -> \(e(to.description))"
                + (to.outlives(from) ? " (lives longer)" : from.outlives(to) ? " (lives shorter)" : "")
        case .dependencyAdded(let id, let dependency): "~ \(e(id)): needs \(e(dependency))"
        case .dependencyRemoved(let id, let dependency): "~ \(e(id)): no longer needs \(e(dependency))"
        case .decoratorAdded(let id, let decorator): "~ \(e(id)): decorated by \(e(decorator))"
        case .decoratorRemoved(let id, let decorator): "~ \(e(id)): no longer decorated by \(e(decorator))"
        case .contributionAdded(let id, let item): "~ \(e(id)): + item \(e(item))"
        case .contributionRemoved(let id, let item): "~ \(e(id)): - item \(e(item))"
        case .notServed(let id, let why): "! \(e(id)): not served (\(e(why)))"
        case .notServedEnded(let id): "- \(e(id)) (was not served)"
        case .moved(let id, let from, let to): "~ \(e(id)): declared in \(e(to)), was \(e(from))"
        case .liveOnlyChanged(let id, let to): "~ \(e(id)): \(to ? "now" : "no longer") live-only"
        case .asynchronyChanged(let id, let to): "~ \(e(id)): \(to ? "now" : "no longer") asynchronous"
        case .isolationChanged(let id, let onMainActor):
            "~ \(e(id)): \(onMainActor ? "now" : "no longer") built on the main actor"
        case .closingChanged(let id, let closes): "~ \(e(id)): \(closes ? "now" : "no longer") closes at shutdown"

        }
    }
}

extension GraphSnapshot {
    /// What changed from `old` to this snapshot, service by service in the order of their
    /// names; empty when nothing did.
    ///
    /// ```swift
    /// for change in current.changes(from: saved) { print(change) }
    /// // + PaymentService
    /// // ~ CartService: scope transient -> session
    /// ```
    ///
    /// Against an older schema, it compares what both record: a schema-1 snapshot does not say
    /// which services are built on the main actor, and holds a collection's first contribution's
    /// file, so neither is compared; ``notCompared(with:)`` says so.
    public func changes(from old: GraphSnapshot) -> [GraphChange] {
        let before = Dictionary(old.services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let absentBefore = Dictionary(old.notServed.map { ($0.id, $0.why) }, uniquingKeysWith: { first, _ in first })
        let absentAfter = Dictionary(notServed.map { ($0.id, $0.why) }, uniquingKeysWith: { first, _ in first })
        var changes: [GraphChange] = []
        // The older of the two schemas: what it does not record is not compared.
        let older = min(old.schema, schema)
        for id in Set(before.keys).union(after.keys).union(absentBefore.keys).union(absentAfter.keys).sorted() {
            switch (before[id], after[id]) {
            case (nil, _?):
                changes.append(.serviceAdded(id))
            case (_?, nil):
                if let why = absentAfter[id] {
                    changes.append(.notServed(id, why: why))
                } else {
                    changes.append(.serviceRemoved(id))
                }
            case (let old?, let new?):
                changes += Self.changes(of: id, from: old, to: new, schema: older)
            case (nil, nil):
                if let why = absentAfter[id], absentBefore[id] != why { changes.append(.notServed(id, why: why)) }
                if absentAfter[id] == nil { changes.append(.notServedEnded(id)) }
            }
        }
        return changes
    }

    /// What ``changes(from:)`` could not compare with `old`, because one of the two is of an
    /// older schema that does not record it: one line per kind of fact, saying how to record it.
    /// Empty when both are of the current schema. A tool that compares a saved snapshot prints
    /// these as notes, not as changes: a snapshot saved by an older Graft still passes.
    ///
    /// ```swift
    /// for note in current.notCompared(with: saved) { print("note: \(note)") }
    /// // note: whether a service is built on the main actor is not compared: a schema-1 snapshot
    /// // does not record it; save the snapshot again to compare it
    /// // note: whether a service closes at shutdown is not compared: …
    /// ```
    public func notCompared(with old: GraphSnapshot) -> [String] {
        let older = min(old.schema, schema)
        guard older < 2 else { return [] }
        let unrecorded =
            "is not compared: a schema-\(older) snapshot does not record it; save the snapshot again to compare it"
        var notes = [
            "whether a service is built on the main actor \(unrecorded)",
            "whether a service closes at shutdown \(unrecorded)",
        ]
        if (services + old.services).contains(where: { $0.items != nil }) {
            notes.append("the file of a collection made from contributions \(unrecorded)")
        }
        return notes
    }

    private static func changes(of id: String, from old: Service, to new: Service, schema: Int) -> [GraphChange] {
        var changes: [GraphChange] = []
        if old.version != new.version { changes.append(.versionChanged(id, from: old.version, to: new.version)) }
        let added = new.versions.filter { !old.versions.contains($0) }
        let removed = old.versions.filter { !new.versions.contains($0) }
        if !added.isEmpty || !removed.isEmpty { changes.append(.versionsDeclared(id, added: added, removed: removed)) }
        if old.scope != new.scope {
            changes.append(.scopeChanged(id, from: old.scope, to: new.scope))
        }
        // A schema-1 file holds a collection's first contribution's file.
        if old.file != new.file, schema >= 2 || new.items == nil {
            changes.append(.moved(id, from: old.file, to: new.file))
        }
        changes += new.dependencies.filter { !old.dependencies.contains($0) }.map {
            .dependencyAdded(id, dependency: $0)
        }
        changes += old.dependencies.filter { !new.dependencies.contains($0) }.map {
            .dependencyRemoved(id, dependency: $0)
        }
        changes += new.decorators.filter { !old.decorators.contains($0) }.map { .decoratorAdded(id, decorator: $0) }
        changes += old.decorators.filter { !new.decorators.contains($0) }.map { .decoratorRemoved(id, decorator: $0) }
        let oldItems = old.items ?? []
        let newItems = new.items ?? []
        changes += newItems.filter { !oldItems.contains($0) }.map { .contributionAdded(id, item: $0) }
        changes += oldItems.filter { !newItems.contains($0) }.map { .contributionRemoved(id, item: $0) }
        if old.liveOnly != new.liveOnly { changes.append(.liveOnlyChanged(id, to: new.liveOnly)) }
        if old.asynchronous != new.asynchronous { changes.append(.asynchronyChanged(id, to: new.asynchronous)) }
        if let before = old.mainActor, let after = new.mainActor, before != after {
            changes.append(.isolationChanged(id, onMainActor: after))
        }
        if let before = old.closes, let after = new.closes, before != after {
            changes.append(.closingChanged(id, closes: after))
        }
        return changes
    }
}
