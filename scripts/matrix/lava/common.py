"""What every part of scripts/matrix/lava/ shares: where things are, the cell
table (scripts/matrix/cells.py), the one-line error, lava-run's log lines,
and the report (scripts/matrix/report.py) on a results folder.

  build/lava/jobs/<cell>/   job.yaml, the kernel and the initramfs,
                            device.yaml + dispatcher.yaml (for lava-run),
                            cell.json (the cell's row of the table), manifest.json
  build/lava/manifest.json  every exported cell
  build/lava/results/<row>/<arch>/  as build/results: status, <suite>.ktap,
                            problem, plus console.log, lava.log, lava-results
  build/lava/times          what validation and runs took
"""
import json
import os
import subprocess
import sys
import time

from .. import TOP, cells

# scripts/lava/: the job templates and the reference jobs (data, beside lava.sh).
DATA = os.path.join(TOP, "scripts/lava")
B = os.environ.get("B", os.path.join(TOP, "build"))
L = os.path.join(B, "lava")
Bad = cells.Bad
sha256 = cells.sha256_file
# "lava" or "lab": what the one-line errors start with.
PREFIX = "lava"


def die(msg, code=2):
    print("%s: %s" % (PREFIX, msg), file=sys.stderr)
    sys.exit(code)


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def note_time(what, seconds, detail=""):
    os.makedirs(L, exist_ok=True)
    with open(os.path.join(L, "times"), "a") as f:
        f.write("%s\t%.1f\t%s\t%s\n" % (what, seconds, time.strftime("%F %T"), detail))


# --- the cell table ------------------------------------------------------------------
_table = None


def table():
    """build/cells.json (CELLS_JSON: another), written by make."""
    global _table
    if _table is None:
        _table = cells.Table(os.environ.get("CELLS_JSON") or os.path.join(B, "cells.json"))
    return _table


def job_dir(cell):
    return os.path.join(L, "jobs", cell)


def job_cell(cell, d=None, hint=None):
    """The cell's row as export wrote it beside its job."""
    p = os.path.join(d or job_dir(cell), "cell.json")
    if not os.path.exists(p):
        raise Bad("%s: not exported (%s)" % (cell, hint or "scripts/lava/lava.sh export %s" % cell))
    with open(p) as f:
        return json.load(f)


def report(results_root, outdir, rows, expected_failures):
    """The report (scripts/matrix/report.py, the project's one place
    expectations are applied) of the cells ROWS (as exported beside their
    jobs) on RESULTS_ROOT into OUTDIR, headed by the trees' facts of the
    cell table: (exit code, its output)."""
    env = dict(os.environ)
    env.pop("TIMES", None)
    try:
        head = {k: table().data.get(k, v) for k, v in (("trees", {}), ("distro", []))}
    except Bad:
        head = {}
    os.makedirs(outdir, exist_ok=True)
    t = os.path.join(outdir, "cells.json")
    with open(t, "w") as f:
        json.dump(dict(head, run=[c["id"] for c in rows], cells=rows), f, indent=1)
    p = subprocess.run([os.path.join(TOP, "scripts/matrix.py"), "report", t, results_root,
                        expected_failures, outdir] + [c["id"] for c in rows],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    return p.returncode, p.stdout


# --- lava-run's log --------------------------------------------------------------------
def log_entries(text):
    """(lvl, msg) of each line of lava-run's log (JSON, or YAML flow when a
    value carries a tag: "size": ! "123")."""
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for line in text.splitlines():
        if not line.startswith("{"):
            continue
        try:
            e = json.loads(line)
        except ValueError:
            try:
                e = yaml.load(line, Loader=loader)
            except yaml.YAMLError:
                continue
        if isinstance(e, dict) and "lvl" in e:
            yield e["lvl"], e.get("msg")
