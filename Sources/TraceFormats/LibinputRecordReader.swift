import EvdevModel
import GestureCore
import Yams

/// Reads a `libinput record` YAML file, format version 1 (libinput 1.11 and later).
///
/// Keys this reader does not know are ignored, as the format asks; any version other than 1 is rejected,
/// as `libinput replay` does. Only the first device is read. Its events are the `[sec, usec, type, code,
/// value]` rows of the `evdev:` items, in order: frames are made by `SYN_REPORT`, not by the YAML items.
/// `hid:` and `libinput:` items are skipped.
///
/// Memory: Yams builds the document's whole node tree before this reader walks it; that is acceptable
/// for libinput recordings (minutes of touch input are a few MB of YAML), unlike evemu traces, which are
/// streamed. The tree is released once the events are converted (24 bytes each).
enum LibinputRecordReader {
    static func read(path: String) throws(TraceError) -> (description: DeviceDescription, events: [InputEvent]) {
        let bytes = try readWholeFile(path)
        if let nul = bytes.firstIndex(of: 0) {
            throw TraceError(.malformed, path: path, message: "unexpected NUL byte at offset \(nul): expected a YAML text file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TraceError(.malformed, path: path, message: "expected UTF-8 text (YAML), found invalid bytes")
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(TraceError) -> (description: DeviceDescription, events: [InputEvent]) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw translate(error, path: path)
        } catch {
            throw TraceError(.malformed, path: path, message: "invalid YAML: \(error)")
        }
        let walker = Walker(path: path)
        guard let root, root.mapping != nil else {
            throw TraceError(.malformed, path: path, line: root?.mark?.line, message: "expected a libinput recording (a YAML mapping with version: 1)")
        }
        guard let version = root["version"] else {
            throw walker.error(root, "version", "expected the key version: 1 (libinput record format)")
        }
        let number = try walker.integer(version, "version")
        guard number == 1 else {
            throw walker.error(version, "version", "expected version 1 (the only libinput record format), found \(number)")
        }
        guard let devices = root["devices"], let first = devices.sequence?.first else {
            throw walker.error(root["devices"] ?? root, "devices", "expected a list of devices with at least one device")
        }
        guard first.mapping != nil, let evdev = first["evdev"], evdev.mapping != nil else {
            throw walker.error(first["evdev"] ?? first, "devices[0].evdev", "expected a mapping with the device's name, id, codes and absinfo")
        }
        let description = try walker.description(evdev, at: "devices[0].evdev")
        var events: [InputEvent] = []
        if let list = first["events"], !isNull(list) {
            guard let items = list.sequence else {
                throw walker.error(list, "devices[0].events", "expected a list of event frames")
            }
            for (itemIndex, item) in items.enumerated() {
                // Only `evdev:` items hold evdev events; `hid:` and others are skipped.
                guard item.mapping != nil, let rows = item["evdev"] else { continue }
                let key = "devices[0].events[\(itemIndex)].evdev"
                guard let list = rows.sequence else { throw walker.error(rows, key, "expected a list of [sec, usec, type, code, value]") }
                events.reserveCapacity(events.count + list.count)
                for (rowIndex, row) in list.enumerated() {
                    events.append(try walker.event(row, at: "\(key)[\(rowIndex)]"))
                }
            }
        }
        return (description, events)
    }

    private static func translate(_ error: YamlError, path: String) -> TraceError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return TraceError(.malformed, path: path, line: mark.line, message: "expected valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return TraceError(
                .malformed, path: path, line: context.mark.line,
                message: "expected unique keys in a mapping, found \(duplicates.sorted().joined(separator: ", ")) twice")
        case .reader(let problem, _, _, _):
            return TraceError(.malformed, path: path, message: "expected valid YAML: \(problem)")
        case .no, .memory, .writer, .emitter, .representer, .dataCouldNotBeDecoded:
            return TraceError(.malformed, path: path, message: "expected valid YAML: \(error)")
        }
    }
}

/// True for a YAML null (`~`, `null` or nothing).
private func isNull(_ node: Node) -> Bool {
    node.tag.rawValue == Tag.Name.null.rawValue
}

/// Reads values out of the node tree, with messages that name the key and the line.
private struct Walker {
    let path: String

    func error(_ node: Node, _ key: String, _ message: String) -> TraceError {
        TraceError(.malformed, path: path, line: node.mark?.line, message: "\(key): \(message)")
    }

    func integer(_ node: Node, _ key: String) throws(TraceError) -> Int {
        guard let scalar = node.scalar else { throw error(node, key, "expected an integer, found a \(kind(node))") }
        if let value = Int(scalar.string) { return value }
        // YAML's other integer spellings (0x1F, 0o17), as Yams resolves them.
        if let value = node.int { return value }
        throw error(node, key, "expected an integer, found '\(scalar.string)'")
    }

    func integer<T: FixedWidthInteger>(_ node: Node, _ key: String, as type: T.Type, in range: ClosedRange<Int>) throws(TraceError) -> T {
        let value = try integer(node, key)
        guard range.contains(value), let converted = T(exactly: value) else {
            throw error(node, key, "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return converted
    }

    func integers(_ node: Node, _ key: String) throws(TraceError) -> [Node] {
        guard let sequence = node.sequence else { throw error(node, key, "expected a list of integers, found a \(kind(node))") }
        return Array(sequence)
    }

    func description(_ evdev: Node, at key: String) throws(TraceError) -> DeviceDescription {
        guard let nameNode = evdev["name"], let name = nameNode.scalar?.string else {
            throw error(evdev["name"] ?? evdev, "\(key).name", "expected the device's name")
        }
        guard let idNode = evdev["id"] else { throw error(evdev, "\(key).id", "expected [bus, vendor, product, version]") }
        let idValues = try integers(idNode, "\(key).id")
        guard idValues.count == 4 else {
            throw error(idNode, "\(key).id", "expected 4 integers [bus, vendor, product, version], found \(idValues.count)")
        }
        var id: [UInt16] = []
        for (index, node) in idValues.enumerated() {
            id.append(try integer(node, "\(key).id[\(index)]", as: UInt16.self, in: 0...0xFFFF))
        }
        var description = DeviceDescription(
            name: name, id: InputID(bustype: id[0], vendor: id[1], product: id[2], version: id[3]))
        if let codes = evdev["codes"], !isNull(codes) {
            guard let mapping = codes.mapping else { throw error(codes, "\(key).codes", "expected a mapping of event type to codes") }
            for (typeNode, list) in mapping {
                let type = try integer(typeNode, "\(key).codes", as: UInt16.self, in: 0...Int(EventType.max))
                var set = CodeSet()
                for (index, node) in try integers(list, "\(key).codes.\(type)").enumerated() {
                    set.insert(try integer(node, "\(key).codes.\(type)[\(index)]", as: UInt16.self, in: 0...0xFFFF))
                }
                description.formUnion(set, type: type)
            }
        }
        if let absinfo = evdev["absinfo"], !isNull(absinfo) {
            guard let mapping = absinfo.mapping else {
                throw error(absinfo, "\(key).absinfo", "expected a mapping of axis to [min, max, fuzz, flat, resolution]")
            }
            for (codeNode, list) in mapping {
                let code = try integer(codeNode, "\(key).absinfo", as: UInt16.self, in: 0...Int(AbsCode.max))
                let values = try integers(list, "\(key).absinfo.\(code)")
                guard values.count == 5 else {
                    throw error(list, "\(key).absinfo.\(code)", "expected 5 integers [min, max, fuzz, flat, resolution], found \(values.count)")
                }
                var numbers: [Int32] = []
                for (index, node) in values.enumerated() {
                    numbers.append(try integer(node, "\(key).absinfo.\(code)[\(index)]", as: Int32.self, in: Int(Int32.min)...Int(Int32.max)))
                }
                description.setAbsInfo(
                    AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3], resolution: numbers[4]),
                    for: code)
            }
        }
        if let properties = evdev["properties"], !isNull(properties) {
            for (index, node) in try integers(properties, "\(key).properties").enumerated() {
                description.properties.insert(
                    try integer(node, "\(key).properties[\(index)]", as: UInt16.self, in: 0...Int(InputProperty.max)))
            }
        }
        return description
    }

    func event(_ row: Node, at key: String) throws(TraceError) -> InputEvent {
        guard let values = row.sequence, values.count == 5 else {
            let found = row.sequence.map { "\($0.count) items" } ?? "a \(kind(row))"
            throw error(row, key, "expected [sec, usec, type, code, value] (5 integers), found \(found)")
        }
        let seconds = try integer(values[0], "\(key)[0] (sec)", as: Int64.self, in: 0...Int(Int64.max))
        let microseconds = try integer(values[1], "\(key)[1] (usec)", as: Int64.self, in: 0...999_999)
        let type = try integer(values[2], "\(key)[2] (type)", as: UInt16.self, in: 0...0xFFFF)
        let code = try integer(values[3], "\(key)[3] (code)", as: UInt16.self, in: 0...0xFFFF)
        let value = try integer(values[4], "\(key)[4] (value)", as: Int32.self, in: Int(Int32.min)...Int(Int32.max))
        let (scaled, overflow1) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (time, overflow2) = scaled.addingReportingOverflow(microseconds)
        guard !overflow1 && !overflow2 else {
            throw error(values[0], key, "timestamp \(seconds).\(microseconds) is out of range (at most 9223372036854.775807 seconds)")
        }
        return InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value)
    }

    private func kind(_ node: Node) -> String {
        switch node {
        case .scalar: "scalar"
        case .mapping: "mapping"
        case .sequence: "list"
        case .alias: "alias"
        }
    }
}
