/// Where `register` and `login` get their secrets, so that none has to be on the command line,
/// which other users can read (`ps`, `/proc/PID/cmdline`) while graft runs.
///
/// The password: `--password P` if given (for scripts; visible), else `--password-stdin` (the
/// first line of standard input, like `docker login --password-stdin`), else a prompt with echo
/// off on a terminal. The login chain's inputs: their flags if given, else the environment
/// (`GRAFT_GESTURE`, `GRAFT_CARD`, `GRAFT_PAY_PASSWORD`, as `psql` reads `PGPASSWORD`), else a
/// prompt on a terminal. No message ever shows a secret.
enum Secrets {
    static let gestureVariable = "GRAFT_GESTURE"
    static let cardVariable = "GRAFT_CARD"
    static let payPasswordVariable = "GRAFT_PAY_PASSWORD"
    static let variables: Set<String> = [gestureVariable, cardVariable, payPasswordVariable]

    /// The password for `context`'s command. `confirming` asks twice at a prompt, for a new one.
    static func password(_ context: CommandContext, confirming: Bool = false) throws(Failure) -> String {
        let command = context.command
        let console = context.console
        if command.has("--password") && command.has("--password-stdin") {
            throw context.usage("use --password or --password-stdin, not both")
        }
        if let given = command.value("--password") { return given }
        if command.has("--password-stdin") && !console.inputIsTerminal {
            guard let line = console.readInputLine(), !line.isEmpty else {
                throw context.usage(
                    "--password-stdin read no password: standard input is empty; pipe the password in, such as with '< password.txt'"
                )
            }
            return line
        }
        guard console.inputIsTerminal else {
            throw context.usage(
                "no password given: pipe it in with --password-stdin, or run graft on a terminal to be asked for it")
        }
        guard let typed = console.prompt(confirming ? "Password (8 to 64 characters)" : "Password", secret: true) else {
            throw context.usage("no password was typed; nothing was sent")
        }
        if confirming, console.prompt("Repeat the password", secret: true) != typed {
            throw context.usage("the two passwords typed differ; nothing was sent")
        }
        return typed
    }

    /// A secret of the login chain: the flag, else the environment variable.
    static func value(_ flag: String, or variable: String, in context: CommandContext) -> String? {
        context.command.value(flag) ?? context.settings.secretVariables[variable]
    }
}
