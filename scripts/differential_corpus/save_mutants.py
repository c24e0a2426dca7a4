"""Mutants of an XML save: log elements deleted, duplicated, swapped or moved; the log cut short;
attributes changed (another unit, location, side, number, path, status...) or dropped; the
snapshot's elements and its own turn and phase changed, or elements added to it; records inserted
in the header or the log where they break the rules (insertions.py); the log or the snapshot
dropped; unknown elements; and broken XML."""
from .insertions import LEVELS, OBJ_KINDS, SUPPORT_LEVELS, header_records, inserted_records
from .values import hex_neighbor, near_miss_word, other_location, other_number, other_phase, other_side, other_unit
from .xml_saves import make_elem, parse_elem, record_to_xml, xml_unescape


ATTR_KIND = {
    "unit": "unit", "id": "unit", "attackers": "unit", "defenders": "unit",
    "at": "loc", "loc": "loc", "enters-at": "loc", "space": "loc", "city": "loc", "locs": "loc",
    "side": "side", "held-by": "side", "faction": "side", "winner": "side",
    "n": "num", "value": "num", "strength": "num", "count": "num", "enters": "num", "banners": "num", "turn": "num",
    "path": "path", "status": "status", "off": "bool", "casualty": "bool", "draw": "bool",
    "level": "level", "mode": "mode", "scenario": "scenario", "format": "num", "kind": "kind",
}


def other_attr_value(rng, save, name, attr, value):
    g = save.game
    kind = ATTR_KIND.get(attr, "word")
    if name == "phase" and attr == "name":
        return other_phase(rng, g, value)
    if name == "snapshot" and attr == "phase":
        return rng.choice([f"{s} {p}" for s in g.sides for p in (g.sc.phases if g.sc else ["movement"])] + ["victory-check", "nonsense"])
    if name == "track" and attr == "name":
        return rng.choice(list(g.sc.tracks) + ["no-such-track"]) if g.sc and g.sc.tracks else "no-such-track"
    if kind == "unit":
        return ",".join(other_unit(rng, g, v) for v in value.split(",")) if rng.random() < 0.9 else ""
    if kind == "loc":
        if g.sc and g.sc.spaces:
            return rng.choice(list(g.sc.spaces)) if rng.random() < 0.8 else near_miss_word(rng, value)
        return other_location(rng, g, value)
    if kind == "side":
        return other_side(rng, g, value)
    if kind == "num":
        return other_number(rng, value) if rng.random() < 0.92 else rng.choice(["", "x", "1.5", " 3"])
    if kind == "path":
        p = value.split()
        r = rng.random()
        if r < 0.3 and p:
            return " ".join(p[:-1] or p)
        if r < 0.6 and p:
            return " ".join(p + [hex_neighbor(g, p[-1], rng)])
        if r < 0.8 and p:
            p[rng.randrange(len(p))] = other_location(rng, g, p[0])
            return " ".join(p)
        return " ".join(reversed(p))
    if kind == "status":
        return rng.choice(["on-map", "off-map", "exited", "eliminated", "missing", "gone"])
    if kind == "bool":
        return rng.choice(["true", "false", "yes", "no", "maybe"])
    if kind == "level":
        return rng.choice(SUPPORT_LEVELS + LEVELS.get(g.family, ["Marginal"]) + ["x"])
    if kind == "mode":
        return rng.choice(["custom", "standard", "random"])
    if kind == "scenario":
        return rng.choice(["maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death-1776",
                           "../scenarios/cemetery-hill-test.xml", "no-such-scenario", ""])
    if kind == "kind":
        return rng.choice(OBJ_KINDS + ["bogus"])
    return near_miss_word(rng, value) if value else "x"


def mutate_save(rng, save, nops):
    lines = list(save.lines)
    ops = []
    for _ in range(nops):
        op = rng.choices(["delete", "dup", "swap", "move", "truncate-log", "attr", "snapshot", "insert", "insert",
                          "drop-log", "drop-snapshot", "unknown", "broken"],
                         weights=[6, 4, 5, 3, 6, 14, 14, 12, 8, 3, 3, 2, 1.5])[0]
        lines, done = apply_save_op(rng, save, lines, op)
        if done:
            ops.append(done)
    return lines, ops


def regions(lines):
    def find(tag):
        return next((i for i, ln in enumerate(lines) if ln.strip().startswith(tag)), None)
    return find("<log"), find("</log"), find("<snapshot"), find("</snapshot")


def change_attr(rng, save, lines, i, drop, close=None):
    """Changes one attribute (at random) of the element at lines[i], or with probability DROP removes
    it; CLOSE, when given, replaces the element's own ending. Returns "ELEMENT-ATTRIBUTE"."""
    ind, name, attrs, own_close = parse_elem(lines[i])
    k = rng.randrange(len(attrs))
    a, v = attrs[k]
    if drop and rng.random() < drop:
        del attrs[k]
        k = -1
    else:
        attrs[k] = (a, other_attr_value(rng, save, name, a, xml_unescape(v)))
    lines[i] = make_elem(ind, name, [(x, xml_unescape(y) if j != k else y) for j, (x, y) in enumerate(attrs)],
                         own_close if close is None else close)
    return name + "-" + a


def apply_save_op(rng, save, lines, op):
    lo, lc, so, sc_ = regions(lines)
    root = next((i for i, ln in enumerate(lines) if ln.strip().startswith("<referee-save")), 0)
    log_body = list(range(lo + 1, lc)) if lo is not None and lc is not None and lc > lo + 1 else []
    snap_body = list(range(so + 1, sc_)) if so is not None and sc_ is not None and sc_ > so + 1 else []
    elems = [i for i in range(len(lines)) if parse_elem(lines[i])]
    if op in ("delete", "dup", "swap", "move") and not log_body:
        op = "attr"
    if op == "delete":
        i = rng.choice(log_body + snap_body)
        del lines[i:i + (1 if rng.random() < 0.8 else rng.randint(2, 5))]
        return lines, "delete"
    if op == "dup":
        i = rng.choice(log_body)
        lines.insert(i + 1 if rng.random() < 0.5 else rng.choice(log_body), lines[i])
        return lines, "dup"
    if op == "swap":
        k = rng.randrange(len(log_body))
        i, j = log_body[k], log_body[min(k + 1, len(log_body) - 1)] if rng.random() < 0.6 else rng.choice(log_body)
        lines[i], lines[j] = lines[j], lines[i]
        return lines, "swap"
    if op == "move":
        i = rng.choice(log_body)
        ln = lines.pop(i)
        lines.insert(rng.choice(log_body[:-1] or log_body), ln)
        return lines, "move"
    if op == "truncate-log" and log_body:
        cut = rng.choice(log_body)
        del lines[cut:lc]
        return lines, "truncate-log"
    if op == "attr" or (op == "snapshot" and not snap_body) or op == "truncate-log":
        cand = [i for i in elems if parse_elem(lines[i])[2]]
        if not cand:
            return lines, None
        i = rng.choice(cand)
        return lines, "attr-" + change_attr(rng, save, lines, i, 0.08)
    if op == "snapshot":
        r = rng.random()
        if r < 0.7 or so is None:
            i = rng.choice(snap_body)
            p = parse_elem(lines[i])
            if not p or not p[2]:
                return lines, None
            return lines, "snapshot-" + change_attr(rng, save, lines, i, 0.1)
        if r < 0.85:      # the snapshot's own turn and phase
            p = parse_elem(lines[so])
            if p and p[2]:
                change_attr(rng, save, lines, so, 0, close="")
            return lines, "snapshot-turn-phase"
        g = save.game
        extra = rng.choice([
            make_elem("    ", "unit", [("id", rng.choice(list(g.units) or ["X"])), ("status", rng.choice(["on-map", "eliminated", "exited", "off-map"])),
                                        ("at", rng.choice(g.locs or ["0101"])), ("strength", str(rng.randint(0, 9)))]),
            make_elem("    ", "hold", [("loc", rng.choice(g.locs or ["0101"])), ("side", rng.choice(g.sides or ["Union"]))]),
            make_elem("    ", "score", [("side", rng.choice(g.sides or ["Union"])), ("value", str(rng.randint(0, 60)))]),
            make_elem("    ", "track", [("name", rng.choice(list(g.sc.tracks) if g.sc and g.sc.tracks else ["cbc"])), ("value", str(rng.randint(0, 20)))]),
        ])
        lines.insert(sc_, extra)
        return lines, "snapshot-add"
    if op == "insert":
        g = save.game
        in_header = rng.random() < 0.15 or lo is None or lc is None or lc <= lo
        if in_header:
            recs = header_records(rng, g)
            at = rng.randint(root + 1, lo if lo is not None and lo > root else root + 1)
            ind = "  "
        else:
            at = rng.randint(lo + 1, lc)
            n_log = sum(1 for i in range(lo + 1, at) if parse_elem(lines[i]))
            glines = g.lines
            # the rough replay up to the same record of the save's log
            cut = g.first_turn + n_log
            st = g.state(glines, min(cut, len(glines)))
            recs = inserted_records(rng, g, st)
            ind = "    "
        xs = [record_to_xml(r, ind) for r in recs]
        xs = [x for x in xs if x]
        if not xs:
            return lines, None
        lines[at:at] = "\n".join(xs).split("\n")
        return lines, "insert-" + recs[0][0]
    if op == "drop-log" and lo is not None and lc is not None:
        del lines[lo:lc + 1]
        return lines, "drop-log"
    if op == "drop-snapshot" and so is not None and sc_ is not None:
        del lines[so:sc_ + 1]
        return lines, "drop-snapshot"
    if op == "unknown":
        i = rng.choice(elems) if elems else root
        lines.insert(i + 1, rng.choice(['    <frobnicate/>', '    <move unit="X" path="0101 0102" speed="3"/>',
                                        '  <comment text="hello"/>', '    <end reason="time"/>']))
        return lines, "unknown-element"
    if op == "broken":
        k = rng.randrange(4)
        if k == 0:
            lines = lines[: rng.randrange(len(lines))]
        elif k == 1:
            i = rng.choice(elems) if elems else 0
            lines[i] = lines[i].replace("/>", ">", 1)
        elif k == 2:
            i = rng.choice(elems) if elems else 0
            lines[i] = lines[i].replace('"', "", 1)
        else:
            lines.insert(rng.randrange(len(lines) + 1), "    <move unit=\"A&B\" path=\"0101\"/>")
        return lines, "broken-xml"
    return lines, None
