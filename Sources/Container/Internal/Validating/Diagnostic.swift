/// The one way every diagnostic of the container is written, so they all read alike:
///
/// ```
/// error: no binding for Transport [G101]
///   needed by CustomerLogic (v2, ImplV2/ImplV2Module.swift:14)
///          -> APIClient (Protocols/APIClient.swift:9)
///          -> Transport
///   fix: bind Transport in one of the modules given to Injector(modules:)
/// ```
enum Diagnostic {
    static func render(
        _ message: String, id: DiagnosticID, path: Path, pathLabel: String = "needed by",
        notes: [String] = [], fix: String
    ) -> String {
        var lines = ["error: \(message) [\(id)]"]
        let label = "  \(pathLabel) "
        let indent = String(repeating: " ", count: label.count - 3)
        for (index, step) in path.steps.enumerated() {
            if index == path.omittedAt, path.omitted > 0 {
                lines.append("\(indent)-> … \(path.omitted) more")
            }
            lines.append(index == 0 ? label + step.description : "\(indent)-> \(step)")
        }
        lines += notes.map { "  \($0)" }
        lines.append("  fix: \(fix)")
        return lines.joined(separator: "\n")
    }

    /// What would fix a required dependency on a key that is not served under its selection,
    /// or, when `direct`, a resolve of it that no binding needed.
    static func notServedFix(_ missing: NotServed, direct: Bool = false, through wrapper: String = "") -> String {
        let key = missing.key
        let selected = missing.selectedVersion ?? "the latest version"
        // A dependant does without it by injecting an optional, in the wrapper it injects it
        // through (`Provider<Sync?>`); a caller, by resolving one.
        let optional =
            direct
            ? "resolve \(key.typeName)?.self\(key.name.map { ", named: \"\($0)\"" } ?? "")"
            : wrapper.isEmpty ? "inject \(key.typeName)?" : "inject \(wrapper)<\(key.typeName)?>"
        if let retirement = missing.retirement {
            return "\(optional) to do without \(key) where it is retired, stop needing it from "
                + "\(retirement.version ?? "") on, or bind \(key) for \(selected) again"
        }
        let first = missing.laterBindings.first?.version ?? "a later version"
        return "select \(first) or later for \(key), bind \(key) for \(selected) or without a version, "
            + "or \(optional) to do without it under \(selected)"
    }

    /// What would fix a missing binding of `key`: binding it, except for the two types that
    /// the injector gives and no module binds.
    static func missingBindingFix(for key: ServiceKey, neededBy dependant: ServiceKey?) -> String {
        if let collection = key.type as? any CollectionShaped.Type {
            return missingCollectionFix(key, collection.parts)
        }
        if key.name == nil, key.type == Resolver.self {
            let name = dependant?.typeName ?? "T"
            return
                "declare what the factory resolves: binder.bind(\(name).self, needs: A.self, B.self) { resolver in … }, "
                + "or take A and B as the factory's parameters"
        }
        if key.name == nil, key.type == ScopeResetter.self {
            return "take ScopeResetter itself as a parameter: every injector gives it, and it is never wrapped"
        }
        return "bind \(key) in one of the modules given to Injector(modules:)"
    }

    /// A list or map is made from contributions: the fix says how to contribute one item, or
    /// to declare the collection so that it may be empty.
    private static func missingCollectionFix(_ key: ServiceKey, _ parts: (element: String, key: String?)) -> String {
        let named = key.name.map { ".named(\"\($0)\")" } ?? ""
        let declaredName = key.name.map { ", named: \"\($0)\"" } ?? ""
        guard let keyType = parts.key else {
            return
                "contribute its items with binder.contribute(\(parts.element).self, id: \"…\") { … }\(named), or let it be "
                + "empty with binder.declareList(\(parts.element).self\(declaredName))"
        }
        return "contribute its items with binder.contribute(\(parts.element).self, key: …) { … }\(named), or let it be "
            + "empty with binder.declareMap(\(parts.element).self, keyedBy: \(keyType).self\(declaredName))"
    }

    /// Notes for a missing binding of `key` that `dependant` needs, for a mistake that ends
    /// there often.
    static func missingBindingNotes(for key: ServiceKey, neededBy dependant: ServiceKey?) -> [String] {
        guard key.name == nil, let dependant else { return [] }
        if key.type == Resolver.self {
            return ["note: a Resolver is given only to opaque factories, which declare what they resolve with needs:"]
        }
        guard standardValueTypes.contains(ObjectIdentifier(key.type)) else { return [] }
        return [
            "note: \(key) is a standard-library value type; if \(dependant.typeName)'s initializer gives it "
                + "a default value, such as (retries: \(key) = 3), autowiring does not use the default: bind "
                + "\(dependant.typeName) with a closure that takes only its dependencies and leaves that argument out"
        ]
    }

    /// The note that other bindings need the same missing key too: all of them when they are
    /// few, else the first three and how many more, so a key that a thousand bindings need is
    /// one problem of a few lines.
    static func alsoNeededNote(by others: [ServiceKey], verb: String = "needed") -> [String] {
        guard !others.isEmpty else { return [] }
        let shown = others.prefix(3).map(\.description).joined(separator: ", ")
        let more = others.count > 3 ? " and \(others.count - 3) more" : ""
        return ["also \(verb) by \(shown)\(more)"]
    }

    /// A note for a missing collection whose type is made from contributions under other names:
    /// a contribution without `.named`, or with another name, joins another collection.
    static func collectionNamingNotes(for key: ServiceKey, made collections: [ServiceKey]) -> [String] {
        let others = collections.filter { $0 != key }
        guard !others.isEmpty else { return [] }
        let named = others.map { $0.name == nil ? "\($0) (unnamed)" : $0.description }.sorted()
        return [
            "note: contributions make \(named.joined(separator: " and ")); "
                + "a contribution joins the collection named by its .named(_:)"
        ]
    }

    private static let standardValueTypes: Set<ObjectIdentifier> = {
        let types: [any Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
            Double.self, Float.self, Bool.self, String.self, Substring.self, Character.self,
        ]
        return Set(types.map { ObjectIdentifier($0) })
    }()
}

/// The path a problem names, outermost first, with the steps left out of a long one.
struct Path: Hashable, Sendable {
    var steps: [PathStep]
    /// How many steps were left out, before `steps[omittedAt]`.
    let omitted: Int
    let omittedAt: Int

    /// A path that leaves out `omitted` steps before `steps[omittedAt]`.
    init(_ steps: [PathStep], omitted: Int = 0, at omittedAt: Int = 0) {
        self.steps = steps
        self.omitted = omitted
        self.omittedAt = omittedAt
    }

    func appending(_ step: PathStep) -> Path {
        var path = self
        path.steps.append(step)
        return path
    }
}
