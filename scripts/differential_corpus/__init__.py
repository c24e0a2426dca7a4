"""The modules of scripts/differential-corpus, which fills a folder with the differential harness's
inputs (docs/differential.md). Each module opens by saying what it makes:
  sources.py       step 1 and 2: the samples, the fuzz regressions, and games of bench's referee_gen
  mutants.py       step 3: the mutants of each of those inputs, named and recorded in the manifest
  log_mutants.py   mutations of a move log's lines
  insertions.py    records that break the rules, for log and save mutants to insert
  save_mutants.py  mutations of an XML save and its snapshot
  xml_saves.py     save elements, log records written as XML, and reading a save
  movelog.py       a move log's tokens and lines, its vocabulary, and a rough replay
  values.py        other values of a game (units, locations, sides, phases, numbers) and near misses
  scenarios.py     what the mutations need to know of each scenario
  manifest.py      the output folder: seeded random generators, the files, and MANIFEST.tsv
Standard library only."""
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
