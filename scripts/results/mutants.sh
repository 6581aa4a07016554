#!/bin/sh
# mutants.sh RESULTS EXPECTED INFO OUTDIR "MUTANT REF CELL..."...: every
# mutant must be killed (a case that passes on REF, its tree's patched,
# fails on it, compat-tests/randomized's not counted, or a splat); writes
# OUTDIR/mutants.txt, fails on a survivor or a cell that did not finish.
# The rule, and what each argument means: scripts/results/mutants.py.
exec python3 "$(dirname "$0")/mutants.py" "$@"
