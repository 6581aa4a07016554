"""make lab: the exported jobs on a LAVA server through lavacli (-i
LAVA_IDENTITY: submit, wait, show, logs --raw, results --yaml), read back
as local lava-run's are (local.py) and reported as make matrix's; and
make mutation LAVA_IDENTITY='s cells, each one job as it is ready
(lab_cell, the same functions), read back into the cell's own folder.

build/lab/jobs: "<cell> <job id>" as submitted; build/lab/results/<row>/<arch>/
as build/results (plus console.log, lava.log: the raw job log, lava-results,
lava-job); build/lab/report: the matrix's report of them. A problem with
the input or the server (identity, token, a job rejected) stops before any
report; a job that ends Incomplete or Canceled fails its cell."""
import json
import os
import re
import shutil
import subprocess
import sys
import time

from . import common as C, jobs, local

LAVACLI = os.environ.get("LAVACLI", "lavacli")
LAB = os.path.join(C.B, "lab")
# How often lavacli asks the server about a job.
LAB_POLL = int(os.environ.get("LAB_POLL", "5"))


def lavacli(ident, *args):
    """(exit code, stdout + stderr) of lavacli -i IDENT ARGS."""
    try:
        p = subprocess.run([LAVACLI, "-i", ident] + [str(a) for a in args],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise C.Bad("-: no %s (apt-get install --no-install-recommends lavacli)" % LAVACLI)
    return p.returncode, p.stdout + p.stderr


def lavacli_cause(ident, out):
    """What lavacli's answer says about the identity or the server; None if
    it is not one of those."""
    # lavacli names the URL with the user's token in it.
    out = re.sub(r"//([^:/@\s]+):[^@/\s]+@", r"//\1:<token>@", out)
    last = (out.strip().splitlines() or [""])[-1]
    if out.startswith("Unknown identity"):
        return "LAVA_IDENTITY=%s: no such lavacli identity (lavacli identities list)" % ident
    if re.search(r"\b(401|403)\b|Unauthorized|Forbidden|[Aa]uthentication", out):
        return "the server refuses identity %s's token: %s" % (ident, last)
    if "Unable to connect" in out or "Connection refused" in out or "Max retries" in out:
        return "cannot reach the server of identity %s: %s" % (ident, last)
    return None


def lab_check_identity(cell, ident):
    """The identity exists, the server answers and takes its token (a
    refused token is only seen when it is used: whoami sends it)."""
    if not ident:
        raise C.Bad("%s: LAVA_IDENTITY is empty (a lavacli identity: lavacli identities add)" % cell)
    rc, out = lavacli(ident, "system", "whoami")
    why = lavacli_cause(ident, out)
    if why:
        raise C.Bad("%s: %s" % (cell, why))
    if rc != 0:
        raise C.Bad("%s: lavacli -i %s system whoami: %s" % (cell, ident, (out.strip().splitlines() or ["exit %d" % rc])[-1]))
    if out.strip() == "<AnonymousUser>":
        raise C.Bad("%s: identity %s has no user and token: the server takes it as anonymous" % (cell, ident))


def lab_job(cell, url):
    """The exported job of CELL; its images must come from URL."""
    d = C.job_dir(cell)
    hint = "make lava ARTIFACT_URL=%s" % url
    c = C.job_cell(cell, d, hint)
    if not os.path.exists(os.path.join(d, "job.yaml")):
        raise C.Bad("%s: not exported (%s)" % (cell, hint))
    import yaml
    try:
        job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
        imgs = next(a["deploy"] for a in job["actions"] if "deploy" in a)["images"]
    except (yaml.YAMLError, TypeError, KeyError, StopIteration) as e:
        raise C.Bad("%s: %s/job.yaml is not a job of make lava: %s" % (cell, d, str(e).splitlines()[0]))
    for img in imgs.values():
        if not img["url"].startswith(url + "/"):
            raise C.Bad("%s: job.yaml fetches %s, not from ARTIFACT_URL=%s (make lava ARTIFACT_URL=%s)"
                      % (cell, img["url"], url, url))
    return d, job, c


def lab_submit(ident, cell, path):
    rc, out = lavacli(ident, "jobs", "submit", path)
    m = re.match(r"^\s*(\d+)\s*$", out)
    if rc == 0 and m:
        return m.group(1)
    # lavacli exits 0 when the server rejects a job: its text says so.
    why = lavacli_cause(ident, out)
    if why:
        raise C.Bad("%s: %s" % (cell, why))
    msg = re.sub(r"^Unable to submit [^:]*: ", "", out.strip().splitlines()[-1] if out.strip() else "rc %d" % rc)
    raise C.Bad("%s: the server rejects the job: %s" % (cell, msg))


def lab_show(ident, jid):
    rc, out = lavacli(ident, "jobs", "show", jid, "--json")
    try:
        return json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise C.Bad("-: lavacli jobs show %s: %s" % (jid, out.strip()[-200:]))


def raw_log_text(raw):
    """lavacli jobs logs --raw (a YAML list, one entry a line) as the JSON
    lines of lava-run's own log, which log_entries reads."""
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out = []
    for line in raw.splitlines():
        if not line.startswith("- {"):
            continue
        try:
            e = yaml.load(line[2:], Loader=loader)
        except yaml.YAMLError:
            continue
        if isinstance(e, dict):
            if isinstance(e.get("msg"), bytes):
                e["msg"] = e["msg"].decode("utf-8", "replace")
            out.append(json.dumps(e, default=str))
    return "\n".join(out) + "\n"


def server_results(text):
    """lavacli results --yaml: [(suite, case, result)] of the monitors, in
    the order logged (LAVA's own suite "lava" apart)."""
    import yaml
    try:
        res = yaml.safe_load(text) or []
    except yaml.YAMLError as e:
        raise ValueError(str(e).splitlines()[0])
    if not isinstance(res, list):
        raise ValueError("not a list of results")
    res = sorted(res, key=lambda r: int(r.get("id") or 0))
    return [(r["suite"], r["name"], r["result"]) for r in res if r.get("suite") != "lava"]


def lab_collect(ident, cell, c, jid, job, outdir):
    """A finished job (folder CELL, cell C): its console split as boot.sh's
    into OUTDIR, per-case results from the server, the job's health; returns
    (status, one line or None, the server's view of the job)."""
    show = lab_show(ident, jid)
    health = show.get("health") or "Unknown"
    _, raw = lavacli(ident, "jobs", "logs", jid, "--raw", "--no-follow")
    text = raw_log_text(raw)
    rc, rtext = lavacli(ident, "results", jid, "--yaml")
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    with open(os.path.join(outdir, "lava.log"), "w") as f:
        f.write(raw)
    console = local.console_from_log(text)
    with open(os.path.join(outdir, "console.log"), "w") as f:
        f.write(console)
    done = health == "Complete"
    qrc, tmo = local.lava_end(text, 0 if done else 1, c["timeout"])
    local.split_console(outdir, os.path.join(outdir, "console.log"), qrc, tmo)
    try:
        lava = server_results(rtext) if rc == 0 else None
    except (ValueError, KeyError, TypeError) as e:
        lava = None
        rtext = "%s: %s" % (e, rtext)
    probs = []
    if lava is None:
        probs.append("lavacli results %s: %s" % (jid, rtext.strip()[-200:]))
        lava = []
    p2, _ = local.finish_results(outdir, c["columns"], text, console,
                           next(a["test"] for a in job["actions"] if "test" in a)["monitors"], lava)
    probs += p2
    status = open(os.path.join(outdir, "status")).read().strip()
    line = None
    if not done:
        # Never a pass: whatever the console shows, the job did not end well.
        err = show.get("failure_comment") or lava_job_error(text)
        why = "LAVA job %s %s%s" % (jid, health, (": " + err) if err else "")
        line = "%s: %s" % (cell, why)
        if status == "ok" or status.startswith("guest ended without") or status.startswith("short or"):
            status = why
        with open(os.path.join(outdir, "status"), "w") as f:
            f.write(status + "\n")
        with open(os.path.join(outdir, "problem"), "a") as f:
            f.write(why + "\n")
    elif probs and status == "ok":
        status = "short or inconsistent KTAP: %s" % probs[0]
        with open(os.path.join(outdir, "status"), "w") as f:
            f.write(status + "\n")
        with open(os.path.join(outdir, "problem"), "w") as f:
            f.write("\n".join(probs) + "\n")
    with open(os.path.join(outdir, "lava-job"), "w") as f:
        f.write("job %s: %s %s, device %s, submit %s, start %s, end %s\n" % (
            jid, show.get("state"), health, show.get("device"), show.get("submit_time"),
            show.get("start_time"), show.get("end_time")))
    return status, line, show


def lab_wait(ident, jid, seconds):
    """lavacli jobs wait, giving up after SECONDS: (exit code, its text)."""
    return lavacli(ident, "jobs", "wait", jid, "--polling", LAB_POLL, "--timeout", max(LAB_POLL, int(seconds)))


def lab_said(cell, jid, show, status):
    """A finished job's line, and its time in the time table."""
    secs = job_seconds(show)
    C.note_time("lab " + cell, secs if secs is not None else 0,
                "LAVA job %s %s, cell %s" % (jid, show.get("health"), status))
    print("    %s: LAVA job %s %s%s; cell: %s" % (
        cell, jid, show.get("health"), " in %.0f s" % secs if secs is not None else "", status))


def lava_job_error(text):
    """The error of LAVA's own "job" result in a job log (lava-run's puts it
    under "extra", the server's beside "result")."""
    for lvl, m in C.log_entries(text):
        if lvl == "results" and isinstance(m, dict) and m.get("definition") == "lava" and m.get("case") == "job":
            e = dict(m.get("extra") or {}, **m)
            if e.get("error_type") or e.get("error_msg"):
                return ("%s error: %s" % (e.get("error_type", "?"), str(e.get("error_msg", "")).strip())).strip()
    return None


def job_seconds(show):
    """The time the job ran on the device (start to end, as the server says)."""
    import datetime
    try:
        f = "%Y%m%dT%H:%M:%S"
        return (datetime.datetime.strptime(show["end_time"][:17], f) -
                datetime.datetime.strptime(show["start_time"][:17], f)).total_seconds()
    except (TypeError, ValueError, KeyError):
        return None


def lab_args(cells):
    """LAVA_IDENTITY and ARTIFACT_URL, checked: (identity, url)."""
    ident = os.environ.get("LAVA_IDENTITY", "")
    url = os.environ.get("ARTIFACT_URL", "")
    if not cells:
        raise C.Bad("-: no cells (make lab LAVA_CELLS=...)")
    first = cells[0]
    if not url:
        raise C.Bad("%s: ARTIFACT_URL is empty: where the lab fetches the kernels and initramfs "
                  "(make lab ARTIFACT_URL=http://host/dir, build/lava/jobs served there)" % first)
    url = jobs.check_url(first, url)
    lab_check_identity(first, ident)
    return ident, url


def lab(cells):
    # Nothing of an earlier run may pass for this one's.
    report = os.path.join(LAB, "report")
    shutil.rmtree(report, ignore_errors=True)
    ident, url = lab_args(cells)
    # Named by their folders (lab-selfcheck's broken copies of a cell's job).
    todo = [(cell,) + lab_job(cell, url) for cell in cells]
    outroot = os.path.join(LAB, "results")
    for _, _, _, c in todo:
        shutil.rmtree(os.path.join(outroot, c["row"], c["arch"]), ignore_errors=True)
    os.makedirs(LAB, exist_ok=True)
    ids = []
    t0 = time.time()
    with open(os.path.join(LAB, "jobs"), "w") as jf:
        try:
            for cell, d, _, _ in todo:
                jid = lab_submit(ident, cell, os.path.join(d, "job.yaml"))
                ids.append(jid)
                jf.write("%s %s\n" % (cell, jid))
                jf.flush()
        except C.Bad:
            # Leave no job of a run that has no report queued on the lab.
            if ids:
                lavacli(ident, "jobs", "cancel", *ids)
            raise
    print("    lab: submitted %d jobs (%s) to identity %s" % (len(ids), " ".join(ids), ident))
    # Every job's timeouts end it on the lab; a queue that never moves
    # (no device online) does not: give up after all of them in a row.
    budget = sum(int(job["timeouts"]["job"]["seconds"]) for _, _, job, _ in todo) + 600
    lines = []
    for (cell, _, job, c), jid in zip(todo, ids):
        rc, out = lab_wait(ident, jid, budget - (time.time() - t0))
        if rc != 0:
            why = lavacli_cause(ident, out)
            rest = [j for j in ids[ids.index(jid):]]
            lavacli(ident, "jobs", "cancel", *rest)
            shutil.rmtree(report, ignore_errors=True)
            raise C.Bad("%s: %s" % (cell, why or "LAVA job %s not finished after %d s (no device online?), "
                                    "jobs %s cancelled" % (jid, budget, " ".join(rest))))
        status, line, show = lab_collect(ident, cell, c, jid, job, os.path.join(outroot, c["row"], c["arch"]))
        lab_said(cell, jid, show, status)
        if line:
            lines.append(line)
    # The report of every cell, as make matrix's.
    rc, out = C.report(outroot, report, [c for _, _, _, c in todo],
                       todo[0][3]["expected_failures"])
    with open(os.path.join(LAB, "report.log"), "w") as f:
        f.write(out)
    verdict = ([l for l in out.splitlines() if l.startswith("matrix: ")] or ["report exit %d" % rc])[-1]
    print("    lab: %d cells in %.0f s; %s: %s" % (len(todo), time.time() - t0, os.path.join(report, "report.txt"), verdict))
    # The cause last, one line per cell whose job did not complete.
    for l in lines:
        print("%s: %s" % (C.PREFIX, l), file=sys.stderr)
    return 1 if (lines or rc) else 0


# --- make mutation LAVA_IDENTITY=: each cell a job as it is ready ----------------
def lab_knobs():
    """make mutation's check of ARTIFACT_URL and LAVA_IDENTITY (the server
    answers, takes the token) before any work: the cause in one line, as
    every knob's check says it ("KNOB=value: cause"); exit 2."""
    ident = os.environ.get("LAVA_IDENTITY", "")
    try:
        jobs.check_url("-", os.environ.get("ARTIFACT_URL", ""))
        lab_check_identity("-", ident)
    except C.Bad as e:
        why = str(e).split(": ", 1)[1]
        if not why.startswith(("ARTIFACT_URL=", "LAVA_IDENTITY=")):
            why = "LAVA_IDENTITY=%s: %s" % (ident, why)
        print(why, file=sys.stderr)
        return 2
    return 0


def lab_cell(argv):
    """CELL OUT TIMEOUT KERNEL INITRD CMDLINE QEMU...: the boot of one cell
    as a LAVA job on the lab of LAVA_IDENTITY, in boot.sh's place
    (scripts/boot/cell.sh with CELL_LAB, which keys and reuses it as any
    boot): make lava's job of the cell (exported with ARTIFACT_URL, its
    kernel's facts read now that it is built), submitted, waited for and
    read back into OUT as make lab's cells are. Exit 0 whatever the guest
    did (a job that ends Incomplete or Canceled fails the cell: the report
    decides, as for boot.sh); 2 and one line when the lab cannot take it.
    Interrupted, it cancels its job."""
    if len(argv) < 7:
        raise C.Bad("-: usage: lava.sh lab-cell CELL OUT TIMEOUT KERNEL INITRD CMDLINE QEMU...")
    cell, out, timeout, kernel, initrd, cmdline, qemu = argv[:6] + [argv[6:]]
    import shlex
    import signal
    ident = os.environ.get("LAVA_IDENTITY", "")
    url = jobs.check_url(cell, os.environ.get("ARTIFACT_URL", ""))
    c = C.table().cell(cell)
    # The job boots exactly what cell.sh keyed the cell by.
    for what, got, want in (("kernel", kernel, c["kernel"]["image"]), ("initramfs", initrd, c["initramfs"]),
                            ("command line", cmdline, c["cmdline"]), ("QEMU line", qemu, shlex.split(c["qemu"])),
                            ("timeout", timeout, str(c["timeout"]))):
        if got != want:
            raise C.Bad("%s: the %s to boot is not the cell table's: %r, table: %r" % (cell, what, got, want))
    jobs.export([cell], fresh=True, quiet=True)
    d, job, c = lab_job(cell, url)
    jid = lab_submit(ident, cell, os.path.join(d, "job.yaml"))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "lava-job"), "w") as f:
        f.write("job %s: submitted\n" % jid)

    def stop(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    # Make's jobserver has at most LAB_JOBS cells of this run on the lab at
    # once: a queue that never moves (no device online) is given up after
    # all of their timeouts.
    budget = int(job["timeouts"]["job"]["seconds"]) * int(os.environ.get("LAB_JOBS") or 1) + 600
    try:
        rc, txt = lab_wait(ident, jid, budget)
    except KeyboardInterrupt:
        lavacli(ident, "jobs", "cancel", jid)
        raise C.Bad("%s: interrupted: LAVA job %s cancelled" % (cell, jid))
    if rc != 0:
        why = lavacli_cause(ident, txt)
        lavacli(ident, "jobs", "cancel", jid)
        raise C.Bad("%s: %s" % (cell, why or "LAVA job %s not finished after %d s (no device online?), "
                                "cancelled" % (jid, budget)))
    status, line, show = lab_collect(ident, cell, c, jid, job, out)
    lab_said(cell, jid, show, status)
    if line:
        print("%s: %s" % (C.PREFIX, line), file=sys.stderr)
    return 0
