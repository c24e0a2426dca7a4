// The records of an area game (1.4, 1.6.1, 1.9, L2, L3).
#include "area_records.hpp"

#include "diagnostics.hpp"
#include "position.hpp"
#include "record_views.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace referee {

bool AreaRecords::setup(std::span<const Record>) {
    const Scenario& s = game.scenario;
    if (game.custom_setup) pos_.clear();  // move-log.md: every space neutral, no pieces, every track 0, the treaty not played
    else pos_.load_start();
    // L3: played from the start by the scenario (the 1778 scenario) or by its yes/no parameter.
    treaty_ = game.names.treaty_param() || (!game.custom_setup && s.treaty.declared && s.treaty.played);
    return true;
}

std::span<const Kind> AreaRecords::kinds() const {
    static constexpr std::array<Kind, 8> all{Kind::Support, Kind::Place, Kind::Remove, Kind::Casualty, Kind::Blockade, Kind::Unblockade, Kind::Card, Kind::Track};
    // Without spaces the area records have no meaning (not-in-scenario); tracks still do.
    return game.scenario.spaces.empty() ? std::span<const Kind>(all).last(1) : std::span<const Kind>(all);
}

void AreaRecords::on_record(const Record& r) {
    switch (r.kind) {
        case Kind::Support: return support(r);
        case Kind::Place: case Kind::Remove: case Kind::Casualty: return pieces(r);
        case Kind::Blockade: case Kind::Unblockade: return blockade(r);
        case Kind::Card: return card(r);
        case Kind::Track: return track(r);
        default: return;
    }
}

std::optional<std::int64_t> AreaRecords::track_value(Sym name) {
    const std::int32_t t = game.names.track(name);
    if (t < 0) return std::nullopt;
    return pos_.track(t);
}

// The faction and piece of a place, remove or casualty record (and its space): false, with the
// violation reported, when one of them cannot be used.
bool AreaRecords::piece(const Record& r, SideId& f, Piece& p, LocId* space) {
    const Scenario& s = game.scenario;
    const auto pl = rec::place(r);  // place, remove, casualty
    f = game.names.side(pl.faction());
    if (f == kNoSide) {
        game.unknown_side(r, pl.faction());
        return false;
    }
    p = pl.piece();
    const auto& own = s.faction_pieces[static_cast<std::size_t>(f)];
    if (std::find(own.begin(), own.end(), p) == own.end()) {
        game.findings.add(Code::UnknownUnit, r.line, s.pieces_rule.empty() ? cite::kAreas : std::string_view(s.pieces_rule),
                          fmt::format("the {} have no {} pieces", game.side_name(f), piece_name(p)));
        return false;
    }
    if (space) {
        *space = game.names.loc(pl.space());
        if (*space == kNoLoc) {
            game.findings.add(Code::UnknownLocation, r.line, cite::kAreas, fmt::format("no space '{}' on the {} map{}", game.str(pl.space()), s.title, game.near_location(game.str(pl.space()))));
            return false;
        }
    }
    if (pl.count() < 1) {
        game.findings.add(Code::BadCount, r.line, cite::kAreas,
                          fmt::format("{} {} {}: the count must be 1 or more, not {}", kind_name(r.kind), game.side_name(f), piece_name(p), pl.count()));
        return false;
    }
    return true;
}

// L2: pieces sent to the Casualties box count on their track, or never (`not-casualty`).
void AreaRecords::casualty(const Record& r, SideId f, Piece p, std::int64_t n) {
    const Scenario& s = game.scenario;
    for (const CasualtyDef& c : s.casualties)
        if (c.faction == f && c.piece == p) {
            pos_.add_track(c.track, n);
            return;
        }
    game.findings.add(Code::NotCasualty, r.line, s.casualty_rule.empty() ? cite::kAreas : std::string_view(s.casualty_rule),
                      fmt::format("{} {} never count as casualties: none goes to the Casualties box", game.side_name(f), piece_name(p)));
}

void AreaRecords::support(const Record& r) {
    const Scenario& s = game.scenario;
    const auto sp = rec::support(r);
    const LocId l = game.names.loc(sp.space());
    if (l == kNoLoc) {
        game.findings.add(Code::UnknownLocation, r.line, cite::kAreas, fmt::format("no space '{}' on the {} map{}", game.str(sp.space()), s.title, game.near_location(game.str(sp.space()))));
        return;
    }
    if (!s.spaces[static_cast<std::size_t>(l)].support_allowed && sp.level() != Neutral) {
        game.findings.add(Code::NoSupport, r.line, s.support_rule.empty() ? cite::kAreas : std::string_view(s.support_rule),
                          fmt::format("{} has no population: it is always neutral and cannot be at {}", game.loc_name(l),
                                      support_level_name(static_cast<int>(sp.level()))));
        return;
    }
    pos_.set_support(l, static_cast<int>(sp.level()));
}

void AreaRecords::pieces(const Record& r) {
    SideId f;
    Piece p;
    if (r.kind == Kind::Casualty) {
        if (piece(r, f, p, nullptr)) casualty(r, f, p, rec::casualty(r).count());
        return;
    }
    LocId l;
    if (!piece(r, f, p, &l)) return;
    std::int64_t n = rec::place(r).count();  // place, remove
    if (r.kind == Kind::Place) {
        pos_.add_pieces(l, f, p, n);
        return;
    }
    const std::int64_t there = pos_.pieces(l, f, p);
    if (there < n) {
        game.findings.add(Code::NotOnMap, r.line, cite::kAreas,
                          fmt::format("remove {} {} {} from {}: {} there", n, game.side_name(f), piece_name(p), game.loc_name(l),
                                      there == 0 ? std::string("none is") : fmt::format("only {} {}", there, there == 1 ? "is" : "are")));
        n = there;  // what was there leaves; only that can be a casualty
    }
    pos_.add_pieces(l, f, p, -n);
    if (rec::remove(r).casualty()) casualty(r, f, p, n);
}

void AreaRecords::blockade(const Record& r) {
    const Scenario& s = game.scenario;
    const auto bl = rec::blockade(r);  // blockade, unblockade
    const LocId l = game.names.loc(bl.city());
    const std::string_view rule = s.blockade_rule.empty() ? cite::kAreas : std::string_view(s.blockade_rule);
    if (l == kNoLoc) {
        game.findings.add(Code::UnknownLocation, r.line, cite::kAreas, fmt::format("no space '{}' on the {} map{}", game.str(bl.city()), s.title, game.near_location(game.str(bl.city()))));
        return;
    }
    if (s.spaces[static_cast<std::size_t>(l)].type != SpaceType::City) {
        game.findings.add(Code::Blockade, r.line, rule, fmt::format("{} is not a city: only cities are blockaded", game.loc_name(l)));
        return;
    }
    if (r.kind == Kind::Blockade && s.treaty.declared && !treaty_) {
        game.findings.add(Code::Blockade, r.line, rule,
                          fmt::format("{} blockaded before the Treaty of Alliance was played: no blockade until then", game.loc_name(l)));
        return;
    }
    pos_.set_blockaded(l, r.kind == Kind::Blockade);
}

bool AreaRecords::treaty_card(Sym s) {
    const TreatyDef& t = game.scenario.treaty;
    if (s == kNoSym || !t.declared || t.card.empty()) return false;
    if (s >= card_.size()) card_.resize(std::max<std::size_t>(game.record.symbols.size(), s + 1), -1);
    if (card_[s] < 0) card_[s] = game.str(s) == t.card ? 1 : 0;
    return card_[s] == 1;
}

void AreaRecords::card(const Record& r) {
    if (!treaty_ && treaty_card(rec::card(r).id())) {
        treaty_ = true;
        game.findings.note(fmt::format("{}: the Treaty of Alliance is played at line {} (card {})", game.scenario.treaty.rule, r.line,
                                       game.scenario.treaty.card));
    }
}

// A track record: free tracks take the value; derived ones are the position's (L1, L2), except that
// before the first turn a casualty track may be set (move-log.md: area records there set up).
void AreaRecords::track(const Record& r) {
    const Scenario& s = game.scenario;
    const auto tr = rec::track(r);
    const std::int32_t t = game.names.track(tr.name());
    if (t < 0) {
        if (!s.tracks.empty()) {
            game.findings.add(Code::UnknownTrack, r.line, cite::kAreas, fmt::format("no track '{}' in {}", game.str(tr.name()), s.title));
            return;
        }
        game.state.set_free_track(tr.name(), tr.value());
        return;
    }
    const TrackDef& d = s.tracks[static_cast<std::size_t>(t)];
    const bool settable = d.derive == TrackDerive::Free || (d.derive == TrackDerive::Casualties && game.clock.turn() == 0);
    if (!settable) {
        game.findings.add(Code::DerivedTrack, r.line, d.rule.empty() ? cite::kAreas : std::string_view(d.rule),
                          fmt::format("track {} is derived from the {} records; a track record cannot set it{}", d.name,
                                      d.derive == TrackDerive::Casualties ? "casualty" : d.derive == TrackDerive::Pieces ? "place and remove" : "support and blockade",
                                      d.derive == TrackDerive::Casualties ? " after the first turn" : ""));
        return;
    }
    pos_.set_track(t, tr.value());
}

void AreaRecords::describe(Position& p) const {
    const Scenario& s = game.scenario;
    p.has_area = true;
    for (std::size_t t = 0; t < s.tracks.size(); ++t)
        p.tracks.push_back(PositionTrack{s.tracks[t].name, s.tracks[t].title, pos_.track(static_cast<std::int32_t>(t))});
    for (std::size_t l = 0; l < s.spaces.size(); ++l) {
        const LocId loc = static_cast<LocId>(l);
        const SpaceDef& sd = s.spaces[l];
        PositionSpace ps{s.map.name(loc), space_type_name(sd.type), sd.population, pos_.support(loc), pos_.blockaded(loc), {}};
        for (std::size_t f = 0; f < s.sides.size() && f < s.faction_pieces.size(); ++f)
            for (Piece pc : s.faction_pieces[f]) {
                const std::int64_t n = pos_.pieces(loc, static_cast<SideId>(f), pc);
                if (n != 0) ps.pieces.push_back(PositionPieces{s.sides[f], piece_name(pc), n});
            }
        p.spaces.push_back(std::move(ps));
    }
}

}  // namespace referee
