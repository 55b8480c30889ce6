import Foundation
import Testing

/// The state-machine pages of docs/state-machines cannot drift from the code: every file and type a page names
/// exists, and every case of a documented machine's `enum State` is in its page's Mermaid diagram.
@Suite struct DocsDriftTests {
    static let pages = CLI.root.appendingPathComponent("docs/state-machines")

    /// The Swift sources of the package (Sources/, Examples/, Tests/), by path from the root.
    static let sources: [(path: String, text: String)] = {
        var found: [(String, String)] = []
        for directory in ["Sources", "Examples", "Tests"] {
            let base = CLI.root.appendingPathComponent(directory)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = (try? String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)) ?? ""
                found.append((directory + "/" + relative, text))
            }
        }
        return found
    }()

    /// The pages, by file name, with their text.
    static let pageTexts: [(name: String, text: String)] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return names.map { ($0, (try? String(contentsOf: pages.appendingPathComponent($0), encoding: .utf8)) ?? "") }
    }()

    /// The words in backticks of `text`.
    static func quoted(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// A word in backticks that names a type: `TapGesture`, `TouchChanges.fingersDown` (its type), `TwoFingerGesture<Measure>`.
    static func typeName(_ word: String) -> String? {
        let head = String(word.prefix { $0.isLetter || $0.isNumber })
        guard let first = head.first, first.isUppercase, head.contains(where: \.isLowercase),
              word.dropFirst(head.count).allSatisfy({ ".<>(): ".contains($0) || $0.isLetter || $0.isNumber }) else { return nil }
        return head
    }

    /// Every type the sources declare: its file, and its text from its declaration on.
    static let declarations: [String: (path: String, text: Substring)] = {
        var found: [String: (String, Substring)] = [:]
        let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        for (path, text) in sources {
            var previous: Substring = ""
            var index = text.startIndex
            while index < text.endIndex {
                guard text[index].isLetter || text[index] == "_" else { index = text.index(after: index); continue }
                let start = index
                while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" { index = text.index(after: index) }
                let word = text[start..<index]
                if keywords.contains(previous), found[String(word)] == nil {
                    let from = text[..<start].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                    found[String(word)] = (path, text[from...])
                }
                previous = word
            }
        }
        return found
    }()

    /// The file that declares `type`, and its text from the declaration on.
    static func declaration(of type: String) -> (path: String, text: Substring)? {
        declarations[type]
    }

    /// The cases of the first `enum State` in the type declared at the start of `text` (nil when it has none).
    static func stateCases(in text: Substring) -> [String]? {
        // The type's body: from its first brace to the matching one.
        guard let open = text.firstIndex(of: "{") else { return nil }
        var depth = 0
        var end = text.endIndex
        for index in text[open...].indices {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" { depth -= 1; if depth == 0 { end = index; break } }
        }
        let body = text[open..<end]
        guard let state = body.range(of: "enum State:") ?? body.range(of: "enum State {"),
              let stateOpen = body[state.lowerBound...].firstIndex(of: "{") else { return nil }
        var cases: [String] = []
        depth = 1
        var line = ""
        for character in body[body.index(after: stateOpen)...] {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1; if depth == 0 { break } }
            if character == "\n" {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if depth == 1, trimmed.hasPrefix("case ") {
                    // `case a(x: Int), b`: each name before its payload.
                    var rest = trimmed.dropFirst(5)
                    while !rest.isEmpty {
                        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { cases.append(String(name)) }
                        var parentheses = 0
                        rest = rest.drop { character in
                            if character == "(" { parentheses += 1 }
                            if character == ")" { parentheses -= 1 }
                            return !(character == "," && parentheses == 0)
                        }.dropFirst().drop { $0 == " " }
                    }
                }
                line = ""
            } else {
                line.append(character)
            }
        }
        return cases
    }

    /// The Mermaid diagrams of a page.
    static func diagrams(_ text: String) -> String {
        text.components(separatedBy: "```mermaid").dropFirst().map { $0.components(separatedBy: "```")[0] }.joined(separator: "\n")
    }

    /// The machines a page documents: the types in its heading, else the first in its row of the README's table.
    static func machines(of page: String, text: String) -> [String] {
        let heading = text.split(separator: "\n").first.map(String.init) ?? ""
        let types = quoted(heading).compactMap(typeName)
        if !types.isEmpty { return types }
        let readme = pageTexts.first { $0.name == "README.md" }?.text ?? ""
        let row = readme.split(separator: "\n").first { $0.hasPrefix("| [\(page)]") }.map { $0.split(separator: "|").dropFirst(1).prefix(1).joined() } ?? ""
        return quoted(row).compactMap(typeName).prefix(1).map { $0 }
    }

    /// The standard library's types, which the pages may name too.
    static let standardTypes: Set<String> = ["Array", "Dictionary", "Set", "String", "Substring", "Int", "Int32", "Int64", "UInt64",
                                             "Double", "Bool", "Optional", "Result", "Unmanaged", "ContiguousArray", "Character"]

    @Test func everyFileAndTypeAPageNamesExists() {
        #expect(Self.pageTexts.count > 10)
        for (name, text) in Self.pageTexts {
            for word in Self.quoted(text) {
                if word.hasSuffix(".swift") || word.hasPrefix("Sources/") || word.hasPrefix("Tests/") {
                    let exists = word.hasPrefix("Sources/") || word.hasPrefix("Tests/")
                        ? FileManager.default.fileExists(atPath: CLI.root.appendingPathComponent(word).path)
                        : Self.sources.contains { $0.path.hasSuffix("/" + word) }
                    if !exists { Issue.record("\(name) names \(word), which does not exist") }
                } else if let type = Self.typeName(word) {
                    if Self.declaration(of: type) == nil && !Self.standardTypes.contains(type) { Issue.record("\(name) names the type \(type), which no source declares") }
                }
            }
            // Links to sources: [`…`](../../Sources/…).
            for link in text.components(separatedBy: "](../../").dropFirst() {
                let path = String(link.prefix { $0 != ")" && $0 != "#" })
                if !FileManager.default.fileExists(atPath: CLI.root.appendingPathComponent(path).path) {
                    Issue.record("\(name) links to \(path), which does not exist")
                }
            }
        }
    }

    @Test func everyStateOfADocumentedMachineIsInItsDiagram() {
        var checked = 0
        for (name, text) in Self.pageTexts where name != "README.md" {
            let diagram = Self.diagrams(text)
            #expect(!diagram.isEmpty, "\(name) has no Mermaid diagram")
            let words = Set(diagram.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for machine in Self.machines(of: name, text: text) {
                guard let declared = Self.declaration(of: machine), let cases = Self.stateCases(in: declared.text) else { continue }
                checked += 1
                for state in cases {
                    if !words.contains(state) { Issue.record("\(name): the state \(machine).State.\(state) (\(declared.path)) is not in the diagram") }
                }
            }
        }
        #expect(checked >= 10)
    }

    /// The checks themselves: a page that names a missing file or type, or leaves a state out, is caught.
    @Test func theChecksCatchABrokenPage() throws {
        let broken = "# Tap — `TapGesture`\n\nSource: `Sources/GestureCore/Recognizers/NoSuchFile.swift`, `NoSuchType`.\n"
            + "```mermaid\nstateDiagram-v2\n    idle --> pressed : land\n```\n"
        #expect(Self.quoted(broken).compactMap(Self.typeName) == ["TapGesture", "NoSuchType"])
        #expect(Self.declaration(of: "NoSuchType") == nil)
        let tap = try #require(Self.declaration(of: "TapGesture"))
        let cases = try #require(Self.stateCases(in: tap.text))
        #expect(cases == ["idle", "pressed", "recognized", "waiting", "failed"])
        let words = Set(Self.diagrams(broken).split { !($0.isLetter || $0.isNumber) }.map(String.init))
        #expect(cases.filter { !words.contains($0) } == ["recognized", "waiting", "failed"])
    }
}
