/// Text that reaches a terminal from somewhere the program does not control — an argument, a
/// server's message, a product's name — made safe to print: no control sequences, and bounded.
///
/// ```swift
/// DisplayText.quoted(String(repeating: "x", count: 100_000))  // 'xxxx…' (100000 characters)
/// ```
public enum DisplayText {
    /// How many characters of someone else's text a message quotes.
    public static let quoteLimit = 60
    /// How many characters of a server's message are printed.
    public static let messageLimit = 500

    /// `text` in single quotes, cleaned; a long text is cut to ``quoteLimit`` characters and
    /// followed by its length, so one bad argument cannot flood the error line.
    public static func quoted(_ text: String) -> String {
        let clean = cleaned(text, limit: quoteLimit)
        return text.count > quoteLimit ? "'\(clean)' (\(text.count) characters)" : "'\(clean)'"
    }

    /// A card number as it may be shown, its last four digits only: `•••• 4242`.
    public static func masked(cardNumber: String) -> String {
        "•••• " + String(cardNumber.suffix(4))
    }

    /// `text` without control characters (escape sequences, carriage returns, bells, C1 codes and
    /// bidirectional overrides are each shown as `?`), cut to `limit` characters with `…`.
    /// Line breaks are kept only if `keepingLineBreaks`.
    public static func cleaned(_ text: String, limit: Int = messageLimit, keepingLineBreaks: Bool = false) -> String {
        var result = ""
        var count = 0
        for character in text {
            guard count < limit else { return result + "…" }
            if keepingLineBreaks && character == "\n" {
                result.append(character)
            } else if character.unicodeScalars.contains(where: isUnsafe) {
                result.append("?")
            } else {
                result.append(character)
            }
            count += 1
        }
        return result
    }

    /// How many characters of a name from a file ``escaped(_:limit:)`` shows.
    public static let nameLimit = 200

    /// `text` with each control character (as ``cleaned(_:limit:keepingLineBreaks:)`` counts
    /// them) escaped as Swift writes it, `\u{1B}`, and cut to `limit` characters followed by its
    /// length: for names read from a file, printed where a `?` would hide which character was there.
    ///
    /// ```swift
    /// DisplayText.escaped("Cart\u{1B}[31m")   // Cart\u{1B}[31m
    /// DisplayText.escaped(String(repeating: "x", count: 300))   // 200 x's, then … (300 characters)
    /// ```
    public static func escaped(_ text: String, limit: Int = nameLimit) -> String {
        var result = ""
        for character in text.prefix(limit) {
            for scalar in character.unicodeScalars {
                if isUnsafe(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        let count = text.count
        return count > limit ? "\(result)… (\(count) characters)" : result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates: they reorder what the terminal shows.
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
