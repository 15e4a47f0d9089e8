import Protocols
import WireFormat

extension EnvelopeFormat {
    /// V2's envelope, the current one: `{"code":200,"msg":"success","data":…}`, codes as numbers.
    ///
    /// | meaning | `code` |
    /// |---|---|
    /// | success | `200` |
    /// | wrong password | `40101` |
    /// | login expired | `40102` |
    /// | account locked | `40301` |
    /// | validation failed | `40001` |
    /// | not found | `40401` |
    /// | server error | `50001` |
    public static let v2 = EnvelopeFormat(
        codeMember: "code", messageMember: "msg", codesAreNumbers: true,
        wireValues: [
            .success: "200", .wrongPassword: "40101", .loginExpired: "40102", .accountLocked: "40301",
            .validationFailed: "40001", .notFound: "40401", .serverError: "50001",
        ])
}
