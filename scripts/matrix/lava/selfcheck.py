"""lava.sh selfcheck: the traps of running the matrix under LAVA, each a
check on fake consoles, logs and jobs (no guest is booted), printed as
KTAP ("ok N name" / "not ok N name"). Exit 1 if any check failed. The
lab client's checks (a fake lavacli): selfcheck_lab.py."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import types

from . import common, crosscheck, jobs, lab, local, selfcheck_lab
from .fakes import KTAP_OK, fake_cell

RESULTS = []
# Every part's functions under one name, as the checks call them.
lava = types.SimpleNamespace(**{k: getattr(m, k) for m in (common, jobs, local, lab, crosscheck)
                                for k in dir(m) if not k.startswith("_")})


def check(name, cond, detail=""):
    RESULTS.append((bool(cond), name, detail))


def skip(name, why):
    RESULTS.append((None, name, why))


def lava_log(console, extra=()):
    """A lava-run log: the console as "target" lines, then EXTRA entries."""
    out = ['{"dt": "x", "lvl": "info", "msg": "start"}']
    for l in console.splitlines():
        out.append(json.dumps({"dt": "x", "lvl": "target", "msg": l}))
    out += list(extra)
    return "\n".join(out) + "\n"


def monitor_results(lava, console, suites):
    mon = lava.monitor_view(console.replace("\n", "\r\r\n"), list(suites))
    return ['{"dt": "x", "lvl": "results", "msg": {"case": "%s", "definition": "%s", "result": "%s"}}' % (c, s, r)
            for s, c, r in mon]


def main(args):
    top = common.TOP
    t = tempfile.mkdtemp(prefix="lava-selfcheck.")
    try:
        run_checks(lava, top, t)
        selfcheck_lab.lab_checks(lava, top, t, check)
    finally:
        shutil.rmtree(t, ignore_errors=True)
    print("KTAP version 1")
    print("1..%d" % len(RESULTS))
    for i, (ok, name, detail) in enumerate(RESULTS, 1):
        if ok is None:
            print("ok %d %s # SKIP %s" % (i, name, detail))
        else:
            print("%s %d %s" % ("ok" if ok else "not ok", i, name))
            if not ok and detail:
                print("".join("# %s\n" % l for l in str(detail).splitlines()[:10]), end="")
    npass = sum(1 for r in RESULTS if r[0])
    nfail = sum(1 for r in RESULTS if r[0] is False)
    nskip = sum(1 for r in RESULTS if r[0] is None)
    print("# lava selfcheck: %d passed, %d failed, %d skipped" % (npass, nfail, nskip))
    return 1 if nfail else 0


def job_monitors(lava, suites, order=None):
    """The monitors make_job writes for a cell with SUITES (ORDER: force another order)."""
    info = fake_cell(columns=list(suites))
    facts = {"kernel_version": "6.1.0", "series_commit": "0" * 40, "series_patches": "3", "base_commit": "1" * 40}
    job = lava.make_job(info, facts, "file:///k", "file:///i", {"arch": "x86_64", "no_kvm": True})
    mons = job["actions"][2]["test"]["monitors"]
    if order:
        mons = [dict(next(m for m in mons if m["name"] == s)) for s in order]
        for i, m in enumerate(mons):
            m["end"] = "matrix: done" if i == len(mons) - 1 else "matrix: abi %s end" % m["name"]
    return job, mons


def split(lava, t, name, console, rc=0, timeout=300, suites=("i386", "x86_64"), extra=None, monitors=None):
    """console -> results dir as 'lava.sh run' makes it; returns (dir, probs).
    EXTRA: lava-run log entries after the console (default: the results
    LAVA's monitors give for it)."""
    if extra is None:
        extra = monitor_results(lava, console, suites)
    out = os.path.join(t, name, "res", "6.1-base", "x86_64")
    os.makedirs(out)
    log = lava_log(console, extra)
    c = lava.console_from_log(log)
    with open(os.path.join(out, "console.log"), "w") as f:
        f.write(c)
    rc2, tmo = lava.lava_end(log, rc, 900)
    lava.split_console(out, os.path.join(out, "console.log"), rc2, tmo)
    probs, _ = lava.finish_results(out, list(suites), log, c, monitors)
    return out, probs


def status(d):
    return open(os.path.join(d, "status")).read().strip()


def run_checks(lava, top, t):
    # --- the console pty: \r\r\n ------------------------------------------------
    crlf = KTAP_OK.replace("\n", "\r\r\n")
    pat = re.compile(lava.MONITOR_PATTERN, re.DOTALL)
    n = len(pat.findall(crlf))
    check("console \\r\\r\\n: the monitor pattern finds all 8 result lines", n == 8, "found %d" % n)
    naive = lava.MONITOR_PATTERN.replace(r"\r*\n", r"\r?\n")
    check("console \\r\\r\\n: a pattern ending in \\r?\\n finds none (the trap)",
          len(re.findall(naive, crlf, re.DOTALL)) == 0)
    check("kernel lines are not results (pattern anchored at line start)",
          all("not_a_case" not in m.group(0) for m in pat.finditer(crlf)))

    # --- one result group: SKIP through a lookahead + fixupdict ---------------------
    def one(line):
        m = pat.search(line + "\r\r\n")
        return (lava.MONITOR_FIXUP.get(m.group("result")), lava.mangle(m.group("test_case_id"))) if m else None
    check("SKIP: 'ok 3 x # SKIP why' -> skip", one("    ok 3 x # SKIP why") == ("skip", "x"))
    check("SKIP: 'not ok 3 x # SKIP' -> fail (as the report counts it)", one("not ok 3 x # SKIP") == ("fail", "x"))
    check("pass: 'ok 1 a' -> pass", one("ok 1 a") == ("pass", "a"))
    check("fail with comment: 'not ok 2 overflow # exit status 1' -> fail overflow",
          one("not ok 2 overflow # exit status 1") == ("fail", "overflow"))
    check("name mangling as LAVA: 'Select-Plain' -> select_plain, 'poll sticky' -> poll_sticky",
          one("ok 1 Select-Plain") == ("pass", "select_plain") and one("ok 2 poll sticky") == ("pass", "poll_sticky"))
    d, probs = split(lava, t, "ok", KTAP_OK)
    view = lava.ktap_view(d, ["i386", "x86_64"])
    mon = lava.monitor_view(crlf, ["i386", "x86_64"])
    check("nested KTAP flattened: the monitor's view of the console equals the KTAP's (cases and programs)",
          view == mon and len(view) == 8, "%s\n%s" % (view, mon))
    check("a good console: status ok, no plan problem", status(d) == "ok" and not probs, status(d) + str(probs))
    # lava-run logged the line its end string matched as finalize's feedback
    # (base-x86_64 in a make check): the guest still finished.
    head, tail = KTAP_OK.split("matrix: done\n")
    fb = [json.dumps({"dt": "x", "lvl": "feedback", "msg": l, "ns": "common"})
          for l in ["matrix: done"] + tail.splitlines()]
    d, probs = split(lava, t, "feedback", head, extra=monitor_results(lava, KTAP_OK, ("i386", "x86_64")) + fb)
    check("'matrix: done' only as feedback: status ok, no plan problem",
          status(d) == "ok" and not probs, status(d) + str(probs))

    # --- monitor order: LAVA's monitors never look back ----------------------------
    check("the job's monitors follow the table's columns (the guest's order)",
          [m["name"] for m in job_monitors(lava, ["i386", "x86_64"])[1]] == ["i386", "x86_64"])
    good_job, good = job_monitors(lava, ["i386", "x86_64"])
    _, wrong = job_monitors(lava, ["i386", "x86_64"], order=["x86_64", "i386"])
    r_good, how_good = lava.monitor_replay(KTAP_OK, good)
    r_wrong, how_wrong = lava.monitor_replay(KTAP_OK, wrong)
    check("LAVA's monitor loop under pexpect (lava-run's window, pty \\r\\r\\n): the job's monitors see every result",
          r_good == view and how_good == "done", "%s %s" % (how_good, r_good))
    check("monitors in the arch's ABI order (the bug): the first suite lost, EOF waiting for the second's start",
          r_wrong == [r for r in view if r[0] == "x86_64"] and how_wrong == "EOF waiting for 'matrix: abi i386 begin'",
          "%s %s" % (how_wrong, r_wrong))
    check("monitor_view (regex model) agrees with the pexpect replay, both orders",
          lava.monitor_view(crlf, ["x86_64", "i386"]) == r_wrong and mon == r_good)
    big = KTAP_OK.replace("    ok 1 Select-Plain\n", "".join(
        "    # diagnostic %d %s\n    ok %d case_%d\n" % (i, "x" * (i % 180), i, i) for i in range(400)) +
        "    # %s\n    ok 1 Select-Plain\n" % ("y" * 5000))
    rb, hb = lava.monitor_replay(big, good)
    nb = len(re.findall(r"(?m)^\s*(?:not )?ok \d+ ", big))
    check("pexpect replay: 400 more cases, long diagnostics and a 5000-character line lose no result",
          len(rb) == nb and hb == "done", "%d of %d, %s" % (len(rb), nb, hb))
    d_o, probs_o = split(lava, t, "order", KTAP_OK, monitors=wrong,
                         extra=['{"dt": "x", "lvl": "results", "msg": {"case": "%s", "definition": "%s", "result": "%s"}}'
                                % (c, s_, r) for s_, c, r in r_wrong])
    check("monitors in another order than the console's: cell fails naming both orders",
          status(d_o) != "ok" and "order i386 x86_64, the job's monitors expect x86_64 i386" in probs_o[0], probs_o)
    check("job: monitors checked against the guest's order and the guest's test timeout",
          lava.monitor_check(good_job, fake_cell()) is None and
          "the guest runs i386 x86_64" in (lava.monitor_check(
              dict(good_job, actions=[good_job["actions"][0], good_job["actions"][1],
                                      {"test": {"timeout": {"seconds": 900}, "monitors": wrong}}]),
              fake_cell()) or ""))
    no_t = json.loads(json.dumps(good_job))
    del no_t["actions"][1]["boot"]["timeouts"]
    check("job: without execute-qemu's timeout a monitor gives up after the boot block's 120 s (< 300 s a test may take)",
          "gives up after 120" in (lava.monitor_check(no_t, fake_cell()) or ""),
          lava.monitor_check(no_t, fake_cell()))

    # --- LAVA's job result is pass even when cases fail: per case from its log --------
    res = ['{"dt": "x", "lvl": "results", "msg": {"case": "%s", "definition": "%s", "result": "%s"}}' % (c, s, r)
           for s, c, r in mon]
    res.append('{"dt": "x", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": "pass"}}')
    res.append('{"dt": "x", "lvl": "results", "msg": {"case": "file-download", "definition": "lava", '
               '"extra": {"size": ! "1205248"}, "result": "pass"}}')
    log = lava_log(KTAP_OK, res)
    check("lava-run log: per-case results read back (YAML-tagged lines too), job result apart",
          lava.lava_results(log) == mon and lava.lava_job_result(log) == "pass")
    d2, probs2 = split(lava, t, "agree", KTAP_OK, extra=res)
    check("LAVA's per-case results equal the KTAP's: cell ok", status(d2) == "ok" and not probs2, probs2)
    bad = [r.replace('"poll_sticky", "definition": "x86_64", "result": "fail"',
                     '"poll_sticky", "definition": "x86_64", "result": "pass"') for r in res]
    d3, probs3 = split(lava, t, "disagree", KTAP_OK, extra=bad)
    check("LAVA's per-case results differ from the KTAP (one case): cell fails",
          status(d3) != "ok" and any("differ" in p for p in probs3), status(d3))

    # --- panic, hang, short plan ---------------------------------------------------
    panic = KTAP_OK.split("ok 1 restart")[0] + \
        "[    1.5] Kernel panic - not syncing: Attempted to kill init!\n[    1.5] ---[ end Kernel panic ]---\n"
    infra = ['{"dt": "x", "lvl": "error", "msg": "lava test monitoring reached end of file"}',
             '{"dt": "x", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": "fail", '
             '"extra": {"error_type": "Infrastructure"}}}']
    d4, _ = split(lava, t, "panic", panic, rc=1, extra=infra)
    check("panic (LAVA: infrastructure error) -> 'kernel splat', never a pass",
          status(d4) == "kernel splat on the console" and
          lava.lava_job_result(lava_log(panic, infra)) == "fail (Infrastructure)", status(d4))
    hang = KTAP_OK.split("ok 1 restart")[0]
    d5, _ = split(lava, t, "hang", hang, rc=1, extra=[
        '{"dt": "x", "lvl": "exception", "msg": "lava-test-monitor timed out after 300 seconds"}'])
    check("hang (LAVA action timeout) -> 'timeout after 300 s'", status(d5) == "timeout after 300 s", status(d5))
    short = KTAP_OK.replace("    1..3\n", "    1..4\n")
    d6, probs6 = split(lava, t, "short", short)
    check("fewer cases than the plan (exit 0 anyway) -> cell fails",
          status(d6).startswith("short or inconsistent KTAP") and "restart has 3 of 4" in probs6[0], probs6)
    short2 = KTAP_OK.replace("KTAP version 1\n1..2\n", "KTAP version 1\n1..3\n", 1)
    d7, probs7 = split(lava, t, "shorttop", short2)
    check("fewer programs than the suite's plan -> cell fails", status(d7) != "ok" and
          any("top level has 2 of 3" in p for p in probs7), probs7)
    d8, probs8 = split(lava, t, "nosuite", KTAP_OK, suites=("i386", "x86_64", "overlay"))
    check("a suite the cell prints is missing -> cell fails", status(d8) != "ok", probs8)
    # The project's report: the short-plan cell is a failure there too.
    xf = os.path.join(t, "xf")
    open(xf, "w").close()
    code, out = common.report(os.path.join(t, "short", "res"), os.path.join(t, "rep"), [fake_cell()], xf)
    check("the report fails the short-plan cell", code != 0 and "guest: short or inconsistent" in out, out[-500:])

    # --- compare: one differing case fails ---------------------------------------------
    saved = common.L
    try:
        common.L = os.path.join(t, "L")
        jd = os.path.join(common.L, "jobs", "6.1-base-x86_64")
        os.makedirs(jd)
        with open(os.path.join(jd, "cell.json"), "w") as f:
            json.dump(fake_cell(results=d, report_root=os.path.dirname(os.path.dirname(d))), f)
        shutil.copytree(d, os.path.join(common.L, "results", "6.1-base", "x86_64"))
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            same = lava.compare("6.1-base-x86_64")
        k = os.path.join(common.L, "results", "6.1-base", "x86_64", "x86_64.ktap")
        text = open(k).read()
        with open(k, "w") as f:
            f.write(text.replace("    # summary: figures", "    # summary: figures left {0 s, 182460 us}"))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            diag = lava.compare("6.1-base-x86_64")
        check("compare: KTAP differing only in '#' diagnostics (measured times) is equal verdicts, noted",
              diag == 0 and "2 of 2 suites equal without '#' diagnostics, 1 byte-identical" in out.getvalue(),
              out.getvalue())
        with open(k, "w") as f:
            f.write(text.replace("    ok 1 Select-Plain", "    not ok 1 Select-Plain"))
        with contextlib.redirect_stdout(io.StringIO()):
            differ = lava.compare("6.1-base-x86_64")
        check("compare: equal results pass, one case that differs fails", same == 0 and differ == 1,
              "%s %s" % (same, differ))
    finally:
        common.L = saved
    view = lava.mutant_view(["x32 storm.select_sticky FAIL", "x32 restart.select_sticky FAIL",
                             "storm.select_sticky      PASS  FAIL", "FAILED: storm.select_sticky",
                             "FAILED: restart.select_sticky",
                             "cell mutant-a  x86_64  x32   guest: ok; 209 passed, 0 expected failures, 18 failed",
                             "matrix: FAIL (216 problems)"])
    check("compare of a mutant: compat-tests/randomized's rows and the counts they change left out, others kept",
          view == ["x32 restart.select_sticky FAIL", "FAILED: restart.select_sticky",
                   "cell mutant-a  x86_64  x32   guest: ok", "matrix: FAIL"], view)

    def fake(name, status, lines):
        d = os.path.join(t, "kill", name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "status"), "w").write(status + "\n")
        open(os.path.join(d, "x32.ktap"), "w").write(
            "".join("    %sok %d %s\n" % ("" if v == "PASS" else "not ", i + 1, c.split(".")[1])
                    for i, (c, v) in enumerate(lines)) + "ok 1 restart\n")
        return d
    pd = fake("patched", "ok", [("restart.select_sticky", "PASS"), ("restart.select_window", "FAIL")])
    k1 = fake("m1", "ok", [("restart.select_sticky", "FAIL"), ("restart.select_window", "PASS")])
    k2 = fake("m2", "ok", [("restart.select_sticky", "PASS"), ("restart.select_window", "FAIL")])
    k3 = fake("m3", "kernel splat on the console", [("restart.select_sticky", "PASS"), ("restart.select_window", "FAIL")])
    check("a mutant cell is killed by scripts/matrix/mutants.py's rule (the one kill rule): a case that passes "
          "on patched fails, or a splat; not a case that fails on patched too",
          lava.mutant_killed("m", "p", "x86_64", ["x32"], k1, pd) and
          not lava.mutant_killed("m", "p", "x86_64", ["x32"], k2, pd) and
          lava.mutant_killed("m", "p", "x86_64", ["x32"], k3, pd))

    # --- console-split.sh is boot.sh's split -----------------------------------------
    fq = os.path.join(t, "fake-qemu")
    with open(fq, "w") as f:
        f.write("#!/bin/sh\ncat \"$FAKE_CONSOLE\"\n[ -z \"${FAKE_HANG:-}\" ] || sleep 30\n")
    os.chmod(fq, 0o755)
    for name, console, hang in (("ok", KTAP_OK, False), ("panic", panic, False),
                                ("early", hang, False), ("hang", hang, True)):
        src = os.path.join(t, "c-" + name)
        with open(src, "w") as f:
            f.write(console.replace("\n", "\r\n"))
        a = os.path.join(t, "boot-" + name)
        env = dict(os.environ, FAKE_CONSOLE=src, BOOT_APPEND=fake_cell()["boot_append"])
        if hang:
            env["FAKE_HANG"] = "1"
        subprocess.run([os.path.join(top, "scripts/boot/boot.sh"), a, "2" if hang else "20", "k", "i", "", fq],
                       env=env, capture_output=True)
        b = os.path.join(t, "split-" + name)
        os.makedirs(b)
        shutil.copyfile(os.path.join(a, "console.log"), os.path.join(b, "console.log"))
        rc = 124 if hang else 0
        lava.split_console(b, os.path.join(b, "console.log"), rc, 2)
        files = sorted(x for x in os.listdir(a) if x != "console.log")
        same = files == sorted(x for x in os.listdir(b) if x != "console.log") and all(
            open(os.path.join(a, x)).read() == open(os.path.join(b, x)).read() for x in files)
        check("console-split.sh equals boot.sh's split: %s console" % name, same, "%s vs %s" % (files, sorted(os.listdir(b))))

    # --- ARTIFACT_URL -------------------------------------------------------------------
    for url in ("not a url", "builds/x", "ftp://host/x", "http://", "file://relative/x", "file:rel"):
        p = subprocess.run([os.path.join(top, "scripts/lava/lava.sh"), "export", "base-x86_64"],
                           env=dict(os.environ, ARTIFACT_URL=url), capture_output=True, text=True)
        lines = (p.stdout + p.stderr).strip().splitlines()
        check("ARTIFACT_URL=%r: one line naming the cell, exit 2" % url,
              p.returncode == 2 and len(lines) == 1 and "base-x86_64" in lines[0] and "not a URL" in lines[0],
              "rc %d: %s" % (p.returncode, lines))
    okurls = ("http://lab.example/artifacts/", "https://h:8080/a", "file:///srv/lava")
    try:
        check("ARTIFACT_URL http://, https://, file:/// accepted",
              all(lava.check_url("c", u) for u in okurls))
    except lava.Bad as e:
        check("ARTIFACT_URL http://, https://, file:/// accepted", False, str(e))

    # --- the device and the job --------------------------------------------------------
    try:
        lava.templates_dir()
    except lava.Bad as e:
        skip("device-type templates (qemu.jinja2 from lava-server)", str(e))
        return
    for arch, qemu in (("x86_64", "qemu-system-x86_64 -M pc -cpu max -m 512  -icount shift=0,sleep=off"),
                       ("arm64", "qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512 -icount shift=0,sleep=off")):
        info = fake_cell(id="6.1-base-" + arch, arch=arch, qemu=qemu, columns=[arch, "x"],
                         cmdline="console=ttyS0 matrix.row=6.1-base ")
        facts = {"kernel_version": "6.1.0", "series_commit": "0" * 40, "series_patches": "3", "base_commit": "1" * 40}
        _, ctx = lava.cell_context(info)
        job = lava.make_job(info, facts, "file:///k/Image", "file:///i", ctx)
        _, dev = lava.render_device(ctx)
        try:
            lava.check_qemu(info["id"], info, dev, job)
            same = True
        except lava.Bad as e:
            same = str(e)
        check("%s: job from the cell table boots the cell's QEMU line + -no-reboot, no KVM" % arch,
              same is True, same)
        check("%s: generated job passes LAVA's schema (strict)" % arch, lava.schema_check(job) is None,
              lava.schema_check(job))
        ctx2 = dict(ctx)
        del ctx2["no_kvm"]
        _, dev2 = lava.render_device(ctx2)
        opts = dev2["actions"]["boot"]["methods"]["qemu"]["parameters"]["options"]
        if arch == "x86_64":
            try:
                lava.check_qemu(info["id"], info, dev2, job)
                caught = False
            except lava.Bad as e:
                caught = "KVM" in str(e)
            check("x86_64 without no_kvm: the template adds -enable-kvm, the check rejects it",
                  "-enable-kvm" in opts and caught, opts)
        if arch == "x86_64":
            # The schema rejects an action timeout above the job's; lava-run only warns.
            long = json.loads(json.dumps(job))
            long["actions"][2]["test"]["timeout"] = {"seconds": 100000}
            check("action timeout above the job's: schema rejects it",
                  "timeout is larger than job timeout" in (lava.schema_check(long) or ""))
            check("action timeout above the job's: our own timeout check rejects it too",
                  lava.timeout_check(long) is not None and lava.timeout_check(job) is None)
            long2 = json.loads(json.dumps(job))
            long2["actions"][1]["boot"]["timeouts"]["execute-qemu"] = {"seconds": 100000}
            check("execute-qemu's timeout (a block's timeouts) above the job's: our timeout check rejects it",
                  "actions[1].boot.timeouts.execute-qemu" in (lava.timeout_check(long2) or ""),
                  lava.timeout_check(long2))
            if os.geteuid() == 0 and shutil.which("lava-run"):
                d = os.path.join(t, "jobdir")
                os.makedirs(d)
                with open(os.path.join(d, "device.yaml"), "w") as f:
                    f.write(lava.render_device(ctx)[0])
                with open(os.path.join(d, "dispatcher.yaml"), "w") as f:
                    f.write("dispatcher_ip: 127.0.0.1\n")
                for f in ("Image", "initramfs.cpio"):
                    open(os.path.join(d, f), "w").write("x")
                for a in long["actions"][0]["deploy"]["images"].values():
                    a["url"] = "file://" + os.path.join(d, "Image" if "kernel" in a["image_arg"] else "initramfs.cpio")
                lava.dump_yaml(long, os.path.join(d, "job.yaml"))
                ok, errs, warns = lava.lava_run_validate(d, os.path.join(d, "job.yaml"), "selfcheck")
                check("action timeout above the job's: lava-run --validate only warns (why both are checked)",
                      ok and any("exceeds Job timeout" in str(w) for w in warns), "%s %s" % (errs, warns))
            else:
                skip("action timeout above the job's under lava-run --validate", "needs root and lava-run")

    # --- no default route: dispatcher_ip -----------------------------------------------
    try:
        from lava_dispatcher.utils import network
        real = network.netifaces.gateways
        network.netifaces.gateways = lambda: {}
        try:
            got = network.dispatcher_ip({"dispatcher_ip": "127.0.0.1"}, "nfs")
            try:
                network.dispatcher_ip({}, "nfs")
                raised = False
            except Exception:
                raised = True
        finally:
            network.netifaces.gateways = real
        check("no default route: dispatcher_ip in the dispatcher config is used (without it LAVA raises)",
              got == "127.0.0.1" and raised)
    except ImportError as e:
        skip("no default route: dispatcher_ip", "lava-dispatcher not installed (%s)" % e)
