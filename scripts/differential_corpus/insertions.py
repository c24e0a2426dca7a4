"""Records that break the rules, one list of tokens each, aimed with the rough replay's state:
moves by the side not phasing or in the wrong phase, along long paths into zones of control and
enemy hexes, exits, retreats off the map, entries and re-entries, eliminations, losses, turns out
of order or past the last, claims, concessions, awards, params, custom set-ups, reinforcement
schedules, C&C objectives and targets, and Liberty or Death's support, pieces, casualties,
blockades, cards and tracks. Both the log mutants and the save mutants insert them."""
from .movelog import q, to_int
from .values import hex_neighbor, straight_path


LEVELS = {
    "maryes-heights": ["automatic", "concession"],
    "road-to-richmond": ["concession"],
    "cemetery-hill": ["Decisive", "Substantive", "Marginal", "concession"],
    "cnc-napoleonics": ["sudden death", "concession"],
    "liberty-or-death": ["victory check", "final margins", "combined victory", "one-player victory",
                         "all players lose", "concession"],
}
SUPPORT_LEVELS = ["active-support", "passive-support", "neutral", "passive-opposition", "active-opposition"]
OBJ_KINDS = ["temporary", "start-turn-temporary", "temporary-group", "start-turn-temporary-group", "majority",
             "permanent", "start-turn-permanent", "last-to-occupy"]


def result_records(rng, game):
    sides = game.sides or ["Union"]
    fam = game.family
    k = rng.randrange(7)
    if k == 0:
        return [["claim", "winner", q(rng.choice(sides))]]
    if k == 1:
        return [["claim", "winner", q(rng.choice(sides)), q(rng.choice(LEVELS.get(fam, ["Marginal"])))]]
    if k == 2:
        return [["claim", "draw"]]
    if k == 3:
        rec = ["claim", "score"]
        for s in sides:
            rec += [q(s), str(rng.choice([0, 1, 2, 3, 5, 10, 12, 20, 45, -5, -20]))]
        if rng.random() < 0.3:
            rec = rec[:4]
        return [rec]
    if k == 4:
        return [["concede", q(rng.choice(sides))]]
    if k == 5:
        return [["award", q(rng.choice(sides)), str(rng.choice([1, 2, 3, 5, 10, 0, -2])), q("house rule")]]
    return [["end"]]


def param_records(rng, game):
    fam = game.family
    opts = [["param", "no-such-param", "1"], ["param", "exit-vp", "2"]]
    if fam == "maryes-heights":
        opts += [["param", "exit-vp", "2"], ["param", "occupation-vp", "3"], ["param", "exit-vp", "x"],
                 ["param", "first-player", "Confederate"], ["param", "first-player", "Nobody"],
                 ["param", "occupation-vp", "-4"], ["param", "exit-vp", "99999999999999999999"]]
    if fam == "liberty-or-death":
        opts += [["param", "winter-quarters", "2"], ["param", "winter-quarters", "1"], ["param", "winter-quarters", "0"],
                 ["param", "winter-quarters", "many"], ["param", "treaty-played", "yes"], ["param", "treaty-played", "maybe"],
                 ["param", "winter-quarters", "10001"]]
    return [rng.choice(opts)]


def header_records(rng, game):
    """Header records: units, holdings, set-ups, sides, objectives and targets."""
    fam, sides = game.family, game.sides or ["Union", "Confederate"]
    locs = game.locs or ["0101"]
    k = rng.randrange(10)
    side = rng.choice(sides)
    if fam == "liberty-or-death":
        return area_records(rng, game, header=True)
    if k == 0:
        return [["setup", "custom"]] + [unit_decl(rng, game, s) for s in sides for _ in range(rng.randint(0, 2))]
    if k == 1:
        return [["hold", q(rng.choice(locs)), q(side)]]
    if k == 2:
        return param_records(rng, game)
    if k == 3 and fam == "cnc-napoleonics":
        return [objective_record(rng, game)]
    if k == 3 and game.sc and game.sc.arrivals:     # due on turn 1 (entry then compulsory) or at an odd turn
        a = rng.choice([x for x in game.sc.arrivals if x[0] == side] or game.sc.arrivals)
        return [["unit", "Late%d" % rng.randint(1, 9), q(a[0]), rng.choice(["infantry", "cavalry"]), "2",
                 "enters", str(rng.choice([1, 1, a[1], a[1] + 1])), "at", q(a[2])]]
    if k == 4 and fam == "cnc-napoleonics":
        return [["target", q(side), str(rng.choice([1, 2, 3, 4, 5, 0, -1, 50]))]]
    if k == 5 and fam == "cnc-napoleonics":
        return [["side", q(rng.choice(["Prussian", "Allied", "French", side]))]]
    if k == 6:
        return [["player", q(side), q(rng.choice(["A. Smith", "B. Jones", "Non-player"]))]]
    if k == 7:
        return [["tag", "event", q("Differential Open")]]
    return [unit_decl(rng, game, side)]


def unit_decl(rng, game, side):
    fam = game.family
    uid = rng.choice(["New%d" % rng.randint(1, 99)] + list(game.units)[:5])
    utype = rng.choice(["infantry", "cavalry", "artillery", "leader", "train", "wagon", "light-infantry"])
    rec = ["unit", q(uid), q(side), utype, str(rng.choice([1, 2, 3, 4, 6, 0, -1]))]
    k = rng.randrange(5)
    locs = game.locs or ["0101"]
    if k <= 1:
        rec += ["at", q(rng.choice(locs))]
    elif k == 2:
        arr = [a for a in (game.sc.arrivals if game.sc else []) if a[0] == side]
        if arr and rng.random() < 0.6:
            a = rng.choice(arr)
            rec += ["enters", str(a[1] + rng.choice([0, 0, 1, -1])), "at", q(rng.choice([a[2], rng.choice(locs)]))]
        else:
            rec += ["enters", str(rng.randint(1, 6)), "at", q(rng.choice(locs))]
    if rng.random() < 0.2:
        rec += ["ma", str(rng.choice([1, 2, 4, 6]))]
    if rng.random() < 0.15 or fam == "road-to-richmond" and rng.random() < 0.3:
        rec += ["role", rng.choice(["train", "supply-wagon", "leader", "garrison"])]
    return rec


def objective_record(rng, game):
    sides = game.sides or ["French", "British"]
    locs = game.locs or ["0101"]
    kind = rng.choice(OBJ_KINDS + ["bogus"])
    n = rng.randint(1, 3) if "group" in kind or kind == "majority" else 1
    rec = ["objective", kind, q(rng.choice(sides + ["any"])), ",".join(rng.choice(locs) for _ in range(n))]
    if rng.random() < 0.4:
        rec += ["banners", str(rng.choice([1, 2, 3, 0]))]
    if rng.random() < 0.4:
        rec += ["held-by", q(rng.choice(sides))]
    return rec


def area_records(rng, game, header=False):
    sc = game.sc
    spaces = list(sc.spaces) if sc and sc.spaces else ["Virginia"]
    factions = list(sc.pieces) if sc and sc.pieces else ["British", "Patriots", "French", "Indians"]
    allpieces = sorted({p for ps in (sc.pieces.values() if sc else []) for p in ps}) or ["regular"]
    cities = [s for s in spaces if sc and sc.spaces[s]["type"] == "city"] or spaces
    f = rng.choice(factions)
    own = sc.pieces.get(f, allpieces) if sc else allpieces
    piece = rng.choice(own) if rng.random() < 0.8 else rng.choice(allpieces + ["squadron"])
    space = rng.choice(spaces)
    k = rng.randrange(11)
    if k == 0:
        return [["support", q(space), rng.choice(SUPPORT_LEVELS + ["very-active"])]]
    if k == 1:
        return [["place", q(f), piece, q(space)] + ([str(rng.choice([1, 2, 3, 0, -1]))] if rng.random() < 0.5 else [])]
    if k == 2:
        rec = ["remove", q(f), piece, q(space)]
        if rng.random() < 0.6:
            rec.append(str(rng.choice([1, 2, 5])))
            if rng.random() < 0.6:
                rec.append("casualty")
        return [rec]
    if k == 3:
        return [["casualty", q(f), piece, str(rng.choice([1, 2, 3, 0]))]]
    if k == 4:
        return [["blockade", q(rng.choice(cities if rng.random() < 0.7 else spaces))]]
    if k == 5:
        return [["unblockade", q(rng.choice(cities))]]
    if k == 6:
        return [["card", "109", q("Treaty of Alliance")]] if rng.random() < 0.5 else [["card", str(rng.randint(1, 110))]]
    if k == 7:
        tracks = list(sc.tracks) if sc else ["fni"]
        return [["track", rng.choice(tracks + ["fni", "no-such-track"]), str(rng.choice([0, 1, 2, 3, 5, -1, 12]))]]
    if k == 8 and not header:
        return [["phase", rng.choice(sc.phases if sc and sc.phases else ["support"])]]
    if k == 9:
        return [["player", q(f), q(rng.choice(["A. Smith", "B. Jones", "C. Wu"]))]]
    return param_records(rng, game)


def unit_records(rng, game, st):
    """A unit record aimed at the position the rough replay gives at the insertion point."""
    sides = game.sides or ["Union"]
    pside = st["side"] if st["side"] in sides else rng.choice(sides)
    pos = st["pos"]
    on = sorted(pos)
    friends = [u for u in on if game.units.get(u, {}).get("side") == pside]
    enemies = [u for u in on if game.units.get(u, {}).get("side") not in (pside, None)]
    gone = sorted(st["gone"])
    offmap = [u for u in game.units if u not in pos and u not in st["gone"]]
    u = rng.choice(friends or on or list(game.units) or ["X"])
    cur = pos.get(u) or (rng.choice(game.locs) if game.locs else "0101")
    k = rng.randrange(18)
    if k == 0:      # a long move: movement points, zones of control, enemy hexes, stacking
        return [["move", q(u)] + [q(x) for x in straight_path(game, cur, rng.randint(2, 14), rng)]]
    if k == 1:      # a short legal-looking move
        return [["move", q(u)] + [q(x) for x in straight_path(game, cur, rng.randint(1, 3), rng)]]
    if k == 2 and enemies:   # into an enemy hex
        e = rng.choice(enemies)
        return [["move", q(u), q(cur), q(pos[e])]]
    if k == 3:      # far away (a gap)
        return [["move", q(u), q(cur), q(hex_neighbor(game, cur, rng, far=True))]]
    if k == 4 and enemies:   # by the side not phasing
        e = rng.choice(enemies)
        return [["move", q(e)] + [q(x) for x in straight_path(game, pos[e], rng.randint(1, 3), rng)]]
    if k == 5:      # a path that starts elsewhere
        w = hex_neighbor(game, cur, rng)
        return [["move", q(u), q(w), q(hex_neighbor(game, w, rng))]]
    if k == 6:      # exits, from where the unit is or from an exit hex
        ex = game.sc.exits if game.sc and game.sc.exits else []
        if ex and rng.random() < 0.5:
            e = rng.choice(ex)
            return [["move", q(u), q(cur), q(e)], ["exit", q(u), q(e)]]
        return [["exit", q(u), q(cur)]]
    if k == 7:
        return [["retreat", q(u), q(cur), "off"]]
    if k == 8:
        return [["retreat", q(u)] + [q(x) for x in straight_path(game, cur, rng.randint(1, 2), rng)]]
    if k == 9:
        return [["advance", q(u)] + [q(x) for x in straight_path(game, cur, 1, rng)]]
    if k == 10:
        return [["eliminate", q(rng.choice(on + gone) if on + gone else u)]]
    if k == 11:
        return [["lose", q(u), str(rng.choice([1, 1, 2, 3, 0, -1, 99]))]]
    if k == 12:     # entries: reinforcements, units on the map already, units that left
        pool = offmap if offmap and rng.random() < 0.5 else (gone if gone and rng.random() < 0.5 else on or [u])
        v = rng.choice(pool)
        arr = [a[2] for a in (game.sc.arrivals if game.sc else [])]
        where = rng.choice(arr) if arr and rng.random() < 0.5 else hex_neighbor(game, cur, rng, far=True)
        return [["enter", q(v), q(where)]]
    if k == 13 and enemies:
        return [["combat", q(u), "vs", q(rng.choice(enemies)), "odds", "2:1", "roll", str(rng.randint(1, 6)), "result", "De"]]
    if k == 14:     # a record by a unit not on the map
        v = rng.choice(gone or offmap or ["Ghost"])
        return [["move", q(v), q(cur), q(hex_neighbor(game, cur, rng))]]
    if k == 15:
        return [["move", "Ghost", q(cur), q(hex_neighbor(game, cur, rng))]]
    if k == 16:
        return [["move", q(u), q(cur), "->", q(hex_neighbor(game, cur, rng))]]
    return [["roll", "2d6", str(rng.randint(1, 6)), str(rng.randint(1, 6))], ["chat", q(pside), q("my move")]]


def sequence_records(rng, game, st):
    sides = game.sides or ["Union"]
    phases = game.sc.phases if game.sc and game.sc.phases else ["movement", "combat"]
    t = st["turn"] or 1
    k = rng.randrange(8)
    if k == 0:
        return [["turn", str(rng.choice([t + 1, t + 2, t, t - 1, 0, 1]))]]
    if k == 1:
        lim = to_int(game.sc.turns, 30) if game.sc else 30
        return [["turn", str(rng.choice([lim + 1, lim, 999]))]]
    if k == 2 and game.family != "liberty-or-death":
        return [["phase", q(rng.choice(sides)), rng.choice(phases)]]
    if k == 3:
        return [["phase", rng.choice(phases)]]
    if k == 4:
        return [["phase", q(rng.choice(sides)), rng.choice(["movement", "nonsense", "combat"])]]
    if k == 5:
        return [header_records(rng, game)[0]]          # a header record after the first turn
    if k == 6:
        return [["game", q(game.scenario_name or "maryes-heights")]]
    return [["turn", str(t + 1)], ["phase", q(rng.choice(sides)), rng.choice(phases)]]


def inserted_records(rng, game, st):
    fam = game.family
    r = rng.random()
    if fam == "liberty-or-death":
        if r < 0.55:
            return area_records(rng, game)
        if r < 0.75:
            return sequence_records(rng, game, st)
        return result_records(rng, game)
    if r < 0.55:
        return unit_records(rng, game, st)
    if r < 0.72:
        return sequence_records(rng, game, st)
    if r < 0.88:
        return result_records(rng, game)
    return [header_records(rng, game)[0]]
