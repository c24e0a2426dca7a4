"""What the mutations need to know of a scenario: its sides, phases, units, map (hex grid or
areas), exits, parameters, tracks, pieces and reinforcements, read from the XML of scenarios/ and
samples/scenarios/ (a scenario that `extends` another is read on top of it); and which family of
the corpus (maryes-heights, road-to-richmond, cemetery-hill, cnc-napoleonics, liberty-or-death) a
scenario belongs to."""
import os
import xml.etree.ElementTree as ET

from . import REPO


class Scenario:
    def __init__(self):
        self.id = ""
        self.turns = None
        self.sides = []          # names (empty: the game declares them, C&C)
        self.phases = []
        self.units = {}          # id -> dict(side, type, strength, at)
        self.grid = None         # (kind, c0, c1, r0, r1) for hex grids
        self.spaces = {}         # name -> dict(type, population) for area maps
        self.exits = []
        self.params = {}         # name -> default
        self.tracks = {}         # name -> derived?
        self.pieces = {}         # faction -> [pieces]
        self.arrivals = []       # (side, turn, loc)

    def locations(self):
        if self.grid:
            kind, c0, c1, r0, r1 = self.grid
            return [f"{c:02d}{r:02d}" for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
        return list(self.spaces)


def _range(s):
    a, _, b = s.partition("-")
    return int(a), int(b or a)


def _csv(s):
    return [x.strip() for x in (s or "").split(",") if x.strip()]


def load_scenario(path, builtin_dir):
    root = ET.parse(path).getroot()
    base = root.get("extends")
    sc = load_scenario(os.path.join(builtin_dir, base + ".xml"), builtin_dir) if base else Scenario()
    sc.id = root.get("id", sc.id)
    if root.get("turns"):
        sc.turns = root.get("turns")
    sides = root.find("sides")
    if sides is not None and sides.findall("side"):
        sc.sides = [s.get("name") for s in sides.findall("side")]
        for s in sides.findall("side"):
            if s.get("pieces"):
                sc.pieces[s.get("name")] = _csv(s.get("pieces"))
    phases = root.find("phases")
    if phases is not None:
        sc.phases = [p.get("name") for p in phases.findall("phase")]
    units = root.find("units")
    if units is not None:
        for g in units.findall("group"):
            for u in g.findall("unit"):
                sc.units[u.get("id")] = dict(side=g.get("side"), type=u.get("type") or g.get("type") or "infantry",
                                             strength=int(u.get("strength", "1")), at=u.get("at"))
    m = root.find("map")
    if m is not None:
        hg = m.find("hex-grid")
        if hg is not None:
            c0, c1 = _range(hg.get("columns"))
            r0, r1 = _range(hg.get("rows"))
            sc.grid = (hg.get("kind"), c0, c1, r0, r1)
        for loc in m.findall("location"):
            sc.spaces[loc.get("name")] = dict(type=loc.get("type"), population=int(loc.get("population", "0")))
    ex = root.find("exits")
    if ex is not None and ex.get("locs"):
        sc.exits = _csv(ex.get("locs"))
    ps = root.find("params")
    if ps is not None:
        for p in ps.findall("param"):
            sc.params[p.get("name")] = p.get("default")
    tr = root.find("tracks")
    if tr is not None:
        for t in tr.findall("track"):
            sc.tracks[t.get("name")] = bool(t.get("derive"))
    rf = root.find("reinforcements")
    if rf is not None:
        sc.arrivals = [(a.get("side"), int(a.get("turn")), a.get("at")) for a in rf.findall("arrival")]
    return sc


class Scenarios:
    def __init__(self):
        self.builtin_dir = os.path.join(REPO, "scenarios")
        self.by_id = {}
        for f in sorted(os.listdir(self.builtin_dir)):
            if f.endswith(".xml"):
                sc = load_scenario(os.path.join(self.builtin_dir, f), self.builtin_dir)
                self.by_id[sc.id] = sc
        self.files = {}
        sdir = os.path.join(REPO, "samples", "scenarios")
        for f in sorted(os.listdir(sdir)):
            if f.endswith(".xml"):
                self.files[f] = load_scenario(os.path.join(sdir, f), self.builtin_dir)

    def find(self, name):
        """The scenario a `game` record (or --scenario) names: a built-in id or ../scenarios/FILE."""
        if name in self.by_id:
            return self.by_id[name]
        base = os.path.basename(name or "")
        if base in self.files:
            return self.files[base]
        for sid in sorted(self.by_id, key=len, reverse=True):
            if sid in (name or ""):
                return self.by_id[sid]
        return None


def family_of(sc):
    if sc is None:
        return "unknown"
    for f in ["maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics"]:
        if sc.id.startswith(f) or (f == "cnc-napoleonics" and sc.id.startswith("cnc")):
            return f
    if sc.id.startswith("liberty-or-death"):
        return "liberty-or-death"
    return "unknown"
