import GestureCore

/// The evdev events a protocol-B touchscreen at 19 units/mm sends for `frames`, the measure of the engine's cost
/// per evdev event: per contact that changed, ABS_MT_SLOT when its slot is not the current one, ABS_MT_TRACKING_ID
/// when it lands or lifts, ABS_MT_POSITION_X and _Y when it lands and when its value changed; then a SYN_REPORT
/// per frame. (The kernel sends no unchanged value; BTN_TOUCH and the single-touch axes are left out.)
public func evdevEvents(_ frames: [TouchFrame]) -> Int {
    var slots: [Int: Int] = [:]                     // contact id → slot
    var positions: [Int: (x: Int, y: Int)] = [:]    // contact id → position in device units
    var currentSlot = 0
    var count = 0
    for frame in frames {
        for contact in frame.contacts {
            let position = (x: Int((contact.position.x * 19).rounded()), y: Int((contact.position.y * 19).rounded()))
            var changes = 0
            switch contact.phase {
            case .began:
                slots[contact.id] = (0...).first { slot in !slots.values.contains(slot) }
                changes = 3
            case .moved, .stationary:
                let old = positions[contact.id] ?? position
                changes = (old.x != position.x ? 1 : 0) + (old.y != position.y ? 1 : 0)
            case .ended, .cancelled:
                changes = 1
            }
            positions[contact.id] = position
            guard let slot = slots[contact.id] else { continue }
            if contact.phase == .ended || contact.phase == .cancelled {
                slots[contact.id] = nil
                positions[contact.id] = nil
            }
            guard changes > 0 else { continue }
            if slot != currentSlot {
                count += 1
                currentSlot = slot
            }
            count += changes
        }
        count += 1
    }
    return count
}
