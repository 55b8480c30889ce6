/*
 * libinput-gestures: a touchscreen's gestures as a compositor gets them. libinput's path backend opens the device
 * and hands over its touches (down, motion, up, cancel, frame: positions in mm, times in µs); each libinput frame
 * goes to libtouchgestures as one frame, and the gestures come out as JSON Lines. When the engine has a deadline (a
 * long press) and no touch comes, the program wakes at it and lets the time pass.
 *
 *   cc libinput-gestures.c $(pkg-config --cflags --libs touchgestures libinput) -o libinput-gestures
 *   libinput-gestures LAYOUT DEVICE [--until-us TIME] [--grace-ms N]
 *
 * LAYOUT     a layout file (docs/SPEC.md "Layout file")
 * DEVICE     the touchscreen's node, /dev/input/eventN
 * --until-us the input ends at TIME (µs on libinput's clock): the frame at TIME is the last, or the clock passes it
 *            by half a second; without it the program runs until it is stopped (SIGINT, SIGTERM)
 * --grace-ms how late past a deadline the program lets the time pass when no touch came (default 100): a touch
 *            stamped before it but delivered late would be taken late
 *
 * libinput's times are on its event clock (CLOCK_MONOTONIC for a real device); the program estimates that clock
 * from the monotonic clock as each event arrives (the smallest difference seen), so that a deadline fires when the
 * event clock reaches it, stamped with its own time.
 */
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <touchgestures.h>

static volatile sig_atomic_t stopping = 0;

static void stop(int signal_number) {
    (void)signal_number;
    stopping = 1;
}

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags);
    return fd < 0 ? -errno : fd;
}

static void close_restricted(int fd, void *data) {
    (void)data;
    close(fd);
}

static const struct libinput_interface interface = {open_restricted, close_restricted};

static int64_t monotonic_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* The touches of the frame being gathered, and where each slot's touch is. */
#define SLOTS 64
static tg_contact pending[TG_MAX_FRAME_CONTACTS];
static size_t pending_count = 0;
static struct { int down; int64_t id; double x, y; } slots[SLOTS];
static int64_t next_id = 0;

static tg_contact *pending_of(int64_t id) {
    for (size_t i = 0; i < pending_count; i++)
        if (pending[i].id == id) return &pending[i];
    return NULL;
}

static void change(int64_t id, double x, double y, int phase) {
    tg_contact *contact = pending_of(id);
    if (contact == NULL) {
        if (pending_count == TG_MAX_FRAME_CONTACTS) return;
        contact = &pending[pending_count++];
        contact->id = id;
        contact->phase = phase;
    } else if (phase == TG_CONTACT_ENDED || phase == TG_CONTACT_CANCELLED) {
        if (contact->phase == TG_CONTACT_BEGAN) {
            /* A touch that landed and lifted within one frame is no touch at all. */
            *contact = pending[--pending_count];
            return;
        }
        contact->phase = phase;
    }
    contact->x = x;
    contact->y = y;
    contact->reserved = 0;
}

/* Hands the engine's events of the last call to standard output; a failed call is reported and the program goes on. */
static void print_events(tg_engine *engine, tg_status status, const char *what) {
    if (status != TG_OK) {
        fprintf(stderr, "libinput-gestures: %s: %s (%s)\n", what, tg_engine_last_error(engine), tg_status_name(status));
        return;
    }
    size_t length = 0;
    const char *lines = tg_engine_events_jsonl(engine, &length);
    fwrite(lines, 1, length, stdout);
    fflush(stdout);
}

int main(int argc, char **argv) {
    const char *layout = NULL, *device = NULL;
    int64_t until = -1, grace = 100000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--until-us") == 0 && i + 1 < argc) until = strtoll(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--grace-ms") == 0 && i + 1 < argc) grace = strtoll(argv[++i], NULL, 10) * 1000;
        else if (layout == NULL) layout = argv[i];
        else if (device == NULL) device = argv[i];
        else device = NULL, i = argc;
    }
    if (layout == NULL || device == NULL) {
        fprintf(stderr, "usage: libinput-gestures LAYOUT DEVICE [--until-us TIME] [--grace-ms N]\n");
        return 64;
    }
    if (tg_version() / 10000 != TG_VERSION_MAJOR) {
        fprintf(stderr, "libinput-gestures: built for libtouchgestures %d, found %s\n", TG_VERSION_MAJOR, tg_version_string());
        return 1;
    }

    char message[512];
    tg_engine *engine = NULL;
    if (tg_engine_new_from_file(layout, &engine, message, sizeof message) != TG_OK) {
        fprintf(stderr, "libinput-gestures: %s\n", message);
        return 1;
    }
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    if (li == NULL || libinput_path_add_device(li, device) == NULL) {
        fprintf(stderr, "libinput-gestures: %s: libinput cannot open it\n", device);
        tg_engine_free(engine);
        return 1;
    }
    signal(SIGINT, stop);
    signal(SIGTERM, stop);

    /* The event clock's offset from the monotonic clock: the smallest seen (a late delivery only makes it larger). */
    int64_t offset = 0;
    int have_offset = 0;
    int64_t last_frame = -1;
    struct pollfd fd = {libinput_get_fd(li), POLLIN, 0};
    while (!stopping) {
        int timeout = -1;
        int64_t deadline = 0;
        int has_deadline = 0;
        tg_engine_next_deadline(engine, &deadline, &has_deadline);
        if (have_offset) {
            int64_t now = monotonic_us() - offset;
            int64_t wake = has_deadline ? deadline + grace : INT64_MAX;
            if (until >= 0 && until + 500000 < wake) wake = until + 500000;
            if (wake != INT64_MAX) timeout = wake <= now ? 0 : (int)((wake - now + 999) / 1000);
        }
        if (poll(&fd, 1, timeout) < 0 && errno != EINTR) break;
        if (have_offset) {
            int64_t reached = monotonic_us() - offset - grace;
            if (has_deadline && reached >= deadline) print_events(engine, tg_engine_advance(engine, reached), "advance");
            if (until >= 0 && reached + grace > until + 500000) break;
        }
        libinput_dispatch(li);
        struct libinput_event *event;
        int ended = 0;
        while ((event = libinput_get_event(li)) != NULL) {
            enum libinput_event_type type = libinput_event_get_type(event);
            int touches = type == LIBINPUT_EVENT_TOUCH_DOWN || type == LIBINPUT_EVENT_TOUCH_MOTION ||
                          type == LIBINPUT_EVENT_TOUCH_UP || type == LIBINPUT_EVENT_TOUCH_CANCEL ||
                          type == LIBINPUT_EVENT_TOUCH_FRAME;
            if (touches) {
                struct libinput_event_touch *touch = libinput_event_get_touch_event(event);
                int64_t time = (int64_t)libinput_event_touch_get_time_usec(touch);
                int64_t difference = monotonic_us() - time;
                if (!have_offset || difference < offset) offset = difference, have_offset = 1;
                int slot = type == LIBINPUT_EVENT_TOUCH_FRAME ? -1 : libinput_event_touch_get_slot(touch);
                if (slot >= SLOTS) slot = -1;
                switch (type) {
                case LIBINPUT_EVENT_TOUCH_DOWN:
                    if (slot < 0) break;
                    slots[slot].down = 1;
                    slots[slot].id = next_id++;
                    slots[slot].x = libinput_event_touch_get_x(touch);
                    slots[slot].y = libinput_event_touch_get_y(touch);
                    change(slots[slot].id, slots[slot].x, slots[slot].y, TG_CONTACT_BEGAN);
                    break;
                case LIBINPUT_EVENT_TOUCH_MOTION:
                    if (slot < 0 || !slots[slot].down) break;
                    slots[slot].x = libinput_event_touch_get_x(touch);
                    slots[slot].y = libinput_event_touch_get_y(touch);
                    change(slots[slot].id, slots[slot].x, slots[slot].y, TG_CONTACT_MOVED);
                    break;
                case LIBINPUT_EVENT_TOUCH_UP:
                case LIBINPUT_EVENT_TOUCH_CANCEL:
                    /* A cancel names a slot, or none for every touch (libinput_event_touch_get_slot: -1). */
                    for (int s = 0; s < SLOTS; s++) {
                        if (!slots[s].down || (slot >= 0 && s != slot)) continue;
                        slots[s].down = 0;
                        change(slots[s].id, slots[s].x, slots[s].y,
                               type == LIBINPUT_EVENT_TOUCH_UP ? TG_CONTACT_ENDED : TG_CONTACT_CANCELLED);
                    }
                    break;
                case LIBINPUT_EVENT_TOUCH_FRAME:
                    print_events(engine, tg_engine_frame(engine, time, pending, pending_count), "frame");
                    pending_count = 0;
                    last_frame = time;
                    if (until >= 0 && time >= until) ended = 1;
                    break;
                default:
                    break;
                }
            }
            libinput_event_destroy(event);
        }
        if (ended) break;
    }
    /* The end of input: the gestures in progress are cancelled at the last frame's time. */
    if (last_frame >= 0) print_events(engine, tg_engine_finish(engine, until >= 0 ? until : last_frame), "finish");
    libinput_unref(li);
    tg_engine_free(engine);
    return 0;
}
