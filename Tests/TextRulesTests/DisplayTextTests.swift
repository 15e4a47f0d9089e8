import Testing
import TextRules

/// Someone else's text on a terminal: control sequences shown as '?', and bounded.
@Suite("Display text")
struct DisplayTextTests {
    @Test("Escape sequences, bells, C1 codes and bidirectional overrides each become '?'")
    func controls() {
        #expect(DisplayText.cleaned("\u{1B}[31mred\u{07}") == "?[31mred?")
        #expect(DisplayText.cleaned("a\u{9B}b\u{202E}c\u{2066}d\re") == "a?b?c?d?e")
        #expect(DisplayText.cleaned("one\ntwo") == "one?two")
        #expect(DisplayText.cleaned("one\ntwo", keepingLineBreaks: true) == "one\ntwo")
        #expect(DisplayText.cleaned("naïve 购物 🍐") == "naïve 购物 🍐")
    }

    @Test("Long text is cut with '…'; a quote says how long the whole was")
    func bounds() {
        #expect(DisplayText.cleaned(String(repeating: "a", count: 501)) == String(repeating: "a", count: 500) + "…")
        #expect(DisplayText.cleaned(String(repeating: "a", count: 500)) == String(repeating: "a", count: 500))
        #expect(DisplayText.quoted("p1") == "'p1'")
        #expect(
            DisplayText.quoted(String(repeating: "x", count: 61))
                == "'\(String(repeating: "x", count: 60))…' (61 characters)")
    }

    @Test(
        "A name from a file: each control character escaped as Swift writes it, long names cut at 200 with the length")
    func escapedNames() {
        #expect(DisplayText.escaped("Cart\u{1B}[31m\nError: x") == "Cart\\u{1B}[31m\\u{A}Error: x")
        #expect(DisplayText.escaped("a\u{9B}b\u{202E}c\u{7F}") == "a\\u{9B}b\\u{202E}c\\u{7F}")
        #expect(DisplayText.escaped("naïve 购物 🍐") == "naïve 购物 🍐")
        #expect(DisplayText.escaped(String(repeating: "n", count: 200)) == String(repeating: "n", count: 200))
        #expect(
            DisplayText.escaped(String(repeating: "n", count: 100_000))
                == String(repeating: "n", count: 200) + "… (100000 characters)")
    }
}
