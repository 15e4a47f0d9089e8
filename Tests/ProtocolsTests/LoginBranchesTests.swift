import Protocols
import Testing

extension BusinessOperation {
    /// An operation no generation has, whose branch asks for a number.
    fileprivate static let pickNumber = BusinessOperation(rawValue: "pickNumber")
}

extension LoginBranch where Input == Int {
    /// The branch of ``BusinessOperation/pickNumber``.
    fileprivate static var pickNumber: LoginBranch<Int> { LoginBranch(.pickNumber) }
}

@Suite("Login branches are a registry keyed by operation")
struct LoginBranchesTests {
    @Test("Each branch gets its own answer, typed by its key; an unanswered branch is declined")
    func typedAnswers() async {
        let branches = LoginBranches()
            .answering(.pickNumber, with: 7)
            .answering(.createGesturePassword) { "1235" }
        let number: Int? = await branches.input(for: .pickNumber)
        #expect(number == 7)
        #expect(await branches.input(for: .createGesturePassword) == "1235")
        #expect(await branches.input(for: .forgetGesturePassword) == nil)
        #expect(await LoginBranches.declining.input(for: .pickNumber) == nil)
    }

    @Test("A later answer replaces an earlier one; an answer of another type is not given")
    func replacingAndMistyped() async {
        let branches = LoginBranches().answering(.pickNumber, with: 7).answering(.pickNumber, with: 8)
        #expect(await branches.input(for: .pickNumber) == 8)
        #expect(await branches.input(for: LoginBranch<String>(.pickNumber)) == nil)
    }
}
