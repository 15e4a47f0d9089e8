import Container
import TextRules

extension GraphChange {
    /// The change as a line of `graph --compare`'s output, each name escaped and shortened with
    /// `DisplayText.escaped`: a saved snapshot's names come from a file that whoever opens a
    /// pull request writes, and must not reach a terminal or a CI log as escape sequences or
    /// forged lines.
    var escapedDescription: String {
        let name = { (text: String) in DisplayText.escaped(text) }
        let names = { (texts: [String]) in texts.map(name) }
        let escaped: GraphChange =
            switch self {
            case .serviceAdded(let id): .serviceAdded(name(id))
            case .serviceRemoved(let id): .serviceRemoved(name(id))
            case .versionChanged(let id, let from, let to):
                .versionChanged(name(id), from: from.map(name), to: to.map(name))
            case .versionsDeclared(let id, let added, let removed):
                .versionsDeclared(name(id), added: names(added), removed: names(removed))
            case .scopeChanged(let id, let from, let to, let longer):
                .scopeChanged(name(id), from: name(from), to: name(to), longer: longer)
            case .dependencyAdded(let id, let other): .dependencyAdded(name(id), name(other))
            case .dependencyRemoved(let id, let other): .dependencyRemoved(name(id), name(other))
            case .decoratorAdded(let id, let other): .decoratorAdded(name(id), name(other))
            case .decoratorRemoved(let id, let other): .decoratorRemoved(name(id), name(other))
            case .contributionAdded(let id, let other): .contributionAdded(name(id), name(other))
            case .contributionRemoved(let id, let other): .contributionRemoved(name(id), name(other))
            case .notServed(let id, let why): .notServed(name(id), why: name(why))
            case .notServedEnded(let id): .notServedEnded(name(id))
            case .moved(let id, let from, let to): .moved(name(id), from: name(from), to: name(to))
            case .liveOnlyChanged(let id, let to): .liveOnlyChanged(name(id), to: to)
            case .asynchronyChanged(let id, let to): .asynchronyChanged(name(id), to: to)
            }
        return escaped.description
    }
}
