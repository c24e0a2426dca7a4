"""Mutants of a move log: lines deleted, duplicated, swapped or moved; the game cut short; a unit,
location, side, phase or number replaced by another of the game or a near miss; records inserted
where they break the rules (insertions.py), after the end, or header records out of place; the
scenario renamed; a record's syntax broken; and the same game written with tabs, comments, `->`,
capitals, CRLF or a BOM."""
import re

from .insertions import header_records, inserted_records, result_records
from .movelog import HEADER_KW, PATH_KW, lex, q, unq
from .values import near_miss_word, other_location, other_number, other_phase, other_side, other_unit


def mutate_log(rng, game, nops):
    lines = list(game.lines)
    ops = []
    for _ in range(nops):
        op = rng.choices(
            ["delete", "dup", "swap", "move", "truncate", "unit", "loc", "side", "phase", "num", "insert", "insert",
             "insert", "after-end", "header", "results", "scenario", "syntax", "format"],
            weights=[6, 4, 5, 4, 5, 6, 6, 4, 4, 5, 10, 10, 10, 3, 5, 5, 2, 1.5, 1.5])[0]
        lines, done = apply_log_op(rng, game, lines, op)
        if done:
            ops.append(done)
    return lines, ops


def token_lines(lines, pred):
    out = []
    for i, ln in enumerate(lines):
        t, c = lex(ln)
        if t:
            for j, x in enumerate(t):
                if pred(t, j):
                    out.append((i, j))
    return out


def replace_token(lines, i, j, new):
    t, c = lex(lines[i])
    t[j] = new
    lines[i] = " ".join(t) + (" " + c if c else "")


def replace_some_token(rng, lines, pred, change):
    """Replaces a token PRED picks (one at random) by CHANGE(the token); False when PRED picks none."""
    cand = token_lines(lines, pred)
    if not cand:
        return False
    i, j = rng.choice(cand)
    replace_token(lines, i, j, change(lex(lines[i])[0][j]))
    return True


def other_place(rng, game, loc):
    """Another location: of the hex grid, or an area of the map (or a near miss)."""
    if game.sc and game.sc.grid:
        return other_location(rng, game, loc)
    return rng.choice(list(game.sc.spaces)) if game.sc and game.sc.spaces and rng.random() < 0.8 else near_miss_word(rng, loc)


def apply_log_op(rng, game, lines, op):
    recs = [i for i in range(len(lines)) if lex(lines[i])[0] and lex(lines[i])[0][0].lower() != "game"]
    first_turn = next((i for i in recs if lex(lines[i])[0][0].lower() == "turn"), len(lines))
    body = [i for i in recs if i >= first_turn] or recs
    if not recs:
        return lines, None
    if op == "delete":
        i = rng.choice(recs)
        n = 1 if rng.random() < 0.7 else rng.randint(2, 6)
        del lines[i:i + n]
        return lines, "delete"
    if op == "dup":
        i = rng.choice(body)
        at = i + 1 if rng.random() < 0.5 else rng.randint(first_turn, len(lines))
        lines.insert(at, lines[i])
        return lines, "dup"
    if op == "swap":
        if rng.random() < 0.6:
            k = rng.randrange(len(body))
            i, j = body[k], body[min(k + 1, len(body) - 1)]
        else:
            i, j = rng.choice(body), rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
        return lines, "swap"
    if op == "move":
        i = rng.choice(body)
        ln = lines.pop(i)
        lines.insert(rng.randint(min(first_turn, len(lines)), len(lines)), ln)
        return lines, "move"
    if op == "truncate":
        i = rng.choice(body)
        lines = lines[:i]
        if rng.random() < 0.05 and lines:
            lines[-1] = lines[-1][: rng.randint(0, len(lines[-1]))]    # cut inside a line
        return lines, "truncate"
    if op in ("unit", "loc", "side", "phase"):     # a token of that kind, by another (quoted as needed)
        sides = set(s.lower() for s in game.sides)
        pred, other = {
            "unit": (lambda t, j: j == 1 and t[0].lower() in PATH_KW | {"enter", "exit", "eliminate", "lose"}
                     or t[0].lower() == "combat" and j >= 1 and t[j] != "vs" and j < (t.index("vs") + 2 if "vs" in t else 0)
                     or t[0].lower() == "unit" and j == 1, other_unit),
            "loc": (lambda t, j: (t[0].lower() in PATH_KW and j >= 2 and t[j] not in ("->", "off"))
                    or (t[0].lower() in ("enter", "exit") and j == 2)
                    or (t[0].lower() in ("hold", "support", "blockade", "unblockade") and j == 1)
                    or (t[0].lower() in ("place", "remove") and j == 3)
                    or (t[0].lower() == "unit" and j > 0 and t[j - 1] == "at"), other_place),
            "side": (lambda t, j: j >= 1 and unq(t[j]).lower() in sides and t[0].lower() != "chat", other_side),
            "phase": (lambda t, j: t[0].lower() == "phase" and j == len(t) - 1 and j >= 1, other_phase),
        }[op]
        done = replace_some_token(rng, lines, pred, lambda x: q(other(rng, game, unq(x))))
        return lines, op if done else None
    if op == "num":
        done = replace_some_token(rng, lines, lambda t, j: j >= 1 and re.fullmatch(r"[+-]?\d+", t[j]) is not None
                                  and not (game.sc and game.sc.grid and len(t[j]) == 4 and t[0].lower() != "turn"),
                                  lambda x: other_number(rng, x))
        return lines, "num" if done else None
    if op == "insert":
        at = rng.randint(first_turn, len(lines)) if rng.random() < 0.9 else rng.randint(0, len(lines))
        st = game.state(lines, at)
        new = [" ".join(r) for r in inserted_records(rng, game, st)]
        lines[at:at] = new
        return lines, "insert-" + new[0].split(" ")[0]
    if op == "after-end":
        end = [i for i in recs if lex(lines[i])[0][0].lower() in ("end", "concede")]
        if not end:
            lines.append("end")
        src = [lines[i] for i in rng.sample(body, min(len(body), rng.randint(1, 4)))]
        lines += src + ([" ".join(r) for r in result_records(rng, game)] if rng.random() < 0.5 else [])
        return lines, "after-end"
    if op == "header":
        heads = [i for i in recs if i < first_turn and lex(lines[i])[0][0].lower() in HEADER_KW]
        if heads and rng.random() < 0.4:          # a header record after the first turn
            i = rng.choice(heads)
            ln = lines.pop(i)
            lines.insert(rng.randint(first_turn - 1, len(lines)), ln)
            return lines, "header-late"
        at = next((i + 1 for i, ln in enumerate(lines) if lex(ln)[0][:1] == ["game"]), 0)
        at = rng.randint(at, max(at, first_turn))
        lines[at:at] = [" ".join(r) for r in header_records(rng, game)]
        return lines, "header"
    if op == "results":
        new = [" ".join(r) for r in result_records(rng, game) + result_records(rng, game)]
        if rng.random() < 0.5:
            lines += new
        else:
            at = rng.randint(first_turn, len(lines))
            lines[at:at] = new
        return lines, "results"
    if op == "scenario":
        gi = next((i for i, ln in enumerate(lines) if lex(ln)[0][:1] == ["game"]), None)
        choices = ["maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death-1775",
                   "liberty-or-death-1776", "liberty-or-death-1778", "../scenarios/road-to-richmond-test.xml",
                   "../scenarios/cemetery-hill-test.xml", "../scenarios/cnc-test-battle.xml", "../scenarios/missing.xml",
                   "maryes-height", "MARYES-HEIGHTS"]
        new = "game " + rng.choice(choices)
        if gi is None:
            lines.insert(0, new)
        elif rng.random() < 0.15:
            del lines[gi]
        else:
            lines[gi] = new
        return lines, "scenario"
    if op == "syntax":
        i = rng.choice(body)
        t, c = lex(lines[i])
        k = rng.randrange(5)
        if k == 0 and len(t) > 1:
            t = t[:-1]
        elif k == 1:
            t.append('"unterminated')
        elif k == 2:
            t.insert(0, "frobnicate")
        elif k == 3:
            t = [t[0] + t[1]] + t[2:] if len(t) > 1 else t + ["?"]
        else:
            t.append("\x01")
        lines[i] = " ".join(t)
        return lines, "syntax"
    if op == "format":       # the same game written differently: tabs, comments, `->`, capitals, CRLF, a BOM
        k = rng.randrange(6)
        if k == 4:
            return [ln + "\r" for ln in lines], "format"
        if k == 5 and lines:
            return ["\ufeff" + lines[0]] + lines[1:], "format"
        out = []
        for ln in lines:
            t, c = lex(ln)
            if not t:
                out.append(ln)
            elif k == 0:
                out.append("\t".join(t) + ("\t" + c if c else ""))
            elif k == 1:
                out.append(" ".join(t) + "   # " + str(len(out)))
            elif k == 2 and t[0].lower() == "move" and len(t) > 3:
                out.append(" ".join(t[:3] + [x for y in t[3:] for x in ("->", y)]))
            elif k == 3:
                out.append(" ".join([t[0].upper()] + t[1:]) + (" " + c if c else ""))
            else:
                out.append(ln)
        return out, "format"
    return lines, None
