// LLVMFuzzerRunDriver is defined by libFuzzer (linked by -sanitize=fuzzer); this target only declares it.
#include "CFuzzerDriver.h"
