#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// One run of the fuzz target on `size` bytes at `data`; returns 0 (libFuzzer's -1 rejects the input).
typedef int (*FuzzerCallback)(const uint8_t *data, size_t size);

/// libFuzzer's driver for a program that has its own `main` (SwiftPM renames an executable's `main`, so
/// libFuzzer's own is not linked): parses libFuzzer's options in `argv` and runs `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, FuzzerCallback callback);

#endif
