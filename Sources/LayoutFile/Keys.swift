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
    case scale, offset, rotation, minSpan, start, end
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
        case .start: "start"
        case .end: "end"
        case .combine: "combine"
        }
    }
}

/// A set of keys, by their numbers in `KeyTable.layout`: a bit each.
struct KeySet: Equatable {
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
struct KeyTable: Sendable {
    /// Each key as the layout file spells it, by number.
    let names: [String]
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

    init(_ names: [String]) {
        precondition(names.count <= KeySet.capacity, "more keys than a KeySet holds")
        let spellings = Spellings(names)
        var size = 16
        while size < 4 * names.count { size *= 2 }
        var places = [Int](repeating: -1, count: size)
        for number in names.indices {
            var place = spellings.withWord(number) { word in
                var hash = Hash()
                for byte in word { hash.add(byte) }
                return hash.value
            } & (size - 1)
            while places[place] >= 0 { place = (place + 1) & (size - 1) }
            places[place] = number
        }
        self.names = names
        self.spellings = spellings
        self.places = places
    }

    /// The number of the key spelled `text`; nil for a key the reader does not know.
    func number(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        var hash = Hash()
        for byte in text { hash.add(byte) }
        return number(of: text, hash: hash)
    }

    /// The number of the key spelled `text`, whose hash is `hash`.
    @inline(__always)
    func number(of text: UnsafeBufferPointer<UInt8>, hash: Hash) -> Int? {
        var place = hash.value & (places.count - 1)
        while true {
            let number = places[place]
            guard number >= 0 else { return nil }
            if spellings.word(number, is: text) { return number }
            place = (place + 1) & (places.count - 1)
        }
    }

    /// The number of the key `name`.
    func number(of name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { number(of: $0) }
    }

    /// The hash of a key's bytes, added one by one (FNV-1a), so that the parser hashes a name as it scans it.
    struct Hash {
        private var state: UInt32 = 2_166_136_261

        mutating func add(_ byte: UInt8) { state = (state ^ UInt32(byte)) &* 16_777_619 }

        var value: Int { Int(state) }
    }
}

/// Words as UTF-8, one after the other, compared with the document's text byte by byte (no `String` made).
struct Spellings: Sendable {
    private let bytes: [UInt8]
    /// Where each word begins, and where the last one ends.
    private let starts: [Int]

    init(_ words: [String]) {
        var bytes: [UInt8] = []
        var starts = [0]
        for word in words {
            bytes.append(contentsOf: word.utf8)
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// `body` of the UTF-8 of word `index`.
    func withWord<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]])) }
    }

    /// Whether word `index` is spelled `text`.
    func word(_ index: Int, is text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[index]
        guard starts[index + 1] - start == text.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            // Eight bytes at a time, as one number (unaligned loads), then the rest byte by byte.
            var offset = 0
            while offset + 8 <= text.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + start + offset).loadUnaligned(as: UInt64.self)
                guard word == UnsafeRawPointer(text.baseAddress! + offset).loadUnaligned(as: UInt64.self) else { return false }
                offset += 8
            }
            while offset < text.count {
                guard bytes[start + offset] == text[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// The index of the first word spelled `text`.
    func firstIndex(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in 0..<starts.count - 1 where word(index, is: text) { return index }
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
