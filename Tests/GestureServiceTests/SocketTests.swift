import EvdevModel
import GestureCore
import GestureRuntime
import GestureFormat
import GestureService
import SystemCalls
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service's socket (SPEC "Service", "The socket"): subscribers, requests, a client that falls behind, hostile
/// clients. The lines come from `take(_:from:)` here, as the service hands them over; no device is needed.
@Suite struct SocketTests {
    /// A service without devices and its socket, in a scratch directory.
    final class Hub {
        let directory: String
        let service: GestureService
        let socket: ServiceSocket

        init() throws {
            var template = Array("/tmp/gestures-socket-XXXXXX".utf8CString)
            directory = String(cString: mkdtemp(&template)!)
            service = GestureService(configuration: ServiceConfiguration(), monitor: false, directory: directory, notices: { _ in })
            socket = try ServiceSocket(path: directory + "/gestures.sock", service: service)
        }

        deinit { _ = system("rm -rf '\(directory)'") }

        func dispatch() { socket.dispatch(now: MonotonicTime(microseconds: 1_000_000)) }
    }

    /// A client of the socket.
    final class Client {
        let descriptor: Int32
        var received: [UInt8] = []

        init(_ path: String) throws {
            guard case .success(let descriptor) = connectedSocket(path) else { throw Errno(rawValue: errno) }
            self.descriptor = descriptor
        }

        deinit { _ = closeDescriptor(descriptor) }

        func send(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { sendWithoutWaiting(descriptor, $0) }
        }

        /// Reads what waits; false once the service closed the connection.
        @discardableResult
        func read() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                switch buffer.withUnsafeMutableBytes({ readDescriptor(descriptor, into: $0.baseAddress!, count: $0.count) }) {
                case .success(0): return false
                case .success(let count): received += buffer[..<count]
                case .failure(let error) where error == .wouldBlock: return true
                // A connection closed with what the client sent still unread ends with ECONNRESET.
                case .failure: return false
                }
            }
        }

        /// The whole lines received so far, taken.
        func lines() -> [String] {
            guard let end = received.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
            let text = String(decoding: received[...end], as: UTF8.self)
            received.removeFirst(end + 1)
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    static let device = ServedDeviceInfo(node: "/dev/input/event20", name: "Test Screen", kind: .touchscreen,
                                         surface: SurfaceMapping(x: AxisMapping(minimum: 0, maximum: 2000, unitsPerMillimetre: 10),
                                                                 y: AxisMapping(minimum: 0, maximum: 1200, unitsPerMillimetre: 10)),
                                         rotation: .none, hasLayout: false)

    static func tap(_ n: Int) -> GestureEvent {
        GestureEvent(time: Timestamp(microseconds: Int64(n) * 1000), target: "screen", kind: .tap(.init(x: Double(n), y: 2, count: 1)))
    }

    static func line(_ n: Int) -> String {
        #"{"device":"/dev/input/event20","time":\#(Numbers.seconds(Timestamp(microseconds: Int64(n) * 1000))),"region":"screen","type":"tap","x":\#(n),"y":2,"count":1}"#
    }

    @Test func theSocketIsTheOwnersAlone() throws {
        let hub = try Hub()
        guard case .success(let status) = (hub.directory + "/gestures.sock").withCString({ fileStatus($0, followingLinks: false) }) else {
            Issue.record("no socket")
            return
        }
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func aSubscriberGetsEveryLineTaggedWithItsDevice() throws {
        let hub = try Hub()
        let subscriber = try Client(hub.socket.path)
        let other = try Client(hub.socket.path)
        subscriber.send("{\"request\": \"subscribe\"}\n")
        hub.dispatch()
        hub.socket.take(Self.tap(1), from: Self.device)
        hub.socket.take(Self.tap(2), from: Self.device)
        hub.dispatch()
        subscriber.read()
        other.read()
        #expect(subscriber.lines() == [#"{"reply":"subscribe","ok":true}"#, Self.line(1), Self.line(2)])
        #expect(other.lines() == [])
        #expect(hub.socket.clientCount == 2)
    }

    /// Every request is answered with a line; a mistake names the key, as the configuration's do.
    @Test(arguments: [
        ("{\"request\": \"devices\"}", #"{"reply":"devices","devices":[]}"#),
        ("{\"request\": \"set-dial\", \"device\": \"/dev/input/event99\", \"target\": \"timer\", \"degrees\": 90}",
         #"{"reply":"set-dial","error":"no device served at \"/dev/input/event99\""}"#),
        ("{\"request\": \"set-dial\", \"device\": \"/dev/input/event99\", \"target\": \"timer\", \"degrees\": \"90\"}",
         #"{"reply":"set-dial","error":"degrees: expected a number, found a string"}"#),
        ("{\"request\": \"set-dial\", \"device\": \"/dev/input/event99\", \"degrees\": 90}", #"{"reply":"set-dial","error":"target: missing required key"}"#),
        ("{\"request\": \"set-rotation\", \"device\": \"/dev/input/event99\", \"rotation\": \"sideways\"}",
         #"{"reply":"set-rotation","error":"rotation: expected \"normal\", \"right\", \"inverted\" or \"left\", found \"sideways\""}"#),
        ("{\"request\": \"set-rotation\", \"device\": \"/dev/input/event99\", \"rotation\": \"left\"}",
         #"{"reply":"set-rotation","error":"no device served at \"/dev/input/event99\""}"#),
        ("{\"request\": \"set-layout\", \"device\": \"/dev/input/event99\", \"layout\": null}",
         #"{"reply":"set-layout","error":"no device served at \"/dev/input/event99\""}"#),
        ("{\"request\": \"set-layout\", \"device\": \"/dev/input/event99\", \"layout\": \"/nonexistent.json\"}",
         #"{"reply":"set-layout","error":"layout: /nonexistent.json: cannot open: No such file or directory"}"#),
        ("{\"request\": \"subscribe\", \"device\": \"x\"}",
         #"{"reply":"subscribe","error":"device: unknown key (expected one of: request)"}"#),
        ("{\"request\": \"dance\"}",
         #"{"error":"request: expected \"subscribe\", \"devices\", \"set-dial\", \"set-rotation\" or \"set-layout\", found \"dance\""}"#),
        ("{\"colour\": 1}", #"{"error":"colour: unknown key (expected one of: request, device, target, degrees, rotation, layout)"}"#),
        ("[1, 2]", #"{"error":"expected an object, found an array"}"#),
        ("\u{1}\u{7f}garbage", #"{"error":"not valid JSON: expected a value, found byte 0x1"}"#),
    ])
    func requestsAreAnswered(request: String, reply: String) throws {
        let hub = try Hub()
        let client = try Client(hub.socket.path)
        client.send(request + "\n")
        hub.dispatch()
        #expect(client.read())
        #expect(client.lines() == [reply])
        #expect(hub.socket.clientCount == 1)
    }

    /// A request line longer than the limit is refused and its connection closed; the others go on.
    @Test func aHugeLineIsRefusedAndItsClientClosed() throws {
        let hub = try Hub()
        let hostile = try Client(hub.socket.path)
        let subscriber = try Client(hub.socket.path)
        subscriber.send("{\"request\": \"subscribe\"}\n")
        hub.dispatch()
        #expect(hub.socket.clientCount == 2)
        // 16 KiB at a time until the service has read more than the limit and closed the connection (the socket may
        // take part of a send on a busy machine: the hostile client's are not waited on): 5 sends at least, 16 at most.
        var sends = 0
        while hub.socket.clientCount == 2 && sends < 16 {
            hostile.send(String(repeating: "x", count: 16 << 10))
            hub.dispatch()
            sends += 1
        }
        #expect(sends >= 5)
        #expect(!hostile.read())
        #expect(hostile.lines() == [#"{"error":"a request line is longer than 65536 bytes: this connection is closed"}"#])
        hub.socket.take(Self.tap(1), from: Self.device)
        hub.dispatch()
        subscriber.read()
        #expect(subscriber.lines() == [#"{"reply":"subscribe","ok":true}"#, Self.line(1)])
        #expect(hub.socket.clientCount == 1)
    }

    /// Beyond 64 clients, each new connection is told so and closed; the others go on being served.
    @Test func thousandsOfConnectionsAreRefusedBeyondTheLimit() throws {
        let hub = try Hub()
        var clients: [Client] = []
        for _ in 0..<1000 {
            clients.append(try Client(hub.socket.path))
            if clients.count % 50 == 0 { hub.dispatch() }
        }
        hub.dispatch()
        #expect(hub.socket.clientCount == 64)
        var refused = 0
        for client in clients[64...] {
            #expect(!client.read())
            if client.lines() == [#"{"error":"too many clients (64): this connection is closed"}"#] { refused += 1 }
        }
        #expect(refused == 936)
        clients[0].send("{\"request\": \"subscribe\"}\n")
        hub.dispatch()
        hub.socket.take(Self.tap(7), from: Self.device)
        hub.dispatch()
        clients[0].read()
        #expect(clients[0].lines() == [#"{"reply":"subscribe","ok":true}"#, Self.line(7)])
    }

    /// A client that stops reading never holds the others: its lines beyond its buffer are dropped, and once it has
    /// read what was queued, it is told how many it missed, and its lines flow again.
    @Test func aStalledClientMissesLinesAndIsToldHowMany() throws {
        let hub = try Hub()
        let reader = try Client(hub.socket.path)
        let staller = try Client(hub.socket.path)
        reader.send("{\"request\": \"subscribe\"}\n")
        staller.send("{\"request\": \"subscribe\"}\n")
        hub.dispatch()
        var readerLines: [String] = []
        let total = 20_000
        for n in 1...total {
            hub.socket.take(Self.tap(n), from: Self.device)
            if n % 100 == 0 {
                hub.dispatch()
                reader.read()
                readerLines += reader.lines()
            }
        }
        for _ in 0..<10 {
            hub.dispatch()
            reader.read()
            readerLines += reader.lines()
        }
        #expect(readerLines == [#"{"reply":"subscribe","ok":true}"#] + (1...total).map(Self.line))
        // The staller now reads what was queued, and is told what it missed.
        var stallerLines: [String] = []
        for _ in 0..<100 where !stallerLines.contains(where: { $0.hasPrefix(#"{"missed":"#) }) {
            staller.read()
            stallerLines += staller.lines()
            hub.dispatch()
        }
        hub.socket.take(Self.tap(total + 1), from: Self.device)
        hub.dispatch()
        staller.read()
        stallerLines += staller.lines()
        #expect(stallerLines.first == #"{"reply":"subscribe","ok":true}"#)
        let received = stallerLines.dropFirst().prefix { !$0.hasPrefix(#"{"missed":"#) }
        #expect(Array(received) == (1...received.count).map(Self.line))
        #expect(received.count < total)
        #expect(stallerLines.suffix(2) == [#"{"missed":\#(total - received.count)}"#, Self.line(total + 1)])
        #expect(stallerLines.count == received.count + 3)
    }

    @Test func aSocketInUseIsRefused_aStaleOneReplaced_aFileLeftAlone() throws {
        let hub = try Hub()
        let service = GestureService(configuration: ServiceConfiguration(), monitor: false, directory: hub.directory, notices: { _ in })
        #expect(throws: ServiceSocketError.self) { try ServiceSocket(path: hub.socket.path, service: service) }
        do {
            _ = try ServiceSocket(path: hub.socket.path, service: service)
        } catch {
            #expect(error.description == "\(hub.socket.path): another service is listening on this socket")
        }
        // A socket whose listener is gone.
        let stale = hub.directory + "/stale.sock"
        guard case .success(let descriptor) = listeningSocket(stale) else {
            Issue.record("no socket")
            return
        }
        _ = closeDescriptor(descriptor)
        let replacing = try ServiceSocket(path: stale, service: service)
        #expect(replacing.clientCount == 0)
        let file = hub.directory + "/file"
        fclose(fopen(file, "w"))
        do {
            _ = try ServiceSocket(path: file, service: service)
            Issue.record("a file was taken for a socket")
        } catch {
            #expect(error.description == "\(file): exists and is not a socket: it was left as it is")
        }
    }
}
