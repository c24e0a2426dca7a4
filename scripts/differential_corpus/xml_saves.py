"""XML saves, one element a line (as the samples and the generator write them): reading and writing
an element line, a move-log record as a save element (record_to_xml), a log mutant written as a
save (log_to_xml: the XML twins of log mutants), and Save, a save split into lines with a Game over
its records for the vocabulary and the rough replay."""
import re
from xml.sax.saxutils import quoteattr

from .movelog import Game, lex, q, unq
from .scenarios import family_of

ELEM_RE = re.compile(r'^(\s*)<([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"]*")*)\s*(/?)>\s*$')
ATTR_RE = re.compile(r'([\w-]+)="([^"]*)"')


def parse_elem(line):
    m = ELEM_RE.match(line)
    if not m:
        return None
    return m.group(1), m.group(2), ATTR_RE.findall(m.group(3)), m.group(4)


def make_elem(indent, name, attrs, close="/"):
    return indent + "<" + name + "".join(f" {k}={quoteattr(v)}" for k, v in attrs) + close + ">"


def xml_unescape(v):
    return v.replace("&quot;", '"').replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# Records whose arguments are a fixed list of attributes, in order: keyword -> attribute names.
PLAIN_RECORDS = {
    "turn": ("n",), "enter": ("unit", "at"), "exit": ("unit", "at"), "eliminate": ("unit",), "lose": ("unit", "n"),
    "support": ("space", "level"), "casualty": ("faction", "piece", "count"), "blockade": ("city",),
    "unblockade": ("city",), "track": ("name", "value"), "concede": ("side",), "end": (), "tag": ("name", "value"),
    "side": ("name",), "player": ("side", "name"), "param": ("name", "value"), "setup": ("mode",),
    "hold": ("loc", "side"), "target": ("side", "n"),
}


def record_to_xml(toks, indent="    "):
    """One move-log record (tokens) as a save element, or None."""
    if not toks:
        return None
    kw, a = toks[0].lower(), [unq(x) for x in toks[1:]]

    def e(name, *attrs):
        return make_elem(indent, name, [(k, str(v)) for k, v in attrs if v is not None])
    try:
        if kw in PLAIN_RECORDS:         # a record too short raises IndexError: None
            return e(kw, *((name, a[k]) for k, name in enumerate(PLAIN_RECORDS[kw])))
        if kw == "phase":
            return e("phase", ("side", a[0]), ("name", a[1])) if len(a) >= 2 else e("phase", ("name", a[0]))
        if kw in ("move", "advance"):
            return e(kw, ("unit", a[0]), ("path", " ".join(x for x in a[1:] if x != "->")))
        if kw == "retreat":
            off = a[-1] == "off"
            return e(kw, ("unit", a[0]), ("path", " ".join(x for x in a[1:] if x not in ("->", "off"))),
                     ("off", "true" if off else "false"))
        if kw == "combat":
            v = a.index("vs")
            rest = a[v + 2:]
            odds = rest[rest.index("odds") + 1] if "odds" in rest else None
            result = rest[rest.index("result") + 1] if "result" in rest else None
            roll = None
            if "roll" in rest:
                k = rest.index("roll") + 1
                vals = []
                while k < len(rest) and re.fullmatch(r"\d+", rest[k]):
                    vals.append(rest[k])
                    k += 1
                roll = " ".join(vals)
            return e(kw, ("attackers", a[0]), ("defenders", a[v + 1]), ("odds", odds), ("roll", roll), ("result", result))
        if kw == "roll":
            return e(kw, ("dice", a[0]), ("values", " ".join(a[1:])))
        if kw == "chat":
            return e(kw, ("speaker", a[0]), ("text", " ".join(a[1:])))
        if kw == "place":
            return e(kw, ("faction", a[0]), ("piece", a[1]), ("space", a[2]), ("count", a[3] if len(a) > 3 else None))
        if kw == "remove":
            cas = "casualty" in a[3:]
            rest = [x for x in a[3:] if x != "casualty"]
            return e(kw, ("faction", a[0]), ("piece", a[1]), ("space", a[2]), ("count", rest[0] if rest else None),
                     ("casualty", "true" if cas else None))
        if kw == "card":
            return e(kw, ("id", a[0]), ("title", a[1] if len(a) > 1 else None))
        if kw == "award":
            return e(kw, ("side", a[0]), ("n", a[1]), ("reason", " ".join(a[2:])))
        if kw == "claim" and a[0].lower() == "winner":
            return e("claim", ("winner", a[1]), ("level", a[2] if len(a) > 2 else None))
        if kw == "claim" and a[0].lower() == "draw":
            return e("claim", ("draw", "true"))
        if kw == "claim" and a[0].lower() == "score":
            return "\n".join(e("claim-score", ("side", a[k]), ("n", a[k + 1])) for k in range(1, len(a) - 1, 2))
        if kw == "objective":
            at = [("kind", a[0]), ("side", a[1]), ("locs", a[2])]
            for k in range(3, len(a) - 1, 2):
                at.append((a[k], a[k + 1]))
            return e(kw, *at)
        if kw == "unit":
            at = [("id", a[0]), ("side", a[1]), ("type", a[2]), ("strength", a[3])]
            k = 4
            while k < len(a) - 1:
                if a[k] == "at":
                    at.append(("at", a[k + 1]))
                    k += 2
                elif a[k] == "enters" and k + 3 < len(a):
                    at += [("enters", a[k + 1]), ("enters-at", a[k + 3])]
                    k += 4
                elif a[k] == "role":
                    at.append(("role", a[k + 1]))
                    k += 2
                else:
                    k += 2
            return e(kw, *at)
    except (IndexError, ValueError):
        return None
    return None


def log_to_xml(game, lines):
    """A move log as an XML save (records before the first turn in the header, the rest in <log>)."""
    scen = game.scenario_name or "maryes-heights"
    head, body, in_log = [], [], False
    for ln in lines:
        t, _ = lex(ln)
        if not t or t[0].lower() == "game":
            continue
        if t[0].lower() == "turn":
            in_log = True
        x = record_to_xml(t, "    " if in_log else "  ")
        if x is None:
            continue
        (body if in_log else head).append(x)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', f'<referee-save format="1" scenario={quoteattr(scen)}>']
    out += head + ["  <log>"] + body + ["  </log>", "</referee-save>"]
    return "\n".join(out) + "\n"


class Save:
    def __init__(self, text, scenarios):
        self.text = text
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        m = re.search(r'<referee-save[^>]*scenario="([^"]*)"', text)
        self.scenario_name = m.group(1) if m else None
        self.sc = scenarios.find(self.scenario_name) if self.scenario_name else None
        self.family = family_of(self.sc)
        # A Game over the save's records, for the vocabulary and the inserted records.
        log = ["game " + q(self.scenario_name or "maryes-heights")] + self.as_log(self.lines)
        self.game = Game("\n".join(log) + "\n", scenarios)

    @staticmethod
    def as_log(lines):
        """The save's records as move-log lines (enough for the vocabulary and the rough replay)."""
        out, in_snap = [], False
        for ln in lines:
            p = parse_elem(ln)
            if ln.strip().startswith("<snapshot"):
                in_snap = True
            if ln.strip().startswith("</snapshot"):
                in_snap = False
            if not p or in_snap:
                continue
            _, name, attrs, _ = p
            a = {k: xml_unescape(v) for k, v in attrs}
            if name == "unit" and "id" in a:
                rec = ["unit", q(a["id"]), q(a.get("side", "?")), q(a.get("type", "infantry")), q(a.get("strength", "1"))]
                if "at" in a:
                    rec += ["at", q(a["at"])]
                out.append(" ".join(rec))
            elif name == "turn":
                out.append("turn " + a.get("n", "1"))
            elif name == "phase":
                out.append("phase " + (q(a["side"]) + " " if "side" in a else "") + q(a.get("name", "")))
            elif name in ("move", "advance", "retreat") and "unit" in a:
                out.append(" ".join([name, q(a["unit"])] + [q(x) for x in a.get("path", "").split()]
                                    + (["off"] if a.get("off") == "true" else [])))
            elif name in ("enter", "exit") and "unit" in a:
                out.append(" ".join([name, q(a["unit"]), q(a.get("at", ""))]))
            elif name in ("eliminate",) and "unit" in a:
                out.append("eliminate " + q(a["unit"]))
            elif name == "lose" and "unit" in a:
                out.append("lose %s %s" % (q(a["unit"]), a.get("n", "1")))
            elif name == "side" and "name" in a:
                out.append("side " + q(a["name"]))
            elif name == "setup":
                out.append("setup " + a.get("mode", "standard"))
            elif name in ("end", "concede"):
                out.append(name + (" " + q(a["side"]) if "side" in a else ""))
        return out
