#!/usr/bin/env python3
"""The JSON report against its schema, docs/report.schema.json (docs/report.md, "The JSON report").

    report_schema.py --source SRC --referee BIN --work DIR
        The whole check (ctest report_schema): the schema is a valid JSON Schema; it rejects reports
        broken in known ways (each mutation of a sample's report, and of a VASSAL game's report with
        its module and audit, tests/data/report-schema/vassal-audit.json, must add an error); every
        sample's expected report (samples/expected/**/*.json) is valid; and so is what `referee check
        --format json` says now on every sample game (one file; several at once: an array; the
        VASSAL samples by their lines of samples/vassal/checks.txt, where there is one), on a file
        that does not exist, and on a small VASSAL game (tests/cli/vassal: places are steps), judged
        and not.

    report_schema.py --source SRC FILE...
        Validates these report files only (a file may hold one report or an array of them).

Exit status 0 when everything is as it should be, 1 otherwise (each problem printed), 2 on a usage
error or when the validator is missing. Needs Debian's python3-jsonschema (scripts/install-deps).
"""
import argparse
import copy
import glob
import json
import os
import subprocess
import sys
import zipfile

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:  # never a silent pass: the test fails and says why
    print("report_schema.py: the Python module jsonschema (Debian's python3-jsonschema, 4.0 or later) is missing: "
          "run scripts/install-deps", file=sys.stderr)
    sys.exit(2)


def where(error):
    """The place of an error in the report, as a JSON pointer ("/violations/0/severity")."""
    return "/" + "/".join(str(p) for p in error.absolute_path)


def errors_of(validator, report):
    """Every error, as (place, message) pairs, the deepest one for a choice between schemas."""
    out = set()
    for e in validator.iter_errors(report):
        best = jsonschema.exceptions.best_match(e.context) if e.context else None
        out.add((where(e), e.message if best is None else f"{e.message} ({where(best)}: {best.message})"))
    return out


def reports_in(doc):
    return doc if isinstance(doc, list) else [doc]


class Check:
    def __init__(self, schema_path):
        with open(schema_path, encoding="utf-8") as f:
            self.schema = json.load(f)
        Draft202012Validator.check_schema(self.schema)  # raises on a schema that is not one
        self.validator = Draft202012Validator(self.schema)
        self.failures = 0
        self.checked = 0

    def validate(self, name, doc):
        """Every report in doc (an object or an array) against the schema; prints each error."""
        if isinstance(doc, list) and not doc:
            self.fail(f"{name}: an empty array holds no report")
        for i, report in enumerate(reports_in(doc)):
            label = name if not isinstance(doc, list) else f"{name}[{i}]"
            self.checked += 1
            for place, message in sorted(errors_of(self.validator, report)):
                self.fail(f"{label}: {place}: {message}")

    def fail(self, text):
        self.failures += 1
        print(f"FAILED {text}")


# Mutations that break a report; each must add at least one error to those the report already has
# (so that they show on a branch whose reports lack some field as well). (what, function)
def _set(path, value):
    def apply(r):
        node = r
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value
    return apply


def _delete(path):
    def apply(r):
        node = r
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]
    return apply


MUTATIONS = [
    ("no violations", _delete(["violations"])),
    ("no result", _delete(["result"])),
    ("an unknown field", _set(["verdict"], "Union")),
    ("a severity that is neither error nor warning", _set(["violations", 0, "severity"], "fatal")),
    ("a line as a string", _set(["violations", 0, "line"], "40")),
    ("a violation with a line and a step", _set(["violations", 0, "step"], 3)),
    ("an empty rule", _set(["violations", 0, "rule"], "")),
    ("a rule citing the contract's page, not the project's", _set(["violations", 1, "rule"], "move-log.md unit records")),
    ("a rule citing a page without its section", _set(["violations", 1, "rule"], "docs/move-log.md")),
    ("a code with capitals", _set(["violations", 0, "code"], "Path-Gap")),
    ("a winner that is a number", _set(["result", "winner"], 3)),
    ("points as a string", _set(["scores", 1, "items", 0, "points"], "20")),
    ("a total with a fraction", _set(["scores", 1, "total"], 20.5)),
    ("a claim without 'agrees'", _delete(["claims", 0, "agrees"])),
    ("format 2", _set(["format"], 2)),
    ("an unknown status", _set(["status"], "won")),
    ("a sha256 in capitals", _set(["sha256"], "A" * 64)),
    ("a player without a side", _set(["players"], [{"name": "A. Smith"}])),
    ("a tag that is a number", _set(["tags"], {"round": 2})),
    ("decided with no winner", lambda r: (_set(["status"], "decided")(r), _set(["result", "winner"], None)(r))),
    ("draw with a winner", lambda r: (_set(["status"], "draw")(r), _set(["result", "winner"], "Union")(r))),
    ("violations_omitted of 0", _set(["violations_omitted"], 0)),
    ("violations_not_kept of 0", _set(["violations_not_kept"], 0)),
    ("violations_not_kept as a string", _set(["violations_not_kept"], "10")),
    ("a VASSAL module in a report whose places are lines",
     lambda r: (_set(["module"], {"name": "M", "version": "1", "sha256": "0" * 64})(r),
                _set(["audit"], {"undos": [], "dice": []})(r))),
]

# Mutations of a VASSAL game's report (places are steps; module and audit).
VASSAL_MUTATIONS = [
    ("a violation with a line", _set(["violations", 0, "line"], 3)),
    ("a result with a line", _set(["result", "line"], 3)),
    ("a module without its sha256", _delete(["module", "sha256"])),
    ("a module's sha256 in capitals", _set(["module", "sha256"], "A" * 64)),
    ("an audit without the module", _delete(["module"])),
    ("a module without the audit", _delete(["audit"])),
    ("an undo that is neither marked nor probable", _set(["audit", "undos", 0, "undo"], "maybe")),
    ("an undo's rolls as one string", _set(["audit", "undos", 1, "rolled"], "1d6 = 2")),
    ("a roll as text, not its button and result", _set(["audit", "undos", 1, "rolled", 0], "1d6 = 2")),
    ("an unknown field in an undo", _set(["audit", "undos", 0, "when"], "late")),
    ("a player's rolls below 0", _set(["audit", "dice", 0, "rolls"], -1)),
    ("a p-value above 1", _set(["audit", "dice", 0, "dice", 0, "p_value"], 1.5)),
    ("a chi-square below 0", _set(["audit", "dice", 0, "dice", 0, "chi_square"], -0.5)),
    ("faces as text", _set(["audit", "dice", 0, "dice", 0, "faces"], "1 0 2 1 0 2")),
    ("a die size without df", _delete(["audit", "dice", 0, "dice", 0, "df"])),
]


def check_rejects(check, base_name, base, mutations):
    """Each mutation of base must add an error to the ones base already has."""
    before = errors_of(check.validator, base)
    for what, mutate in mutations:
        broken = copy.deepcopy(base)
        mutate(broken)
        if not errors_of(check.validator, broken) - before:
            check.fail(f"the schema accepts a report of {base_name} with {what}")


def run_referee(referee, args, cwd):
    # The samples' scenario files are in samples/scenarios/ (a game names them through --scenario-path).
    scenarios = os.path.join(cwd, "samples", "scenarios")
    p = subprocess.run([referee, "check", "--format", "json", "--scenario-path", scenarios] + args, cwd=cwd, capture_output=True,
                       text=True)
    if p.returncode not in (0, 1, 2):
        raise RuntimeError(f"referee check {' '.join(args)} exited {p.returncode}: {p.stderr}")
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError as e:
        raise RuntimeError(f"referee check {' '.join(args)}: not JSON ({e}): {p.stdout[:200]!r} {p.stderr[:200]!r}")


def sample_games(src):
    """The sample games of samples/FAMILY/ (not the VASSAL ones: vassal_checks)."""
    games = []
    for path in sorted(glob.glob(os.path.join(src, "samples", "*", "*"))):
        family = os.path.basename(os.path.dirname(path))
        if family in ("expected", "scenarios", "vassal") or os.path.basename(path) == "README.md" or not os.path.isfile(path):
            continue
        games.append(os.path.relpath(path, src))
    return games


def vassal_checks(src):
    """The VASSAL samples' commands (samples/vassal/checks.txt, `NAME: check ARGS...`), as the
    arguments after `referee check`; none when the file is not there."""
    path = os.path.join(src, "samples", "vassal", "checks.txt")
    if not os.path.isfile(path):
        return []
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or ": " not in line:
                continue
            name, command = line.split(": ", 1)
            words = command.split()
            if words[:1] == ["check"]:
                out.append((name, words[1:]))
    return out


def whole_check(check, src, referee, work):
    # The samples' expected reports (not samples/expected/disputes/: what `referee diff` writes, another form).
    expected = sorted(p for p in glob.glob(os.path.join(src, "samples", "expected", "**", "*.json"), recursive=True)
                      if os.sep + "disputes" + os.sep not in p)
    if not expected:
        check.fail("no samples/expected/**/*.json")
    for path in expected:
        with open(path, encoding="utf-8") as f:
            check.validate(os.path.relpath(path, src), json.load(f))

    # The schema rejects broken reports: mutations of a sample's report with a violation, a claim
    # and score items.
    with open(os.path.join(src, "samples", "expected", "maryes-heights", "hazel-run.json"), encoding="utf-8") as f:
        check_rejects(check, "hazel-run", json.load(f), MUTATIONS)
    # A VASSAL game's report with its module and audit, written by hand in the form of
    # validator/report/report.cpp: valid, and each mutation of it is not.
    vassal_report = os.path.join(src, "tests", "data", "report-schema", "vassal-audit.json")
    with open(vassal_report, encoding="utf-8") as f:
        audited = json.load(f)
    check.validate(os.path.relpath(vassal_report, src), audited)
    check_rejects(check, "vassal-audit", audited, VASSAL_MUTATIONS)

    # What referee says now, on every sample game, as the expected reports name them (from SRC).
    games = sample_games(src)
    if not games:
        check.fail("no sample games in samples/")
    for game in games:
        check.validate(f"referee check --format json {game}", run_referee(referee, [game], src))
    several = run_referee(referee, games[:3], src)
    if not isinstance(several, list) or len(several) != 3:
        check.fail("referee check --format json on three files does not give an array of three reports")
    check.validate("referee check --format json (three files)", several)
    check.validate("referee check --format json (a file that does not exist)",
                   run_referee(referee, ["tests/no-such-game.log"], src))
    for name, args in vassal_checks(src):
        report = run_referee(referee, args, src)
        if "step" not in report.get("result", {}):
            check.fail(f"the VASSAL sample {name}: its report has no result.step")
        check.validate(f"referee check --format json {' '.join(args)}", report)

    # A VASSAL game: places are steps. The log is zipped here from its !VCSK text, as
    # tests/cli/cli_test.cmake does.
    os.makedirs(work, exist_ok=True)
    vdir = os.path.join(src, "tests", "cli", "vassal")
    game = os.path.join(work, "game.vlog")
    with zipfile.ZipFile(game, "w") as z:
        z.write(os.path.join(vdir, "savedGame.vcsk"), "savedGame")
    module = ["--module", os.path.join(vdir, "buildFile.xml")]
    binding = ["--scenario", os.path.join(vdir, "binding.xml")]
    judged = run_referee(referee, [game] + module + binding, src)
    if "step" not in judged.get("result", {}):
        check.fail("the VASSAL game's report has no result.step: it does not test the steps' form")
    check.validate("referee check --format json game.vlog --module --scenario", judged)
    check.validate("referee check --format json game.vlog --module (no scenario: not judged)",
                   run_referee(referee, [game] + module, src))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", required=True, help="the source tree (the schema, the samples)")
    ap.add_argument("--referee", help="the referee binary: the whole check")
    ap.add_argument("--work", help="a folder for the files the whole check writes")
    ap.add_argument("files", nargs="*", help="report files to validate (without --referee)")
    a = ap.parse_args()
    if bool(a.referee) == bool(a.files) or (a.referee and not a.work):
        ap.error("give --referee BIN --work DIR for the whole check, or report FILEs")
    check = Check(os.path.join(a.source, "docs", "report.schema.json"))
    if a.referee:
        whole_check(check, a.source, os.path.abspath(a.referee), os.path.abspath(a.work))
    for path in a.files:
        with open(path, encoding="utf-8") as f:
            check.validate(path, json.load(f))
    if check.failures:
        print(f"report_schema.py: {check.failures} problem(s) in {check.checked} report(s)")
        return 1
    print(f"report_schema.py: {check.checked} report(s) valid against docs/report.schema.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
