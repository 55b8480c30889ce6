import Synchronization
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// A motor behind an evdev node with force feedback (`EV_FF`): PinePhone's `gpio-vibrator`, the Librem 5's
/// `pwm-vibrator`, a game pad. Opening it checks that it plays `FF_RUMBLE` or `FF_PERIODIC` effects and uploads one
/// effect per kind (`EVIOCSFF`); ``play(_:)`` writes an `EV_FF` event that starts that kind's effect once;
/// ``close()`` erases the effects (`EVIOCRMFF`) and closes the node. Every call goes through the package's syscall
/// layer; the numbers are linux/input.h's.
public final class ForceFeedbackDevice: HapticOutput {
    /// The node, as given.
    public let path: String
    /// `FF_RUMBLE` when the device plays rumbles, else `FF_PERIODIC` (a sine).
    public let effectType: UInt16
    /// The id the kernel gave each kind's effect.
    public let effectIDs: [HapticKind: Int16]
    private let descriptor: Mutex<Int32?>

    /// Opens `path` read-write and uploads the effects `settings` describe. Throws ``HapticError/missing(path:)``,
    /// ``HapticError/permissionDenied(path:)``, ``HapticError/noForceFeedback(path:why:)`` (not evdev, no `EV_FF`,
    /// neither `FF_RUMBLE` nor `FF_PERIODIC`), or ``HapticError/device(path:what:_:)`` (an upload the device
    /// refused: the effects uploaded before it are erased).
    public init(path: String, settings: HapticSettings) throws(HapticError) {
        try settings.validate()
        self.path = path
        let fd: Int32
        switch openDescriptor(path, flags: O_RDWR | O_CLOEXEC | O_NONBLOCK) {
        case .success(let opened): fd = opened
        case .failure(let error):
            switch error {
            case .noSuchFile: throw .missing(path: path)
            case .permissionDenied, .notPermitted: throw .permissionDenied(path: path)
            default: throw .device(path: path, what: "open it", error)
            }
        }
        do throws(HapticError) {
            effectType = try Self.effectType(fd, path: path)
            var ids: [HapticKind: Int16] = [:]
            do throws(HapticError) {
                for kind in HapticKind.allCases {
                    ids[kind] = try Self.upload(settings[kind], type: effectType, to: fd, path: path)
                }
            } catch {
                for id in ids.values { _ = controlDevice(fd, ForceFeedback.EVIOCRMFF, value: Int32(id)) }
                throw error
            }
            effectIDs = ids
        } catch {
            _ = closeDescriptor(fd)
            throw error
        }
        descriptor = Mutex(fd)
    }

    deinit { close() }

    /// Starts the effect of `kind`: one `EV_FF` event (code the effect's id, value 1: play it once).
    public func play(_ kind: HapticKind) throws(HapticError) {
        guard let id = effectIDs[kind] else { return }
        let written: Result<Void, Errno>? = descriptor.withLock { fd in
            guard let fd else { return nil }
            let event = ForceFeedback.playEvent(id)
            return event.withUnsafeBytes { writeAll(fd, $0) }
        }
        if case .failure(let error)? = written { throw .device(path: path, what: "play the \(kind.rawValue) effect", error) }
    }

    /// Erases the effects and closes the node.
    public func close() {
        descriptor.withLock { fd in
            guard let open = fd else { return }
            for kind in HapticKind.allCases {
                if let id = effectIDs[kind] { _ = controlDevice(open, ForceFeedback.EVIOCRMFF, value: Int32(id)) }
            }
            _ = closeDescriptor(open)
            fd = nil
        }
    }

    /// `FF_RUMBLE` or `FF_PERIODIC`, from the device's `EV_FF` bits (`EVIOCGBIT`).
    private static func effectType(_ fd: Int32, path: String) throws(HapticError) -> UInt16 {
        var types = [UInt8](repeating: 0, count: 8)
        switch types.withUnsafeMutableBytes({ controlDevice(fd, ForceFeedback.EVIOCGBIT(0, size: 8), $0.baseAddress!) }) {
        case .success: break
        case .failure(.notATerminal), .failure(.invalidArgument): throw .noForceFeedback(path: path, why: "it is not an evdev device")
        case .failure(let error): throw .device(path: path, what: "read its event types", error)
        }
        guard ForceFeedback.isSet(ForceFeedback.EV_FF, in: types) else {
            throw .noForceFeedback(path: path, why: "it has no force feedback (EV_FF)")
        }
        var effects = [UInt8](repeating: 0, count: 16)
        if case .failure(let error) = effects.withUnsafeMutableBytes({
            controlDevice(fd, ForceFeedback.EVIOCGBIT(ForceFeedback.EV_FF, size: 16), $0.baseAddress!)
        }) {
            throw .device(path: path, what: "read its force-feedback effects", error)
        }
        if ForceFeedback.isSet(ForceFeedback.FF_RUMBLE, in: effects) { return ForceFeedback.FF_RUMBLE }
        if ForceFeedback.isSet(ForceFeedback.FF_PERIODIC, in: effects) { return ForceFeedback.FF_PERIODIC }
        throw .noForceFeedback(path: path, why: "its force feedback plays neither FF_RUMBLE nor FF_PERIODIC")
    }

    /// Uploads `effect` as a new effect (`EVIOCSFF` with id −1): the id the kernel gave it.
    private static func upload(_ effect: HapticEffect, type: UInt16, to fd: Int32, path: String) throws(HapticError) -> Int16 {
        var bytes = ForceFeedback.effect(effect, type: type)
        switch bytes.withUnsafeMutableBytes({ controlDevice(fd, ForceFeedback.EVIOCSFF, $0.baseAddress!) }) {
        case .success:
            return bytes.withUnsafeBytes { $0.load(fromByteOffset: 2, as: Int16.self) }
        case .failure(let error):
            throw .device(path: path, what: "upload an effect (EVIOCSFF)", error)
        }
    }
}

/// linux/input.h's force feedback: the event type, the effects, the ioctls and `struct ff_effect`, as bytes.
package enum ForceFeedback {
    package static let EV_FF: UInt16 = 0x15
    package static let FF_RUMBLE: UInt16 = 0x50
    package static let FF_PERIODIC: UInt16 = 0x51
    package static let FF_SINE: UInt16 = 0x5a

    /// `_IOC(dir, 'E', nr, size)`.
    private static func request(_ direction: UInt, _ number: UInt, size: Int) -> UInt {
        (direction << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "E")) << 8) | number
    }

    /// `EVIOCGBIT(type, size)`: `_IOC(_IOC_READ, 'E', 0x20 + type, size)`.
    package static func EVIOCGBIT(_ type: UInt16, size: Int) -> UInt { request(2, 0x20 + UInt(type), size: size) }
    /// `EVIOCSFF`: `_IOW('E', 0x80, struct ff_effect)`, 0x40304580 on 64-bit Linux.
    package static let EVIOCSFF = request(1, 0x80, size: effectSize)
    /// `EVIOCRMFF`: `_IOW('E', 0x81, int)`, 0x40044581.
    package static let EVIOCRMFF = request(1, 0x81, size: 4)

    /// `sizeof(struct ff_effect)` on 64-bit Linux: its union holds a pointer (`ff_periodic_effect.custom_data`).
    package static let effectSize = 48

    /// Bit `bit` of a kernel bit mask.
    package static func isSet(_ bit: UInt16, in mask: [UInt8]) -> Bool {
        Int(bit / 8) < mask.count && mask[Int(bit / 8)] & (1 << (bit % 8)) != 0
    }

    /// `struct input_event` (24 bytes on 64-bit Linux: a zero time, which the kernel ignores on a write) of
    /// `EV_FF`, code `id`, value 1: play effect `id` once.
    package static func playEvent(_ id: Int16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 24)
        bytes[16] = UInt8(EV_FF)
        bytes[18] = UInt8(UInt16(bitPattern: id) & 0xFF)
        bytes[19] = UInt8(UInt16(bitPattern: id) >> 8)
        bytes[20] = 1
        return bytes
    }

    /// A new `struct ff_effect` (id −1) of `type` for `effect`: `type` at 0, `id` at 2, `replay.length` at 10, the
    /// union at 16: a rumble's strong and weak magnitudes (both the strength: a single motor takes either), or a periodic's waveform (a sine), period (its length),
    /// magnitude.
    package static func effect(_ effect: HapticEffect, type: UInt16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: effectSize)
        func put(_ value: UInt16, at offset: Int) {
            bytes[offset] = UInt8(value & 0xFF)
            bytes[offset + 1] = UInt8(value >> 8)
        }
        put(type, at: 0)
        put(0xFFFF, at: 2)
        put(UInt16(effect.lengthMs), at: 10)
        if type == FF_RUMBLE {
            put(UInt16((effect.strength * 65535).rounded()), at: 16)
            put(UInt16((effect.strength * 65535).rounded()), at: 18)
        } else {
            put(FF_SINE, at: 16)
            put(UInt16(effect.lengthMs), at: 18)
            put(UInt16((effect.strength * 32767).rounded()), at: 20)
        }
        return bytes
    }
}
