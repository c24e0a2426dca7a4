#!/usr/bin/env python3
"""The game pages of `referee check --format html` opened in a real browser (issue 18; docs/seeing-the-game.md).

For every sample game of every family (49) and each VASSAL sample game but a chain (5), the page is written, opened in headless Chromium (Debian's
`chromium`, one browser for every page: browser.py), and the DOM the browser built after running
the page's script is read back. What a person would see is checked against what referee itself says of the game:

  - the verdict shown is the text report's result line;
  - the map has one drawn hex a location of the scenario (hex games), and at the end and at the
    beginning of game-turn 1 one unit marker a unit on the map then (`referee position --at ...`);
    an area game shows one row a space;
  - the score chart has one line a side; the violations listed are the report's, each linking to a
    record of the listing that exists;
  - the script ran (body[data-script=ok]) and raised no error (no body[data-error]).

Usage: check_page.py REFEREE SOURCE_DIR WORK_DIR [CHROMIUM]. Exit 0 all good, 1 a check failed,
77 (ctest's skip) when no Chromium is installed: scripts/install-deps test installs it.
CHROMIUM "none": every page and report is made (each run's exit status checked, the page a whole
document) but no browser opens them: the sanitized build's run (tests/CMakeLists.txt), where what
matters is referee making the pages, the browser's part being the same as in the plain build's run.
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Browser, BrowserError  # noqa: E402  (one Chromium for every page)

# Every sample game of every family is checked (every_sample); these were the first.
SAMPLES_FEW = [
    "samples/maryes-heights/full-game-points.log",
    "samples/maryes-heights/exits-and-retreat.log",
    "samples/maryes-heights/saved-game.xml",
    "samples/road-to-richmond/frayser-dispute.log",
    "samples/cemetery-hill/adjourned.log",
    "samples/cemetery-hill/protested-game.log",
    "samples/cnc-napoleonics/vimeiro.log",
    "samples/cnc-napoleonics/quatre-bras.xml",
    "samples/liberty-or-death/two-player-final.log",
]


def every_sample(src):
    """Each sample game as (its file, the arguments it is checked with, its scenario for `scenarios --show`)."""
    out = []
    for family in ("maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death"):
        for f in sorted(os.listdir(os.path.join(src, "samples", family))):
            if f.endswith((".log", ".xml")):
                out.append((f"samples/{family}/{f}", [], None))
    # The VASSAL samples, each with its module and binding as samples/vassal/checks.txt checks it
    # (a --chain of logs has one page per check, not one per log: left to the chain's own tests).
    with open(os.path.join(src, "samples", "vassal", "checks.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or ": " not in line:
                continue
            words = line.split(": ", 1)[1].split()
            if words[0] != "check" or "--chain" in words:
                continue
            game, extra = words[1], words[2:]
            out.append((game, extra, os.path.join(src, extra[extra.index("--scenario") + 1])))
    return out


class Dom(html.parser.HTMLParser):
    """The elements of a page, each with its attributes, its ancestors and its text."""

    VOID = {"meta", "link", "br", "img", "input", "hr", "area", "base", "col", "embed", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, attrs, ancestors: list of element indexes)
        self.stack = []
        self.text = {}  # element index -> text inside it

    def handle_starttag(self, tag, attrs):
        i = len(self.elements)
        self.elements.append((tag, dict(attrs), list(self.stack)))
        self.text[i] = ""
        if tag not in self.VOID:
            self.stack.append(i)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), list(self.stack)))
        self.text[len(self.elements) - 1] = ""

    def handle_endtag(self, tag):
        for k in range(len(self.stack) - 1, -1, -1):
            if self.elements[self.stack[k]][0] == tag:
                del self.stack[k:]
                return

    def handle_data(self, data):
        for i in self.stack:
            self.text[i] += data

    def find(self, tag=None, cls=None, within=None, **attrs):
        out = []
        for i, (t, a, anc) in enumerate(self.elements):
            if tag and t != tag:
                continue
            if cls and cls not in a.get("class", "").split():
                continue
            if any(a.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            if within is not None and within not in anc:
                continue
            out.append(i)
        return out


def run(args, ok=(0, 1)):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in ok:
        raise SystemExit(f"{' '.join(args)}: exit status {p.returncode}\n{p.stderr}")
    return p.stdout


def scenario_of(referee, src, game, given=None):
    """The scenario the game names (or the one given for it), as `referee scenarios --show` takes it."""
    if given:
        return json.loads(run([referee, "scenarios", "--show", given, "--format", "json"], ok=(0,)))
    path = os.path.join(src, game)
    with open(path, encoding="utf-8") as f:
        head = f.read(20000)
    name = None
    if game.endswith(".xml"):
        import re
        m = re.search(r'scenario="([^"]+)"', head)
        name = m.group(1) if m else None
    else:
        for line in head.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("game "):
                name = line.split()[1]
                break
    if name and ("/" in name or name.endswith(".xml")):  # a scenario file: the samples' are in samples/scenarios/
        name = os.path.join(src, "samples", "scenarios", name)
    return json.loads(run([referee, "scenarios", "--show", name, "--format", "json"], ok=(0,)))


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    referee, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
    chromium = sys.argv[4] if len(sys.argv) > 4 else (shutil.which("chromium") or shutil.which("chromium-browser"))
    browser = None if chromium == "none" else Browser(chromium)  # one Chromium for every page (browser.py)
    if not chromium:
        print("check_page: skipped: no Chromium installed (scripts/install-deps test installs Debian's chromium)")
        return 77
    os.makedirs(work, exist_ok=True)
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    for game, extra, given_scenario in every_sample(src):
        page = os.path.join(work, game.replace("/", "_") + ".html")
        path = os.path.join(src, game)
        extra = [os.path.join(src, a) if a.startswith("samples/") else a for a in extra]
        sp = [] if extra else ["--scenario-path", os.path.join(src, "samples", "scenarios")]  # the samples' scenario files
        with open(page, "w", encoding="utf-8") as f:
            f.write(run([referee, "check", "--format", "html"] + sp + [path, *extra], ok=(0, 1, 2)))  # a game not judged has a page too
        report = json.loads(run([referee, "check", "--format", "json", "--max-errors", "0"] + sp + [path, *extra], ok=(0, 1, 2)))
        verdict = run([referee, "check"] + sp + [path, *extra], ok=(0, 1, 2)).splitlines()[0][len(path) + 2:]
        if not browser:
            with open(page, encoding="utf-8") as f:
                made = f.read()
            expect(made.rstrip().endswith("</html>") and "<body" in made, f"{game}: the page is not a whole HTML document")
            for moment in ("end", "turn:1"):
                run([referee, "position"] + sp + [path, *extra, "--at", moment, "--format", "json"], ok=(0, 1, 2))
            print(f"check_page: {game}: page made (no browser: {chromium})")
            continue
        try:
            dom_text = browser.dom(page)
        except BrowserError as e:
            failures.append(f"{game}: Chromium: {e}")
            continue
        dom = Dom()
        dom.feed(dom_text)
        body = dom.find("body")[0]
        battrs = dom.elements[body][1]
        expect(battrs.get("data-script") == "ok", f"{game}: the page's script did not run (body data-script={battrs.get('data-script')!r})")
        expect("data-error" not in battrs, f"{game}: script error: {battrs.get('data-error')}")
        shown = dom.find(id="verdict")
        expect(len(shown) == 1 and dom.text[shown[0]].strip() == verdict,
               f"{game}: the verdict shown is {dom.text[shown[0]].strip() if shown else None!r}, the report's is {verdict!r}")
        listed = dom.find("li", cls="violation")
        expect(len(listed) == len(report["violations"]), f"{game}: {len(listed)} violations listed, the report has {len(report['violations'])}")
        for i in listed:
            for a in dom.find("a", within=i):
                target = dom.elements[a][1].get("href", "")[1:]
                expect(len(dom.find(id=target)) == 1, f"{game}: a violation links to #{target}, which the listing does not have")
        if not report.get("scores"):
            continue
        scen = scenario_of(referee, src, game, given_scenario)
        charts = dom.find(id="chart")
        expect(len(charts) == 1, f"{game}: no score chart")
        if charts:
            lines = dom.find("polyline", cls="series", within=charts[0])
            expect(len(lines) >= len(report["scores"]), f"{game}: {len(lines)} lines in the chart for {len(report['scores'])} sides")
        area = scen["map"] not in ("hex-columns", "hex-rows")
        for moment in ("end", "turn:1"):
            figs = dom.find("figure", cls="moment", data_moment=moment)
            answer = subprocess.run([referee, "position"] + sp + [path, *extra, "--at", moment, "--format", "json"], capture_output=True, text=True)
            # A moment the game never reaches (a save with a snapshot alone has no turn 1) has no map.
            expect(len(figs) == (1 if answer.returncode == 0 else 0), f"{game}: {len(figs)} maps for the moment {moment}")
            if not figs or answer.returncode != 0:
                continue
            pos = json.loads(answer.stdout)
            if area:
                rows = dom.find("tr", cls="space", within=figs[0])
                expect(len(rows) == len(pos["spaces"]), f"{game}: {len(rows)} spaces shown at {moment}, the position has {len(pos['spaces'])}")
            else:
                on_map = [u for u in pos["units"] if u["status"] == "on-map"]
                markers = dom.find("g", cls="unit", within=figs[0])
                expect(len(markers) == len(on_map), f"{game}: {len(markers)} unit markers at {moment}, {len(on_map)} units on the map")
                drawn = {dom.elements[m][1].get("data-unit") for m in markers}
                expect(drawn == {u["id"] for u in on_map}, f"{game}: the markers at {moment} are not the units on the map")
        if not area:
            grid = dom.find("g", id="grid")
            hexes = dom.find("polygon", cls="hex", within=grid[0]) if grid else []
            expect(len(hexes) == len(scen["locations"]), f"{game}: {len(hexes)} hexes drawn, the map has {len(scen['locations'])} locations")
        print(f"check_page: {game}: checked in Chromium")

    if browser:
        browser.close()
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
