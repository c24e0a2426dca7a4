// The parts of the game generator (generate.hpp) that its games share: the random numbers, the
// writer through which a game writes its records (one call a record, the same calls for a move log
// and for an XML save, gen_writers.cpp), the families' built-in scenarios, and the games
// themselves (the hex games in gen_hex.cpp and gen_hex_combat.cpp, Liberty or Death in gen_lod.cpp).
#pragma once

#include "generate.hpp"
#include "scenario.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee::bench::gen {

using sv = std::string_view;

// splitmix64: the same sequence on every platform (std's distributions are not).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }  // 0 .. n-1
    int range(int lo, int hi) { return lo + below(hi - lo + 1); }                           // lo .. hi
    bool chance(int percent) { return below(100) < percent; }
    template <class T> const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))]; }

private:
    std::uint64_t s_;
};

struct SnapUnit {
    std::string id;
    bool eliminated = false;
    std::string at;
    int strength = 0;
};
struct SnapshotOut {
    int turn = 0;
    std::string phase;  // "Union combat"
    std::vector<SnapUnit> units;
};

class Writer {
public:
    virtual ~Writer() = default;
    std::size_t records = 0;
    std::string out;

    virtual void game(sv scenario) = 0;
    virtual void tag(sv name, sv value) = 0;
    virtual void side(sv name) = 0;
    virtual void player(sv side, sv name) = 0;
    virtual void param(sv name, sv value) = 0;
    virtual void setup_custom() = 0;
    virtual void unit(sv id, sv side, sv type, int strength, sv at) = 0;  // at empty: off the map
    virtual void objective(sv kind, sv side, sv loc) = 0;
    virtual void begin_log() = 0;
    virtual void turn(int n) = 0;
    virtual void phase(sv side, sv name) = 0;  // side empty: a phase of no side
    virtual void path(sv keyword, sv unit, std::span<const sv> path) = 0;  // move, retreat, advance
    virtual void enter(sv unit, sv at) = 0;
    virtual void eliminate(sv unit) = 0;
    virtual void lose(sv unit, int n) = 0;
    virtual void combat(std::span<const sv> att, std::span<const sv> def, sv odds, std::span<const int> rolls, sv result) = 0;
    virtual void roll(sv dice, std::span<const int> values) = 0;
    virtual void chat(sv speaker, sv text) = 0;
    virtual void support(sv space, sv level) = 0;
    virtual void place(sv faction, sv piece, sv space, int count) = 0;
    virtual void remove(sv faction, sv piece, sv space, int count, bool casualty) = 0;
    virtual void casualty(sv faction, sv piece, int count) = 0;
    virtual void blockade(sv city, bool on) = 0;
    virtual void card(int id, sv title) = 0;
    virtual void track(sv name, int value) = 0;
    virtual void end() = 0;
    virtual void finish(const SnapshotOut* snap) = 0;

protected:
    template <class... A> void put(fmt::format_string<A...> f, A&&... a) { fmt::format_to(std::back_inserter(out), f, std::forward<A>(a)...); }
};

// The writer of a format: a move log (move-log.md) or an XML save (xml-save.md).
std::unique_ptr<Writer> make_writer(Format format);

// The family's built-in scenario, loaded once (generate.cpp).
const Scenario& scenario_of(Family f);

// The games: each writes a game of `target` records (as generate() promises) to `w`.
void write_hex_game(Family f, std::size_t target, Writer& w, std::uint64_t seed);  // gen_hex.cpp
void write_lod_game(std::size_t target, Writer& w, std::uint64_t seed);            // gen_lod.cpp

}  // namespace referee::bench::gen
