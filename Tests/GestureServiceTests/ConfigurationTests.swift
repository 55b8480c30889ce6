import GestureCore
import GestureService
import Haptics
import SystemCalls
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The configuration file of `gestures serve` (SPEC "Service"): what it reads, and each refusal in its words.
@Suite struct ConfigurationTests {
    static func parse(_ text: String, layouts: [String: Layout] = [:]) throws(FileError) -> ServiceConfiguration {
        try ServiceConfiguration.parse(Array(text.utf8), file: "serve.json") { (name) throws(FileError) -> Layout in
            guard let layout = layouts[name] else { throw FileError(.unreadable, path: name, message: "cannot open: No such file or directory") }
            return layout
        }
    }

    /// The message of a refused configuration.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyKeyIsRead() throws {
        let layout = Layout(regions: [])
        let configuration = try Self.parse("""
        {"touchpads": true,
         "devices": [{"match": {"name": "Goodix", "vendor": 1046, "product": 2, "node": "/dev/input/event5"},
                      "rotation": "right", "layout": "chart.layout.json", "size": {"width": 150, "height": 90.5},
                      "grab": true},
                     {"match": {"name": "Pen"}, "ignore": true}],
         "haptics": "/dev/input/event7",
         "bindings": [
           {"gesture": "swipe", "fingers": 3, "direction": "up", "run": ["swaymsg", "workspace", "next"]},
           {"gesture": "swipe", "run": ["a"]},
           {"gesture": "edge-swipe", "edge": "left", "zone": [0, 0.5], "continuous": true, "run": ["b", "x y"]},
           {"gesture": "tap", "count": 2, "fingers": 1, "run": ["c"]},
           {"gesture": "long-press", "durationMs": 500, "run": ["d"]},
           {"gesture": "pinch", "direction": "in", "continuous": true, "run": ["e"]},
           {"gesture": "rotation", "direction": "counterclockwise", "run": ["f"]},
           {"gesture": "tap", "fingers": 3, "run": ["g"]}
         ]}
        """, layouts: ["chart.layout.json": layout])
        #expect(configuration.touchpads)
        #expect(configuration.haptics == ServiceHaptics(destination: .device(path: "/dev/input/event7"), origin: "serve.json:6: haptics"))
        #expect(configuration.devices.count == 2)
        let screen = configuration.devices[0]
        #expect(screen.match == DeviceMatch(name: "Goodix", vendor: 1046, product: 2, node: "/dev/input/event5"))
        #expect(screen.rotation == .quarter)
        #expect(screen.layout == layout)
        #expect(screen.size == Size(width: 150, height: 90.5))
        #expect(screen.grab && !screen.ignore)
        #expect(configuration.devices[1].match == DeviceMatch(name: "Pen"))
        #expect(configuration.devices[1].ignore && configuration.devices[1].rotation == .none && configuration.devices[1].layout == nil)
        #expect(configuration.bindings == [
            Binding(gesture: .swipe(fingers: 3, direction: .up), run: ["swaymsg", "workspace", "next"]),
            Binding(gesture: .swipe(fingers: 1, direction: nil), run: ["a"]),
            Binding(gesture: .edgeSwipe(edge: .left, zone: 0...0.5), run: ["b", "x y"], continuous: true),
            Binding(gesture: .tap(count: 2), run: ["c"]),
            Binding(gesture: .longPress(duration: .ms(500)), run: ["d"]),
            Binding(gesture: .pinch(closing: true), run: ["e"], continuous: true),
            Binding(gesture: .rotation(clockwise: false), run: ["f"]),
            Binding(gesture: .tap(count: 1, fingers: 3), run: ["g"]),
        ])
    }

    @Test func anEmptyObjectServesEveryTouchscreenWithNoBinding() throws {
        let configuration = try Self.parse("{}")
        #expect(configuration.devices.isEmpty && configuration.bindings.isEmpty && !configuration.touchpads && configuration.haptics == nil)
        #expect(try Self.parse("{\n\"haptics\": \"feedbackd\"}").haptics == ServiceHaptics(destination: .feedbackd, origin: "serve.json:2: haptics"))
    }

    /// Each kind of refusal names the file, the line and the key, as the layout file's do.
    @Test(arguments: [
        ("{\"bindings\": [\n", "serve.json:2: not valid JSON: expected a value, found the end of the file"),
        ("[]", "serve.json:1: expected an object, found an array"),
        ("{\"touchpad\": true}", "serve.json:1: touchpad: unknown key (expected one of: devices, touchpads, bindings, haptics)"),
        ("{\"haptics\": \"vibrator\"}",
         "serve.json:1: haptics: expected \"feedbackd\" or a force-feedback device's node (\"/dev/input/event7\"), found \"vibrator\""),
        ("{\"haptics\": true}", "serve.json:1: haptics: expected a string, found a boolean"),
        ("{\"touchpads\": 1}", "serve.json:1: touchpads: expected true or false, found a number"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"run\": [\"a\"]},\n {\"gesture\": \"swipe\", \"run\": [\"a\"], \"run\": [\"b\"]}]}",
         "serve.json:2: bindings[1].run: duplicate key"),
        ("{\"bindings\": {}}", "serve.json:1: bindings: expected an array, found an object"),
        ("{\"bindings\": [{\"run\": [\"a\"]}]}", "serve.json:1: bindings[0].gesture: missing required key"),
        ("{\"bindings\": [{\"gesture\": \"swipe\"}]}", "serve.json:1: bindings[0].run: missing required key"),
        ("{\"bindings\": [{\"gesture\": \"flick\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].gesture: expected \"swipe\", \"edge-swipe\", \"tap\", \"long-press\", \"pinch\" or \"rotation\", found \"flick\""),
        ("{\"bindings\": [\n{\"gesture\": \"tap\", \"run\": [\"a\"]},\n{\"gesture\": \"swipe\",\n \"fingers\": 11, \"run\": [\"a\"]}]}",
         "serve.json:4: bindings[1].fingers: expected a whole number from 1 to 10, found 11"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"fingers\": 2.5, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].fingers: expected a whole number from 1 to 10, found 2.5"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"direction\": \"north\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].direction: expected \"up\", \"up-right\", \"right\", \"down-right\", \"down\", \"down-left\", \"left\" or \"up-left\", found \"north\""),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"continuous\": true, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].continuous: unknown key (expected one of: gesture, run, fingers, direction)"),
        ("{\"bindings\": [{\"gesture\": \"tap\", \"edge\": \"left\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].edge: unknown key (expected one of: gesture, run, count, fingers)"),
        ("{\"bindings\": [{\"gesture\": \"tap\", \"fingers\": 11, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].fingers: expected a whole number from 1 to 10, found 11"),
        ("{\"bindings\": [{\"gesture\": \"tap\", \"fingers\": 1.5, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].fingers: expected a whole number from 1 to 10, found 1.5"),
        ("{\"bindings\": [{\"gesture\": \"tap\", \"fingers\": 2, \"count\": 2, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].count: expected 1 with fingers above 1 (a tap of several fingers is never chained), found 2"),
        ("{\"bindings\": [{\"gesture\": \"tap\", \"count\": 0, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].count: expected a whole number from 1 to 10, found 0"),
        ("{\"bindings\": [{\"gesture\": \"edge-swipe\", \"run\": [\"a\"]}]}", "serve.json:1: bindings[0].edge: missing required key"),
        ("{\"bindings\": [{\"gesture\": \"edge-swipe\", \"edge\": \"middle\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].edge: expected \"left\", \"right\", \"top\" or \"bottom\", found \"middle\""),
        ("{\"bindings\": [{\"gesture\": \"edge-swipe\", \"edge\": \"left\", \"zone\": [0.5, 0.2], \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].zone: expected [start, end]: fractions of the edge from 0 to 1, start below end, found [0.5, 0.2]"),
        ("{\"bindings\": [{\"gesture\": \"edge-swipe\", \"edge\": \"left\", \"zone\": [0, \"half\"], \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].zone[1]: expected a number, found a string"),
        ("{\"bindings\": [{\"gesture\": \"long-press\", \"durationMs\": -1, \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].durationMs: expected a number of ms from 0 to 1000000000000, found -1"),
        ("{\"bindings\": [{\"gesture\": \"long-press\", \"run\": [\"a\"]},\n{\"gesture\": \"long-press\", \"durationMs\": 800, \"run\": [\"b\"]}]}",
         "serve.json:2: bindings[1].durationMs: expected 300 as bindings[0] has: one long press is recognized on a device"),
        ("{\"bindings\": [{\"gesture\": \"pinch\", \"direction\": \"up\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].direction: expected \"in\" or \"out\", found \"up\""),
        ("{\"bindings\": [{\"gesture\": \"rotation\", \"direction\": \"left\", \"run\": [\"a\"]}]}",
         "serve.json:1: bindings[0].direction: expected \"clockwise\" or \"counterclockwise\", found \"left\""),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"run\": []}]}",
         "serve.json:1: bindings[0].run: expected a command and its arguments, found an empty array"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"run\": \"swaymsg workspace next\"}]}",
         "serve.json:1: bindings[0].run: expected an array, found a string"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"run\": [\"\"]}]}",
         "serve.json:1: bindings[0].run[0]: expected a command, found an empty string"),
        ("{\"bindings\": [{\"gesture\": \"swipe\", \"run\": [\"a\", 3]}]}", "serve.json:1: bindings[0].run[1]: expected a string, found a number"),
        ("{\"devices\": [{\"match\": {\"serial\": \"x\"}}]}",
         "serve.json:1: devices[0].match.serial: unknown key (expected one of: name, vendor, product, node)"),
        ("{\"devices\": [{\"match\": {\"vendor\": 70000}}]}",
         "serve.json:1: devices[0].match.vendor: expected a whole number from 0 to 65535, found 70000"),
        ("{\"devices\": [{\"rotation\": 90}]}", "serve.json:1: devices[0].rotation: expected a string, found a number"),
        ("{\"devices\": [{\"rotation\": \"upside-down\"}]}",
         "serve.json:1: devices[0].rotation: expected \"normal\", \"right\", \"inverted\" or \"left\", found \"upside-down\""),
        ("{\"devices\": [{\"size\": {\"width\": 100}}]}", "serve.json:1: devices[0].size.height: missing required key"),
        ("{\"devices\": [{\"size\": {\"width\": 0, \"height\": 10}}]}",
         "serve.json:1: devices[0].size.width: expected a number of mm above 0 and at most 1000000, found 0"),
        ("{\"devices\": [\n{\"layout\": \"missing.json\"}]}",
         "serve.json:2: devices[0].layout: missing.json: cannot open: No such file or directory"),
    ])
    func refusals(text: String, message: String) {
        #expect(Self.refusal(text) == message)
    }

    /// A layout that the layout file refuses is named with its own file, line and key, after the configuration's.
    @Test func aLayoutThatCannotBeReadIsNamedWithItsOwnLineAndKey() throws {
        let directory = "/tmp/gestures-serve-config-\(getpid())"
        _ = directory.withCString { mkdir($0, 0o700) }
        defer { _ = system("rm -rf '\(directory)'") }
        try write("{\n\"devices\": [{\"layout\": \"chart.layout.json\"}]}\n", to: directory + "/serve.json")
        try write("{\"regions\": [\n{\"name\": \"a\", \"kind\": \"dial\", \"center\": {\"x\": 1, \"y\": 1}, \"radius\": -3}]}\n",
                  to: directory + "/chart.layout.json")
        do {
            _ = try ServiceConfiguration.load(path: FilePath(directory + "/serve.json"))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description == "\(directory)/serve.json:2: devices[0].layout: \(directory)/chart.layout.json:2: "
                    + "regions[0].radius: expected a positive number, found -3")
            #expect(error.kind == .malformed)
        }
    }

    func write(_ text: String, to path: String) throws {
        let file = fopen(path, "w")
        #expect(file != nil)
        fputs(text, file)
        fclose(file)
    }
}
