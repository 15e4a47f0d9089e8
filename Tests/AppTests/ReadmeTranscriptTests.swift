import Foundation
import Testing

/// The README's first screen is a transcript of `graft`; this replays it against the built
/// binary in a fresh home and compares, with the random SMS code masked.
@Suite("README transcript")
struct ReadmeTranscriptTests {
    /// `"correct horse"` stays one word.
    private func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                continue
            }
            if character == " " && !quoted {
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    @Test("Every graft command of the first screen prints what the README shows")
    func transcript() async throws {
        let text = try Readme.text()
        let start = try #require(text.range(of: "```console\n$ swift run graft"))
        let block = text[start.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        let lines = ("$ swift run graft" + block[..<end.lowerBound]).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let graft = try GraftProcess()
        var index = 0
        var replayed = 0
        while index < lines.count {
            let command = lines[index]
            index += 1
            var expected: [String] = []
            while index < lines.count, !lines[index].hasPrefix("$ ") {
                expected.append(lines[index])
                index += 1
            }
            guard command.hasPrefix("$ swift run graft ") else { continue }
            var arguments = words(String(command.dropFirst("$ swift run graft ".count)))
            var limit: Int?
            if let pipe = arguments.firstIndex(of: "|") {
                limit = Int(arguments.last ?? "")
                arguments = Array(arguments[..<pipe])
            }
            let result = try await graft.run(arguments)
            #expect(result.status == 0, "\(command): \(result.error)")
            var output = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if output.last == "" { output.removeLast() }
            if let limit { output = Array(output.prefix(limit)) }
            let masked = output.map {
                $0.replacingOccurrences(of: #"SMS code \d{6}"#, with: "SMS code NNNNNN", options: .regularExpression)
            }
            #expect(masked == expected, "\(command)")
            replayed += 1
        }
        #expect(replayed == 3)
    }
}
