import Protocols
import WireFormat

extension EnvelopeFormat {
    /// V1's envelope, the legacy one: `{"status":"000000","desc":…,"data":…}`, codes as six-digit strings.
    ///
    /// | meaning | `status` |
    /// |---|---|
    /// | success | `"000000"` |
    /// | wrong password | `"100001"` |
    /// | login expired | `"100002"` |
    /// | account locked | `"100003"` |
    /// | validation failed | `"100004"` |
    /// | not found | `"100005"` |
    /// | server error | `"999999"` |
    public static let v1 = EnvelopeFormat(
        codeMember: "status", messageMember: "desc", codesAreNumbers: false,
        wireValues: [
            .success: "000000", .wrongPassword: "100001", .loginExpired: "100002", .accountLocked: "100003",
            .validationFailed: "100004", .notFound: "100005", .serverError: "999999",
        ])
}
