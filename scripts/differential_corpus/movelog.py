"""The move log as the mutations see it: a line's tokens (lex), quoting (q, unq), and Game, a log
split into lines with the vocabulary its mutations draw on (units, locations, sides, numbers) and
a rough replay (Game.state: turn, phasing side, phase, where each unit is) to aim inserted records."""
import re

from .scenarios import Scenario, family_of


def lex(line):
    toks, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c in " \t\r":
            i += 1
            continue
        if c == "#":
            return toks, line[i:].rstrip("\r")
        if c == '"':
            j = i + 1
            while j < n and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            toks.append(line[i:j + 1])
            i = j + 1
            continue
        j = i
        while j < n and line[j] not in ' \t\r#"':
            j += 1
        toks.append(line[i:j])
        i = j
    return toks, ""


def unq(t):
    if t.startswith('"'):
        return t[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return t


def q(s):
    s = str(s)
    if s == "" or re.search(r'[\s#"\\]', s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return s


HEADER_KW = {"game", "tag", "side", "player", "param", "setup", "unit", "hold", "objective", "target"}
PATH_KW = {"move", "retreat", "advance"}


class Game:
    """A move log split into lines, with what the mutations draw on."""

    def __init__(self, text, scenarios):
        self.bom = text.startswith("\ufeff")
        if self.bom:
            text = text[1:]
        self.crlf = "\r\n" in text
        self.final_nl = text.endswith("\n")
        self.lines = text.replace("\r\n", "\n").split("\n")
        if self.final_nl:
            self.lines.pop()
        self.scenario_name = None
        for ln in self.lines:
            t, _ = lex(ln)
            if t and t[0].lower() == "game" and len(t) > 1:
                self.scenario_name = unq(t[1])
                break
        self.sc = scenarios.find(self.scenario_name) if self.scenario_name else None
        self.family = family_of(self.sc)
        sc = self.sc or Scenario()
        self.custom = any(lex(ln)[0][:2] == ["setup", "custom"] for ln in self.lines)
        self.units = {} if self.custom else {k: dict(v) for k, v in sc.units.items()}
        self.sides = list(sc.sides)
        self.locs, self.nums, self.words = [], [], []
        seen = set()

        def addloc(x):
            if x not in seen and x != "->" and x != "off":
                seen.add(x)
                self.locs.append(x)

        for ln in self.lines:
            t, _ = lex(ln)
            if not t:
                continue
            kw = t[0].lower()
            if kw == "side" and len(t) > 1 and unq(t[1]) not in self.sides:
                self.sides.append(unq(t[1]))
            if kw == "unit" and len(t) >= 5:
                u = dict(side=unq(t[2]), type=t[3], strength=to_int(t[4], 1), at=None)
                if "at" in t[5:]:
                    k = t.index("at", 5)
                    if k + 1 < len(t):
                        u["at"] = unq(t[k + 1])
                        addloc(u["at"])
                self.units[unq(t[1])] = u
            if kw in PATH_KW and len(t) > 2:
                for x in t[2:]:
                    addloc(unq(x))
            if kw in ("enter", "exit") and len(t) > 2:
                addloc(unq(t[2]))
            for x in t[1:]:
                if re.fullmatch(r"[+-]?\d+", x) and not (len(x) == 4 and self.sc and self.sc.grid):
                    self.nums.append(x)
        for loc in sc.locations():
            addloc(loc)
        for u in self.units.values():
            if u.get("at"):
                addloc(u["at"])
        if not self.sides:
            self.sides = sorted({u["side"] for u in self.units.values()}) or ["Union", "Confederate"]
        self.first_turn = next((i for i, ln in enumerate(self.lines) if lex(ln)[0][:1] == ["turn"]), len(self.lines))

    def text(self, lines=None):
        lines = self.lines if lines is None else lines
        nl = "\r\n" if self.crlf else "\n"
        s = nl.join(lines) + (nl if self.final_nl or not lines else "")
        return ("\ufeff" if self.bom else "") + s

    def record_indices(self, lines=None, start=0):
        lines = self.lines if lines is None else lines
        return [i for i in range(start, len(lines)) if lex(lines[i])[0]]

    def state(self, lines, upto):
        """A rough replay of lines[:upto]: turn, phasing side, phase, where each unit is."""
        st = dict(turn=0, side=None, phase=None, ended=False)
        pos, gone, strength = {}, set(), {}
        for u, d in self.units.items():
            if d.get("at"):
                pos[u] = d["at"]
            strength[u] = d.get("strength", 1)
        for ln in lines[:upto]:
            t, _ = lex(ln)
            if not t:
                continue
            kw, a = t[0].lower(), [unq(x) for x in t[1:]]
            if kw == "turn" and a:
                st["turn"], st["side"], st["phase"] = to_int(a[0], st["turn"]), None, None
            elif kw == "phase" and a:
                if len(a) >= 2:
                    st["side"], st["phase"] = a[0], a[1]
                else:
                    st["side"], st["phase"] = None, a[0]
            elif kw in PATH_KW and len(a) >= 2:
                path = [x for x in a[1:] if x not in ("->", "off")]
                if path:
                    pos[a[0]] = path[-1]
                if kw == "retreat" and a[-1] == "off":
                    gone.add(a[0])
                    pos.pop(a[0], None)
            elif kw == "enter" and len(a) >= 2:
                pos[a[0]] = a[1]
                gone.discard(a[0])
            elif kw in ("exit", "eliminate") and a:
                gone.add(a[0])
                pos.pop(a[0], None)
            elif kw == "lose" and len(a) >= 2:
                strength[a[0]] = strength.get(a[0], 1) - to_int(a[1], 0)
                if strength[a[0]] <= 0:
                    gone.add(a[0])
                    pos.pop(a[0], None)
            elif kw in ("end", "concede"):
                st["ended"] = True
        st["pos"], st["gone"], st["strength"] = pos, gone, strength
        return st


def to_int(s, default=0):
    try:
        return int(s)
    except (TypeError, ValueError):
        return default
