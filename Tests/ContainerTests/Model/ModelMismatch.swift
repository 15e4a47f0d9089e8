/// Where the container first disagreed with the reference model on a graph.
struct ModelMismatch: CustomStringConvertible {
    let description: String

    /// The first line with every number left out: two mismatches with one signature are the
    /// same disagreement, whatever the runs and ids, so shrinking keeps to it.
    var signature: String {
        let line = description.prefix { $0 != "\n" }
        return String(line.map { $0.isNumber ? "N" : $0 }).replacingOccurrences(of: "NN", with: "N")
    }
}
