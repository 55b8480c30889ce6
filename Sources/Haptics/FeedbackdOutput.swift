import Synchronization
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Haptics through feedbackd (`org.sigxcpu.Feedback` on the session bus): each play is a `TriggerFeedback` call
/// with the kind's event (``HapticSettings/feedbackdEvents``), no hints and timeout −1 (play each feedback once),
/// whose reply is awaited. feedbackd picks the motor, and its theme the effect: the strengths and lengths of the
/// settings are not used.
///
/// The connection is the D-Bus wire protocol itself over the bus's Unix socket (`AUTH EXTERNAL`, `Hello`, then the
/// calls), with no library: one method call is all it takes, and every syscall stays in the package's syscall layer.
public final class FeedbackdOutput: HapticOutput {
    /// How long a reply may take, in ms: feedbackd may be started by the bus at the first call.
    static let replyTimeoutMs: Int32 = 5000

    private let settings: HapticSettings
    private let connection: Mutex<(descriptor: Int32?, serial: UInt32)>

    /// Connects to the session bus (`address`, by default `DBUS_SESSION_BUS_ADDRESS`, else
    /// `unix:path=$XDG_RUNTIME_DIR/bus`) and checks that feedbackd answers there (`org.freedesktop.DBus.Peer.Ping` to
    /// `org.sigxcpu.Feedback`, which starts it where the bus can). Throws ``HapticError/feedbackd(_:)`` saying what
    /// failed.
    public init(settings: HapticSettings, address: String? = nil) throws(HapticError) {
        try settings.validate()
        self.settings = settings
        let bus: String
        if let address { bus = address } else { bus = try Self.sessionBusAddress() }
        let fd = try Self.connect(bus)
        connection = Mutex((fd, 1))
        do throws(HapticError) {
            try call(DBusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                    interface: "org.freedesktop.DBus", member: "Hello"), what: "Hello")
            try call(DBusMethodCall(destination: "org.sigxcpu.Feedback", path: "/org/sigxcpu/Feedback",
                                    interface: "org.freedesktop.DBus.Peer", member: "Ping"), what: "reaching org.sigxcpu.Feedback")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// `TriggerFeedback(app_id, event, {}, -1)` for `kind`'s event, its reply awaited.
    public func play(_ kind: HapticKind) throws(HapticError) {
        let event = settings.feedbackdEvents[kind] ?? kind.rawValue
        try call(DBusMethodCall(destination: "org.sigxcpu.Feedback", path: "/org/sigxcpu/Feedback",
                                interface: "org.sigxcpu.Feedback", member: "TriggerFeedback",
                                arguments: [.string(settings.applicationID), .string(event), .emptyDictionary, .int32(-1)]),
                 what: "TriggerFeedback(\(event))")
    }

    /// Closes the connection (feedbackd ends what it plays for a client that leaves).
    public func close() {
        connection.withLock { state in
            if let fd = state.descriptor { _ = closeDescriptor(fd) }
            state.descriptor = nil
        }
    }

    /// Sends `message` and waits for its reply, skipping the signals and calls that come first.
    private func call(_ message: DBusMethodCall, what: String) throws(HapticError) {
        let result: Result<Void, HapticError> = connection.withLock { state in
            guard let fd = state.descriptor else { return .failure(.feedbackd("the connection is closed")) }
            let serial = state.serial
            state.serial &+= 1
            let bytes = message.bytes(serial: serial)
            if case .failure(let error) = bytes.withUnsafeBytes({ writeAll(fd, $0) }) {
                return .failure(.feedbackd("\(what): cannot write to the session bus: \(error)"))
            }
            while true {
                let reply: DBusIncoming
                switch Self.readMessage(fd) {
                case .success(let incoming): reply = incoming
                case .failure(let error): return .failure(.feedbackd("\(what): \(error)"))
                }
                guard reply.replySerial == serial else { continue }
                if reply.type == 3 {
                    let name = reply.errorName ?? "an error"
                    if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                        return .failure(.feedbackd("not running on the session bus (org.sigxcpu.Feedback is not there)"))
                    }
                    return .failure(.feedbackd("\(what): \(name)" + (reply.errorMessage.map { ": \($0)" } ?? "")))
                }
                return .success(())
            }
        }
        try result.get()
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the socket `$XDG_RUNTIME_DIR/bus`.
    static func sessionBusAddress() throws(HapticError) -> String {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return String(cString: address) }
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 { return "unix:path=" + String(cString: runtime) + "/bus" }
        throw .feedbackd("no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set")
    }

    /// A connection to the first `unix:path=` or `unix:abstract=` address of `address`, authenticated (`EXTERNAL`).
    static func connect(_ address: String) throws(HapticError) -> Int32 {
        var lastError: String = "no unix:path= or unix:abstract= address in \"\(address)\""
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            var path: [UInt8]?
            var abstract = false
            for pair in entry.dropFirst(5).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = unescape(parts[1]) else { continue }
                if parts[0] == "path" { path = value }
                if parts[0] == "abstract" { (path, abstract) = (value, true) }
            }
            guard let path else { continue }
            switch connectUnixSocket(path, abstract: abstract) {
            case .success(let fd):
                do throws(HapticError) {
                    try authenticate(fd)
                    return fd
                } catch {
                    _ = closeDescriptor(fd)
                    throw error
                }
            case .failure(let error):
                lastError = "cannot connect to the session bus at \(entry): \(error)"
            }
        }
        throw .feedbackd(lastError)
    }

    /// A D-Bus address value, its `%XX` escapes decoded.
    private static func unescape(_ value: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var utf8 = value.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = utf8.next(), let low = utf8.next(), let code = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(code)
        }
        return bytes
    }

    /// `AUTH EXTERNAL` with the effective uid, then `BEGIN`.
    private static func authenticate(_ fd: Int32) throws(HapticError) {
        let uid = Array(String(effectiveUserID()).utf8).map { byte in
            let hex = Array("0123456789abcdef".utf8)
            return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        let hello = [UInt8(0)] + Array("AUTH EXTERNAL \(uid)\r\n".utf8)
        guard case .success = hello.withUnsafeBytes({ writeAll(fd, $0) }) else {
            throw .feedbackd("cannot write to the session bus")
        }
        var line: [UInt8] = []
        while !line.hasSuffix([13, 10]) {
            guard line.count < 512 else { throw .feedbackd("the session bus answered the authentication with too long a line") }
            switch readExactly(fd, count: 1) {
            case .success(let byte): line += byte
            case .failure(let error): throw .feedbackd("authenticating to the session bus: \(error)")
            }
        }
        guard line.starts(with: Array("OK ".utf8)) else {
            throw .feedbackd("the session bus refused the authentication: \(String(decoding: line.dropLast(2), as: UTF8.self))")
        }
        guard case .success = Array("BEGIN\r\n".utf8).withUnsafeBytes({ writeAll(fd, $0) }) else {
            throw .feedbackd("cannot write to the session bus")
        }
    }

    /// Why reading from the bus failed, in words.
    struct ReadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The next whole message from the bus (at most 1 MiB).
    private static func readMessage(_ fd: Int32) -> Result<DBusIncoming, ReadFailure> {
        readExactly(fd, count: 16).flatMap { header in
            guard let length = DBusIncoming.length(ofHeader: header), length >= 16, length <= 1 << 20 else {
                return .failure(ReadFailure(description: "the session bus sent something that is not a D-Bus message"))
            }
            return readExactly(fd, count: length - 16).flatMap { rest in
                guard let message = DBusIncoming(header + rest) else {
                    return .failure(ReadFailure(description: "the session bus sent a message that cannot be read"))
                }
                return .success(message)
            }
        }
    }

    /// `count` bytes, each read waiting at most the reply timeout.
    private static func readExactly(_ fd: Int32, count: Int) -> Result<[UInt8], ReadFailure> {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            switch pollDescriptor(&watch, timeoutMilliseconds: replyTimeoutMs) {
            case .success(0): return .failure(ReadFailure(description: "no answer within \(replyTimeoutMs / 1000) s"))
            case .success: break
            case .failure(.interrupted): continue
            case .failure(let error): return .failure(ReadFailure(description: "cannot wait for the session bus: \(error)"))
            }
            let read = bytes.withUnsafeMutableBytes { readDescriptor(fd, into: $0.baseAddress! + filled, count: count - filled) }
            switch read {
            case .success(0): return .failure(ReadFailure(description: "the session bus closed the connection"))
            case .success(let got): filled += got
            case .failure(.wouldBlock): continue
            case .failure(let error): return .failure(ReadFailure(description: "cannot read from the session bus: \(error)"))
            }
        }
        return .success(bytes)
    }
}

extension Array where Element == UInt8 {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
