"""The project's Python, one package: every command is a subcommand of
scripts/matrix.py (python3 -m matrix with scripts/ on the path is the
same; __main__.py lists them). Modules import each other relatively and
nothing else puts a folder on sys.path.

Layers, each importing only those below it:
  cells      the cell table build/cells.json (cells, trees, kernels)
  ktap       the one KTAP reader; timetable: what a run's stages took
  report     the report (expectations applied here only); mutants: the
             one kill rule; series, defects: what a posted series or a
             distribution kernel does, from the same verdicts
  db         the results store's file; store (ingest, history, check),
             compare, kcidb, dashboard on it
  lava/      the cells as LAVA jobs; mutation/: make mutation's mutants
"""
import os

# The checkout (scripts/matrix/ is two folders below it).
TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
