import Foundation
import Testing

/// libtouchgestures (the C interface, docs/c-interface.md) as a program uses it: installed into a temporary prefix
/// by scripts/install-lib.sh, built against with its pkg-config file, run without LD_LIBRARY_PATH. The examples of
/// Examples/CInterface in C (libinput), Python (ctypes) and C++ print what `gestures replay` prints, or their
/// expected output; the library exports the header's functions and nothing else.
@Suite(.serialized)
struct CInterfaceTests {
    /// The prefix the library built beside the tests is installed in, once for the suite.
    static let prefix: Result<URL, InstallFailure> = {
        let library = CLI.binary.deletingLastPathComponent().appendingPathComponent("libtouchgestures.so")
        guard let prefix = try? CLI.temporaryDirectory() else { return .failure(InstallFailure(message: "no temporary directory")) }
        guard let run = try? CLI.runProcess(["/usr/bin/env", "PREFIX=" + prefix.path, "bash", "scripts/install-lib.sh", library.path]),
              run.status == 0 else {
            return .failure(InstallFailure(message: "scripts/install-lib.sh \(library.path) failed (build it: swift build --product touchgestures)"))
        }
        return .success(prefix)
    }()

    struct InstallFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let examples = CLI.root.appendingPathComponent("Examples/CInterface")

    /// Runs `script` with sh, with PKG_CONFIG_PATH the installed library's and no LD_LIBRARY_PATH.
    func shell(_ script: String) throws -> Run {
        let prefix = try Self.prefix.get()
        return try CLI.runProcess(["/usr/bin/env", "-u", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH=" + prefix.appendingPathComponent("lib/pkgconfig").path,
                                   "sh", "-c", script])
    }

    /// What `gestures replay --layout` prints for `recording` (a path from the repository's root, without `.evemu`).
    func replay(_ recording: String) throws -> String {
        let run = try CLI.run(["replay", "--layout", recording + ".layout.json", recording + ".evemu"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func theLibraryExportsTheHeadersFunctionsAlone() throws {
        let prefix = try Self.prefix.get()
        let library = prefix.appendingPathComponent("lib/libtouchgestures.so.0").path
        let symbols = try CLI.runProcess(["/usr/bin/nm", "-D", "--defined-only", "--extern-only", "--format=posix", library])
        #expect(symbols.status == 0)
        // Each `NAME@@TOUCHGESTURES_0`: the version script's node.
        let versioned = symbols.lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(versioned.filter { !$0.hasSuffix("@@TOUCHGESTURES_0") } == [])
        let exported = Set(versioned.map { String($0.prefix { $0 != "@" }) })
        let header = try String(contentsOf: prefix.appendingPathComponent("include/touchgestures.h"), encoding: .utf8)
        // A declaration: a line that is no comment, with a `tg_` name before its parenthesis.
        let declared = Set(header.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix(" "), !line.hasPrefix("/"), !line.hasPrefix("#"), let open = line.firstIndex(of: "(") else { return nil }
            return line[..<open].split(separator: " ").last.map { String($0.drop { $0 == "*" }) }
        }.filter { $0.hasPrefix("tg_") })
        #expect(declared.count == 26)
        #expect(exported.subtracting(declared).sorted() == [], "exported but not in touchgestures.h")
        #expect(declared.subtracting(exported).sorted() == [], "declared but not exported")
        let dynamic = try CLI.runProcess(["/usr/bin/readelf", "-d", library])
        #expect(dynamic.lines.filter { $0.contains("(SONAME)") }.map { $0.split(separator: "[").last ?? "" } == ["libtouchgestures.so.0]"])
        // The Swift runtime is inside: the library needs no libswift*.so.
        #expect(dynamic.lines.filter { $0.contains("(NEEDED)") && $0.contains("swift") } == [])
    }

    @Test func theCPlusPlusSessionPrintsItsExpectedOutput() throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let program = scratch.appendingPathComponent("session").path
        let build = try shell("g++ -std=c++17 -Wall -Wextra -Werror \(Self.examples.path)/session.cpp $(pkg-config --cflags --libs touchgestures) -o \(program)")
        #expect(build.status == 0, "\(build.stderr)")
        let run = try shell(program)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let expected = try String(contentsOf: Self.examples.appendingPathComponent("session.expected"), encoding: .utf8)
        #expect(run.stdout == expected)
    }

    /// SPEC "C interface", call by call: refusals and their messages, late input, units, typed fields beside the
    /// lines, explanations, the changes between inputs, the end of input (Tests/Fixtures/c-interface/behaviours.c).
    @Test func theInterfaceBehavesAsSPECSays() throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fixtures = CLI.root.appendingPathComponent("Tests/Fixtures/c-interface")
        let program = scratch.appendingPathComponent("behaviours").path
        let build = try shell("cc -Wall -Wextra -Werror \(fixtures.path)/behaviours.c $(pkg-config --cflags --libs touchgestures) -lm -o \(program)")
        #expect(build.status == 0, "\(build.stderr)")
        let run = try shell(program)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let expected = try String(contentsOf: fixtures.appendingPathComponent("behaviours.expected"), encoding: .utf8)
        #expect(run.stdout == expected)
    }

    /// Every synthetic recording of a protocol-B touchscreen (replay.py reads no other).
    static let protocolBRecordings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Recordings").path)) ?? []
        return names.filter { $0.hasPrefix("synthetic-") && $0.hasSuffix(".evemu") && !$0.contains("protocol-a") && !$0.contains("single-touch") }
            .map { "Recordings/" + $0.dropLast(".evemu".count) }.sorted()
    }()

    @Test func thePythonReplayPrintsWhatGesturesReplayPrints() throws {
        #expect(Self.protocolBRecordings.count == 17)
        for recording in Self.protocolBRecordings {
            let run = try shell("python3 \(Self.examples.path)/replay.py '\(recording).layout.json' '\(recording).evemu'")
            #expect(run.status == 0, "\(recording): \(run.stderr)")
            #expect(run.stderr == "")
            #expect(run.stdout == (try replay(recording)), "\(recording)")
        }
    }

    /// libinput's path backend reads the emulated touchscreen playing the recording in real time; the program's
    /// lines are replay's. (The kitchen timer: taps, winds, detents, a long press and a selection on the chart, 7 s;
    /// a long press whose deadline fires with no input, then a drag.)
    @Test(.serialized, .enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"),
          arguments: ["Recordings/synthetic-kitchen-timer", "Recordings/synthetic-long-press-drag-left"])
    func theLibinputProgramPrintsWhatGesturesReplayPrints(recording: String) throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // umockdev 0.17's gaps for libinput (Tests/Fixtures/umockdev/libinput/README.md): a udev database entry, fstat.
        let shim = Emulated.fixtures.appendingPathComponent("libinput")
        let build = try shell("""
            set -e
            cp \(shim.path)/udevdb-exec.sh \(scratch.path)/
            cc -O2 -Wall -shared -fPIC -o \(scratch.path)/libumdevfix.so \(shim.path)/libumdevfix.c -ldl
            cc -Wall -Wextra -Werror \(Self.examples.path)/libinput-gestures.c $(pkg-config --cflags --libs touchgestures libinput) \
                -o \(scratch.path)/libinput-gestures
            """)
        #expect(build.status == 0, "\(build.stderr)")
        // The input ends at the recording's last event.
        let events = try String(contentsOfFile: CLI.root.appendingPathComponent(recording + ".evemu").path, encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("E: ") }
        let time = try #require(events.last?.split(separator: " ")[1].split(separator: "."))
        let until = try #require(Int(time[0])) * 1_000_000 + (try #require(Int(time[1])))
        let run = try shell("""
            \(Emulated.harness.path) --timeout 60 touchscreen-mt '\(recording).evemu' -- \
                sh -c '\(scratch.path)/udevdb-exec.sh \(scratch.path)/libinput-gestures \(recording).layout.json "$GESTURES_TEST_DEVICE" --until-us \(until)'
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try replay(recording)), "\(run.stderr)")
    }
}
