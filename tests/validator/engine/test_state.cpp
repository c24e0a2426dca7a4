// The position (validator/engine/state.hpp, state.cpp): the primitives place, lift, pass_through,
// reduce, set_exit (and replace_unit, set_holder), the occupancy they keep, who holds a location
// (G1: the side standing in it; when none or two sides stand there, the side that last moved in;
// before that, its initial holder, 17.2), where a unit is for the record, and the listeners, each
// told in the order they were added and only of the primitives it asked for.
#include "state.hpp"

#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

constexpr SideId kBlue = 0, kRed = 1;

// kMinimal (Blue and Red, hexes 0101-0504) with Red holding 0303 at the start.
const Scenario& scenario() {
    static const ScenarioLoad load = valid(with(R"(<holdings rule="9.1"><hold loc="0303" side="Red"/></holdings>)"));
    return *load.scenario;
}

Unit make_unit(std::string_view name, SideId side, std::int64_t strength) {
    Unit u;
    u.name = name;
    u.side = side;
    u.type = "infantry";
    u.strength = u.initial_strength = strength;
    return u;
}

// A unit of `side` with `strength`, added and placed in `hex`.
UnitId put(GameState& st, std::string_view name, SideId side, std::int64_t strength, const char* hex) {
    const UnitId u = st.add_unit(make_unit(name, side, strength));
    st.place(u, loc(scenario(), hex));
    return u;
}

// Writes down every call it gets, as "<who> placed <unit>@<loc>", "<who> lifted ...", "<who> passed <side>@<loc>".
class Recorder final : public PositionListener {
public:
    Recorder(std::string who, std::vector<std::string>& log) : who_(std::move(who)), log_(log) {}
    void placed(UnitId u, LocId l) override { log_.push_back(who_ + " placed " + std::to_string(u) + "@" + scenario().map.name(l)); }
    void lifted(UnitId u, LocId l) override { log_.push_back(who_ + " lifted " + std::to_string(u) + "@" + scenario().map.name(l)); }
    void passed(SideId s, LocId l) override { log_.push_back(who_ + " passed " + std::to_string(s) + "@" + scenario().map.name(l)); }

private:
    std::string who_;
    std::vector<std::string>& log_;
};

}  // namespace

TEST(GameState, AUnitIsOffTheMapUntilPlaced) {
    GameState st(scenario());
    EXPECT_EQ(st.sides(), 2u);
    const UnitId a = st.add_unit(make_unit("a", kBlue, 3));
    const UnitId b = st.add_unit(make_unit("b", kRed, 2));
    EXPECT_EQ(a, 0);
    EXPECT_EQ(b, 1);
    ASSERT_EQ(st.units().size(), 2u);
    EXPECT_EQ(st.unit(a).status, UnitStatus::OffMap);
    EXPECT_EQ(st.unit(a).loc, kNoLoc);
    EXPECT_EQ(st.where_is(st.unit(a)), kNoLoc);
    for (LocId l = 0; l < static_cast<LocId>(scenario().map.size()); ++l) {
        EXPECT_EQ(st.occupants(l, kBlue), 0);
        EXPECT_EQ(st.occupants(l, kRed), 0);
    }
}

TEST(GameState, PlaceStandsTheUnitThereAndCountsItForItsSide) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0202");
    const UnitId a = st.add_unit(make_unit("a", kBlue, 3));
    const UnitId a2 = st.add_unit(make_unit("a2", kBlue, 1));
    st.place(a, l);
    EXPECT_EQ(st.unit(a).status, UnitStatus::OnMap);
    EXPECT_EQ(st.unit(a).loc, l);
    EXPECT_EQ(st.where_is(st.unit(a)), l);
    EXPECT_EQ(st.occupants(l, kBlue), 1);
    EXPECT_EQ(st.occupants(l, kRed), 0);
    st.place(a2, l);
    EXPECT_EQ(st.occupants(l, kBlue), 2);
    // An enemy stands in l for Red, not for Blue.
    EXPECT_TRUE(st.enemy_in(l, kRed));
    EXPECT_FALSE(st.enemy_in(l, kBlue));
    EXPECT_FALSE(st.enemy_in(loc(scenario(), "0203"), kRed));
}

TEST(GameState, LiftTakesTheUnitOutAndLeavesItsStatusAndLastLocationToTheCaller) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0202");
    const UnitId a = put(st, "a", kBlue, 3, "0202");
    st.lift(a);
    EXPECT_EQ(st.occupants(l, kBlue), 0);
    EXPECT_EQ(st.unit(a).status, UnitStatus::OnMap);
    EXPECT_EQ(st.unit(a).loc, l);
    // A unit that is not on the map is not taken out of anything.
    put(st, "b", kBlue, 3, "0202");
    const UnitId off = st.add_unit(make_unit("off", kBlue, 1));
    st.lift(off);
    EXPECT_EQ(st.occupants(l, kBlue), 1);
}

TEST(GameState, ReduceTakesStrengthAndAtZeroEliminatesTheUnit) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0202");
    const UnitId a = put(st, "a", kBlue, 5, "0202");
    EXPECT_FALSE(st.reduce(a, 2));
    EXPECT_EQ(st.unit(a).strength, 3);
    EXPECT_EQ(st.unit(a).initial_strength, 5);
    EXPECT_EQ(st.unit(a).status, UnitStatus::OnMap);
    EXPECT_EQ(st.occupants(l, kBlue), 1);
    // More than it has: eliminated at 0, not below.
    EXPECT_TRUE(st.reduce(a, 7));
    EXPECT_EQ(st.unit(a).strength, 0);
    EXPECT_EQ(st.unit(a).status, UnitStatus::Eliminated);
    EXPECT_EQ(st.occupants(l, kBlue), 0);
    EXPECT_EQ(st.where_is(st.unit(a)), kNoLoc);
}

TEST(GameState, SetExitRecordsWhereAndWhetherTheExitWasLegal) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0501");
    const UnitId a = put(st, "a", kBlue, 3, "0501");
    const UnitId b = put(st, "b", kBlue, 3, "0501");
    st.lift(a);  // as Game::exit_unit does: lift, then set the exit
    st.set_exit(a, l, true);
    st.lift(b);
    st.set_exit(b, l, false);
    EXPECT_EQ(st.unit(a).status, UnitStatus::Exited);
    EXPECT_EQ(st.unit(a).exit_loc, l);
    EXPECT_TRUE(st.unit(a).exit_legal);
    EXPECT_FALSE(st.unit(b).exit_legal);
    EXPECT_EQ(st.where_is(st.unit(a)), l);  // an exited unit is where it exited, for the record
    EXPECT_EQ(st.occupants(l, kBlue), 0);
}

TEST(GameState, ReplaceUnitLiftsTheOldOneFirst) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0202");
    const UnitId a = put(st, "a", kBlue, 3, "0202");
    st.replace_unit(a, make_unit("a", kRed, 4));
    EXPECT_EQ(st.occupants(l, kBlue), 0);
    EXPECT_EQ(st.unit(a).side, kRed);
    EXPECT_EQ(st.unit(a).strength, 4);
    EXPECT_EQ(st.unit(a).status, UnitStatus::OffMap);
    EXPECT_EQ(st.units().size(), 1u);
}

// --- who holds a location (G1) -----------------------------------------------------------------

TEST(Holder, TheInitialHolderUntilAUnitMovesIn) {
    GameState st(scenario());
    EXPECT_EQ(st.holder(loc(scenario(), "0303")), kRed);
    EXPECT_EQ(st.last_mover(loc(scenario(), "0303")), kRed);
    EXPECT_EQ(st.holder(loc(scenario(), "0202")), kNoSide);
    st.set_holder(loc(scenario(), "0202"), kBlue);  // set-up and snapshots
    EXPECT_EQ(st.holder(loc(scenario(), "0202")), kBlue);
}

TEST(Holder, PassingThroughTakesItAndLeavingDoesNotGiveItBack) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0303");
    st.pass_through(kBlue, l);
    EXPECT_EQ(st.holder(l), kBlue);
    EXPECT_EQ(st.last_mover(l), kBlue);
    // A unit eliminated there changes nothing.
    st.reduce(put(st, "a", kBlue, 1, "0303"), 1);
    EXPECT_EQ(st.holder(l), kBlue);
}

TEST(Holder, TheSideStandingThereHoldsItWhoeverMovedInLast) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0303");  // held by Red at the start
    put(st, "a", kBlue, 1, "0303");  // set up there: placed without passing through
    EXPECT_EQ(st.last_mover(l), kRed);
    EXPECT_EQ(st.holder(l), kBlue);
}

TEST(Holder, TwoSidesStandingTheLastToMoveInHoldsIt) {
    GameState st(scenario());
    const LocId l = loc(scenario(), "0202");
    const UnitId a = st.add_unit(make_unit("a", kBlue, 1));
    const UnitId b = st.add_unit(make_unit("b", kRed, 1));
    st.pass_through(kBlue, l);
    st.place(a, l);
    st.pass_through(kRed, l);  // an enemy-occupied violation, applied as recorded
    st.place(b, l);
    EXPECT_EQ(st.holder(l), kRed);
    st.pass_through(kBlue, l);
    EXPECT_EQ(st.holder(l), kBlue);
    // One of them leaves: the side still standing holds it.
    st.lift(a);
    EXPECT_EQ(st.holder(l), kRed);
}

// --- listeners --------------------------------------------------------------------------------

TEST(PositionListeners, EachIsToldInTheOrderAddedOnlyOfThePrimitivesItAskedFor) {
    std::vector<std::string> log;
    Recorder first("first", log), second("second", log), third("third", log);
    GameState st(scenario());
    st.listen(&first, true, true, false);
    st.listen(&second, true, false, true);
    st.listen(&third, false, true, true);
    const LocId l = loc(scenario(), "0202"), m = loc(scenario(), "0203");
    const UnitId a = st.add_unit(make_unit("a", kBlue, 2));
    st.place(a, l);
    st.lift(a);
    st.pass_through(kBlue, m);
    st.place(a, m);
    st.reduce(a, 1);  // not eliminated: nothing moves
    st.reduce(a, 1);  // eliminated: lifted
    const UnitId off = st.add_unit(make_unit("off", kRed, 1));
    st.lift(off);  // not on the map: nobody is told
    EXPECT_EQ(log, (std::vector<std::string>{"first placed 0@0202", "second placed 0@0202", "first lifted 0@0202", "third lifted 0@0202",
                                             "second passed 0@0203", "third passed 0@0203", "first placed 0@0203", "second placed 0@0203",
                                             "first lifted 0@0203", "third lifted 0@0203"}));
}

TEST(PositionListeners, PlacedIsToldAfterTheUnitStandsThereAndLiftedAfterItLeft) {
    // What a listener reads from the state when it is told.
    struct Reader final : PositionListener {
        const GameState* st = nullptr;
        std::vector<std::int64_t> seen;
        void placed(UnitId, LocId l) override { seen.push_back(st->occupants(l, kBlue)); }
        void lifted(UnitId, LocId l) override { seen.push_back(st->occupants(l, kBlue)); }
        void passed(SideId, LocId l) override { seen.push_back(st->last_mover(l)); }
    } reader;
    GameState st(scenario());
    reader.st = &st;
    st.listen(&reader, true, true, true);
    const LocId l = loc(scenario(), "0202");
    const UnitId a = st.add_unit(make_unit("a", kBlue, 2));
    st.pass_through(kBlue, l);
    st.place(a, l);
    st.lift(a);
    EXPECT_EQ(reader.seen, (std::vector<std::int64_t>{kBlue, 1, 0}));
}

// --- units and free tracks --------------------------------------------------------------------

TEST(GameState, RolesAndTypesAreMatchedWithoutCase) {
    Unit u = make_unit("t", kBlue, 0);
    u.roles = {"Train", "leader"};
    EXPECT_TRUE(u.has_role("train"));
    EXPECT_TRUE(u.has_role("LEADER"));
    EXPECT_FALSE(u.has_role("garrison"));
    EXPECT_TRUE(type_in({}, "anything"));  // no list: every type
    EXPECT_TRUE(type_in({"Cavalry", "artillery"}, "cavalry"));
    EXPECT_FALSE(type_in({"cavalry"}, "infantry"));
}

TEST(GameState, AFreeTrackKeepsItsLastValueInTheOrderFirstSet) {
    GameState st(scenario());
    st.set_free_track(7, 3);
    st.set_free_track(5, 1);
    st.set_free_track(7, -2);
    ASSERT_EQ(st.free_tracks().size(), 2u);
    EXPECT_EQ(st.free_tracks()[0], (std::pair<Sym, std::int64_t>{7, -2}));
    EXPECT_EQ(st.free_tracks()[1], (std::pair<Sym, std::int64_t>{5, 1}));
}
