"""The inputs the mutants are made from: every sample game, copied as a tree with
samples/scenarios/ (so that `game ../scenarios/x.xml` resolves; samples/expected/ is left out, and
the scenario files are copied again to mut/scenarios/ for the mutants), the fuzz regressions, and
legal games of bench's referee_gen for each family, logs and saves, 50 to 3000 records, a seed
each. find_gen finds referee_gen, or builds it in <repo>/build-gen."""
import os
import shutil
import subprocess
import sys

from . import REPO

GEN_FAMILIES = ["maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death-1775"]
GEN_SIZES = [50, 80, 120, 200, 300, 500, 800, 1200, 2000, 3000]


def find_gen(gen):
    """referee_gen: GEN (--gen), or $REFEREE_GEN, or else built in <repo>/build-gen."""
    gen = gen or os.environ.get("REFEREE_GEN")
    if gen:
        return gen
    bdir = os.path.join(REPO, "build-gen")
    gen = os.path.join(bdir, "bench", "referee_gen")
    print(f"building referee_gen in {bdir}", file=sys.stderr)
    subprocess.run(["cmake", "-S", REPO, "-B", bdir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DREFEREE_BENCH=ON",
                    "-DREFEREE_TESTS=OFF"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", bdir, "-j2", "--target", "referee_gen"], check=True, stdout=subprocess.DEVNULL)
    return gen


def copy_samples(c):
    """OUT/samples/ and OUT/mut/scenarios/; returns the sample games to mutate, as mutants.py takes them."""
    out = c.out
    samples = []
    for fam in sorted(os.listdir(os.path.join(REPO, "samples"))):
        d = os.path.join(REPO, "samples", fam)
        if fam == "expected" or not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            src = os.path.join(d, f)
            if fam == "scenarios":
                os.makedirs(os.path.join(out, "samples", "scenarios"), exist_ok=True)
                shutil.copyfile(src, os.path.join(out, "samples", "scenarios", f))
                continue
            if not f.endswith((".log", ".xml")):
                continue
            data = open(src, "rb").read()
            c.write(f"samples/{fam}/{f}", data, fam, f"samples/{fam}/{f}", "sample")
            samples.append((fam, f, data.decode("utf-8", "replace"), 56, f"samples/{fam}/{f}"))
    shutil.copytree(os.path.join(out, "samples", "scenarios"), os.path.join(out, "mut", "scenarios"))
    return samples


def copy_regressions(c):
    """OUT/fuzz/: fuzz/regressions/ (not mutated)."""
    regdir = os.path.join(REPO, "fuzz", "regressions")
    for dp, dn, fn in sorted(os.walk(regdir)):
        dn.sort()
        for f in sorted(fn):
            rel = os.path.relpath(os.path.join(dp, f), regdir)
            c.write(f"fuzz/{rel}", open(os.path.join(dp, f), "rb").read(), "fuzz", f"fuzz/regressions/{rel}", "regression")


def generate(c, gen, scaled):
    """OUT/gen/FAMILY/: scaled(24) games a family; returns them to mutate, as mutants.py takes them."""
    gens = []
    for fam in GEN_FAMILIES:
        fam_dir = "liberty-or-death" if fam.startswith("liberty") else fam
        for k in range(scaled(24)):
            fmt = "xml" if k % 4 == 3 else "log"
            seed = 1000 * (GEN_FAMILIES.index(fam) + 1) + k
            size = GEN_SIZES[k % len(GEN_SIZES)] if k < len(GEN_SIZES) * 2 else c.rng(f"size{fam}{k}").choice(GEN_SIZES)
            r = subprocess.run([gen, fam, str(size), fmt, str(seed)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
            text = r.stdout.decode("utf-8")
            name = f"{fam}-n{size}-s{seed}.{fmt}"
            c.write(f"gen/{fam_dir}/{name}", text, fam_dir, f"referee_gen {fam} {size} {fmt} {seed}", "generated")
            gens.append((fam_dir, name, text, 18, f"gen/{fam_dir}/{name}"))
    return gens
