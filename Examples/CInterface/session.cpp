// session: libtouchgestures from C++: an engine owned by a std::unique_ptr, a tap, a wind of a dial, a long press
// fired by its deadline, a change of the dial's value, and a mistake, with the events typed and as JSON Lines.
//
//   g++ -std=c++17 session.cpp $(pkg-config --cflags --libs touchgestures) -o session && ./session
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <touchgestures.h>

namespace {

struct EngineFree {
    void operator()(tg_engine *engine) const { tg_engine_free(engine); }
};
using Engine = std::unique_ptr<tg_engine, EngineFree>;

Engine make_engine(const std::string &layout) {
    tg_engine *engine = nullptr;
    char message[256];
    if (tg_engine_new(layout.data(), layout.size(), &engine, message, sizeof message) != TG_OK) throw std::runtime_error(message);
    return Engine(engine);
}

// Prints the events of the last call, typed: time, target, type, phase, then every field.
void print_typed(tg_engine *engine) {
    static const char *phases[] = {"-", "began", "changed", "ended", "cancelled"};
    size_t count = 0;
    const tg_event *events = tg_engine_events(engine, &count);
    for (size_t i = 0; i < count; i++) {
        const tg_event &event = events[i];
        std::printf("  %lld us %s %s %s", static_cast<long long>(event.time_us), event.target, event.type, phases[event.phase]);
        for (size_t f = 0; f < event.field_count; f++) {
            const tg_field &field = event.fields[f];
            switch (field.type) {
            case TG_VALUE_INTEGER: std::printf(" %s=%lld", field.key, static_cast<long long>(field.integer)); break;
            case TG_VALUE_TEXT: case TG_VALUE_DAY: std::printf(" %s=%s", field.key, field.text); break;
            default: std::printf(" %s=%g", field.key, field.number); break;
            }
        }
        std::printf("\n");
    }
}

void step(tg_engine *engine, const char *what, tg_status status) {
    std::printf("%s: %s\n", what, tg_status_name(status));
    if (status != TG_OK) {
        std::printf("  %s\n", tg_engine_last_error(engine));
        return;
    }
    print_typed(engine);
    size_t length = 0;
    const char *lines = tg_engine_events_jsonl(engine, &length);
    std::fwrite(lines, 1, length, stdout);
}

tg_status frame(tg_engine *engine, int64_t time, std::vector<tg_contact> contacts) {
    return tg_engine_frame(engine, time, contacts.data(), contacts.size());
}

}  // namespace

int main() {
    std::printf("libtouchgestures %s (header %d)\n", tg_version_string(), TG_VERSION);
    Engine engine = make_engine(R"({
      "regions": [
        {"name": "button", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 40, "height": 20},
         "gestures": [{"kind": "long-press"}, {"kind": "tap"}]},
        {"name": "timer", "kind": "dial", "center": {"x": 100, "y": 100}, "radius": 30, "detentDegrees": 30}
      ]
    })");
    tg_engine *e = engine.get();

    step(e, "tap lands", frame(e, 1000000, {{1, 10, 10, TG_CONTACT_BEGAN, 0}}));
    step(e, "tap lifts", frame(e, 1080000, {{1, 10, 10, TG_CONTACT_ENDED, 0}}));

    // A wind: a finger on the dial's rim, a quarter turn clockwise around its centre.
    step(e, "wind lands", frame(e, 2000000, {{2, 100, 75, TG_CONTACT_BEGAN, 0}}));
    step(e, "wind moves", frame(e, 2050000, {{2, 112.5, 78.3, TG_CONTACT_MOVED, 0}}));
    step(e, "wind moves", frame(e, 2100000, {{2, 125, 100, TG_CONTACT_MOVED, 0}}));
    step(e, "wind lifts", frame(e, 2150000, {{2, 125, 100, TG_CONTACT_ENDED, 0}}));

    // A long press: the finger stays; the engine's deadlines say when to let the time pass, as a main loop's
    // timer would.
    step(e, "press lands", frame(e, 3000000, {{3, 20, 10, TG_CONTACT_BEGAN, 0}}));
    int64_t deadline = 0;
    int has_deadline = 0;
    while (tg_engine_next_deadline(e, &deadline, &has_deadline) == TG_OK && has_deadline && deadline < 4000000) {
        std::printf("deadline at %lld us\n", static_cast<long long>(deadline));
        step(e, "advance", tg_engine_advance(e, deadline));
    }
    step(e, "press lifts", frame(e, 4200000, {{3, 20, 10, TG_CONTACT_ENDED, 0}}));

    step(e, "set the dial", tg_engine_set_dial_value(e, "timer", 180, 4500000));
    step(e, "a mistake", tg_engine_set_dial_value(e, "button", 10, 4500000));
    step(e, "another", frame(e, 5000000, {{4, NAN, 10, TG_CONTACT_BEGAN, 0}}));
    return 0;
}
