/// Where the container first disagreed with the reference model on a graph.
struct ModelMismatch: CustomStringConvertible {
    /// What the disagreement is about, for telling known issues apart.
    struct Facts {
        /// Validation problems the model expects and the container did not report.
        var modelOnly: Set<String> = []
        /// Validation problems the container reported and the model does not expect.
        var containerOnly: Set<String> = []
        /// The error the model expects, when it expects one.
        var expectedFailure: ModelFailure?
        /// The container built an instance where the model expects an error.
        var containerBuilt = false
        /// Building an injector failed where the model expects it to succeed.
        var buildFailed = false
        /// The script step where they disagree; `nil` while building the root.
        var step: Int?
        /// Which instance is shared, or how many factory runs, differ.
        var isAboutSharing = false
    }

    let description: String
    let facts: Facts

    /// The first line with every number left out: two mismatches with one signature are the
    /// same disagreement, whatever the runs and ids, so shrinking keeps to it.
    var signature: String {
        let line = description.prefix { $0 != "\n" }
        return String(line.map { $0.isNumber ? "N" : $0 }).replacingOccurrences(of: "NN", with: "N")
    }
}
