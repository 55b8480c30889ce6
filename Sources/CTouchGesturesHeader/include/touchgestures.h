/*
 * touchgestures.h: the C interface of libtouchgestures, the gesture engine of TouchGestures (touch frames and time
 * in, gesture events out), for C, C++, Rust and Python programs. Reference: docs/c-interface.md.
 *
 * Conventions:
 * - Every function that can fail returns a tg_status: TG_OK, or an error code; the engine's message for the last
 *   failed call is tg_engine_last_error(). Nothing a caller passes stops the program: NULL handles and pointers,
 *   lengths, numbers that are not finite, phases and ids out of range are refused with TG_ERROR_INVALID_ARGUMENT.
 * - An engine is used from one thread at a time (one engine per thread, or a lock of the caller's). The library
 *   holds no global mutable state: engines on different threads need no lock.
 * - Times are microseconds on the input's clock (libinput's _usec times, evdev's timestamps), from 0 to
 *   TG_MAX_TIME_US. An input stamped before the latest time the engine reached is taken at that time.
 * - Positions are millimetres on the surface (x right, y down), or the app's units once tg_engine_set_units() says
 *   how many mm a unit is.
 * - What a call returns by pointer belongs to the engine: the events and their lines stay valid until the next input,
 *   change or setting (any call but tg_engine_events, tg_engine_events_jsonl, tg_engine_last_error and
 *   tg_engine_next_deadline), the message until the next call on the engine; all until tg_engine_free().
 */
#ifndef TOUCHGESTURES_H
#define TOUCHGESTURES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the interface this header declares; tg_version() gives the library's. The soname's number is the
 * major version: a release that breaks the ABI raises it. */
#define TG_VERSION_MAJOR 0
#define TG_VERSION_MINOR 1
#define TG_VERSION_PATCH 0
/* The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH, as tg_version() returns it. */
#define TG_VERSION (TG_VERSION_MAJOR * 10000 + TG_VERSION_MINOR * 100 + TG_VERSION_PATCH)

/* The most contacts down at once: a frame that would put more down is refused. */
#define TG_MAX_CONTACTS 64
/* The most contacts one frame may hold. */
#define TG_MAX_FRAME_CONTACTS 256
/* The latest time, in µs (2^62 - 1, 146,000 years): a time below 0 or beyond it is refused. */
#define TG_MAX_TIME_US 4611686018427387903LL
/* The largest position, in mm, either way, after the units: beyond it a frame is refused. */
#define TG_MAX_POSITION_MM 1e6

/* What a call did. */
typedef enum tg_status {
    TG_OK = 0,
    /* A NULL handle or pointer, a length, a number that is not finite, a phase, an id or a count out of range. */
    TG_ERROR_INVALID_ARGUMENT = 1,
    /* A layout (text, file, or a target's JSON) that is not a valid layout: the message names the line and key. */
    TG_ERROR_LAYOUT = 2,
    /* A file that cannot be read. */
    TG_ERROR_FILE = 3,
    /* No target of that name. */
    TG_ERROR_NO_TARGET = 4,
    /* The target's component is not the kind the call changes (a dial, a timeline). */
    TG_ERROR_WRONG_COMPONENT = 5,
    /* A value the target cannot take (a shape, a view, a domain, a dial's value). */
    TG_ERROR_INVALID_VALUE = 6,
    /* A target's name that the engine already has. */
    TG_ERROR_DUPLICATE_NAME = 7,
    /* A position among a parent's children that is not there. */
    TG_ERROR_NO_POSITION = 8,
    /* More contacts down at once than TG_MAX_CONTACTS. */
    TG_ERROR_TOO_MANY_CONTACTS = 9
} tg_status;

/* A contact's phase in a frame (the engine's ContactPhase). */
typedef enum tg_contact_phase {
    TG_CONTACT_BEGAN = 0,      /* it landed */
    TG_CONTACT_MOVED = 1,      /* it is down, maybe somewhere else */
    TG_CONTACT_STATIONARY = 2, /* it is down, where it was */
    TG_CONTACT_ENDED = 3,      /* it lifted, here */
    TG_CONTACT_CANCELLED = 4   /* it was withdrawn (a palm, a toolkit's cancel): its gestures are cancelled */
} tg_contact_phase;

/* One contact of a frame. */
typedef struct tg_contact {
    int64_t id;      /* the contact's id while it is down (a slot's tracking id); any value but INT64_MIN */
    double x;        /* mm, or the app's units */
    double y;
    int32_t phase;   /* a tg_contact_phase */
    int32_t reserved; /* 0 */
} tg_contact;

/* What an event says (its JSON "type"). */
typedef enum tg_kind {
    TG_KIND_TAP = 1,
    TG_KIND_SELECT = 2,
    TG_KIND_PAN = 3,
    TG_KIND_WIND = 4,
    TG_KIND_ROTATE = 5,
    TG_KIND_HAPTIC = 6,
    TG_KIND_MAGNIFY = 7,
    TG_KIND_SWIPE = 8,
    TG_KIND_EDGE_SWIPE = 9,
    TG_KIND_ZOOM = 10,
    TG_KIND_LONG_PRESS = 11,
    TG_KIND_ROTATION = 12,
    TG_KIND_QUICK_SCALE = 13,
    TG_KIND_GESTURE = 14,
    TG_KIND_EXPLAIN = 15  /* an explanation (tg_engine_set_explains) */
} tg_kind;

/* A continuous gesture's phase (its JSON "phase"); TG_PHASE_NONE for a discrete line (a tap, a haptic). */
typedef enum tg_phase {
    TG_PHASE_NONE = 0,
    TG_PHASE_BEGAN = 1,
    TG_PHASE_CHANGED = 2,
    TG_PHASE_ENDED = 3,
    TG_PHASE_CANCELLED = 4
} tg_phase;

/* The type of a field's value. */
typedef enum tg_value_type {
    TG_VALUE_NUMBER = 0,  /* number: mm or a view's points, mm/s, degrees, a scale, a numeric domain's value */
    TG_VALUE_INTEGER = 1, /* integer (and number): a count, a detent */
    TG_VALUE_TEXT = 2,    /* text: a direction, an edge, a haptic's kind, a gesture's value, an explanation's part */
    TG_VALUE_INSTANT = 3, /* number: seconds since 1970-01-01T00:00:00Z (a date timeline's value) */
    TG_VALUE_DAY = 4      /* integer: days since 1970-01-01, and text: the day, YYYY-MM-DD (a date timeline's bucket) */
} tg_value_type;

/* One field of an event, as the JSON line has it; a point's and a range's parts are fields of their own, named
 * "center.x", "center.y", "selection.start", "selection.end". */
typedef struct tg_field {
    const char *key;
    int32_t type;      /* a tg_value_type */
    int32_t reserved;
    double number;
    int64_t integer;
    const char *text;  /* NULL but for TG_VALUE_TEXT and TG_VALUE_DAY */
} tg_field;

/* One event: the fields of a JSON line, typed. */
typedef struct tg_event {
    int64_t time_us;   /* the input's time, or a deadline's own */
    const char *target; /* the target's name: the line's "region" */
    const char *type;   /* the line's "type": "tap", "pan", ..., "explain" */
    int32_t kind;       /* a tg_kind */
    int32_t phase;      /* a tg_phase */
    const tg_field *fields; /* the line's other fields, in its order */
    size_t field_count;
} tg_event;

/* A target's shape, in surface mm. */
typedef enum tg_shape_kind {
    TG_SHAPE_RECTANGLE = 0, /* x, y (top-left), width, height */
    TG_SHAPE_CIRCLE = 1,    /* x, y (centre), radius */
    TG_SHAPE_RING = 2       /* x, y (centre), radius (outer), inner_radius */
} tg_shape_kind;

typedef struct tg_shape {
    int32_t kind; /* a tg_shape_kind */
    int32_t reserved;
    double x, y, width, height, radius, inner_radius;
} tg_shape;

/* A target's view: its events' positions in the view's points, offset + scale * R(surface mm). */
typedef struct tg_view {
    double scale;      /* points a mm, from 0.001 to 1000 */
    double offset_x;
    double offset_y;
    int32_t rotation;  /* 0, 90, 180 or 270: the display's rotation, clockwise */
    int32_t reserved;
} tg_view;

/* A timeline's domain. */
typedef enum tg_domain_kind {
    TG_DOMAIN_NUMBERS = 0, /* start, end, bucket */
    TG_DOMAIN_DAYS = 1,    /* start_day, end_day (YYYY-MM-DD), date_bucket */
} tg_domain_kind;

typedef enum tg_date_bucket {
    TG_BUCKET_DAY = 0,
    TG_BUCKET_WEEK = 1,
    TG_BUCKET_MONTH = 2
} tg_date_bucket;

typedef struct tg_domain {
    int32_t kind;        /* a tg_domain_kind */
    int32_t date_bucket; /* a tg_date_bucket (TG_DOMAIN_DAYS) */
    double start, end, bucket;              /* TG_DOMAIN_NUMBERS */
    const char *start_day, *end_day;        /* TG_DOMAIN_DAYS */
} tg_domain;

/* The engine: an opaque handle. */
typedef struct tg_engine tg_engine;

/* ---- The library ---- */

/* The library's version, MAJOR * 10000 + MINOR * 100 + PATCH (compare with TG_VERSION). */
int tg_version(void);
/* The library's version as text, "0.1.0". Static. */
const char *tg_version_string(void);
/* The name of a status, "TG_ERROR_NO_TARGET"; "TG_UNKNOWN_STATUS" for another number. Static. */
const char *tg_status_name(tg_status status);

/* ---- Engines ---- */

/* An engine for the layout in the JSON text `layout` (`length` bytes), into *engine. On an error *engine is NULL
 * and the message (as the command line gives it: "layout:LINE: KEY: what was expected") is written into `message`
 * (`message_size` bytes with its NUL, cut short to fit; NULL or 0: none). */
tg_status tg_engine_new(const char *layout, size_t length, tg_engine **engine, char *message, size_t message_size);
/* An engine for the layout file at `path`, as tg_engine_new: TG_ERROR_FILE when it cannot be read, TG_ERROR_LAYOUT
 * when it is not a layout. */
tg_status tg_engine_new_from_file(const char *path, tg_engine **engine, char *message, size_t message_size);
/* Frees the engine and everything it returned. NULL: nothing. */
void tg_engine_free(tg_engine *engine);
/* The message of the engine's last failed call ("" when the last call succeeded); NULL for a NULL engine. */
const char *tg_engine_last_error(const tg_engine *engine);
/* The positions of the frames given from now on are in units of `mm_per_unit_x` by `mm_per_unit_y` mm (finite,
 * above 0; 1 by 1 to begin with). For an app's pixels, the output's physical size over its size in pixels. */
tg_status tg_engine_set_units(tg_engine *engine, double mm_per_unit_x, double mm_per_unit_y);
/* Whether the events include explanations (TG_KIND_EXPLAIN): each state transition and its reason. Off at first. */
tg_status tg_engine_set_explains(tg_engine *engine, int explains);

/* ---- Input: each replaces the events with those it caused ---- */

/* A frame of `count` contacts (`contacts` may be NULL when `count` is 0) at `time_us`: deadlines up to it fire,
 * then its changes go to the targets. Refused whole (nothing changes) for a contact's id given twice, an id of
 * INT64_MIN, a phase out of range, a position not finite or beyond TG_MAX_POSITION_MM, more than
 * TG_MAX_FRAME_CONTACTS contacts or more than TG_MAX_CONTACTS down after it. */
tg_status tg_engine_frame(tg_engine *engine, int64_t time_us, const tg_contact *contacts, size_t count);
/* Time passes to `time_us` with no frame: the deadlines up to it fire (call it at tg_engine_next_deadline). */
tg_status tg_engine_advance(tg_engine *engine, int64_t time_us);
/* Events were lost (evdev's SYN_DROPPED): gestures in progress are cancelled; the contacts down are ignored until
 * they lift. */
tg_status tg_engine_drop(tg_engine *engine, int64_t time_us);
/* The device's state after a drop (every contact down, as a frame): taken as it is, nothing recognized from it. A
 * resync that follows no drop (a frame or the end came since) is a drop and a resync at its time. */
tg_status tg_engine_resync(tg_engine *engine, int64_t time_us, const tg_contact *contacts, size_t count);
/* The end of input at `time_us`: every gesture in progress is cancelled, every contact forgotten; the next input
 * starts afresh at its own time. */
tg_status tg_engine_finish(tg_engine *engine, int64_t time_us);
/* The earliest time at which tg_engine_advance has something to do: *has_deadline is 1 and *deadline_us the time,
 * or *has_deadline is 0. */
tg_status tg_engine_next_deadline(const tg_engine *engine, int64_t *deadline_us, int *has_deadline);

/* ---- Output: the events of the last input or change ---- */

/* The events, typed: *count of them (NULL when there are none). */
const tg_event *tg_engine_events(tg_engine *engine, size_t *count);
/* The events as JSON Lines, each line and its newline exactly as `gestures replay` prints it; NUL-terminated,
 * *length bytes without the NUL (length may be NULL). "" when there are none; NULL for a NULL engine. */
const char *tg_engine_events_jsonl(tg_engine *engine, size_t *length);
/* The field of `event` named `key` ("dx", "center.x"), or NULL. */
const tg_field *tg_event_field(const tg_event *event, const char *key);

/* ---- Changes between inputs: at `time_us` (or the latest time reached, when later); each replaces the events
 * with those it caused (the deadlines up to then first); on an error nothing changes. Names are NUL-terminated
 * UTF-8. ---- */

/* Sets the value of the dial `name`, in degrees (finite). */
tg_status tg_engine_set_dial_value(tg_engine *engine, const char *name, double degrees, int64_t time_us);
/* Shows all of `domain` on the timeline `name`. */
tg_status tg_engine_set_domain(tg_engine *engine, const char *name, const tg_domain *domain, int64_t time_us);
/* Shows the part of its domain from `start` to `end` on the timeline `name`: numbers for a numeric domain,
 * seconds since 1970 for a date domain. */
tg_status tg_engine_set_visible_domain(tg_engine *engine, const char *name, double start, double end, int64_t time_us);
/* Sets the view of the target `name`; NULL: none of its own (its parent's). No events. */
tg_status tg_engine_set_view(tg_engine *engine, const char *name, const tg_view *view);
/* Moves or resizes the target `name`. No events. */
tg_status tg_engine_reshape(tg_engine *engine, const char *name, const tg_shape *shape);
/* Inserts a target, given as a layout file's region in JSON (`length` bytes), under `parent` (NULL: at the top
 * level) at `position` among its children (0: on top; -1: under the others). No events. */
tg_status tg_engine_insert(tg_engine *engine, const char *region, size_t length, const char *parent, int64_t position);
/* Removes the target `name` and its children: their gestures in progress are cancelled. */
tg_status tg_engine_remove(tg_engine *engine, const char *name, int64_t time_us);
/* Replaces the target `name` (and its children) with the region in JSON, in its place. */
tg_status tg_engine_replace(tg_engine *engine, const char *name, const char *region, size_t length, int64_t time_us);

#ifdef __cplusplus
}
#endif

#endif
