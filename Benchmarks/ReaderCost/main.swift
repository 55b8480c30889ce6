import TraceFormats

// Reads every event of a trace through `TraceReader.next()` and nothing else, to count the reader's
// instructions per event under callgrind: `valgrind --tool=callgrind reader-cost TRACE`, less a run on the
// trace's header alone (the process's start, about 17 M instructions), divided by the trace's events.
// Build it with `swift build -c release --product reader-cost` here, and `strip -g` it for valgrind 3.19.
//
//     reader-cost TRACE [DESCRIPTION]
//
// Prints the number of events and a sum of their fields, so that nothing read goes unused.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else { fatalError("usage: reader-cost TRACE [DESCRIPTION]") }
do {
    let trace = try TraceReader.open(path: path, device: arguments.count > 1 ? arguments[1] : nil)
    var count = 0
    var sum: Int64 = 0
    while let event = try trace.next() {
        count += 1
        sum &+= event.time.microseconds &+ Int64(event.type) &+ Int64(event.code) &+ Int64(event.value)
    }
    print(count, sum)
} catch {
    fatalError("reader-cost: \(error)")
}
