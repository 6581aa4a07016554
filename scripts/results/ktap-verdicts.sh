#!/bin/sh
# ktap-verdicts.sh [-s] FILE...: one "test.case PASS|FAIL|SKIP" line per
# case of the matrix's KTAP, as the report names its rows; -s also each
# program's "# summary: " lines as "# summary <text>". The reader itself,
# the one in the project, is scripts/results/ktap.py.
exec python3 "$(dirname "$0")/ktap.py" verdicts "$@"
