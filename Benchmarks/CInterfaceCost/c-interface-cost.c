/*
 * The engine's workload through the C interface, for callgrind's instructions per frame (Benchmarks/bench-table.py):
 *
 *   c-interface-cost LAYOUT FRAMES MODE
 *
 * FRAMES is the file `bench-workloads engine-frames` writes (the 10,000 frames of the engine's benchmarks); MODE:
 * - none: the frames are read and the engine made, nothing else (what every mode shares, to subtract);
 * - frame: each frame goes through tg_engine_frame, the events left unread (the Swift API's `engine.handle`);
 * - jsonl: each frame's events are read as JSON Lines too (tg_engine_events_jsonl);
 * - typed: each frame's events are read as tg_events (tg_engine_events).
 * Prints a count of what was made, so that nothing is optimized away.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <touchgestures.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: c-interface-cost LAYOUT FRAMES none|frame|jsonl|typed\n");
        return 64;
    }
    const char *mode = argv[3];
    FILE *file = fopen(argv[2], "rb");
    if (file == NULL) {
        perror(argv[2]);
        return 1;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)size);
    if (bytes == NULL || fread(bytes, 1, (size_t)size, file) != (size_t)size) return 1;
    fclose(file);

    char message[256];
    tg_engine *engine;
    if (tg_engine_new_from_file(argv[1], &engine, message, sizeof message) != TG_OK) {
        fprintf(stderr, "c-interface-cost: %s\n", message);
        return 1;
    }
    size_t made = 0, frames = 0;
    int64_t last = 0;
    for (long offset = 0; offset < size; frames++) {
        int64_t time, count;
        memcpy(&time, bytes + offset, 8);
        memcpy(&count, bytes + offset + 8, 8);
        const tg_contact *contacts = (const tg_contact *)(bytes + offset + 16);
        offset += 16 + count * (long)sizeof(tg_contact);
        last = time;
        if (strcmp(mode, "none") == 0) continue;
        if (tg_engine_frame(engine, time, contacts, (size_t)count) != TG_OK) {
            fprintf(stderr, "c-interface-cost: %s\n", tg_engine_last_error(engine));
            return 1;
        }
        size_t length = 0;
        if (strcmp(mode, "jsonl") == 0) {
            tg_engine_events_jsonl(engine, &length);
            made += length;
        } else if (strcmp(mode, "typed") == 0) {
            tg_engine_events(engine, &length);
            made += length;
        }
    }
    if (strcmp(mode, "none") != 0) tg_engine_finish(engine, last);
    printf("%zu frames, %zu\n", frames, made);
    tg_engine_free(engine);
    free(bytes);
    return 0;
}
