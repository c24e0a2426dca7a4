// The game generator of the benchmarks: see generate.hpp for what a generated game is. Here: the
// families and their built-in scenarios, and generate(), which hands a writer of the format to the
// family's game (gen_common.hpp; the hex games in gen_hex.cpp, Liberty or Death in gen_lod.cpp).
#include "generate.hpp"

#include "gen_common.hpp"

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>

namespace referee::bench {

const std::vector<Family>& all_families() {
    static const std::vector<Family> v = {Family::MaryesHeights, Family::RoadToRichmond, Family::CemeteryHill,
                                          Family::CncNapoleonics, Family::LibertyOrDeath1775};
    return v;
}

std::string_view family_id(Family f) {
    switch (f) {
        case Family::MaryesHeights: return "maryes-heights";
        case Family::RoadToRichmond: return "road-to-richmond";
        case Family::CemeteryHill: return "cemetery-hill";
        case Family::CncNapoleonics: return "cnc-napoleonics";
        case Family::LibertyOrDeath1775: return "liberty-or-death-1775";
    }
    return "";
}

bool family_from_id(std::string_view id, Family& out) {
    for (Family f : all_families())
        if (family_id(f) == id) {
            out = f;
            return true;
        }
    return false;
}

namespace gen {

const Scenario& scenario_of(Family f) {
    static std::array<std::optional<Scenario>, 5> cache;
    auto& slot = cache[static_cast<std::size_t>(f)];
    if (!slot) {
        ScenarioLoad load = load_scenario(family_id(f));
        if (!load.scenario) throw std::runtime_error("cannot load built-in scenario " + std::string(family_id(f)));
        slot = std::move(*load.scenario);
    }
    return *slot;
}

}  // namespace gen

Generated generate(Family f, std::size_t records, Format format, std::uint64_t seed) {
    std::unique_ptr<gen::Writer> w = gen::make_writer(format);
    // Text size: about 30 bytes a record in a log, 60 in a save.
    w->out.reserve(records * (format == Format::MoveLog ? 32 : 64) + 4096);
    if (f == Family::LibertyOrDeath1775) gen::write_lod_game(records, *w, seed);
    else gen::write_hex_game(f, records, *w, seed);
    return Generated{std::move(w->out), w->records};
}

}  // namespace referee::bench
