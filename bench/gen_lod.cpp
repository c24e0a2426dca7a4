// The Liberty or Death (1775) game of the generator (generate.hpp): the standard set-up, then
// rounds of campaigns (cards and their effects: support shifts, pieces placed and removed,
// casualties, blockades after the Treaty of Alliance) and Winter Quarters phases, with Total Support
// and Total Opposition kept within 10 of each other so that the game runs to its final scoring.
#include "gen_common.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace referee::bench::gen {

namespace {

class LodGame {
public:
    LodGame(std::size_t target, Writer& w, std::uint64_t seed) : s_(scenario_of(Family::LibertyOrDeath1775)), m_(s_.map), target_(target), w_(w), rng_(seed) {}
    void run();

private:
    const Scenario& s_;
    const Map& m_;
    std::size_t target_;
    Writer& w_;
    Rng rng_;
    // The position the generator keeps: support levels, blockades, pieces.
    std::vector<int> level_;
    std::vector<std::uint8_t> blockaded_;
    std::vector<std::array<std::array<int, 7>, 4>> pieces_;  // [space][faction][piece]
    std::vector<LocId> populated_, cities_, spaces_;
    bool treaty_ = false;
    int fni_ = 0;
    std::vector<int> faction_;  // British, Patriots, French, Indians: SideIds

    int total(bool support) const {
        int t = 0;
        for (LocId l = 0; l < static_cast<LocId>(level_.size()); ++l) {
            const int lv = level_[static_cast<std::size_t>(l)];
            const int pop = blockaded_[static_cast<std::size_t>(l)] ? 0 : s_.spaces[static_cast<std::size_t>(l)].population;
            if (support ? lv > 0 : lv < 0) t += pop * std::abs(lv);
        }
        return t;
    }
    bool balanced() const { return std::abs(total(true) - total(false)) <= 10; }
    void shift_support();
    void piece_action(bool allow_casualty);
    void blockade_action();
    void card_play();
};

static const char* kLevels[] = {"active-opposition", "passive-opposition", "neutral", "passive-support", "active-support"};
static const char* kPieceNames[] = {"regular", "tory", "continental", "militia", "war-party", "village", "fort"};

// One support shift of one level in a populated space, kept when |Support - Opposition| <= 10.
void LodGame::shift_support() {
    for (int tries = 0; tries < 8; ++tries) {
        const LocId l = rng_.pick(populated_);
        int& lv = level_[static_cast<std::size_t>(l)];
        const int old = lv;
        const int nl = std::clamp(old + (rng_.chance(50) ? 1 : -1), -2, 2);
        if (nl == old) continue;
        lv = nl;
        if (!balanced()) {
            lv = old;
            continue;
        }
        w_.support(m_.name(l), kLevels[nl + 2]);
        return;
    }
    w_.track("fni", fni_);
}

// A faction places pieces, or removes some (to the Casualties box when they count there).
void LodGame::piece_action(bool allow_casualty) {
    const int fi = rng_.below(4);
    const SideId f = faction_[static_cast<std::size_t>(fi)];
    const auto& owned = s_.faction_pieces[static_cast<std::size_t>(f)];
    const Piece p = owned[static_cast<std::size_t>(rng_.below(static_cast<int>(owned.size())))];
    const LocId l = rng_.pick(spaces_);
    int& there = pieces_[static_cast<std::size_t>(l)][static_cast<std::size_t>(f)][static_cast<std::size_t>(p)];
    const std::string& fname = s_.sides[static_cast<std::size_t>(f)];
    const bool remove = there > 0 && (there >= 4 || rng_.chance(50));
    if (!remove) {
        const int n = rng_.range(1, 2);
        w_.place(fname, kPieceNames[static_cast<int>(p)], m_.name(l), n);
        there += n;
        return;
    }
    const int n = rng_.range(1, there);
    const bool counts = std::any_of(s_.casualties.begin(), s_.casualties.end(),
                                    [&](const CasualtyDef& c) { return c.faction == f && c.piece == p; });
    w_.remove(fname, kPieceNames[static_cast<int>(p)], m_.name(l), n, allow_casualty && counts && rng_.chance(60));
    there -= n;
}

void LodGame::blockade_action() {
    const LocId c = rng_.pick(cities_);
    const bool on = !blockaded_[static_cast<std::size_t>(c)];
    blockaded_[static_cast<std::size_t>(c)] = on;
    if (!balanced()) {
        blockaded_[static_cast<std::size_t>(c)] = !on;
        w_.track("fni", fni_);
        return;
    }
    w_.blockade(m_.name(c), on);
}

void LodGame::card_play() {
    static const std::vector<std::pair<int, const char*>> cards = {
        {44, "Earl of Mansfield Recalled From Paris"}, {76, "Edward Hand Raids into Indian Country"},
        {74, "Chickasaw Ally with the British"},       {69, "Admiral Pierre Andre de Suffren"},
        {12, "Martha Washington to Valley Forge"},     {94, "Herkimer's Relief Column"},
        {36, "Naval Battle in West Indies"},           {16, "Mercy Warren's \"The Motley Assembly\""},
        {64, "The Affair of Fielding and Bylandt"},    {81, "Creek and Seminole Active in South"},
        {5, "Benjamin Franklin Travels to France"},    {23, "Lieutenant Colonel Francis Marion"},
        {31, "Thomas Brown and the King's Rangers"},   {52, "French Fleet Arrives in the Wrong Spot"},
        {58, "Marquis de Lafayette Arrives"},          {87, "Patriots Massacre Lenape Indians"}};
    const auto& c = rng_.pick(cards);
    w_.card(c.first, c.second);
    // The card's effect: a few area records.
    const int effects = rng_.range(1, 4);
    for (int i = 0; i < effects; ++i) {
        const int k = rng_.below(100);
        if (k < 35) shift_support();
        else if (k < 85) piece_action(true);
        else if (k < 92) {
            static const std::array<std::pair<const char*, const char*>, 4> cas = {
                {{"British", "regular"}, {"British", "tory"}, {"French", "regular"}, {"Patriots", "continental"}}};
            const auto& [fc, pc] = cas[static_cast<std::size_t>(rng_.below(4))];
            w_.casualty(fc, pc, rng_.range(1, 2));
        } else if (k < 97 && treaty_) blockade_action();
        else {
            fni_ = rng_.range(0, 3);
            w_.track("fni", fni_);
        }
    }
}

void LodGame::run() {
    for (const char* n : {"British", "Patriots", "French", "Indians"}) faction_.push_back(s_.find_side(n));
    level_.assign(m_.size(), 0);
    blockaded_.assign(m_.size(), 0);
    pieces_.assign(m_.size(), {});
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const SpaceDef& sp = s_.spaces[static_cast<std::size_t>(l)];
        level_[static_cast<std::size_t>(l)] = sp.support;
        blockaded_[static_cast<std::size_t>(l)] = sp.blockaded;
        if (sp.type == SpaceType::Box) continue;
        spaces_.push_back(l);
        if (sp.support_allowed && sp.population > 0) populated_.push_back(l);
        if (sp.type == SpaceType::City) cities_.push_back(l);
    }
    for (const StartPieces& sp : s_.start_pieces)
        pieces_[static_cast<std::size_t>(sp.space)][static_cast<std::size_t>(sp.faction)][static_cast<std::size_t>(sp.piece)] +=
            static_cast<int>(sp.count);

    // About a thousand records a Winter Quarters round, at least the scenario's six rounds.
    const int rounds = static_cast<int>(std::clamp<std::size_t>(target_ / 1000, 6, 10000));
    w_.game(family_id(Family::LibertyOrDeath1775));
    w_.tag("event", "Benchmark Open 2026");
    w_.tag("round", "1");
    w_.player("British", "S. Lindahl");
    w_.player("Indians", "K. Brant");
    w_.player("Patriots", "M. Ferreira");
    w_.player("French", "J. Moreau");
    w_.param("winter-quarters", std::to_string(rounds));
    w_.begin_log();
    const std::size_t start = w_.records;
    // Per round: turn + 7 phases (4 in the last, which ends after its support phase) + `end`.
    const std::size_t fixed = static_cast<std::size_t>(rounds) * 8 - 3 + 1;
    const std::size_t total = std::max(target_, start + fixed + 100);
    const std::size_t avail = total - start - fixed;
    for (int t = 1; t <= rounds; ++t) {
        w_.turn(t);
        const bool last = t == rounds;
        const std::size_t done_fixed = static_cast<std::size_t>(t - 1) * 8 + 1;
        // The campaign: 85% of the round's share; the Winter Quarters phases the rest.
        const double share = static_cast<double>(avail) / rounds;
        const std::size_t round_base = start + done_fixed + static_cast<std::size_t>(share * (t - 1));
        const std::size_t campaign_until = round_base + static_cast<std::size_t>(share * 0.85);
        const std::size_t round_until = start + done_fixed + (last ? 4 : 7) + static_cast<std::size_t>(share * t);
        if (t == 1) {
            // The Treaty of Alliance comes early, so blockades are allowed afterwards.
            w_.card(109, "Treaty of Alliance");
            treaty_ = true;
        }
        while (w_.records + 4 < campaign_until) card_play();
        while (w_.records < campaign_until) shift_support();
        static const char* phases[] = {"victory-check", "supply", "resources", "support", "redeployment", "desertion", "reset"};
        const int nph = last ? 4 : 7;
        for (int p = 0; p < nph; ++p) {
            w_.phase("", phases[p]);
            // What is left of the round's share goes to the support phase (shifts) and to
            // redeployment and desertion (pieces moved and removed).
            const std::size_t left_phases = static_cast<std::size_t>(nph - p - 1);
            if (p == 3) {
                const std::size_t until = round_until - left_phases - (last ? 0 : (round_until - w_.records - left_phases) / 2);
                while (w_.records < until) shift_support();
            } else if (p >= 4 && p <= 5) {
                const std::size_t until = p == 5 ? round_until - left_phases : w_.records + (round_until - left_phases - w_.records) / 2;
                while (w_.records < until) piece_action(false);
            }
        }
    }
    w_.end();
    w_.finish(nullptr);
}

}  // namespace

void write_lod_game(std::size_t target, Writer& w, std::uint64_t seed) { LodGame(target, w, seed).run(); }

}  // namespace referee::bench::gen
