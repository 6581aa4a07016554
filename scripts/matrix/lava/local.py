"""lava-run on this machine (no server, no network): run an exported job,
read lava-run's log back into a results folder as boot.sh's (console
split, KTAP plans, LAVA's per-case results against the KTAP), and LAVA's
monitors replayed on a console (a regex model and LAVA's own pexpect
loop). The lab client (lab.py) reads its jobs' logs with the same code."""
import os
import re
import shutil
import subprocess
import time

from .. import ktap
from . import common as C, jobs

# lava-run's console is a pexpect spawn (lava_dispatcher.shell.ShellCommand)
# with these settings; the default expect timeout, i.e. how long a monitor
# waits for the next line, is the execute-qemu action's timeout (120 s
# from the boot block unless the job sets it).
PEXPECT_SEARCHWINDOW = 4000
PEXPECT_MAXREAD = 2000


def console_from_log(text):
    """The serial console as lava-run logged it: "target" lines, and the
    "feedback" ones read after the test action. The line the last
    monitor's end string ("matrix: done") matched is sometimes logged
    only as feedback, by finalize's read-feedback (seen in a make check:
    status "guest ended without finishing" on a console that finished)."""
    return "".join("%s\n" % m for lvl, m in C.log_entries(text)
                   if lvl in ("target", "feedback") and isinstance(m, str))


def lava_results(text):
    """Per-case results of the monitors: [(definition, case, result)]."""
    out = []
    for lvl, m in C.log_entries(text):
        if lvl == "results" and isinstance(m, dict) and m.get("definition") != "lava":
            out.append((m["definition"], m["case"], m["result"]))
    return out


def mangle(name):
    """LAVA's test case id: lowercased, non-word runs to _."""
    return re.sub(r"\W+", "_", name.strip().lower())


def monitor_view(console_crlf, suites):
    """What LAVA's monitors find in a console whose lines end in \\r\\r\\n,
    as a plain regex model: the same start/end strings, regex, fixupdict and
    name mangling, monitors in the order of SUITES, never looking back."""
    out, pos = [], 0
    pat = re.compile(jobs.MONITOR_PATTERN, re.DOTALL)
    for i, s in enumerate(suites):
        start = console_crlf.find("matrix: abi %s begin" % s, pos)
        if start < 0:
            break
        pos = start + len("matrix: abi %s begin" % s)
        end_s = "matrix: done" if i == len(suites) - 1 else "matrix: abi %s end" % s
        end = console_crlf.find(end_s, pos)
        stop = end if end >= 0 else len(console_crlf)
        while True:
            m = pat.search(console_crlf, pos, stop)
            if not m:
                break
            r = jobs.MONITOR_FIXUP.get(m.group("result"), m.group("result"))
            out.append((s, mangle(m.group("test_case_id")), r))
            pos = m.end()
        pos = stop
    return out


def monitor_replay(console, monitors, timeout=20):
    """LAVA's monitor loop itself (lava_dispatcher/actions/test/monitor.py:
    wait for start, then expect [EOF, TIMEOUT, end, pattern] until not a
    result) on pexpect with lava-run's ShellCommand settings (search window,
    maxread, utf-8), fed CONSOLE (\\n lines) as the guest sends it, \\r\\n
    through a pty, as QEMU's serial reaches lava-run. MONITORS: the job's
    monitor list. Returns ([(suite, case, result)], how it ended)."""
    import pexpect
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".console", delete=False) as f:
        f.write(console.replace("\n", "\r\n"))
        path = f.name
    out, how = [], "done"
    child = pexpect.spawn("cat", [path], encoding="utf-8", codec_errors="replace",
                          searchwindowsize=PEXPECT_SEARCHWINDOW, maxread=PEXPECT_MAXREAD, timeout=timeout)
    try:
        for mon in monitors:
            i = child.expect([pexpect.EOF, pexpect.TIMEOUT, mon["start"]])
            if i != 2:
                how = "EOF waiting for %r" % mon["start"] if i == 0 else "timeout waiting for %r" % mon["start"]
                break
            while True:
                i = child.expect([pexpect.EOF, pexpect.TIMEOUT, mon["end"], mon["pattern"]])
                if i == 3:
                    g = child.match.groupdict()
                    r = (mon.get("fixupdict") or {}).get(g["result"], g["result"])
                    out.append((mon["name"].replace(" ", "-").lower(), mangle(g["test_case_id"]), r))
                    continue
                if i == 0:
                    how = "EOF in monitor %s" % mon["name"]
                elif i == 1:
                    how = "timeout in monitor %s" % mon["name"]
                break
            if how != "done":
                break
    finally:
        child.close(force=True)
        os.unlink(path)
    return out, how


def console_order(console):
    """The suites in the order the console begins them."""
    return re.findall(r"(?m)^matrix: abi (\S+) begin\r*$", console)


def ktap_view(outdir, suites):
    """The flat list LAVA should report, from our per-suite KTAP: every
    result line of every nesting level, in order (LAVA flattens nesting;
    ktap.py's flat), SUITES in the guest's order (the table's)."""
    return [(s, mangle(name), r) for s in suites if os.path.exists(os.path.join(outdir, s + ".ktap"))
            for name, r in ktap.flat(os.path.join(outdir, s + ".ktap"))]


# --- run ---------------------------------------------------------------------------------
def split_console(outdir, console_path, rc, timeout):
    subprocess.run([os.path.join(C.TOP, "scripts/boot/console-split.sh"), outdir, console_path,
                    str(rc), str(timeout)], check=True)


def finish_results(outdir, suites, log_text, console, monitors=None, lava=None):
    """After the split: plans, missing suites and LAVA's own view; a problem
    makes the cell fail in the report (status not ok). CONSOLE: the console
    as lava-run logged it (\\n lines); MONITORS: the job's (default: as
    make_job writes them); LAVA: its per-case results (default: from the
    log). Returns (problems, notes)."""
    status = open(os.path.join(outdir, "status")).read().strip()
    probs = []
    for s in suites:
        f = os.path.join(outdir, s + ".ktap")
        if not os.path.exists(f):
            probs.append("suite %s missing" % s)
        else:
            # LAVA never checks a plan: ktap.py does.
            probs += ktap.plan_problems(f)
    if lava is None:
        lava = lava_results(log_text)
    with open(os.path.join(outdir, "lava-results"), "w") as f:
        f.write("".join("%s %s %s\n" % r for r in lava))
    if monitors is None:
        monitors = [{"name": s} for s in suites]
    order = [m["name"] for m in monitors]
    seen = [s for s in console_order(console) if s in suites]
    notes = []
    if status == "ok":
        if seen != order:
            # Each monitor waits for its start string and never looks
            # back: a suite that began before the one its monitor expects
            # is lost to LAVA (named here rather than as a count).
            probs.append("the guest ran the suites in the order %s, the job's monitors expect %s"
                         % (" ".join(seen), " ".join(order)))
        want = ktap_view(outdir, suites)
        if lava != want:
            probs.append("LAVA's results (%d) differ from the KTAP (%d): %s" % (
                len(lava), len(want), first_diff(lava, want)))
        if all("pattern" in m for m in monitors):
            mon, how = monitor_replay(console, monitors)
            if mon != lava:
                notes.append("replay of LAVA's monitors on the console (%s) differs from LAVA's results: %s"
                             % (how, first_diff(mon, lava)))
    if probs and status == "ok":
        with open(os.path.join(outdir, "status"), "w") as f:
            f.write("short or inconsistent KTAP: %s\n" % probs[0])
        with open(os.path.join(outdir, "problem"), "w") as f:
            f.write("\n".join(probs) + "\n")
    return probs, notes


def first_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "#%d %s vs %s" % (i + 1, " ".join(x), " ".join(y))
    return "lengths %d vs %d" % (len(a), len(b))


def run(cell):
    import yaml
    d = C.job_dir(cell)
    c = C.job_cell(cell, d)
    if os.geteuid() != 0:
        raise C.Bad("%s: lava-run runs as root" % cell)
    job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
    # A local run boots the exported files, whatever ARTIFACT_URL said.
    for img, f in (("kernel", os.path.basename(c["kernel"]["image"])), ("initrd", "initramfs.cpio")):
        job["actions"][0]["deploy"]["images"][img]["url"] = "file://" + os.path.join(d, f)
    # Each lava-run its own job id: it keeps its files in a folder named after it.
    jid = "matrix-%s-%s-%d" % (cell, time.strftime("%Y%m%d%H%M%S"), os.getpid())
    rundir = os.path.join(C.L, "run", jid)
    os.makedirs(rundir, exist_ok=True)
    jobs.dump_yaml(job, os.path.join(rundir, "job.yaml"))
    t0 = time.time()
    with open(os.path.join(rundir, "lava.log"), "w") as logf:
        p = subprocess.run(["lava-run", "--job-id", jid, "--output-dir", os.path.join(rundir, "out"),
                            "--device", os.path.join(d, "device.yaml"),
                            "--dispatcher", os.path.join(d, "dispatcher.yaml"),
                            os.path.join(rundir, "job.yaml")], stdout=logf, stderr=subprocess.STDOUT)
    dt = time.time() - t0
    shutil.rmtree(os.path.join("/var/lib/lava/dispatcher/tmp", jid), ignore_errors=True)
    text = open(os.path.join(rundir, "lava.log")).read()
    outdir = os.path.join(C.L, "results", c["row"], c["arch"])
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    console = console_from_log(text)
    with open(os.path.join(outdir, "console.log"), "w") as f:
        f.write(console)
    shutil.copyfile(os.path.join(rundir, "lava.log"), os.path.join(outdir, "lava.log"))
    rc, tmo = lava_end(text, p.returncode, c["timeout"])
    split_console(outdir, os.path.join(outdir, "console.log"), rc, tmo)
    probs, notes = finish_results(outdir, c["columns"], text, console,
                                  next(a["test"] for a in job["actions"] if "test" in a)["monitors"])
    job_result = lava_job_result(text)
    with open(os.path.join(outdir, "lava-job"), "w") as f:
        f.write("job %s: %s (lava-run exit %d, %.1f s)\n" % (jid, job_result, p.returncode, dt))
    C.note_time("run " + cell, dt, "lava job %s, cell %s" % (job_result, open(os.path.join(outdir, "status")).read().strip()))
    shutil.rmtree(rundir, ignore_errors=True)
    status = open(os.path.join(outdir, "status")).read().strip()
    nres = len(lava_results(text))
    print("lava: %s: lava-run %.1f s, LAVA job %s, %d LAVA case results; cell: %s" % (
        cell, dt, job_result, nres, status))
    for n in notes:
        print("lava: %s: note: %s" % (cell, n))
    return 0


def lava_job_result(text):
    res = [m for lvl, m in C.log_entries(text) if lvl == "results" and isinstance(m, dict)
           and m.get("definition") == "lava" and m.get("case") == "job"]
    if not res:
        return "unknown"
    r = res[-1]
    err = (r.get("extra") or {}).get("error_type")
    return r["result"] + (" (%s)" % err if err else "")


def lava_end(text, rc, timeout):
    """(rc, timeout) for console-split.sh: 124 when a LAVA timeout ended it
    (TIMEOUT: the cell's, when LAVA's message names none)."""
    for lvl, m in C.log_entries(text):
        if lvl in ("error", "exception", "warning") and isinstance(m, str):
            t = re.search(r"timed out after (\d+) seconds", m)
            if t:
                return 124, t.group(1)
            if "monitoring has timed out" in m:
                return 124, timeout
    return rc, timeout
