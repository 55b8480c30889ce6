import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read back by a real XML parser (Foundation's `XMLParser`, libxml2): its elements,
/// their attributes and text, for the tests to look into.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    var children: [SVGElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The number in `attribute`.
    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    var classes: Set<Substring> { Set((attributes["class"] ?? "").split(separator: " ")) }

    /// This element and every element below it, in document order.
    var all: [SVGElement] { [self] + children.flatMap(\.all) }

    /// The elements below (and including) this one named `name` with the class `className`, if given.
    func find(_ name: String? = nil, class className: Substring? = nil) -> [SVGElement] {
        all.filter { (name == nil || $0.name == name) && (className == nil || $0.classes.contains(className!)) }
    }

    /// Parses `text`; throws with the parser's error (and its line) when it is not well-formed XML.
    static func parse(_ text: String) throws -> SVGElement {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = TreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber): "
                             + String(describing: parser.parserError))
        }
        return root
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var stack: [SVGElement] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = SVGElement(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
