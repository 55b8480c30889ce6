/* The behaviours docs/SPEC.md "C interface" names, each printed: statuses, messages, lines. Built against the
 * installed library by CInterfaceTests.theInterfaceBehavesAsSPECSays, its output compared with behaviours.expected. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <touchgestures.h>

static tg_engine *engine;

/* Prints a call's status, and its message or its lines. */
static void show(const char *what, tg_status status) {
    printf("%s: %s", what, tg_status_name(status));
    if (status != TG_OK) {
        printf(": %s\n", tg_engine_last_error(engine));
        return;
    }
    printf("\n");
    size_t length = 0, count = 0;
    const char *lines = tg_engine_events_jsonl(engine, &length);
    fwrite(lines, 1, length, stdout);
    tg_engine_events(engine, &count);
    size_t newlines = 0;
    for (size_t i = 0; i < length; i++) newlines += lines[i] == '\n';
    if (newlines != count) printf("!! %zu events but %zu lines\n", count, newlines);
}

static tg_status one(int64_t time, int64_t id, double x, double y, int phase) {
    tg_contact contact = {id, x, y, phase, 0};
    return tg_engine_frame(engine, time, &contact, 1);
}

static const char layout[] =
    "{\"regions\": [\n"
    "  {\"name\": \"pad\", \"kind\": \"target\", \"shape\": {\"kind\": \"rectangle\", \"x\": 0, \"y\": 0, \"width\": 100, \"height\": 50},\n"
    "   \"gestures\": [{\"kind\": \"tap\"}]},\n"
    "  {\"name\": \"timer\", \"kind\": \"dial\", \"center\": {\"x\": 100, \"y\": 100}, \"radius\": 30},\n"
    "  {\"name\": \"chart\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"y\": 150, \"width\": 200, \"height\": 50},\n"
    "   \"domain\": {\"start\": \"2025-11-01\", \"end\": \"2025-12-01\"}, \"bucket\": \"day\"}\n"
    "]}\n";

int main(void) {
    char message[160];
    printf("version: %d %s %s\n", tg_version() == TG_VERSION, tg_version_string(), tg_status_name((tg_status)42));

    /* Engines that cannot be made: the message in the caller's buffer, cut short to fit. */
    tg_engine *none = (tg_engine *)1;
    const char *bad = "{\"regions\": [{\"name\": \"a\", \"kind\": \"dial\", \"center\": {\"x\": 1, \"y\": 1},\n\"radius\": -3}]}";
    tg_status status = tg_engine_new(bad, strlen(bad), &none, message, sizeof message);
    printf("bad radius: %s %s [%s]\n", tg_status_name(status), none == NULL ? "NULL" : "engine", message);
    status = tg_engine_new("{", 1, &none, message, 12);
    printf("cut short: %s [%s]\n", tg_status_name(status), message);
    status = tg_engine_new_from_file("/nonexistent/screen.layout.json", &none, message, sizeof message);
    printf("no file: %s [%s]\n", tg_status_name(status), message);
    status = tg_engine_new(NULL, 0, &none, message, sizeof message);
    printf("no layout: %s [%s]\n", tg_status_name(status), message);

    /* A NULL engine: refused, no message to keep. */
    printf("NULL engine: %s %s %s\n", tg_status_name(tg_engine_advance(NULL, 0)), tg_engine_last_error(NULL) == NULL ? "no message" : "message",
           tg_engine_events_jsonl(NULL, NULL) == NULL ? "no lines" : "lines");
    tg_engine_free(NULL);

    if (tg_engine_new(layout, strlen(layout), &engine, message, sizeof message) != TG_OK) {
        printf("layout: %s\n", message);
        return 1;
    }

    /* Frames refused whole. */
    tg_contact twice[2] = {{1, 10, 10, TG_CONTACT_BEGAN, 0}, {1, 20, 10, TG_CONTACT_BEGAN, 0}};
    show("an id twice", tg_engine_frame(engine, 1000000, twice, 2));
    show("INT64_MIN", one(1000000, INT64_MIN, 10, 10, TG_CONTACT_BEGAN));
    show("phase 7", one(1000000, 1, 10, 10, 7));
    show("NaN", one(1000000, 1, NAN, 10, TG_CONTACT_BEGAN));
    show("beyond 1e6 mm", one(1000000, 1, 10, -2e6, TG_CONTACT_BEGAN));
    show("NULL contacts", tg_engine_frame(engine, 1000000, NULL, 1));
    show("time -1", one(-1, 1, 10, 10, TG_CONTACT_BEGAN));
    show("time beyond", tg_engine_advance(engine, TG_MAX_TIME_US + 1));
    show("change beyond", tg_engine_set_dial_value(engine, "timer", 0, TG_MAX_TIME_US + 1));
    tg_contact many[TG_MAX_FRAME_CONTACTS + 1];
    for (int i = 0; i <= TG_MAX_FRAME_CONTACTS; i++) many[i] = (tg_contact){i, 10, 10, TG_CONTACT_BEGAN, 0};
    show("257 contacts", tg_engine_frame(engine, 1000000, many, TG_MAX_FRAME_CONTACTS + 1));
    show("65 down", tg_engine_frame(engine, 1000000, many, TG_MAX_CONTACTS + 1));
    show("64 down", tg_engine_frame(engine, 1000000, many, TG_MAX_CONTACTS));
    for (int i = 0; i < TG_MAX_CONTACTS; i++) many[i].phase = TG_CONTACT_CANCELLED;
    show("64 withdrawn", tg_engine_frame(engine, 1010000, many, TG_MAX_CONTACTS));

    /* A tap, then a frame stamped before it: taken at the latest time. */
    show("tap lands", one(2000000, 7, 10, 10, TG_CONTACT_BEGAN));
    show("tap lifts", one(2050000, 7, 10, 10, TG_CONTACT_ENDED));
    show("late tap lands", one(1500000, 8, 30, 10, TG_CONTACT_BEGAN));
    show("late tap lifts", one(1600000, 8, 30, 10, TG_CONTACT_ENDED));

    /* A resync that follows no drop is a drop and a resync: the wind in progress is cancelled. */
    show("wind lands", one(2100000, 20, 100, 75, TG_CONTACT_BEGAN));
    show("wind moves", one(2150000, 20, 107.7, 76, TG_CONTACT_MOVED));
    tg_contact held = {20, 107.7, 76, TG_CONTACT_MOVED, 0};
    show("resync, no drop", tg_engine_resync(engine, 2200000, &held, 1));
    show("ignored finger lifts", one(2250000, 20, 107.7, 76, TG_CONTACT_ENDED));

    /* Units: half a mm each; typed fields beside the line. */
    show("units 0", tg_engine_set_units(engine, 0, 1));
    show("units", tg_engine_set_units(engine, 0.5, 0.5));
    show("tap in units lands", one(3000000, 9, 40, 20, TG_CONTACT_BEGAN));
    show("tap in units lifts", one(3050000, 9, 40, 20, TG_CONTACT_ENDED));
    size_t count = 0;
    const tg_event *events = tg_engine_events(engine, &count);
    const tg_field *x = count == 1 ? tg_event_field(&events[0], "x") : NULL;
    printf("typed: %zu %lld %s %s kind %d phase %d, x %g (type %d), %zu fields, no such field: %s\n", count,
           (long long)events[0].time_us, events[0].target, events[0].type, events[0].kind, events[0].phase, x ? x->number : -1,
           x ? x->type : -1, events[0].field_count, tg_event_field(&events[0], "nope") == NULL ? "NULL" : "found");
    tg_engine_set_units(engine, 1, 1);

    /* Explanations. */
    show("explains", tg_engine_set_explains(engine, 1));
    show("explained tap lands", one(4000000, 10, 10, 10, TG_CONTACT_BEGAN));
    show("explained tap lifts", one(4050000, 10, 10, 10, TG_CONTACT_ENDED));
    tg_engine_set_explains(engine, 0);

    /* Changes. */
    show("no such target", tg_engine_set_dial_value(engine, "Timer", 90, 5000000));
    show("not a dial", tg_engine_set_dial_value(engine, "pad", 90, 5000000));
    show("dial NaN", tg_engine_set_dial_value(engine, "timer", NAN, 5000000));
    show("NULL name", tg_engine_remove(engine, NULL, 5000000));
    show("not UTF-8", tg_engine_remove(engine, "\xff\xfe", 5000000));
    tg_view view = {2, 5, 0, 90, 0};
    show("view", tg_engine_set_view(engine, "pad", &view));
    view.rotation = 45;
    show("view 45", tg_engine_set_view(engine, "pad", &view));
    show("tap in the view lands", one(5000000, 11, 10, 20, TG_CONTACT_BEGAN));
    show("tap in the view lifts", one(5050000, 11, 10, 20, TG_CONTACT_ENDED));
    show("no view", tg_engine_set_view(engine, "pad", NULL));
    tg_shape shape = {TG_SHAPE_RING, 0, 100, 100, 0, 0, 30, 40};
    show("ring inside out", tg_engine_reshape(engine, "timer", &shape));
    shape.kind = 9;
    show("shape kind 9", tg_engine_reshape(engine, "timer", &shape));
    const char region[] = "{\"name\": \"button\", \"kind\": \"target\",\n \"shape\": {\"kind\": \"circle\", \"center\": {\"x\": 50, \"y\": 20}, \"radius\": -1},\n \"gestures\": [{\"kind\": \"tap\"}]}";
    show("bad region", tg_engine_insert(engine, region, strlen(region), "pad", 0));
    const char button[] = "{\"name\": \"button\", \"kind\": \"target\", \"shape\": {\"kind\": \"circle\", \"center\": {\"x\": 50, \"y\": 20}, \"radius\": 5}, \"gestures\": [{\"kind\": \"tap\"}]}";
    show("position 2", tg_engine_insert(engine, button, strlen(button), "pad", 2));
    show("insert", tg_engine_insert(engine, button, strlen(button), "pad", 0));
    show("insert again", tg_engine_insert(engine, button, strlen(button), NULL, -1));
    show("button tap lands", one(6000000, 12, 50, 20, TG_CONTACT_BEGAN));
    show("button tap lifts", one(6050000, 12, 50, 20, TG_CONTACT_ENDED));
    tg_domain domain = {TG_DOMAIN_DAYS, TG_BUCKET_WEEK, 0, 0, 0, "2025-11-03", "2025-11-31"};
    show("domain 11-31", tg_engine_set_domain(engine, "chart", &domain, 7000000));
    domain.end_day = "2025-12-29";
    show("domain by weeks", tg_engine_set_domain(engine, "chart", &domain, 7000000));
    show("visible backwards", tg_engine_set_visible_domain(engine, "chart", 1765152000, 1762128000, 7000000));
    show("visible", tg_engine_set_visible_domain(engine, "chart", 1762128000, 1765152000, 7000000));
    show("chart tap lands", one(8000000, 13, 100, 175, TG_CONTACT_BEGAN));
    show("chart tap lifts", one(8050000, 13, 100, 175, TG_CONTACT_ENDED));
    events = tg_engine_events(engine, &count);
    for (size_t i = 0; i < count; i++)
        for (size_t f = 0; f < events[i].field_count; f++)
            printf("  %s: type %d number %g integer %lld text %s\n", events[i].fields[f].key, events[i].fields[f].type,
                   events[i].fields[f].number, (long long)events[i].fields[f].integer,
                   events[i].fields[f].text ? events[i].fields[f].text : "NULL");

    /* A long press on the chart fired by its deadline, then the chart removed under the selection. */
    show("press lands", one(9000000, 14, 100, 175, TG_CONTACT_BEGAN));
    int64_t deadline = 0;
    int has = 0;
    show("deadline NULL", tg_engine_next_deadline(engine, NULL, &has));
    show("deadline", tg_engine_next_deadline(engine, &deadline, &has));
    printf("  %d %lld\n", has, (long long)deadline);
    show("advance", tg_engine_advance(engine, deadline));
    show("remove chart", tg_engine_remove(engine, "chart", 9600000));
    show("remove pad", tg_engine_remove(engine, "pad", 9700000));
    show("replace timer", tg_engine_replace(engine, "timer", button, strlen(button), 9800000));
    show("lift", one(9900000, 14, 100, 175, TG_CONTACT_ENDED));
    show("finish", tg_engine_finish(engine, 10000000));
    /* The end of input ends the engine's time: a new input is taken at its own. */
    show("tap lands again", one(100, 15, 50, 20, TG_CONTACT_BEGAN));
    show("tap lifts again", one(200, 15, 50, 20, TG_CONTACT_ENDED));
    tg_engine_free(engine);
    return 0;
}
