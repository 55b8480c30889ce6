/// A set of event codes (or of event types, or of properties): the kernel's bitmasks.
///
/// Stored as 64-bit words with no trailing zero word, so two sets with the same members are equal
/// however they were built (an evemu `B:` line full of zeros adds nothing).
public struct CodeSet: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Bit `c % 64` of word `c / 64` is set when code `c` is a member.
    private var words: [UInt64]

    /// The empty set.
    public init() {
        self.words = []
    }

    /// The set of `codes` (duplicates count once).
    public init(_ codes: some Sequence<UInt16>) {
        self.words = []
        for code in codes { insert(code) }
    }

    public init(arrayLiteral codes: UInt16...) {
        self.init(codes)
    }

    /// True when no code is a member.
    public var isEmpty: Bool { words.isEmpty }

    /// Whether `code` is a member.
    public func contains(_ code: UInt16) -> Bool {
        let word = Int(code) / 64
        return word < words.count && words[word] & (1 << UInt64(code % 64)) != 0
    }

    /// Adds `code` (nothing when it is a member already).
    public mutating func insert(_ code: UInt16) {
        let word = Int(code) / 64
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(code % 64)
    }

    /// Removes `code` (nothing when it is not a member).
    public mutating func remove(_ code: UInt16) {
        let word = Int(code) / 64
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(code % 64))
        trim()
    }

    /// The members, in increasing order.
    public var members: [UInt16] {
        var result: [UInt16] = []
        for (index, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 {
                result.append(UInt16(index * 64 + bit))
            }
        }
        return result
    }

    /// How many bytes of the kernel's little-endian bitmask the members need.
    public var byteCount: Int {
        guard let last = words.last else { return 0 }
        return (words.count - 1) * 8 + (64 - last.leadingZeroBitCount + 7) / 8
    }

    /// Byte `index` of the kernel's bitmask: codes `8 × index` to `8 × index + 7`, lowest code in bit 0.
    public func byte(at index: Int) -> UInt8 {
        let word = index / 8
        guard index >= 0, word < words.count else { return 0 }
        return UInt8(truncatingIfNeeded: words[word] >> UInt64((index % 8) * 8))
    }

    /// Adds the members of one byte of a kernel bitmask (as read from an evemu `P:` or `B:` line).
    public mutating func formUnion(byte: UInt8, at index: Int) {
        precondition(index >= 0 && index < 8192, "a bitmask of UInt16 codes has 8192 bytes")
        guard byte != 0 else { return }
        let word = index / 8
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= UInt64(byte) << UInt64((index % 8) * 8)
    }

    /// Adds every member of `other`.
    public mutating func formUnion(_ other: CodeSet) {
        for code in other.members { insert(code) }
    }

    public var description: String { "\(members)" }

    private mutating func trim() {
        while let last = words.last, last == 0 { words.removeLast() }
    }
}
