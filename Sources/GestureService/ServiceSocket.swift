// Over 300 lines for a reason: the socket, its clients' reading, writing and flow, and their requests share the
// clients' state; split, each part would reach into the others'.
import GestureCore
import GestureFormat
import GestureRuntime
import LayoutFile
import SystemCalls
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// Why the service's socket could not be made.
public enum ServiceSocketError: Error, Sendable, CustomStringConvertible {
    /// Another service listens there.
    case inUse(String)
    /// Something other than a socket is there.
    case notASocket(String)
    /// A call failed.
    case failed(String, Errno)

    public var description: String {
        switch self {
        case .inUse(let path): "\(path): another service is listening on this socket"
        case .notASocket(let path): "\(path): exists and is not a socket: it was left as it is"
        case .failed(let path, let error): "\(path): cannot listen: \(error)"
        }
    }
}

/// The socket of `gestures serve` (SPEC "Service", "The socket"): clients subscribe to every device's gesture lines
/// (JSON Lines, each beginning with its device) and send requests (set a dial's value, a device's rotation, its
/// layout), one JSON object a line, each answered with a line.
///
/// A client never holds the service or the other clients: its output waits in a buffer of `outputLimit` bytes at most;
/// when a line does not fit, the client falls behind (`ClientFlow`): its lines are dropped and counted until everything
/// queued was sent, then it is told `{"missed":N}` and its lines flow again.
public final class ServiceSocket: ServicePart, GestureLineSink {
    /// The most clients at once; one more is told so and closed.
    public static let clientLimit = 64
    /// The most bytes that wait to be sent to one client.
    public static let outputLimit = 256 << 10
    /// The longest request line; a longer one is answered with an error, and the client closed.
    public static let requestLimit = 64 << 10

    /// The socket's path.
    public let path: String
    private let listener: Int32
    private unowned let service: GestureService
    private var clients: [Client] = []
    /// The time of the dispatch, for the requests it carries out.
    private var now = MonotonicTime.zero

    final class Client {
        let descriptor: Int32
        /// A request line begun.
        var input: [UInt8] = []
        /// What waits to be sent, from `sent` on.
        var output: [UInt8] = []
        var sent = 0
        var subscribed = false
        var flow = ClientFlow()
        /// Closed once its output is sent (after a refusal that ends it), or at once (its peer is gone).
        var closing = false
        var gone = false

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        var pending: Int { output.count - sent }
    }

    /// Listens at `path` (owner-only: mode 0600) for `service`'s clients. A socket left there by a service that is gone
    /// is replaced; one that a service still listens on, or a file that is no socket, is refused.
    public init(path: String, service: GestureService) throws(ServiceSocketError) {
        if case .success(let status) = path.withCString({ fileStatus($0, followingLinks: false) }) {
            guard status.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
            if case .success(let peer) = connectedSocket(path) {
                _ = closeDescriptor(peer)
                throw .inUse(path)
            }
            _ = removeFile(path)
        }
        switch listeningSocket(path) {
        case .success(let descriptor): listener = descriptor
        case .failure(let error): throw .failed(path, error)
        }
        self.path = path
        self.service = service
    }

    deinit {
        for client in clients { _ = closeDescriptor(client.descriptor) }
        _ = closeDescriptor(listener)
        _ = removeFile(path)
    }

    /// The clients connected.
    public var clientCount: Int { clients.count }

    public var descriptors: [ServiceWatch] {
        [ServiceWatch(listener)] + clients.map { ServiceWatch($0.descriptor, writing: $0.pending > 0) }
    }

    public var nextWakeup: MonotonicTime? { nil }

    public func dispatch(now: MonotonicTime) {
        self.now = now
        accept()
        for client in clients where !client.gone {
            read(client)
            flush(client)
        }
        clients.removeAll { client in
            guard client.gone || (client.closing && client.pending == 0) else { return false }
            _ = closeDescriptor(client.descriptor)
            return true
        }
    }

    public func take(_ event: GestureEvent, from device: ServedDeviceInfo) {
        let line = Array((ServiceLines.line(event, device: device.node) + "\n").utf8)
        for client in clients where client.subscribed && !client.gone {
            if client.flow.offer(line.count, pending: client.pending, limit: Self.outputLimit) { client.output += line }
        }
    }

    // MARK: Clients

    private func accept() {
        while case .success(let descriptor?) = acceptConnection(listener) {
            guard clients.count < Self.clientLimit else {
                let refusal = Array("{\"error\":\"too many clients (\(Self.clientLimit)): this connection is closed\"}\n".utf8)
                _ = refusal.withUnsafeBytes { sendWithoutWaiting(descriptor, $0) }
                _ = closeDescriptor(descriptor)
                continue
            }
            clients.append(Client(descriptor: descriptor))
        }
    }

    /// Reads what the client sent, 64 KiB a dispatch at most, and answers each whole line.
    private func read(_ client: Client) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        for _ in 0..<4 where !client.closing {
            let count: Int
            switch buffer.withUnsafeMutableBytes({ readDescriptor(client.descriptor, into: $0.baseAddress!, count: $0.count) }) {
            case .success(0):
                client.gone = true
                return
            case .success(let read): count = read
            case .failure(let error) where error == .wouldBlock: return
            case .failure:
                client.gone = true
                return
            }
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                client.input += buffer[start..<index]
                start = index + 1
                let line = client.input
                client.input = []
                if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                    reply(client, answer(line, client))
                }
                if client.closing { return }
            }
            client.input += buffer[start..<count]
            if client.input.count > Self.requestLimit {
                reply(client, "{\"error\":\"a request line is longer than \(Self.requestLimit) bytes: this connection is closed\"}")
                client.closing = true
                return
            }
        }
    }

    /// Queues a reply: a reply is never dropped, whatever the client's flow (a client that floods requests without
    /// reading is closed once its output is twice the limit).
    private func reply(_ client: Client, _ line: String) {
        client.output += Array((line + "\n").utf8)
        if client.pending > 2 * Self.outputLimit { client.gone = true }
    }

    /// Sends what waits, as much as the socket takes; once everything is sent, a client that fell behind is told how
    /// many lines it missed.
    private func flush(_ client: Client) {
        while client.pending > 0 {
            let result = client.output[client.sent...].withUnsafeBytes { sendWithoutWaiting(client.descriptor, $0) }
            switch result {
            case .success(let count):
                client.sent += count
            case .failure(let error) where error == .wouldBlock:
                compact(client)
                return
            case .failure:
                client.gone = true
                return
            }
            if client.pending == 0, let missed = client.flow.drained() {
                client.output = Array("{\"missed\":\(missed)}\n".utf8)
                client.sent = 0
            }
        }
        client.output = []
        client.sent = 0
    }

    private func compact(_ client: Client) {
        guard client.sent > 64 << 10, client.sent * 2 > client.output.count else { return }
        client.output.removeFirst(client.sent)
        client.sent = 0
    }

    // MARK: Requests

    enum Key: String, CaseIterable {
        case request, device, target, degrees, rotation, layout
    }

    static let keys = KeyTable(Key.allCases.map(\.rawValue))

    /// The reply to a request line.
    private func answer(_ line: [UInt8], _ client: Client) -> String {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(line, keys: Self.keys)
        } catch {
            return "{\"error\":" + JSONText.quoted("not valid JSON: " + error.message) + "}"
        }
        var request = Request(document: document)
        do {
            return try request.carryOut(on: service, client: client, now: now)
        } catch {
            let name = request.name.map { "\"reply\":" + JSONText.quoted($0) + "," } ?? ""
            return "{" + name + "\"error\":" + JSONText.quoted(error.message) + "}"
        }
    }

    /// A message for a refused request.
    struct Refusal: Error {
        var message: String
    }

    /// One request, checked and carried out.
    struct Request {
        let document: JSONDocument
        /// The request's name, once known.
        var name: String?

        init(document: JSONDocument) {
            self.document = document
        }

        func members(allowed: [Key]) throws(Refusal) -> [Key: Int] {
            guard case .object(let count, _, _) = document.values[0].content else {
                throw Refusal(message: "expected an object, found \(document.values[0].kind)")
            }
            var members: [Key: Int] = [:]
            var member = 1
            for _ in 0..<count {
                guard case .key(_, let range) = document.values[member].content else { preconditionFailure("a member without a key") }
                let text = document.string(range)
                guard let key = Key(rawValue: text), allowed.contains(key) else {
                    throw Refusal(message: "\(text): unknown key (expected one of: \(allowed.map(\.rawValue).joined(separator: ", ")))")
                }
                guard members.updateValue(member + 1, forKey: key) == nil else { throw Refusal(message: "\(text): duplicate key") }
                member = document.after(member + 1)
            }
            return members
        }

        func string(_ key: Key, _ members: [Key: Int]) throws(Refusal) -> String {
            guard let place = members[key] else { throw Refusal(message: "\(key.rawValue): missing required key") }
            guard case .string(let range) = document.values[place].content else {
                throw Refusal(message: "\(key.rawValue): expected a string, found \(document.values[place].kind)")
            }
            return document.string(range)
        }

        mutating func carryOut(on service: GestureService, client: Client, now: MonotonicTime) throws(Refusal) -> String {
            let any = try members(allowed: Key.allCases)
            let name = try string(.request, any)
            let kinds: [String: [Key]] = [
                "subscribe": [], "devices": [], "set-dial": [.device, .target, .degrees],
                "set-rotation": [.device, .rotation], "set-layout": [.device, .layout],
            ]
            guard let keys = kinds[name] else {
                throw Refusal(message: "request: expected \"subscribe\", \"devices\", \"set-dial\", \"set-rotation\" or \"set-layout\", found "
                              + JSONText.quoted(name))
            }
            self.name = name
            let fields = try members(allowed: [.request] + keys)
            let ok = "{\"reply\":" + JSONText.quoted(name) + ",\"ok\":true}"
            do {
                switch name {
                case "subscribe":
                    client.subscribed = true
                    return ok
                case "devices":
                    let devices = service.served.map { device in
                        "{\"node\":" + JSONText.quoted(device.node) + ",\"name\":" + JSONText.quoted(device.name) + ",\"rotation\":"
                            + JSONText.quoted(Self.rotations.first { $0.1 == device.rotation }!.0) + ",\"layout\":\(device.hasLayout)}"
                    }
                    return "{\"reply\":\"devices\",\"devices\":[" + devices.joined(separator: ",") + "]}"
                case "set-dial":
                    guard let place = fields[.degrees] else { throw Refusal(message: "degrees: missing required key") }
                    guard case .number(let degrees) = document.values[place].content else {
                        throw Refusal(message: "degrees: expected a number, found \(document.values[place].kind)")
                    }
                    try service.setDialValue(device: try string(.device, fields), target: try string(.target, fields), degrees: degrees, now: now)
                case "set-rotation":
                    let text = try string(.rotation, fields)
                    guard let rotation = Self.rotations.first(where: { $0.0 == text })?.1 else {
                        throw Refusal(message: "rotation: expected \"normal\", \"right\", \"inverted\" or \"left\", found " + JSONText.quoted(text))
                    }
                    try service.setRotation(device: try string(.device, fields), rotation: rotation, now: now)
                default:
                    let device = try string(.device, fields)
                    guard let place = fields[.layout] else { throw Refusal(message: "layout: missing required key") }
                    var layout: Layout?
                    if case .null = document.values[place].content {} else {
                        let file = try string(.layout, fields)
                        do {
                            layout = try LayoutFile.load(path: FilePath(file))
                        } catch {
                            throw Refusal(message: "layout: " + error.description)
                        }
                    }
                    try service.setLayout(device: device, layout: layout, now: now)
                }
            } catch let error as ServiceRequestError {
                throw Refusal(message: error.description)
            } catch let error as Refusal {
                throw error
            } catch {
                throw Refusal(message: "\(error)")
            }
            return ok
        }

        static let rotations: [(String, ViewTransform.Rotation)] = [("normal", .none), ("right", .quarter), ("inverted", .half), ("left", .threeQuarters)]
    }
}

/// A client's flow of lines (docs/state-machines/client-flow.md): while its buffer has room, every line is queued;
/// once one does not fit, the client is behind, and every line is dropped and counted until what was queued has been
/// sent; then it is told how many it missed, and flows again.
public struct ClientFlow: Sendable {
    enum State: Sendable {
        /// Every line is queued.
        case flowing
        /// Lines are dropped: `missed` so far.
        case behind(missed: Int)
    }

    var state = State.flowing

    /// Whether a line of `count` bytes, offered with `pending` bytes still to send, is queued (else it is dropped).
    mutating func offer(_ count: Int, pending: Int, limit: Int) -> Bool {
        switch state {
        case .flowing:
            if pending + count <= limit { return true }
            state = .behind(missed: 1)
            return false
        case .behind(let missed):
            state = .behind(missed: missed + 1)
            return false
        }
    }

    /// Everything queued was sent: the count of lines missed, for the client to be told (it flows again), or nil.
    mutating func drained() -> Int? {
        switch state {
        case .flowing:
            return nil
        case .behind(let missed):
            state = .flowing
            return missed
        }
    }
}
