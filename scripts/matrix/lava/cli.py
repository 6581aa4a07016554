"""The matrix's cells as LAVA jobs (Debian 12's lava-dispatcher 2023.01).

Called through scripts/lava/lava.sh; see there for the commands. Everything is
written under build/lava/ (and build/lab/); build artifacts are only read.
The parts, one concern each:
  common.py   paths, the cell table (build/cells.json, scripts/matrix/cells.py),
              the one-line error, lava-run's log lines, the report
  jobs.py     export (templates/, one per job kind) and validation; refs/
  local.py    lava-run on this machine; its log read back; monitor replay
  lab.py      the jobs on a LAVA server through lavacli
  crosscheck.py  LAVA's verdicts against make matrix's, the mutant rule
  selfcheck.py, selfcheck_lab.py  the traps, on fake consoles and a fake lavacli
"""
from . import common as C, crosscheck, jobs, lab, local, selfcheck


def main(argv):
    if not argv:
        C.die("usage: lava.sh export|validate|run|compare|lab|lab-cell|compare-lab|compare-mutation|refs|selfcheck ...")
    cmd, args = argv[0], argv[1:]
    if cmd in ("lab", "lab-args", "lab-url", "lab-cell", "compare-lab"):
        C.PREFIX = "lab"
    try:
        if cmd == "export":
            jobs.export(args)
            return 0
        if cmd == "validate":
            return jobs.validate([C.job_dir(c) for c in args])
        if cmd == "refs":
            write = args[:1] == ["--write"]
            return jobs.refs(args[1:] if write else args, write=write)
        if cmd == "run":
            if len(args) != 1:
                C.die("usage: lava.sh run CELL")
            return local.run(args[0])
        if cmd == "compare":
            return max([crosscheck.compare(c) for c in args] or [C.die("usage: lava.sh compare CELL...")])
        if cmd == "lab":
            return lab.lab(args)
        if cmd == "lab-args":
            lab.lab_args(args)
            return 0
        if cmd == "lab-cell":
            return lab.lab_cell(args)
        if cmd == "lab-knobs":
            return lab.lab_knobs()
        if cmd == "compare-lab":
            return crosscheck.compare_lab(args)
        if cmd == "compare-mutation":
            return crosscheck.compare_mutation(args)
        if cmd in ("url", "lab-url"):
            # make's check of ARTIFACT_URL before any work; lab-url says it
            # as make lab does (lab: <its first cell>: ...).
            if len(args) not in (1, 2):
                C.die("usage: lava.sh url|lab-url ARTIFACT_URL [CELL]")
            jobs.check_url(args[1] if len(args) == 2 else "-", args[0])
            return 0
        if cmd == "selfcheck":
            return selfcheck.main(args)
        C.die("no command %r (export, validate, run, compare, lab, lab-cell, compare-lab, compare-mutation, refs, selfcheck)" % cmd)
    except C.Bad as e:
        C.die(str(e))
    return 0
