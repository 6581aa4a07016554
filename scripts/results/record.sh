#!/bin/sh
# record.sh KIND ENGINE REPORTDIR RESULTS INFO CELLMAP: after report.sh
# wrote REPORTDIR/verdicts.tsv, append this run (RUN_ID) to the store
# (RESULTS_DB); for a matrix also the dashboard (DASHBOARD_DIR, a lab's
# in REPORTDIR) and, with BASELINE=, fail on any regression against it.
set -eu
kind=$1 engine=$2 rep=$3 res=$4 info=$5 map=$6
here=$(dirname "$0")
"$here/../matrix.py" store ingest --kind "$kind" --engine "$engine" --report "$rep" \
	--results "$res" --info "$info" --cellmap "$map"
[ "$kind" = matrix ] || exit 0
dash=${DASHBOARD_DIR:-$rep}
[ "$engine" = local ] || dash=$rep
"$here/../matrix.py" store dashboard "${RUN_ID:-latest}" "$dash"
[ -z "${BASELINE:-}" ] || "$here/../matrix.py" store compare "$BASELINE" "${RUN_ID:-latest}" --gate
