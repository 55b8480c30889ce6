// The C side of libtouchgestures: only the header (include/touchgestures.h), which the Swift implementation
// (Sources/CTouchGestures) imports, so that both sides use one layout of every struct. This file holds the
// checks of that layout: a change of a size is an ABI break, and raises TG_VERSION_MAJOR.
#include "touchgestures.h"

_Static_assert(sizeof(tg_contact) == 32, "tg_contact is 32 bytes in ABI 0");
_Static_assert(sizeof(tg_field) == 40, "tg_field is 40 bytes in ABI 0");
_Static_assert(sizeof(tg_event) == 48, "tg_event is 48 bytes in ABI 0");
_Static_assert(sizeof(tg_shape) == 56, "tg_shape is 56 bytes in ABI 0");
_Static_assert(sizeof(tg_view) == 32, "tg_view is 32 bytes in ABI 0");
_Static_assert(sizeof(tg_domain) == 48, "tg_domain is 48 bytes in ABI 0");
