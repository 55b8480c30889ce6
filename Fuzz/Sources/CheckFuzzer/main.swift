import FuzzSupport

// `gestures check`: a trace, its layout and description, and its expected file (the output, other bytes, or an
// input by a link) → the outcome, its report's bounds, and the files left as they were.
runFuzzer { data, size in
    fuzzCheck(FuzzInput(data, size))
    return 0
}
