import Container

/// The name of V2's wire pieces in the graph: its signed transport and its
/// ``Protocols/ServiceClient`` are bound under `v2`, so V2 services sign their requests and
/// V1 services, in the same graph, do not.
public enum V2Wire: BindingName {
    /// `v2`.
    public static let name = "v2"
}
