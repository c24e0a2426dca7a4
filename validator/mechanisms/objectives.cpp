// Objectives of a victory-banner battle (B3-B7).
#include "objectives.hpp"

#include "position.hpp"

#include "banners.hpp"
#include "diagnostics.hpp"
#include "record_views.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

namespace referee {

namespace {

// The rule a banner of each kind cites: the ruling that says how it is judged.
const char* kind_rule(ObjectiveKind k) {
    switch (k) {
        case ObjectiveKind::Majority: return "B5";
        case ObjectiveKind::LastToOccupy: return "B6";
        case ObjectiveKind::Permanent: return "victory banners: permanent objective";
        default: return "B3";
    }
}
// Kinds whose banner is lost when the condition fails (B3), to which B4's re-occupation note applies.
bool temporary_kind(ObjectiveKind k) {
    return k == ObjectiveKind::Temporary || k == ObjectiveKind::StartTurnTemporary || k == ObjectiveKind::TemporaryGroup ||
           k == ObjectiveKind::StartTurnTemporaryGroup || k == ObjectiveKind::Majority;
}
// Kinds judged at the start of the side's player-turn (B3, B5).
bool start_turn_kind(ObjectiveKind k) {
    return k == ObjectiveKind::StartTurnTemporary || k == ObjectiveKind::StartTurnTemporaryGroup || k == ObjectiveKind::StartTurnPermanent ||
           k == ObjectiveKind::Majority;
}

}  // namespace

std::span<const Kind> Objectives::kinds() const {
    static constexpr std::array<Kind, 1> k{Kind::Objective};
    return k;
}

bool Objectives::setup(std::span<const Record>) {
    for (const ObjectiveDef& d : game.scenario.objectives) {
        Objective o;
        o.def = d;
        if (o.def.rule.empty()) o.def.rule = kind_rule(o.def.kind);
        objectives_.push_back(std::move(o));
    }
    return true;
}

// An `objective` record: the objective is the game's own; one that cannot be understood leaves the
// game unjudged.
void Objectives::on_record(const Record& r) {
    const auto ob = rec::objective(r);
    ObjectiveDef d;
    d.kind = ob.kind();
    const std::string_view kind = objective_kind_name(d.kind);
    const std::string& title = game.scenario.title;
    Findings& f = game.findings;
    if (iequals(game.str(ob.side()), "any")) {
        d.side = kNoSide;
    } else {
        d.side = game.names.side(ob.side());
        if (d.side == kNoSide)
            return f.input_error(Code::UnknownSide, r.line, r.col, fmt::format("objective {}: no side '{}' in {} (a side, or any){}", kind, game.str(ob.side()), title, game.near_side(game.str(ob.side()))));
    }
    for (Sym s : game.list(ob.locations())) {
        const LocId l = game.names.loc(s);
        if (l == kNoLoc)
            return f.input_error(Code::UnknownLocation, r.line, r.col, fmt::format("objective {}: no location '{}' on the {} map{}", kind, game.str(s), title, game.near_location(game.str(s))));
        if (std::find(d.locs.begin(), d.locs.end(), l) != d.locs.end())
            return f.input_error(Code::BadValue, r.line, r.col, fmt::format("objective {}: {} is named twice", kind, game.str(s)));
        d.locs.push_back(l);
    }
    if (objective_single_hex(d.kind) && d.locs.size() != 1)
        return f.input_error(Code::BadValue, r.line, r.col,
                             fmt::format("objective {} takes one location, not {} (a group of hexes is temporary-group, start-turn-temporary-group or majority)",
                                         kind, d.locs.size()));
    if (ob.banners() < 1 || ob.banners() > 100)  // as in a scenario file (docs/scenario-format.md)
        return f.input_error(Code::BadValue, r.line, r.col, fmt::format("objective {}: banners {} must be 1 to 100", kind, ob.banners()));
    d.banners = static_cast<std::int32_t>(ob.banners());
    if (ob.held_by() != kNoSym) {
        d.held_by = game.names.side(ob.held_by());
        if (d.held_by == kNoSide)
            return f.input_error(Code::UnknownSide, r.line, r.col, fmt::format("objective {}: held-by names no side of {}: '{}'{}", kind, title, game.str(ob.held_by()), game.near_side(game.str(ob.held_by()))));
        if (!eligible(d, d.held_by))
            return f.input_error(Code::BadValue, r.line, r.col,
                                 fmt::format("objective {} counts for {} only; {} cannot hold its banner at the start", kind, game.side_name(d.side),
                                             game.side_name(d.held_by)));
    }
    d.rule = kind_rule(d.kind);
    Objective o;
    o.def = std::move(d);
    o.line = r.line;
    objectives_.push_back(std::move(o));
}

std::string Objectives::label(const ObjectiveDef& d) const {
    std::vector<std::string_view> hexes;
    for (LocId l : d.locs) hexes.push_back(game.loc_name(l));
    const std::string where = fmt::format("{}", fmt::join(hexes, ", "));
    return d.name.empty() ? where : fmt::format("{} ({})", d.name, where);
}

std::int32_t Objectives::hexes_held(const ObjectiveDef& d, SideId side) const {
    std::int32_t n = 0;
    for (LocId l : d.locs)
        if (game.state.occupants(l, side) > 0) ++n;
    return n;
}

bool Objectives::condition(const Objective& o, SideId side) const {
    if (side == kNoSide || !eligible(o.def, side)) return false;
    const std::int32_t mine = hexes_held(o.def, side);
    if (o.def.kind != ObjectiveKind::Majority) return mine > 0;
    for (std::size_t s = 0; s < game.state.sides(); ++s)  // B5: strictly more of the group's hexes than the other side
        if (static_cast<SideId>(s) != side && hexes_held(o.def, static_cast<SideId>(s)) >= mine) return false;
    return mine > 0;
}

std::string Objectives::lost_reason(const Objective& o, SideId side) const {
    if (o.def.kind == ObjectiveKind::Majority) {
        std::vector<std::string> counts;
        for (std::size_t s = 0; s < game.state.sides(); ++s)
            counts.push_back(fmt::format("{} {}", game.side_name(static_cast<SideId>(s)), hexes_held(o.def, static_cast<SideId>(s))));
        return fmt::format("{} no longer holds a majority of the group's hexes ({} of {})", game.side_name(side), fmt::join(counts, ", "), o.def.locs.size());
    }
    return fmt::format("no {} unit occupies {}", game.side_name(side), o.def.locs.size() == 1 ? "the hex" : "any hex of the group");
}

void Objectives::gain(Objective& o, SideId side, std::uint32_t line, std::string at) {
    o.owner = side;
    o.suspended = false;
    banners_.count(side) += o.def.banners;
    o.entry = static_cast<std::int32_t>(banners_.open(side, BannerSource::Objective, o.def.kind, label(o.def), o.def.rule, o.def.banners, line, std::move(at)));
}

void Objectives::lose(Objective& o, std::uint32_t line, std::string at, std::string why) {
    if (!o.suspended) banners_.count(o.owner) -= o.def.banners;
    Banner& e = banners_.banner(static_cast<std::size_t>(o.entry));
    e.lost_line = line;
    e.lost_at = std::move(at);
    e.lost_why = std::move(why);
    o.owner = kNoSide;
    o.suspended = false;
    o.entry = -1;
}

// After a record that moved units: temporary banners are lost at once when their test fails (B3),
// unless B4 keeps them through their own movement phase; immediate kinds are gained at once.
void Objectives::recheck(Objective& o) {
    const ObjectiveKind k = o.def.kind;
    const Clock& c = game.clock;
    if (o.owner != kNoSide && temporary_kind(k)) {
        const bool holds = condition(o, o.owner);
        if (o.suspended && holds) {  // B4: re-occupied in the same movement phase
            o.suspended = false;
            banners_.count(o.owner) += o.def.banners;
            Banner& e = banners_.banner(static_cast<std::size_t>(o.entry));
            if (!e.note.empty()) e.note += "; ";
            e.note += fmt::format("B4: kept, {} empty from line {} to line {} in the {} movement phase (not counted meanwhile)",
                                  o.def.locs.size() == 1 ? "its hex" : "its hexes", o.suspend_line, game.line, game.side_name(o.owner));
        } else if (!o.suspended && !holds) {
            const bool own_movement = c.phasing() == o.owner && c.phase_kind() == PhaseKind::Movement;
            if (game.current && game.current->kind == Kind::Move && own_movement) {
                o.suspended = true;  // B4: another unit of the side may occupy it later in this phase
                o.suspend_line = game.line;
                o.suspend_at = game.where_now();
                banners_.count(o.owner) -= o.def.banners;
            } else {
                lose(o, game.line, game.where_now(), lost_reason(o, o.owner));
            }
        }
    }
    if (o.owner == kNoSide && (k == ObjectiveKind::Temporary || k == ObjectiveKind::TemporaryGroup)) {
        // Gained the moment a unit of the side occupies it (the side whose turn it is first); when
        // play begins, by the side that stands on it at set-up (B7).
        if (condition(o, c.phasing())) return gain(o, c.phasing(), game.line, game.where_now());
        for (std::size_t s = 0; s < game.state.sides(); ++s)
            if (condition(o, static_cast<SideId>(s)))
                return gain(o, static_cast<SideId>(s), game.line, setting_up_ ? set_up_at(static_cast<SideId>(s)) : game.where_now());
    }
}

// A unit enters a location (passing through counts, G1): permanent banners are gained, and the
// last side to enter takes a last-to-occupy banner (B6).
void Objectives::passed(SideId side, LocId l) {
    for (std::int32_t oi : at_[static_cast<std::size_t>(l)]) {
        Objective& o = objectives_[static_cast<std::size_t>(oi)];
        if (o.def.kind == ObjectiveKind::Permanent) {
            if (o.owner == kNoSide && eligible(o.def, side)) gain(o, side, game.line, game.where_now());
        } else if (o.def.kind == ObjectiveKind::LastToOccupy) {
            if (o.owner == side) continue;
            if (o.owner != kNoSide) lose(o, game.line, game.where_now(), fmt::format("a {} unit enters {}", game.side_name(side), game.loc_name(l)));
            if (eligible(o.def, side)) gain(o, side, game.line, game.where_now());
        }
    }
}

// G2: a side's player-turn begins. Start-turn objectives and majorities are judged now (B3, B5).
void Objectives::on_player_turn(SideId side) {
    for (Objective& o : objectives_) {
        if (!start_turn_kind(o.def.kind) || o.owner != kNoSide) continue;
        if (condition(o, side))
            gain(o, side, game.line, fmt::format("start of the {} player-turn, {}", game.side_name(side), game.where_now()));
    }
}

// The end of a phase: a banner B4 kept through its side's movement phase is lost if its hexes are
// still empty; the loss dates from the record that emptied them.
void Objectives::resolve_suspended() {
    for (Objective& o : objectives_) {
        if (!o.suspended) continue;
        const SideId side = o.owner;
        lose(o, o.suspend_line, o.suspend_at,
             fmt::format("{}, and no other {} unit occupied it before the end of that movement phase (B4)", lost_reason(o, side), game.side_name(side)));
    }
}

// The game ended (or the log stopped) inside a movement phase in which B4 keeps a banner whose
// hexes are empty: it does not count, and its entry says why.
void Objectives::pending_b4_note() {
    for (Objective& o : objectives_) {
        if (!o.suspended) continue;
        Banner& e = banners_.banner(static_cast<std::size_t>(o.entry));
        if (!e.note.empty()) e.note += "; ";
        e.note += fmt::format("B4: {} empty since line {} in the {} movement phase, which had not ended: not counted",
                              o.def.locs.size() == 1 ? "its hex is" : "its hexes are", o.suspend_line, game.side_name(o.owner));
    }
}

// The first `turn` record: play begins, and the position set up counts as occupation (B7). Banners
// held at the start (held-by) are given; a temporary objective (one hex or a group) or a permanent
// one that a unit of its side stands on is gained now (a permanent one for the game); a
// last-to-occupy objective goes to the side standing on it, else stays with its held-by side; a
// held-by banner of a kind that is lost when its test fails is lost now if it fails. Start-turn
// objectives wait for the start of their side's first player-turn (B3). From now on the
// objectives watch the position.
void Objectives::on_play_start() {
    if (objectives_.empty()) return;
    at_.assign(game.scenario.map.size(), {});
    for (std::size_t i = 0; i < objectives_.size(); ++i)
        for (LocId l : objectives_[i].def.locs) at_[static_cast<std::size_t>(l)].push_back(static_cast<std::int32_t>(i));
    game.state.listen(this, true, true, true);
    for (Objective& o : objectives_) {
        if (o.def.held_by == kNoSide) continue;
        gain(o, o.def.held_by, o.line, o.line ? "held at the start: held-by" : "held at the start: held-by in the scenario file");
    }
    setting_up_ = true;
    for (Objective& o : objectives_) {
        switch (o.def.kind) {
            case ObjectiveKind::Permanent:
                if (o.owner == kNoSide)
                    if (const SideId s = standing_side(o); s != kNoSide) gain(o, s, game.line, set_up_at(s));
                break;
            case ObjectiveKind::LastToOccupy: {
                const SideId s = standing_side(o);
                if (s == kNoSide || s == o.owner) break;
                if (o.owner != kNoSide)
                    lose(o, game.line, game.where_now(),
                         fmt::format("the {} side stands on {} when play begins (B7)", game.side_name(s), game.loc_name(o.def.locs.front())));
                gain(o, s, game.line, set_up_at(s));
                break;
            }
            case ObjectiveKind::StartTurnPermanent: break;  // judged at the start of its side's first player-turn (B3)
            default: recheck(o);  // the temporary kinds and majorities
        }
    }
    setting_up_ = false;
}

// B7: the side whose units stand on the objective when play begins (the holder of a held-by
// banner first, then the sides in order), or none.
SideId Objectives::standing_side(const Objective& o) const {
    if (o.owner != kNoSide && condition(o, o.owner)) return o.owner;
    for (std::size_t s = 0; s < game.state.sides(); ++s)
        if (condition(o, static_cast<SideId>(s))) return static_cast<SideId>(s);
    return kNoSide;
}

std::string Objectives::set_up_at(SideId side) const {
    return fmt::format("play begins, {}: the {} side stands on it at set-up (B7)", game.where_now(), game.side_name(side));
}

void Objectives::after_record(const Record&) {
    if (touched_.empty()) return;
    ++stamp_;
    for (LocId l : touched_)
        for (std::int32_t oi : at_[static_cast<std::size_t>(l)]) {
            Objective& o = objectives_[static_cast<std::size_t>(oi)];
            if (o.stamp == stamp_) continue;
            o.stamp = stamp_;
            recheck(o);
        }
    touched_.clear();
}

void Objectives::describe(Position& p) const {
    for (const Objective& o : objectives_) {
        const ObjectiveDef& d = o.def;
        for (LocId l : d.locs)
            if (l >= 0)
                add_mark(p, game.scenario.map.name(l), "objective",
                         fmt::format("{}{}{} banner ({})", d.name, d.name.empty() ? "" : ": ", objective_kind_name(d.kind), d.rule),
                         o.owner >= 0 ? std::string(game.side_name(o.owner)) : std::string());
    }
}

void Objectives::add_items(SideId side, SideScore& sc) const {
    for (const Objective& o : objectives_) {
        if (o.owner != side || o.suspended) continue;
        const Banner& e = banners_.banner(static_cast<std::size_t>(o.entry));
        sc.items.push_back(ScoreItem{o.def.rule, o.def.banners,
                                     fmt::format("{} {} objective, held since {}", e.what, Banners::kind_name(e),
                                                 e.gained_line ? fmt::format("line {}", e.gained_line) : std::string("the start"))});
        sc.total = game.sheet.add(sc.total, o.def.banners);
    }
}

}  // namespace referee
