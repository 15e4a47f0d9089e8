import Protocols

extension EnvelopeFormat {
    /// The legacy envelope: `{"status":"000000","desc":…,"data":…}`, codes as six-digit strings.
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

    /// The current envelope: `{"code":200,"msg":"success","data":…}`, codes as numbers.
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
