import LayoutFile
import Testing

/// `text`, read as the file `l.json`, is rejected with exactly `message`.
func expectRejected(_ text: String, with message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try LayoutFile.parse(text, file: "l.json")
        Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.description == message, sourceLocation: sourceLocation)
    }
}
