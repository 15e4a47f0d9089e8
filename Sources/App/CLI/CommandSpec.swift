/// One command of `graft`, as data: the parser, the help and the error messages all read it,
/// so they cannot disagree.
struct CommandSpec: Sendable {
    /// An option of a command: `--mobile M` takes a value; a flag does not.
    struct Option: Sendable {
        let name: String
        let value: String?
        let help: String
        var isRequired = false
        /// Its value is a secret: never echoed, not even a word that may be part of it.
        var isSecret = false
        /// Options of one group are alternatives: the synopsis shows them as `[--a A | --b]`.
        var group: String?

        var isFlag: Bool { value == nil }
        var synopsis: String { value.map { "\(name) \($0)" } ?? name }
    }

    let name: String
    let summary: String
    /// Paragraphs that `--help` shows after the summary.
    var discussion: [String] = []
    /// Words after the command, such as `ID` for `cart add ID`.
    var arguments: [String] = []
    var options: [Option] = []
    var subcommands: [CommandSpec] = []

    /// `--mobile M [--password P | --password-stdin] [--sms-code C]`.
    var synopsis: String {
        var words = arguments
        var index = options.startIndex
        while index < options.endIndex {
            let option = options[index]
            let alternatives = option.group.map { group in options[index...].prefix { $0.group == group } } ?? [option]
            let text = alternatives.map(\.synopsis).joined(separator: " | ")
            words.append(option.isRequired ? text : "[\(text)]")
            index += alternatives.count
        }
        return words.joined(separator: " ")
    }
}

/// The options every command takes.
let globalOptions: [CommandSpec.Option] = [
    .init(
        name: "--impl", value: "VERSION",
        help:
            "v1 or v2 for every service, or Service=version for one (repeatable); default from the build, then GRAFT_IMPL"
    ),
    .init(name: "--home", value: "DIR", help: "where local state is kept (default: $GRAFT_HOME, else ~/.graft)"),
    .init(name: "--server", value: "URL", help: "talk to a real server over HTTP instead of the embedded backend"),
    .init(
        name: "--timeout", value: "SECONDS", help: "deadline for each whole request to --server, 1 to 600 (default: 10)"
    ),
    .init(name: "--json", value: nil, help: "print one JSON document instead of text"),
    .init(
        name: "--trace", value: nil,
        help: "print each call to the business services, its outcome and duration on standard error"),
    .init(name: "--help", value: nil, help: "show help for the command"),
]

/// Every command of `graft`.
let commands: [CommandSpec] = [
    CommandSpec(
        name: "register", summary: "Create an account, with the SMS code from the backend's inbox",
        discussion: [
            "Without --password or --password-stdin, graft asks for the password twice on a terminal, with echo off. --password P works for scripts, but other users can read it in the process list while graft runs."
        ],
        options: [
            .init(name: "--mobile", value: "M", help: "the mobile number, 7 to 15 digits", isRequired: true),
            .init(
                name: "--password", value: "P",
                help:
                    "8 to 64 characters; other users can read it in the process list: prefer --password-stdin or the prompt",
                isSecret: true, group: "password"),
            .init(
                name: "--password-stdin", value: nil,
                help: "read the password from the first line of standard input, such as a pipe", group: "password"),
            .init(name: "--sms-code", value: "C", help: "the code sent by SMS (the embedded backend fills it in)"),
        ]),
    CommandSpec(
        name: "login", summary: "Log in and run the login chain (gesture password, then V2's card and PIN)",
        discussion: [
            "Without --password or --password-stdin, graft asks for the password on a terminal, with echo off. The chain's inputs come from their flags, else from GRAFT_GESTURE, GRAFT_CARD and GRAFT_PAY_PASSWORD, else graft asks on a terminal. The flags work for scripts, but other users can read them in the process list while graft runs; the environment they cannot."
        ],
        options: [
            .init(name: "--mobile", value: "M", help: "the mobile number", isRequired: true),
            .init(
                name: "--password", value: "P",
                help:
                    "the account's password; other users can read it in the process list: prefer --password-stdin or the prompt",
                isSecret: true, group: "password"),
            .init(
                name: "--password-stdin", value: nil,
                help: "read the password from the first line of standard input, such as a pipe", group: "password"),
            .init(
                name: "--gesture", value: "G",
                help:
                    "a new gesture password, if the chain asks for one (4-9 of the dots 1-9); visible to others: prefer GRAFT_GESTURE",
                isSecret: true),
            .init(
                name: "--card", value: "N",
                help: "a card number to bind, if the V2 chain asks for one; visible to others: prefer GRAFT_CARD",
                isSecret: true),
            .init(
                name: "--holder", value: "NAME", help: "the card holder's name, for the card of --card or GRAFT_CARD"),
            .init(
                name: "--pay-password", value: "PIN",
                help:
                    "a 6-digit payment PIN, if the V2 chain asks for one; visible to others: prefer GRAFT_PAY_PASSWORD",
                isSecret: true),
        ]),
    CommandSpec(name: "logout", summary: "End the session"),
    CommandSpec(name: "status", summary: "Show who is logged in, and what waits for the next login"),
    CommandSpec(name: "payment", summary: "Show the bound card and whether a payment PIN is set (V2 only)"),
    CommandSpec(
        name: "gesture", summary: "Verify, update or forget the gesture password",
        subcommands: [
            CommandSpec(name: "verify", summary: "Check a gesture password", arguments: ["G"]),
            CommandSpec(name: "update", summary: "Replace the gesture password", arguments: ["OLD", "NEW"]),
            CommandSpec(name: "forget", summary: "Forget it; the next login sets a new one"),
        ]),
    CommandSpec(
        name: "products", summary: "List the catalogue",
        options: [
            .init(name: "--page", value: "N", help: "the page, from 1")
        ]),
    CommandSpec(
        name: "cart", summary: "Show or change the cart",
        subcommands: [
            CommandSpec(name: "list", summary: "Show the cart and its totals"),
            CommandSpec(
                name: "add", summary: "Add a product", arguments: ["ID"],
                options: [
                    .init(name: "--qty", value: "N", help: "how many, 1 to 99 (default: 1)")
                ]),
            CommandSpec(name: "remove", summary: "Remove a product", arguments: ["ID"]),
            CommandSpec(name: "clear", summary: "Empty the cart"),
        ]),
    CommandSpec(
        name: "wishlist", summary: "Show or change the wishlist",
        subcommands: [
            CommandSpec(
                name: "list", summary: "Show a page of the wishlist",
                options: [
                    .init(name: "--page", value: "N", help: "V1: the page, from 1"),
                    .init(name: "--cursor", value: "C", help: "V2: where the page starts, as the last page said"),
                ]),
            CommandSpec(name: "add", summary: "Add a product", arguments: ["ID"]),
            CommandSpec(name: "remove", summary: "Remove a product", arguments: ["ID"]),
            CommandSpec(name: "has", summary: "Say whether a product is in the wishlist", arguments: ["ID"]),
        ]),
    CommandSpec(
        name: "graph", summary: "Print the dependency graph composed for the selected versions",
        options: [
            .init(
                name: "--format", value: "FORMAT",
                help: "text, dot, mermaid, json, or snapshot: the JSON to keep in a repository (default: text)"),
            .init(
                name: "--compare", value: "FILE",
                help: "compare with a snapshot saved by --format snapshot: exit 0 same, 1 changed, 65 unreadable"),
        ]),
    CommandSpec(
        name: "explain", summary: "Say which binding, version, scope and decorators serve a service, and why",
        arguments: ["SERVICE"]),
    CommandSpec(name: "check", summary: "Validate the graph under every version selection"),
]
