"""The output folder: a random generator for each input (seeded by --seed and the input's name, so
the same repository gives the same files, byte for byte), each input written with its manifest row
(path, family, what it was made from, how), and OUT/MANIFEST.tsv, the rows sorted by path."""
import os
import random


class Corpus:
    def __init__(self, out, seed):
        self.out, self.seed, self.manifest = out, seed, []

    def rng(self, name):
        return random.Random(f"{self.seed}:{name}")

    def write(self, rel, data, family, origin, how):
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        mode = "wb" if isinstance(data, bytes) else "w"
        with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": ""})) as f:
            f.write(data)
        self.manifest.append((rel, family, origin, how))

    def write_manifest(self):
        with open(os.path.join(self.out, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
            f.write("# path\tfamily\tmade from\thow\n")
            for row in sorted(self.manifest):
                f.write("\t".join(row) + "\n")
