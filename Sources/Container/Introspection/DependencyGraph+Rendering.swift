extension DependencyGraph {
    /// The graph in `format`.
    public func rendered(as format: Format) -> String {
        switch format {
        case .text: text
        case .dot: dot
        case .mermaid: mermaid
        case .json: json
        }
    }

    /// `v1 (fallback for v2), singleton`.
    private func summary(of node: Node) -> String {
        var parts: [String] = []
        if let version = node.version {
            parts.append(node.fallbackFor.map { "\(version) (fallback for \($0))" } ?? version)
        }
        parts.append(node.lifetime.description)
        if let arguments = node.arguments { parts.append("arguments (\(arguments.joined(separator: ", ")))") }
        if !node.decorators.isEmpty {
            parts.append("decorated by \(node.decorators.map(\.description).joined(separator: " <- "))")
        }
        if node.closesAtShutdown { parts.append("closes at shutdown") }
        if node.isMainActorIsolated { parts.append("@MainActor") }
        if node.isAsynchronous {
            parts.append(node.asynchronousDependency.map { "async (awaits \($0))" } ?? "async")
        }
        if node.isLiveOnly { parts.append("live-only") }
        if node.isOverridden { parts.append("overridden") }
        return parts.joined(separator: ", ")
    }

    private func edgeSuffix(_ edge: Edge) -> String {
        edge.kind == .direct ? "" : " (\(edgeLabel(edge)))"
    }

    /// `provider`, `provider of optional`, `factory(OrderID)` for an edge through a ``Factory``,
    /// or `lazy of factory(OrderID)` through a wrapper of one.
    private func edgeLabel(_ edge: Edge) -> String {
        if let arguments = edge.arguments {
            let factory = "factory(\(arguments.joined(separator: ", ")))"
            return edge.kind == .factory ? factory : "\(edge.kind.rawValue) of \(factory)"
        }
        return edge.isOptional && edge.kind != .optional ? "\(edge.kind.rawValue) of optional" : edge.kind.rawValue
    }

    private var outgoing: [ServiceKey: [Edge]] {
        Dictionary(grouping: edges, by: \.from)
    }

    private var text: String {
        let count = nodes.count == 1 ? "1 binding" : "\(nodes.count) bindings"
        var lines = ["dependency graph for versions \(versions): \(count)"]
        let outgoing = outgoing
        for node in nodes {
            lines.append("\(node.key) [\(summary(of: node))] \(node.site)")
            for edge in outgoing[node.key] ?? [] {
                lines.append("  -> \(edge.to)\(edgeSuffix(edge))")
            }
        }
        for key in unbound {
            lines.append("\(key) [unbound]")
        }
        for key in absent {
            lines.append("\(key) [not bound; optional, so nil]")
        }
        for missing in notServed {
            lines.append("\(missing.key) [not served under \(missing.selectedVersion ?? "latest"): \(missing.why)]")
        }
        return lines.joined(separator: "\n")
    }

    private var dot: String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingAll(["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) + "\""
        }
        var lines = ["digraph Graft {", "  rankdir=LR;", "  node [shape=box];"]
        for node in nodes {
            lines.append("  \(quoted(node.key.description)) [label=\(quoted("\(node.key)\n\(summary(of: node))"))];")
        }
        for key in unbound {
            lines.append("  \(quoted(key.description)) [label=\(quoted("\(key)\nunbound")), color=red];")
        }
        for key in absent {
            lines.append(
                "  \(quoted(key.description)) [label=\(quoted("\(key)\nnot bound (optional)")), style=dashed];")
        }
        for missing in notServed {
            let label = "\(missing.key)\nnot served: \(missing.why)"
            lines.append("  \(quoted(missing.key.description)) [label=\(quoted(label)), style=dotted];")
        }
        for edge in edges {
            let style = edge.kind == .direct ? "" : " [style=dashed, label=\(quoted(edgeLabel(edge)))]"
            lines.append("  \(quoted(edge.from.description)) -> \(quoted(edge.to.description))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private var mermaid: String {
        var ids: [ServiceKey: String] = [:]
        func id(_ key: ServiceKey) -> String {
            if let id = ids[key] { return id }
            let id = "n\(ids.count)"
            ids[key] = id
            return id
        }
        func label(_ text: String) -> String {
            "[\"" + text.replacingAll(["\"": "#quot;", "<": "#lt;", ">": "#gt;"]) + "\"]"
        }
        var lines = ["graph LR"]
        for node in nodes {
            let body = label("\(node.key)\u{1}\(summary(of: node))").replacingAll(["\u{1}": "<br/>"])
            lines.append("  \(id(node.key))\(body)")
        }
        for key in unbound {
            lines.append("  \(id(key))\(label("\(key) (unbound)"))")
        }
        for key in absent {
            lines.append("  \(id(key))\(label("\(key) (not bound, optional)"))")
        }
        for missing in notServed {
            lines.append("  \(id(missing.key))\(label("\(missing.key) (not served: \(missing.why))"))")
        }
        for edge in edges {
            let arrow = edge.kind == .direct ? "-->" : "-. \(edgeLabel(edge)) .->"
            lines.append("  \(id(edge.from)) \(arrow) \(id(edge.to))")
        }
        return lines.joined(separator: "\n")
    }

    private var json: String {
        typealias J = JSONText
        let overrides = versions.overrides.sorted { $0.key.description < $1.key.description }
        let selection = J.object([
            ("default", J.string(versions.defaultVersion)),
            ("overrides", J.object(overrides.map { ($0.key.description, J.string($0.value)) })),
        ])
        let notServed = notServed.map { missing in
            J.object([
                ("id", J.string(missing.key.description)), ("selected", J.string(missing.selectedVersion)),
                ("why", J.string(missing.why)),
            ])
        }
        return J.object([
            ("versions", selection),
            ("nodes", J.array(nodes.map(Self.json(of:)))),
            ("edges", J.array(edges.map(Self.json(of:)))),
            ("unbound", J.array(unbound.map { J.string($0.description) })),
            ("absent", J.array(absent.map { J.string($0.description) })),
            ("notServed", J.array(notServed)),
        ])
    }

    private static func json(of node: Node) -> String {
        typealias J = JSONText
        var fields: [(String, String)] = [
            ("id", J.string(node.key.description)), ("type", J.string(node.key.typeName)),
            ("name", J.string(node.key.name)), ("version", J.string(node.version)),
            ("fallbackFor", J.string(node.fallbackFor)),
            ("scope", J.string(node.isInstance ? "instance" : node.scope.description)),
            ("site", J.string(node.site.description)), ("liveOnly", "\(node.isLiveOnly)"),
            ("overridden", "\(node.isOverridden)"), ("opaque", "\(node.isOpaque)"),
            ("forwardsTo", J.string(node.forwardsTo?.description)),
            ("decorators", J.array(node.decorators.map { J.string($0.description) })),
            ("arguments", node.arguments.map { J.array($0.map { J.string($0) }) } ?? "null"),
        ]
        // Only an asynchronous binding carries these fields, so synchronous graphs read as before.
        // Likewise only a main-actor binding carries this one.
        if node.isMainActorIsolated { fields.append(("mainActor", "true")) }
        if node.isAsynchronous {
            fields += [
                ("asynchronous", "true"),
                ("asynchronousDependency", J.string(node.asynchronousDependency?.description)),
            ]
        }
        return J.object(fields)
    }

    private static func json(of edge: Edge) -> String {
        typealias J = JSONText
        var fields = [
            ("from", J.string(edge.from.description)), ("to", J.string(edge.to.description)),
            ("kind", J.string(edge.kind.rawValue)),
        ]
        // Only an edge through a factory, wrapped or not, has arguments, so only it carries the field.
        if let arguments = edge.arguments { fields.append(("arguments", J.array(arguments.map { J.string($0) }))) }
        if edge.isOptional && edge.kind != .optional { fields.append(("optional", "true")) }
        return J.object(fields)
    }
}

/// JSON written by hand, so that its fields come in a fixed order and the text is the same on
/// every run.
private enum JSONText {
    static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}

extension String {
    /// The string with each character in `replacements` replaced by its replacement.
    func replacingAll(_ replacements: [Character: String]) -> String {
        var result = ""
        for character in self {
            if let replacement = replacements[character] { result += replacement } else { result.append(character) }
        }
        return result
    }
}

extension DependencyGraph: CustomStringConvertible {
    /// The text form, ``rendered(as:)`` with `.text`: what `print(graph)` shows.
    public var description: String { rendered(as: .text) }
}
