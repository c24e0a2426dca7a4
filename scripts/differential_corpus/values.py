"""Values to put in place of others: another unit, location, side, phase or number of the same
game or scenario, or a near miss (a misspelt word, a neighbouring or far hex, a number out of
range); and paths of adjacent hexes for inserted moves."""
import re

from .movelog import to_int


def near_miss_word(rng, w):
    choices = [w + "x", w[:-1] if len(w) > 1 else w + w, w.upper() if w != w.upper() else w.lower(),
               w.swapcase(), w + "2", w[::-1] if len(w) > 2 else w + "-"]
    return rng.choice(choices)


def other_number(rng, x):
    n = to_int(x, 0)
    return rng.choice([str(n + 1), str(n - 1), "0", "-1", str(n * 2 + 3), str(n + 10), "99",
                       "9223372036854775807", "99999999999999999999", "+" + str(abs(n)), str(-n - 2)])


def hex_neighbor(game, loc, rng, far=False):
    sc = game.sc
    if not (sc and sc.grid) or not re.fullmatch(r"\d{4}", loc or ""):
        return rng.choice(game.locs) if game.locs else "0101"
    kind, c0, c1, r0, r1 = sc.grid
    c, r = int(loc[:2]), int(loc[2:])
    if far:
        return f"{rng.randint(c0, c1):02d}{rng.randint(r0, r1):02d}"
    if kind == "hex-rows":
        c += rng.choice([-1, 1])
    else:
        r += rng.choice([-1, 1])
    return f"{c:02d}{r:02d}"


def straight_path(game, start, k, rng):
    """k steps from start along a column (hex-columns) or a row (hex-rows): adjacent hexes."""
    sc = game.sc
    if not (sc and sc.grid) or not re.fullmatch(r"\d{4}", start or ""):
        return [start] + [rng.choice(game.locs) for _ in range(k)]
    kind, c0, c1, r0, r1 = sc.grid
    c, r = int(start[:2]), int(start[2:])
    d = rng.choice([-1, 1])
    path = [start]
    for _ in range(k):
        if kind == "hex-rows":
            c += d
        else:
            r += d
        path.append(f"{c:02d}{r:02d}")
    return path


def other_location(rng, game, loc):
    r = rng.random()
    if r < 0.45 and game.locs:
        return rng.choice(game.locs)
    if r < 0.75:
        return hex_neighbor(game, loc, rng, far=rng.random() < 0.3)
    if r < 0.9:
        return rng.choice(["9999", "0000", "2599", "0100", "Atlantis", "New York Cty"])
    return near_miss_word(rng, loc)


def other_unit(rng, game, unit):
    units = list(game.units)
    r = rng.random()
    if r < 0.75 and units:
        side = game.units.get(unit, {}).get("side")
        same = [u for u in units if game.units[u].get("side") == side and u != unit]
        other = [u for u in units if game.units[u].get("side") != side]
        pool = (same if rng.random() < 0.5 else other) or units
        return rng.choice(pool)
    if r < 0.9:
        return near_miss_word(rng, unit)
    return rng.choice(["Nobody", "X-1", unit + "/" + unit])


def other_side(rng, game, side):
    r = rng.random()
    others = [s for s in game.sides if s != side]
    if r < 0.6 and others:
        return rng.choice(others)
    if r < 0.75:
        return side.lower() if side != side.lower() else side.upper()   # matched case-insensitively
    if r < 0.9:
        return near_miss_word(rng, side)
    return rng.choice(["Neutral", "any", "draw", "Royalist", "Rebellion"])


def other_phase(rng, game, phase):
    phases = list(game.sc.phases) if game.sc else ["movement", "combat"]
    r = rng.random()
    if r < 0.65:
        return rng.choice(phases)
    if r < 0.8:
        return phase.upper()
    if r < 0.9:
        return near_miss_word(rng, phase)
    return rng.choice(["victory-check", "order", "movement", "combat", "support", "reset"])
