#!/usr/bin/env python3
"""The page of `referee diff --format html` opened in a real browser (issue 34; docs/diff.md).

For every pair of samples/disputes/checks.txt the page is written, opened in headless Chromium
(Debian's `chromium`), and the DOM the browser built is read back (one browser for every page: browser.py). What a person would
see is checked against what `referee diff --format json` says of the same pair:

  - the page says whether the copies are the same game, and how many differences there are;
  - one row a difference listed, in order, each marked by its kind and whether it is chance, with
    both copies' records as written;
  - both verdicts, each with its status;
  - where the copies differ, both maps just after the first divergence, each with its units drawn,
    and one row a unit that stands differently.

Usage: check_diff_page.py REFEREE SOURCE_DIR WORK_DIR [CHROMIUM]. Exit 0 all good, 1 a check failed,
77 (ctest's skip) when no Chromium is installed: scripts/install-deps test installs it.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Browser, BrowserError  # noqa: E402  (one Chromium for every page)
from check_page import Dom  # noqa: E402  (the same reading of a DOM as the game pages' test)


def pairs(src):
    with open(os.path.join(src, "samples", "disputes", "checks.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, args = line.split(": ", 1)
            yield name, shlex.split(args)


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    referee, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
    chromium = sys.argv[4] if len(sys.argv) > 4 else (shutil.which("chromium") or shutil.which("chromium-browser"))
    if not chromium:
        print("check_diff_page: skipped: no Chromium installed (scripts/install-deps test installs Debian's chromium)")
        return 77
    os.makedirs(work, exist_ok=True)
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    checked = 0
    browser = Browser(chromium)
    for name, args in pairs(src):
        page = os.path.join(work, name + ".html")
        html = subprocess.run([referee, *args, "--format", "html"], cwd=src, capture_output=True, text=True)
        js = subprocess.run([referee, *args, "--format", "json"], cwd=src, capture_output=True, text=True)
        if html.returncode not in (0, 1) or js.returncode != html.returncode:
            failures.append(f"{name}: exit status {html.returncode} (html), {js.returncode} (json): {html.stderr}{js.stderr}")
            continue
        with open(page, "w", encoding="utf-8") as f:
            f.write(html.stdout)
        want = json.loads(js.stdout)
        try:
            dom_text = browser.dom(page)
        except BrowserError as e:
            failures.append(f"{name}: Chromium: {e}")
            continue
        dom = Dom()
        dom.feed(dom_text)
        body = dom.elements[dom.find("body")[0]][1]
        expect(body.get("data-same") == ("true" if want["same"] else "false"), f"{name}: body data-same={body.get('data-same')!r}")
        expect(body.get("data-differences") == str(want["differences_total"]), f"{name}: body data-differences={body.get('data-differences')!r}")
        expect(body.get("data-result-changes") == ("true" if want["result_changes"] else "false"), f"{name}: data-result-changes")
        for copy in ("a", "b"):
            row = dom.find("tr", id=f"verdict-{copy}")
            expect(len(row) == 1, f"{name}: {len(row)} verdict rows for {copy}")
            if row:
                expect(dom.elements[row[0]][1].get("data-status") == want["verdicts"][copy]["status"],
                       f"{name}: verdict {copy} status {dom.elements[row[0]][1].get('data-status')!r}, the JSON's {want['verdicts'][copy]['status']!r}")
        rows = dom.find("tr", cls="difference")
        expect(len(rows) == len(want["differences"]), f"{name}: {len(rows)} difference rows, the JSON lists {len(want['differences'])}")
        for row, diff in zip(rows, want["differences"]):
            attrs = dom.elements[row][1]
            expect(attrs.get("data-kind") == diff["kind"], f"{name}: a row of kind {attrs.get('data-kind')!r}, the JSON's {diff['kind']!r}")
            expect(attrs.get("data-chance") == ("true" if diff["chance"] else "false"), f"{name}: a row's chance")
            for copy in ("a", "b"):
                cells = dom.find("td", cls="record", within=row)
                texts = [dom.text[c] for c in cells if copy in dom.elements[c][1].get("class", "").split()]
                if diff[copy]:
                    expect(texts == [diff[copy]["record"]], f"{name}: {copy}'s record shown {texts!r}, the JSON's {diff[copy]['record']!r}")
        if not want["same"]:
            maps = dom.find("figure", cls="map")
            expect(sorted(dom.elements[m][1].get("data-copy") for m in maps) == ["a", "b"], f"{name}: the maps are not one a copy")
            for m in maps:
                units = dom.find("g", cls="unit", within=m)
                expect(len(units) > 0, f"{name}: map {dom.elements[m][1].get('data-copy')} shows no unit")
            shown = dom.find("tr", cls="unit-apart")
            listed = len((want["divergence"] or {}).get("units", [])) + len((want["end"] or {}).get("units", []))
            expect(len(shown) == listed, f"{name}: {len(shown)} units standing differently shown, the JSON has {listed}")
        checked += 1
        print(f"check_diff_page: {name}: checked in Chromium")
    browser.close()
    expect(checked >= 6, f"{checked} pairs checked, expected at least 6")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
