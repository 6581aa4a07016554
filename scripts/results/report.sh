#!/bin/sh
# report.sh RESULTS EXPECTED INFO OUTDIR CELL...: the matrix's report
# (report.txt, verdicts.tsv, cells.tsv, junit.xml under OUTDIR, the time
# table with TIMES); exits 1 on any failure. The code, and what each
# argument means: scripts/results/report.py.
exec python3 "$(dirname "$0")/report.py" "$@"
