#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EvdevModel
import GestureCore
import SystemCalls

/// The evemu text format, as written: a 1.3 description header and `E:` lines with evemu's comments.
///
/// Microseconds are written without zero padding (`E: 1.10000`, not `E: 1.010000`): umockdev 0.17 parses
/// a padded `010000` as octal, and evemu's own reader (`%06u`, an integer) reads the unpadded form the same
/// way. Values are written unpadded too (`-1`, `5`, where evemu writes `%04d`: `-001`, `0005`): evemu reads
/// them with `%d` either way, and no reader that guesses the base can take them for octal.
public enum EvemuFormat {
    /// An evemu 1.3 file: `EvemuFormat`'s header, `# ` lines saying where the file comes from, then the
    /// `E:` lines. Microseconds are written without zero padding (`E: 1.10000` is 1.010000 s), which
    /// umockdev 0.17 needs and evemu reads the same.
    public static func document(description: DeviceDescription, comments: [String], events: [InputEvent]) -> String {
        var text = EvemuFormat.header(for: description)
        for comment in comments { text += "# " + TerminalText.escaped(comment) + "\n" }
        var lastSyn: Timestamp?
        for event in events { text += EvemuFormat.eventLine(event, lastSyn: &lastSyn) }
        return text
    }

    /// Event types written even when empty, with their mask's size in `B:` lines (8 bytes each), as
    /// evemu does: `EV_KEY` needs 12 lines for codes up to `KEY_MAX`, `EV_FF` 2.
    private static let maskLines: [(type: UInt16, lines: Int)] = [
        (EventType.syn, 1), (EventType.key, 12), (EventType.rel, 1), (EventType.abs, 1), (EventType.msc, 1),
        (EventType.sw, 1), (EventType.led, 1), (EventType.snd, 1), (EventType.rep, 1), (EventType.ff, 2),
    ]

    /// The description header: `# EVEMU 1.3`, then `N:`, `I:`, `P:`, `B:` and `A:` lines.
    ///
    /// The `B: 00` line is the description's `EV_SYN` mask as it is, so that a description read from an
    /// evemu file comes back unchanged (real files do not always list every type there: the Dell Canvas
    /// recording has `EV_MSC` codes but no `EV_MSC` bit in `B: 00`). A description without an `EV_SYN`
    /// mask (one built in code) gets `EV_SYN` and the types that have codes, as the kernel reports them.
    /// A newline in the name is written as a space (the name is the rest of its line).
    public static func header(for description: DeviceDescription) -> String {
        var lines: [String] = ["# EVEMU 1.3"]
        let name = String(description.name.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        lines.append("N: \(name)")
        let id = description.id
        lines.append("I: \(hex(id.bustype, 4)) \(hex(id.vendor, 4)) \(hex(id.product, 4)) \(hex(id.version, 4))")
        let propertyLines = max(1, (description.properties.byteCount + 7) / 8)
        for line in 0..<propertyLines {
            lines.append("P: " + (0..<8).map { hex(description.properties.byte(at: line * 8 + $0), 2) }.joined(separator: " "))
        }
        var types = description.codes(ofType: EventType.syn)
        if types.isEmpty {
            types.insert(EventType.syn)
            for type in description.codes.keys { types.insert(type) }
        }
        var masks: [(type: UInt16, lines: Int)] = maskLines
        for type in description.codes.keys.sorted() where !masks.contains(where: { $0.type == type }) {
            masks.append((type, 1))
        }
        for (type, minimumLines) in masks {
            let set = type == EventType.syn ? types : description.codes(ofType: type)
            let count = max(minimumLines, (set.byteCount + 7) / 8)
            for line in 0..<count {
                let bytes = (0..<8).map { hex(set.byte(at: line * 8 + $0), 2) }.joined(separator: " ")
                lines.append("B: \(hex(type, 2)) \(bytes)")
            }
        }
        for (code, info) in description.absinfo.sorted(by: { $0.key < $1.key }) {
            lines.append("A: \(hex(code, 2)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `E:` line of `event`, newline included. `lastSyn` is the time of the previous `EV_SYN` event
    /// written (nil before the first), for the `+Nms` of the `SYN_REPORT` comment; it is updated.
    public static func eventLine(_ event: InputEvent, lastSyn: inout Timestamp?) -> String {
        var bytes: [UInt8] = []
        appendEventLine(event, lastSyn: &lastSyn, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the `E:` line of `event` to `bytes`; allocates nothing when `bytes` has room.
    ///
    /// `E: sec.usec type code value\t# comment`, the comment as evemu writes it:
    /// `# EV_ABS / ABS_MT_SLOT          1`, `# ------------ SYN_REPORT (0) ---------- +12ms`,
    /// `# ++++++++++++ SYN_MT_REPORT (0) ++++++++++`. A time before 0 is written as 0 (evemu's time is
    /// unsigned).
    public static func appendEventLine(_ event: InputEvent, lastSyn: inout Timestamp?, to bytes: inout [UInt8]) {
        let microseconds = max(event.time.microseconds, 0)
        append("E: ", to: &bytes)
        appendDecimal(UInt64(microseconds / 1_000_000), to: &bytes)
        bytes.append(EvemuSyntax.dot)
        appendDecimal(UInt64(microseconds % 1_000_000), to: &bytes)
        bytes.append(EvemuSyntax.space)
        appendHex(event.type, to: &bytes)
        bytes.append(EvemuSyntax.space)
        appendHex(event.code, to: &bytes)
        bytes.append(EvemuSyntax.space)
        appendSigned(Int64(event.value), to: &bytes)
        append("\t# ", to: &bytes)
        if event.type == EventType.syn {
            let name = EvdevNames.code(event.code, type: event.type) ?? "?"
            if event.code == SynCode.mtReport {
                append("++++++++++++ ", to: &bytes)
                append(name, to: &bytes)
                append(" (", to: &bytes)
                appendSigned(Int64(event.value), to: &bytes)
                append(") ++++++++++", to: &bytes)
            } else {
                let milliseconds = microseconds / 1000
                let previous = lastSyn.map { max($0.microseconds, 0) / 1000 } ?? milliseconds
                lastSyn = event.time
                append("------------ ", to: &bytes)
                append(name, to: &bytes)
                append(" (", to: &bytes)
                appendSigned(Int64(event.value), to: &bytes)
                append(") ---------- ", to: &bytes)
                let delta = milliseconds - previous
                if delta >= 0 { bytes.append(EvemuSyntax.plus) }
                appendSigned(delta, to: &bytes)
                append("ms", to: &bytes)
            }
        } else {
            append(EvdevNames.type(event.type) ?? "?", to: &bytes)
            append(" / ", to: &bytes)
            let name = EvdevNames.code(event.code, type: event.type) ?? "?"
            append(name, to: &bytes)
            for _ in name.utf8.count..<max(20, name.utf8.count) { bytes.append(EvemuSyntax.space) }
            bytes.append(EvemuSyntax.space)
            appendSigned(Int64(event.value), to: &bytes)
        }
        bytes.append(0x0A)
    }

    // MARK: Formatting without allocating

    private static func hex(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        // The texts here are literals or the names' literals: their UTF-8 view is read in place.
        for byte in text.utf8 { bytes.append(byte) }
    }

    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(EvemuSyntax.minus) }
        appendDecimal(value.magnitude, to: &bytes)
    }

    /// `%04x`.
    private static func appendHex(_ value: UInt16, to bytes: inout [UInt8]) {
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt16(shift)) & 0xF)
            bytes.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
        }
    }
}

/// Writes an evemu trace to a file: the header, then the events, buffered.
///
/// Write errors are `FileError`s of kind `.io`. `close()` flushes; a writer that is not closed flushes
/// and closes its file when released, ignoring errors.
public final class EvemuWriter {
    /// The file, for messages (`FilePath.description`), or the name given with a file descriptor.
    public let path: String
    private var fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var lastSyn: Timestamp?
    private static let flushThreshold = 1 << 16

    /// Creates (or replaces) the file at `path`, which this writer owns until it is closed: a recording is
    /// written by one recorder at a time (an exclusive `flock`), and a second one is refused before it changes
    /// anything (`.io`: "another recorder is writing it"). A FIFO is opened without waiting for its reader:
    /// one that no process reads is refused at once (SPEC "Live input").
    public init(path: FilePath) throws(FileError) {
        let fd: Int32
        switch path.withCString({ openWithoutWaiting($0, flags: O_WRONLY | O_CREAT | O_CLOEXEC, mode: 0o644) }) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.rawValue == ENXIO:
            throw FileError(.io, path: path, message: "cannot open: it is a pipe (FIFO) that no process reads")
        case .failure(let error): throw FileError(.io, path: path, message: "cannot create: \(error)")
        }
        switch Self.lockAsRecorder(fd) {
        case .success: break
        case .failure(let error) where error.rawValue == EWOULDBLOCK:
            _ = closeDescriptor(fd)
            throw FileError(.io, path: path, message: "cannot record: another recorder is writing it")
        case .failure(let error):
            _ = closeDescriptor(fd)
            throw FileError(.io, path: path, message: "cannot lock: \(error)")
        }
        // Only now, owned, is an old file's content dropped (a pipe or a device has none to drop).
        if case .success(let status) = fileStatus(descriptor: fd), status.isRegularFile, case .failure(let error) = truncateFile(fd, to: 0) {
            _ = closeDescriptor(fd)
            throw FileError(.io, path: path, message: "cannot create: \(error)")
        }
        self.path = path.description
        self.fd = fd
        self.ownsDescriptor = true
        buffer.reserveCapacity(Self.flushThreshold + 256)
    }

    /// The recorder's exclusive lock on `fd`, tried again for up to 50 ms while another holds it: a lock is the
    /// open file's, and a process this one forks shares it until it execs, so that a recording just closed by a
    /// program that starts other programs (a test runner) may stay locked for that long.
    private static func lockAsRecorder(_ fd: Int32) -> Result<Void, Errno> {
        var tries = 0
        while true {
            let locked = lockWithoutWaiting(fd, exclusive: true)
            guard case .failure(let error) = locked, error.rawValue == EWOULDBLOCK, tries < 10 else { return locked }
            tries += 1
            usleep(5_000)
        }
    }

    /// `init(path:)` for a path given as text (its UTF-8 bytes).
    public convenience init(path: String) throws(FileError) {
        try self.init(path: FilePath(path))
    }

    /// Writes to an open file descriptor (standard output, for instance), which `close()` leaves open.
    public init(fileDescriptor: Int32, name: String) {
        self.path = name
        self.fd = fileDescriptor
        self.ownsDescriptor = false
        buffer.reserveCapacity(Self.flushThreshold + 256)
    }

    deinit {
        try? flush()
        if ownsDescriptor && fd >= 0 { _ = closeDescriptor(fd) }
    }

    /// Writes the `N:`, `I:`, `P:`, `B:` and `A:` lines of `description`, as `evemu-describe` does, and
    /// flushes them: call it once, before the first event.
    public func writeHeader(_ description: DeviceDescription) throws(FileError) {
        buffer.append(contentsOf: EvemuFormat.header(for: description).utf8)
        try flush()
    }

    /// Buffers one event line, writing the buffer out when it is full.
    public func write(_ event: InputEvent) throws(FileError) {
        EvemuFormat.appendEventLine(event, lastSyn: &lastSyn, to: &buffer)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Writes out the buffered lines.
    ///
    /// - Throws: `FileError` of kind `.io` when the write fails.
    public func flush() throws(FileError) {
        let written = buffer.withUnsafeBytes { writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
        if case .failure(let error) = written {
            throw FileError(.io, path: path, message: "cannot write: " + Self.why(error))
        }
    }

    /// Why a write failed, in words: a write that a stop interrupted (`StopRequest`) waited for a reader that
    /// was not reading.
    static func why(_ error: Errno) -> String {
        error == .interrupted && StopRequest.isRequested ? "the stop came while its reader was not reading" : "\(error)"
    }

    /// Flushes, then closes the file if this writer opened it.
    public func close() throws(FileError) {
        try flush()
        if ownsDescriptor && fd >= 0 {
            let result = closeDescriptor(fd)
            fd = -1
            if case .failure(let error) = result { throw FileError(.io, path: path, message: "cannot close: \(error)") }
        }
    }
}
