import FuzzSupport

// The C interface (libtouchgestures' tg_* functions) driven by random call sequences: every argument a caller may
// get wrong, in any order; nothing may trap, and what the calls return must hold together.
runFuzzer { data, size in
    fuzzCInterface(FuzzInput(data, size))
    return 0
}
