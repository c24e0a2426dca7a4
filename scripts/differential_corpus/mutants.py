"""OUT/mut/FAMILY/: the mutants of each sample and generated game (scaled(per) of each, one to five
mutations each): a save's through save_mutants.py, a log's through log_mutants.py (12% of them
written as XML saves), named STEM.mNNN.OPS.EXT and recorded in the manifest with their operations.
A mutant whose operations all found nothing to change is not written."""
import os

from .log_mutants import mutate_log
from .movelog import Game
from .save_mutants import mutate_save
from .xml_saves import Save, log_to_xml


def write_mutants(c, scen, inputs, scaled):
    """inputs: (family, file name, text, mutants at scale 1, origin) tuples. Returns how many were written."""
    nmut = 0
    for fam, name, text, per, origin in inputs:
        stem, ext = os.path.splitext(name)
        rng = c.rng(f"mut:{fam}/{name}")
        if ext == ".xml":
            save = Save(text, scen)
        else:
            game = Game(text, scen)
        for k in range(scaled(per)):
            nops = rng.choices([1, 2, 3, 5], weights=[60, 25, 10, 5])[0]
            if ext == ".xml":
                lines, ops = mutate_save(rng, save, nops)
                data = "\n".join(lines) + "\n"
                oext = ".xml"
            else:
                lines, ops = mutate_log(rng, game, nops)
                if rng.random() < 0.12:       # the mutant as an XML save
                    data, oext = log_to_xml(game, lines), ".xml"
                    ops = ops + ["as-xml"]
                else:
                    data, oext = game.text(lines), ".log"
            if not ops:
                continue
            tag = "+".join(o.replace("/", "_") for o in ops)[:60]
            c.write(f"mut/{fam}/{stem}.m{k:03d}.{tag}{oext}", data, fam, origin, " ".join(ops))
            nmut += 1
    return nmut
