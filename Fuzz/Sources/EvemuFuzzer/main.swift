import FuzzSupport

// The evemu reader: bytes → a description and events. Errors are fine; a crash, a hang or memory out
// of bounds is a finding, and so is a trace that does not come back the same through the evemu writer.
runFuzzer { data, size in
    fuzzEvemu(FuzzInput(data, size))
    return 0
}
