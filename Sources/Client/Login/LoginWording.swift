import Protocols

/// How a person is told about the login steps one generation's links add: what each step did,
/// and what each business operation still needs.
///
/// Each generation's module contributes its wording to the map keyed by generation, without a
/// version, so that a command can word any step or pending operation, even one a login under
/// another generation left waiting:
///
/// ```swift
/// binder.contribute(LoginWording.self, key: "v2") { LoginWording.v2 }
/// let wording = LoginWording(merging: try injector.resolve([String: LoginWording].self))
/// wording.describe(.cardBound)  // "bank card bound"
/// ```
public struct LoginWording: Sendable, Equatable {
    /// What each step did: `gesture password created`.
    public let steps: [LoginResult.Step: String]
    /// What each operation needs, as the object of "the login needs …": `a gesture password`.
    public let needs: [BusinessOperation: String]

    /// Wording for the given steps and operations.
    public init(steps: [LoginResult.Step: String], needs: [BusinessOperation: String]) {
        self.steps = steps
        self.needs = needs
    }

    /// The wording of every generation in `byGeneration`; where two word one step or operation,
    /// the later generation's, by name, wins.
    public init(merging byGeneration: [String: LoginWording]) {
        var steps: [LoginResult.Step: String] = [:]
        var needs: [BusinessOperation: String] = [:]
        for (_, wording) in byGeneration.sorted(by: { $0.key < $1.key }) {
            steps.merge(wording.steps) { _, later in later }
            needs.merge(wording.needs) { _, later in later }
        }
        self.init(steps: steps, needs: needs)
    }

    /// What `step` did; its name when no generation words it.
    public func describe(_ step: LoginResult.Step) -> String {
        steps[step] ?? step.rawValue
    }

    /// What `operation` needs; its name when no generation words it.
    public func need(_ operation: BusinessOperation) -> String {
        needs[operation] ?? operation.rawValue
    }
}
