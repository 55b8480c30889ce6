// See include/evemu_reference.h. Reads the file in blocks of 1 MiB and parses each line in one pass with a
// hand-written loop: the way a C programmer who cares about speed would write it, not a straw man.
#include "evemu_reference.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { block_size = 1 << 20, max_slots = 64 };

/// linux/input-event-codes.h
enum { ev_syn = 0x00, ev_abs = 0x03, syn_report = 0x00,
       abs_mt_slot = 0x2f, abs_mt_position_x = 0x35, abs_mt_position_y = 0x36, abs_mt_tracking_id = 0x39 };

typedef struct {
    int32_t tracking_id;
    int32_t x, y;
} slot_state;

typedef struct {
    slot_state slots[max_slots];
    int slot;
    uint64_t time;
    evemu_reference_result result;
} reader_state;

static inline int is_digit(unsigned char c) { return (unsigned)(c - '0') < 10u; }

static inline int hex_digit(unsigned char c) {
    if (is_digit(c)) return c - '0';
    c |= 0x20;
    if ((unsigned)(c - 'a') < 6u) return c - 'a' + 10;
    return -1;
}

/// One `E: SECONDS.MICROS TYPE CODE VALUE` line, `line` to `end` (the line end excluded). Other lines are skipped.
static void parse_line(reader_state *state, const unsigned char *p, const unsigned char *end) {
    if (end - p < 2 || p[0] != 'E' || p[1] != ':') return;
    p += 2;
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    uint64_t seconds = 0, micros = 0;
    while (p < end && is_digit(*p)) seconds = seconds * 10 + (*p++ - '0');
    if (p < end && *p == '.') p++;
    while (p < end && is_digit(*p)) micros = micros * 10 + (*p++ - '0');
    while (p < end && *p == ' ') p++;
    unsigned type = 0, code = 0;
    for (int d; p < end && (d = hex_digit(*p)) >= 0; p++) type = type * 16 + (unsigned)d;
    while (p < end && *p == ' ') p++;
    for (int d; p < end && (d = hex_digit(*p)) >= 0; p++) code = code * 16 + (unsigned)d;
    while (p < end && *p == ' ') p++;
    int negative = p < end && *p == '-';
    p += negative;
    int64_t value = 0;
    while (p < end && is_digit(*p)) value = value * 10 + (*p++ - '0');
    if (negative) value = -value;

    state->result.events++;
    state->time = seconds * 1000000 + micros;
    if (type == ev_abs) {
        switch (code) {
        case abs_mt_slot: state->slot = value >= 0 && value < max_slots ? (int)value : 0; break;
        case abs_mt_tracking_id: state->slots[state->slot].tracking_id = (int32_t)value; break;
        case abs_mt_position_x: state->slots[state->slot].x = (int32_t)value; break;
        case abs_mt_position_y: state->slots[state->slot].y = (int32_t)value; break;
        default: break;
        }
    } else if (type == ev_syn && code == syn_report) {
        state->result.frames++;
        uint64_t sum = state->time;
        for (int i = 0; i < max_slots; i++) {
            const slot_state *slot = &state->slots[i];
            if (slot->tracking_id >= 0) sum += (uint64_t)(slot->x + slot->y);
        }
        state->result.checksum += sum;
    }
}

int evemu_reference_read(const char *path, evemu_reference_result *result) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    // A block, after what is left of the previous one's last line (a line longer than a block is cut).
    unsigned char *buffer = malloc(2 * block_size);
    reader_state *state = calloc(1, sizeof *state);
    if (!buffer || !state) {
        free(buffer);
        free(state);
        close(fd);
        return ENOMEM;
    }
    for (int i = 0; i < max_slots; i++) state->slots[i].tracking_id = -1;
    size_t kept = 0;
    int error = 0;
    for (;;) {
        ssize_t count = read(fd, buffer + kept, block_size);
        if (count < 0) {
            if (errno == EINTR) continue;
            error = errno;
            break;
        }
        const unsigned char *p = buffer, *end = buffer + kept + (size_t)count;
        if (count == 0) {
            if (p < end) parse_line(state, p, end);   // the last line, without a line end
            break;
        }
        const unsigned char *newline;
        while ((newline = memchr(p, '\n', (size_t)(end - p))) != NULL) {
            parse_line(state, p, newline);
            p = newline + 1;
        }
        kept = (size_t)(end - p);
        if (kept > block_size) kept = 0;
        memmove(buffer, p, kept);
    }
    close(fd);
    *result = state->result;
    free(buffer);
    free(state);
    return error;
}
