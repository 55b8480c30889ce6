import CLibevdev
import Glibc

// libevdev's raw calls, one-to-one with C, as SystemCalls' `system_*` shims are for the system's; the `Result`
// layer over both is SystemCalls' (`valueOrNegatedErrno`). Nothing else in the module calls C directly for these.

func evdev_new() -> OpaquePointer? { libevdev_new() }
func evdev_set_fd(_ device: OpaquePointer, _ descriptor: Int32) -> Int32 { libevdev_set_fd(device, descriptor) }
func evdev_set_log(_ device: OpaquePointer, _ log: UnsafePointer<gestures_libevdev_log>) {
    gestures_libevdev_set_log(device, log)
}
func evdev_free(_ device: OpaquePointer) { libevdev_free(device) }
func evdev_next_event(_ device: OpaquePointer, _ flags: UInt32, _ event: UnsafeMutablePointer<input_event>) -> Int32 {
    libevdev_next_event(device, flags, event)
}
func evdev_next_events(_ device: OpaquePointer, _ flags: UInt32, _ events: UnsafeMutablePointer<input_event>, _ capacity: Int32,
                       _ ending: UnsafeMutablePointer<Int32>) -> Int32 {
    gestures_libevdev_next_events(device, flags, events, capacity, ending)
}
func evdev_grab(_ device: OpaquePointer, _ grab: libevdev_grab_mode) -> Int32 { libevdev_grab(device, grab) }
func evdev_set_clock_id(_ device: OpaquePointer, _ clock: Int32) -> Int32 { libevdev_set_clock_id(device, clock) }
