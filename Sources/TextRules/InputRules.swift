import Foundation
import Protocols

/// The rules every input must meet, shared by the clients (which check before sending) and the
/// backend (which checks again). Each check returns `nil` when the input is fine, or the
/// message to show: what is wrong and what would be right.
public enum InputRules {
    /// 7 to 15 digits, optionally after a `+`.
    public static func mobile(_ text: String) -> String? {
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard (7...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else {
            return "mobile \(DisplayText.quoted(text)) must be 7 to 15 digits, optionally after '+'"
        }
        return nil
    }

    /// 8 to 64 characters.
    public static func password(_ text: String) -> String? {
        (8...64).contains(text.count) ? nil : "the password must be 8 to 64 characters long"
    }

    /// 6 digits.
    public static func smsCode(_ text: String) -> String? {
        text.count == 6 && text.allSatisfy(\.isASCIIDigit) ? nil : "the SMS code must be 6 digits"
    }

    /// A gesture: 4 to 9 of the dots 1–9, none twice, in the order drawn (such as `1235789`).
    public static func gesture(_ text: String) -> String? {
        let valid =
            (4...9).contains(text.count) && text.allSatisfy { ("1"..."9").contains($0) }
            && Set(text).count == text.count
        return valid ? nil : "a gesture password is 4 to 9 of the dots 1-9, none twice, such as 1235789"
    }

    /// 6 digits.
    public static func payPassword(_ text: String) -> String? {
        text.count == 6 && text.allSatisfy(\.isASCIIDigit) ? nil : "the payment PIN must be 6 digits"
    }

    /// A card `number` of 12 to 19 digits that pass the Luhn check, and a `holder`'s name.
    public static func card(number: String, holder: String) -> String? {
        let digits = number.filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else {
            return "a card number is 12 to 19 digits"
        }
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            var digit = character.wholeNumberValue ?? 0
            if index.isMultiple(of: 2) == false {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        guard sum.isMultiple(of: 10) else {
            return "the card number \(DisplayText.masked(cardNumber: number)) is mistyped (its check digit is wrong)"
        }
        guard !holder.trimmingCharacters(in: .whitespaces).isEmpty else {
            return "the card holder's name is missing"
        }
        return nil
    }

    /// 1 to 99.
    public static func quantity(_ value: Int) -> String? {
        (1...99).contains(value) ? nil : "a quantity is a whole number from 1 to 99, not \(value)"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
