import Container

/// The name of V1's wire pieces in the graph: its ``Protocols/ServiceClient`` is bound as
/// `ServiceClient named "v1"`, so V1 services speak V1 whatever generation the others speak.
public enum V1Wire: BindingName {
    /// `v1`.
    public static let name = "v1"
}
