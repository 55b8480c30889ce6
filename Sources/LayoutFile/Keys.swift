import GestureCore

/// A key of the layout file that the reader looks up by name.
///
/// The keys are numbered (`KeyTable`): these first, by their raw values, then the gesture kinds' options that are not
/// among them. The parser finds each member name's number as it reads it, so that the decoder compares numbers and
/// sets of numbers, never text (docs/performance.md, "Layout loading, third step").
enum Key: Int, CaseIterable {
    case surface, regions
    case name, kind, view
    case rect, domain, bucket, longPressMs, slopMm, doubleTapMs, doubleTapSlopMm, zoom
    case center, radius, deadZoneMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees
    case rotateThresholdDegrees
    case shape, coordination, gestures, children
    case x, y, width, height, innerRadius, outerRadius
    case scale, offset, rotation, minSpan, oneFingerScroll, start, end
    case combine

    /// The key as the layout file spells it. (Not `String(describing:)`, which costs more than reading a layout.)
    var name: String {
        switch self {
        case .surface: "surface"
        case .regions: "regions"
        case .name: "name"
        case .kind: "kind"
        case .view: "view"
        case .rect: "rect"
        case .domain: "domain"
        case .bucket: "bucket"
        case .longPressMs: "longPressMs"
        case .slopMm: "slopMm"
        case .doubleTapMs: "doubleTapMs"
        case .doubleTapSlopMm: "doubleTapSlopMm"
        case .zoom: "zoom"
        case .center: "center"
        case .radius: "radius"
        case .deadZoneMm: "deadZoneMm"
        case .detentDegrees: "detentDegrees"
        case .hysteresisDegrees: "hysteresisDegrees"
        case .minDegrees: "minDegrees"
        case .maxDegrees: "maxDegrees"
        case .initialDegrees: "initialDegrees"
        case .rotateThresholdDegrees: "rotateThresholdDegrees"
        case .shape: "shape"
        case .coordination: "coordination"
        case .gestures: "gestures"
        case .children: "children"
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .innerRadius: "innerRadius"
        case .outerRadius: "outerRadius"
        case .scale: "scale"
        case .offset: "offset"
        case .rotation: "rotation"
        case .minSpan: "minSpan"
        case .oneFingerScroll: "oneFingerScroll"
        case .start: "start"
        case .end: "end"
        case .combine: "combine"
        }
    }
}

/// A set of keys, by their numbers in `KeyTable.layout`: a bit each.
package struct KeySet {
    private var bits: UInt64 = 0

    /// The most keys a table may number. (The layout file has about 50; a wider set would do for more.)
    static let capacity = UInt64.bitWidth

    init() {}

    init(_ numbers: some Sequence<Int>) {
        for number in numbers { insert(number) }
    }

    func contains(_ number: Int) -> Bool { bits & 1 << number != 0 }

    /// Adds `number`; false when it was there already.
    @discardableResult
    mutating func insert(_ number: Int) -> Bool {
        let bit: UInt64 = 1 << number
        defer { bits |= bit }
        return bits & bit == 0
    }

    func isSubset(of other: KeySet) -> Bool { bits & ~other.bits == 0 }

    func isDisjoint(with other: KeySet) -> Bool { bits & other.bits == 0 }
}

/// The keys allowed in one kind of object: in the order a message lists them, and as a set.
struct KeyList {
    /// The keys' numbers in `KeyTable.layout`, in the order of docs/SPEC.md.
    let numbers: [Int]
    let set: KeySet

    init(numbers: [Int]) {
        self.numbers = numbers
        set = KeySet(numbers)
    }

    init(_ keys: [Key]) {
        self.init(numbers: keys.map { $0.rawValue })
    }

    /// The keys as the layout file spells them, for a message.
    var names: [String] { numbers.map { KeyTable.layout.names[$0] } }

    /// The keys of `lists`, each once, in order.
    static func union(_ lists: [KeyList]) -> KeyList {
        var numbers: [Int] = []
        var seen = KeySet()
        for list in lists {
            for number in list.numbers where seen.insert(number) { numbers.append(number) }
        }
        return KeyList(numbers: numbers)
    }
}

/// The keys the reader knows, numbered, and found by their UTF-8 bytes: a small hash table, built once.
package struct KeyTable: Sendable {
    /// Each key as the layout file spells it, by number.
    package let names: [String]
    private let spellings: Spellings
    /// Open addressing: a key's number at the place its hash picks, or the first free place after it; -1 where free.
    /// At least four places a key, so that a search ends after a place or two.
    private let places: [Int]

    /// Every key of the layout file: `Key`'s, then the options of `LayoutGestures.all` that are not among them.
    static let layout: KeyTable = {
        var names = Key.allCases.map { $0.name }
        for kind in LayoutGestures.all {
            for key in kind.optionKeys where !names.contains(key) { names.append(key) }
        }
        return KeyTable(names)
    }()

    package init(_ names: [String]) {
        precondition(names.count <= KeySet.capacity, "more keys than a KeySet holds")
        let spellings = Spellings(names)
        var size = 16
        while size < 4 * names.count { size *= 2 }
        var places = [Int](repeating: -1, count: size)
        for number in names.indices {
            var place = Self.hash(spellings.wordHead(number), count: spellings.count(number)) & (size - 1)
            while places[place] >= 0 { place = (place + 1) & (size - 1) }
            places[place] = number
        }
        self.names = names
        self.spellings = spellings
        self.places = places
    }

    /// The number of the key spelled by the bytes at `range` of `text`; nil for a key the reader does not know.
    @inline(__always)
    func number(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let head = Spellings.head(of: range, in: text)
        var place = Self.hash(head, count: range.count) & (places.count - 1)
        while true {
            let number = places[place]
            guard number >= 0 else { return nil }
            if spellings.word(number, is: range, in: text, head: head) { return number }
            place = (place + 1) & (places.count - 1)
        }
    }

    /// The number of the key `name`.
    package func number(of name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { number(of: 0..<$0.count, in: $0) }
    }

    /// A hash of a key's head and its length: a multiplication by an odd constant, its high bits kept.
    @inline(__always)
    private static func hash(_ head: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: (head &* 0x9E37_79B9_7F4A_7C15) >> 40) ^ count
    }
}

/// Words as UTF-8, compared with the document's text as bytes (no `String` made): their heads (`head(of:in:)`), then
/// any other bytes one by one.
struct Spellings: Sendable {
    /// The words' bytes, one after the other.
    private let bytes: [UInt8]
    /// Where each word begins, and where the last one ends.
    private let starts: [Int]
    /// Each word's head.
    private let heads: [UInt64]

    init(_ words: [String]) {
        var bytes: [UInt8] = []
        var starts = [0]
        for word in words {
            bytes.append(contentsOf: word.utf8)
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        heads = bytes.withUnsafeBufferPointer { bytes in
            words.indices.map { Self.head(of: starts[$0]..<starts[$0 + 1], in: bytes) }
        }
    }

    /// The head of the bytes at `range` of `text`: their first eight bytes as one number (little-endian; zeros after
    /// fewer), read at once where `text` has eight bytes from there. Most keys and names have eight bytes or fewer:
    /// one comparison of their heads compares them.
    @inline(__always)
    static func head(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if range.lowerBound &+ 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + range.lowerBound).loadUnaligned(as: UInt64.self))
            return range.count >= 8 ? word : word & (1 &<< (8 &* UInt64(range.count)) &- 1)
        }
        var word: UInt64 = 0
        for offset in 0..<min(range.count, 8) { word |= UInt64(text[range.lowerBound + offset]) &<< (8 &* UInt64(offset)) }
        return word
    }

    func count(_ index: Int) -> Int { starts[index + 1] - starts[index] }

    func wordHead(_ index: Int) -> UInt64 { heads[index] }

    /// Whether word `index` is spelled by the bytes at `range` of `text`, whose head is `head`.
    @inline(__always)
    func word(_ index: Int, is range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, head: UInt64) -> Bool {
        guard heads[index] == head, count(index) == range.count else { return false }
        guard range.count > 8 else { return true }
        let start = starts[index]
        for offset in 8..<range.count where bytes[start + offset] != text[range.lowerBound + offset] { return false }
        return true
    }

    /// The index of the first word spelled by the bytes at `range` of `text`.
    @inline(__always)
    func firstIndex(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let head = Spellings.head(of: range, in: text)
        for index in heads.indices where word(index, is: range, in: text, head: head) { return index }
        return nil
    }
}

/// The names a value may have (`"rectangle"`, `"circle"`, `"ring"`), in the order a message lists them, each with what
/// it stands for.
struct Choices<Value> {
    let names: [String]
    let spellings: Spellings
    let values: [Value]

    init(_ choices: [(name: String, value: Value)]) {
        names = choices.map { $0.name }
        spellings = Spellings(names)
        values = choices.map { $0.value }
    }
}

extension Choices: Sendable where Value: Sendable {}
