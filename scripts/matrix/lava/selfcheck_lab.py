"""lava.sh selfcheck, the lab client's part: make lab's lavacli calls
answered by a fake lavacli (no server): bad input, jobs that end badly,
results that disagree. Called by selfcheck.py with its check()."""
import json
import os
import re
import shutil
import subprocess

from .fakes import KTAP_OK, fake_cell

# --- make lab: lavacli's answers, faked (no server) -------------------------------------
FAKE_LAVACLI = r'''#!/usr/bin/python3
# lavacli as a server would answer it, from files in $FAKE_LAB.
import json, os, sys
d = os.environ["FAKE_LAB"]
a = sys.argv[1:]
ident = a[1] if a[:1] == ["-i"] else "default"
cmd = a[2:] if a[:1] == ["-i"] else a
with open(os.path.join(d, "calls"), "a") as f:
    f.write(" ".join(a) + "\n")
who = {"nosuch": ("Unknown identity 'nosuch'", 1),
       "down": ("Unable to connect: HTTPConnectionPool(host='127.0.0.1', port=1): Max retries exceeded "
                "with url: /RPC2 (Caused by NewConnectionError: [Errno 111] Connection refused)", 1),
       "badtoken": ("Unable to connect: 401 Client Error: Unauthorized for url: "
                    "http://matrix:s3cr3t@127.0.0.1:1/RPC2", 1),
       "anon": ("<AnonymousUser>", 0)}
if ident in who:
    print(who[ident][0]); sys.exit(who[ident][1])
def read(n):
    return open(os.path.join(d, n)).read()
if cmd[:2] == ["system", "whoami"]:
    print("matrix")
elif cmd[:2] == ["jobs", "submit"]:
    if os.path.exists(os.path.join(d, "reject")):
        print("Unable to submit %s: %s" % (cmd[2], read("reject").strip()))
    else:
        print("7")
elif cmd[:2] == ["jobs", "wait"]:
    if os.path.exists(os.path.join(d, "slow")):
        import time
        time.sleep(60)
elif cmd[:2] == ["jobs", "show"]:
    print(json.dumps({"id": 7, "state": "Finished", "health": read("health").strip(),
                      "failure_comment": None, "device": "qemu-1", "submit_time": "20261204T13:58:07",
                      "start_time": "20261204T13:58:19", "end_time": "20261204T13:58:39"}))
elif cmd[:2] == ["jobs", "logs"]:
    sys.stdout.write(read("log"))
elif cmd[:1] == ["results"]:
    sys.stdout.write(read("results"))
elif cmd[:2] == ["jobs", "cancel"]:
    pass
else:
    print("fake lavacli: %s?" % cmd); sys.exit(1)
'''


def raw_log(entries):
    """Log entries as lavacli jobs logs --raw prints them."""
    import yaml
    dumper = getattr(yaml, "CDumper", yaml.Dumper)
    return "".join("- " + yaml.dump(e, default_flow_style=True, default_style='"', width=10 ** 6,
                                    Dumper=dumper)[:-1] + "\n" for e in entries)


def lab_checks(lava, top, t, check):
    """The lab client against a fake lavacli; CHECK records a result."""
    import yaml
    fl = os.path.join(t, "fakelab")
    fb = os.path.join(t, "labB")
    os.makedirs(fl)
    cli = os.path.join(fl, "lavacli")
    with open(cli, "w") as f:
        f.write(FAKE_LAVACLI)
    os.chmod(cli, 0o755)
    url = "http://127.0.0.1:1/a"
    cell = "fake-x86_64"
    jd = os.path.join(fb, "lava", "jobs", cell)
    os.makedirs(jd)
    mres = os.path.join(t, "labmatrix", "fake", "x86_64")
    info = fake_cell(id=cell, row="fake", name="fake", judge="fake", results=mres,
                     report_root=os.path.dirname(os.path.dirname(mres)))
    facts = {"kernel_version": "6.1.0", "series_commit": "0" * 40, "series_patches": "3", "base_commit": "1" * 40}
    job = lava.make_job(info, facts, url + "/%s/bzImage" % cell, url + "/%s/initramfs.cpio" % cell,
                        {"arch": "x86_64", "no_kvm": True})
    lava.dump_yaml(job, os.path.join(jd, "job.yaml"))
    with open(os.path.join(jd, "cell.json"), "w") as f:
        json.dump(info, f)

    def entries(console, extra=()):
        e = [{"dt": "x", "lvl": "info", "msg": "start"}]
        e += [{"dt": "x", "lvl": "target", "msg": l + "\r"} for l in console.splitlines()]
        return e + list(extra)

    mon = lava.monitor_view(KTAP_OK.replace("\n", "\r\r\n"), ["i386", "x86_64"])
    good_res = yaml.safe_dump([{"id": str(100 + i), "suite": s, "name": c, "result": r, "job": "7"}
                               for i, (s, c, r) in enumerate(mon)] +
                              [{"id": "99", "suite": "lava", "name": "job", "result": "pass", "job": "7"}])

    def scenario(ident="lab", health="Complete", console=KTAP_OK, results=good_res, extra=(), reject=None,
                 artifact=url, cells=(cell,)):
        for n in ("reject", "calls"):
            if os.path.exists(os.path.join(fl, n)):
                os.unlink(os.path.join(fl, n))
        if reject:
            open(os.path.join(fl, "reject"), "w").write(reject)
        open(os.path.join(fl, "health"), "w").write(health)
        open(os.path.join(fl, "log"), "w").write(raw_log(entries(console, extra)))
        open(os.path.join(fl, "results"), "w").write(results)
        env = dict(os.environ, B=fb, LAVACLI=cli, FAKE_LAB=fl, LAVA_IDENTITY=ident, ARTIFACT_URL=artifact,
                   LAB_POLL="1")
        env.pop("TIMES", None)
        p = subprocess.run([os.path.join(top, "scripts/lava/lava.sh"), "lab"] + list(cells),
                           capture_output=True, text=True, env=env)
        rep = os.path.join(fb, "lab", "report", "report.txt")
        st = os.path.join(fb, "lab", "results", "fake", "x86_64", "status")
        lines = [l for l in (p.stdout + p.stderr).splitlines() if l.startswith("lab: ")]
        return (p.returncode, lines, open(rep).read() if os.path.exists(rep) else None,
                open(st).read().strip() if os.path.exists(st) else None, p.stdout + p.stderr)

    def one_line(name, res, code, pat, report=False):
        rc, lines, rep, _, out = res
        check(name, rc == code and len(lines) == 1 and re.search(pat, lines[0]) and
              (rep is not None) == report, "rc %d, report %s: %s" % (rc, rep is not None, out[-800:]))

    rc, lines, rep, st, out = scenario()
    # KTAP_OK fails two cases, and no expectation names the row "fake".
    check("lab: a complete job whose console and per-case results agree -> cell ok, its failures in the report",
          rc == 1 and st == "ok" and rep is not None and not lines and
          sorted(l for l in rep.splitlines() if l.startswith("FAILED: ")) ==
          ["FAILED: overflow", "FAILED: restart.poll sticky"], out[-800:])
    calls = open(os.path.join(fl, "calls")).read()
    check("lab: lavacli submit, wait, show, logs --raw, results --yaml with the identity",
          all(("-i lab " + c) in calls for c in ("jobs submit", "jobs wait 7", "jobs show 7", "jobs logs 7 --raw",
                                                 "results 7 --yaml")), calls)
    for bad in ("not a url", "builds/x", "ftp://host/x"):
        one_line("lab: ARTIFACT_URL=%r -> one line, exit 2, no report" % bad, scenario(artifact=bad), 2,
                 r"^lab: fake-x86_64: ARTIFACT_URL=.* is not a URL")
    one_line("lab: ARTIFACT_URL empty -> one line, exit 2, no report", scenario(artifact=""), 2,
             r"^lab: fake-x86_64: ARTIFACT_URL is empty")
    one_line("lab: job's images not under ARTIFACT_URL (exported for another) -> one line",
             scenario(artifact="http://elsewhere/x"), 2, r"^lab: fake-x86_64: job.yaml fetches .* not from ARTIFACT_URL")
    one_line("lab: LAVA_IDENTITY empty -> one line, exit 2, no report", scenario(ident=""), 2,
             r"^lab: fake-x86_64: LAVA_IDENTITY is empty")
    one_line("lab: unknown LAVA_IDENTITY -> one line, exit 2, no report", scenario(ident="nosuch"), 2,
             r"^lab: fake-x86_64: LAVA_IDENTITY=nosuch: no such lavacli identity")
    one_line("lab: server down -> one line, exit 2, no report", scenario(ident="down"), 2,
             r"^lab: fake-x86_64: cannot reach the server of identity down")
    res = scenario(ident="badtoken")
    one_line("lab: token refused -> one line, exit 2, no report", res, 2,
             r"^lab: fake-x86_64: the server refuses identity badtoken's token")
    check("lab: the token lavacli puts in its URL is not printed", "s3cr3t" not in res[4], res[4])
    one_line("lab: identity without a token (anonymous) -> one line", scenario(ident="anon"), 2,
             r"^lab: fake-x86_64: identity anon has no user and token")
    one_line("lab: job the server rejects -> one line, exit 2, no report",
             scenario(reject='<Fault 400: "Device unavailable: Device type \'qemu\' is unavailable.">'), 2,
             r"^lab: fake-x86_64: the server rejects the job: <Fault 400")
    one_line("lab: cell not exported -> one line", scenario(cells=("nosuch-x86_64",)), 2,
             r"^lab: nosuch-x86_64: not exported")
    bd = os.path.join(fb, "lava", "jobs", "broken-x86_64")
    shutil.copytree(jd, bd)
    with open(os.path.join(bd, "job.yaml"), "w") as f:
        f.write("job_name: cancelled 'matrix base-x86_64: tree base'\n")
    one_line("lab: job.yaml that is not YAML -> one line", scenario(cells=("broken-x86_64",)), 2,
             r"^lab: broken-x86_64: .*job.yaml is not a job of make lava")
    err = {"dt": "x", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": "fail",
                                                "error_type": "Infrastructure", "error_msg": "Connection closed"}}
    for health in ("Incomplete", "Canceled"):
        res = scenario(health=health, extra=[err])
        one_line("lab: job %s (console complete) -> one line, exit 1, the cell fails in the report" % health,
                 res, 1, r"^lab: fake-x86_64: LAVA job 7 %s: Infrastructure error: Connection closed" % health,
                 report=True)
        check("lab: job %s -> status names the job, report FAIL" % health,
              res[3].startswith("LAVA job 7 %s" % health) and "matrix: FAIL" in res[2], res[3])
    panic = KTAP_OK.split("ok 1 restart")[0] + "[    1.5] Kernel panic - not syncing: Attempted to kill init!\n"
    res = scenario(health="Incomplete", console=panic, extra=[err])
    one_line("lab: panic (job Incomplete) -> one line, the cell 'kernel splat'", res, 1,
             r"LAVA job 7 Incomplete", report=True)
    check("lab: panic -> status from the console, never a pass", res[3] == "kernel splat on the console", res[3])
    res = scenario(console=KTAP_OK.replace("    1..3\n", "    1..4\n"))
    check("lab: job Complete but a KTAP plan short -> cell fails, report FAIL, exit 1",
          res[0] == 1 and res[3].startswith("short or inconsistent KTAP") and "matrix: FAIL" in res[2], res[4][-800:])
    flip = good_res.replace("name: poll_sticky\n  result: fail", "name: poll_sticky\n  result: pass")
    res = scenario(results=flip)
    check("lab: job Complete but the server's per-case results differ from the KTAP -> cell fails",
          flip != good_res and res[0] == 1 and "differ from the KTAP" in res[3], res[3])
    res = scenario(results="oops: [")
    check("lab: per-case results unreadable -> cell fails", res[0] == 1 and res[3] != "ok", res[3])
    check("lab: raw log (lavacli's YAML) read back as lava-run's log: console without the pty's \\r",
          lava.console_from_log(lava.raw_log_text(raw_log(entries("a\nb")))) == "a\r\nb\r\n")

    # --- make mutation LAVA_IDENTITY=: a cell's boot as a LAVA job ----------------------
    # scripts/boot/cell.sh with CELL_LAB (lava.sh lab-cell in boot.sh's place).
    try:
        templates = lava.templates_dir()
    except lava.Bad:
        return
    import shlex
    mb = os.path.join(t, "mutB")
    img = os.path.join(t, "mutimg")
    os.makedirs(img)
    kern, initrd = os.path.join(img, "bzImage-x86_64"), os.path.join(img, "initramfs.cpio")
    for p in (kern, initrd):
        open(p, "w").write(p)
    mcell, mout = "6.1-mutation-0000abcd-x86_64", os.path.join(mb, "lab", "results", "6.1-mutation-0000abcd", "x86_64")
    qemu = "qemu-system-x86_64 -M pc -cpu max -m 512  -icount shift=2,sleep=off"
    cmdline = "console=ttyS0 matrix.row=6.1-mutation-0000abcd "
    mc = fake_cell(id=mcell, row="6.1-mutation-0000abcd", flavour="mutation-0000abcd", judge="mutation-0000abcd",
                   kernel=dict(fake_cell()["kernel"], image=kern, row="6.1-mutation-0000abcd"),
                   initramfs=initrd, qemu=qemu, cmdline=cmdline, results=mout)
    table = os.path.join(t, "mutcells.json")
    with open(table, "w") as f:
        json.dump({"run": [], "trees": {}, "distro": [], "cells": [mc]}, f)

    def labcell(line=cmdline, reject=None, rerun="0"):
        for n in ("reject", "calls"):
            if os.path.exists(os.path.join(fl, n)):
                os.unlink(os.path.join(fl, n))
        if reject:
            open(os.path.join(fl, "reject"), "w").write(reject)
        open(os.path.join(fl, "health"), "w").write("Complete")
        open(os.path.join(fl, "log"), "w").write(raw_log(entries(KTAP_OK)))
        open(os.path.join(fl, "results"), "w").write(good_res)
        env = dict(os.environ, B=mb, CELLS_JSON=table, LAVACLI=cli, FAKE_LAB=fl, LAVA_IDENTITY="lab",
                   ARTIFACT_URL=url, LAB_POLL="1", CELL_LAB=mcell, LAB_JOBS="2", RERUN=rerun,
                   LAVA_TEMPLATES=templates)
        env.pop("TIMES", None)
        p = subprocess.run([os.path.join(top, "scripts/boot/cell.sh"), mout, "900", kern, initrd, line] +
                           shlex.split(qemu), capture_output=True, text=True, env=env)
        calls = open(os.path.join(fl, "calls")).read() if os.path.exists(os.path.join(fl, "calls")) else ""
        st = os.path.join(mout, "status")
        return p.returncode, open(st).read().strip() if os.path.exists(st) else None, calls, p.stdout + p.stderr

    rc, st, calls, out = labcell()
    jd = os.path.join(mb, "lava", "jobs", mcell)
    job = yaml.safe_load(open(os.path.join(jd, "job.yaml"))) if os.path.exists(os.path.join(jd, "job.yaml")) else {}
    imgs = next((a["deploy"]["images"] for a in job.get("actions", []) if "deploy" in a), {})
    check("lab-cell: cell.sh with CELL_LAB -> make lava's job exported, submitted, read back as a boot's (status, "
          "KTAP per suite, key)",
          rc == 0 and st == "ok" and "-i lab jobs submit %s/job.yaml" % jd in calls and
          os.path.exists(os.path.join(mout, "x86_64.ktap")) and os.path.exists(os.path.join(mout, "key")) and
          imgs.get("kernel", {}).get("url") == "%s/%s/bzImage-x86_64" % (url, mcell), "rc %s, status %s: %s" % (
              rc, st, out[-800:]))
    check("lab-cell: the shared initramfs linked into the job folder, not copied",
          os.path.exists(os.path.join(jd, "initramfs.cpio")) and
          os.stat(os.path.join(jd, "initramfs.cpio")).st_ino == os.stat(initrd).st_ino)
    rc, st, calls, out = labcell()
    check("lab-cell: the same kernel, initramfs and command line again -> reused, not submitted again",
          rc == 0 and st == "ok" and "jobs submit" not in calls, "rc %s: %s / %s" % (rc, calls, out[-400:]))
    rc, st, calls, out = labcell(line=cmdline + "x")
    lines = [l for l in out.splitlines() if l.startswith("lab: ")]
    check("lab-cell: a command line that is not the table's -> one line, non-zero, nothing submitted",
          rc == 2 and len(lines) == 1 and "the command line to boot is not the cell table's" in lines[0] and
          "jobs submit" not in calls, out[-400:])
    rc, st, calls, out = labcell(rerun="1", reject="<Fault 400: \"Device type 'qemu' is unavailable.\">")
    lines = [l for l in out.splitlines() if l.startswith("lab: ")]
    check("lab-cell: a job the server rejects -> one line naming the cell, non-zero, no status",
          rc == 2 and len(lines) == 1 and lines[0].startswith("lab: %s: the server rejects the job" % mcell)
          and st is None, out[-400:])
    # Interrupted (make's ^C: SIGINT to the process group) while it waits.
    import signal
    import time
    open(os.path.join(fl, "slow"), "w").close()
    for n in ("reject", "calls"):
        if os.path.exists(os.path.join(fl, n)):
            os.unlink(os.path.join(fl, n))
    env = dict(os.environ, B=mb, CELLS_JSON=table, LAVACLI=cli, FAKE_LAB=fl, LAVA_IDENTITY="lab", ARTIFACT_URL=url,
               LAB_POLL="1", CELL_LAB=mcell, RERUN="1", LAVA_TEMPLATES=templates)
    env.pop("TIMES", None)
    # SIGINT as a terminal's ^C meets make: a make run in the background of
    # a script (make check under nohup ... &) hands its children SIGINT
    # ignored, and the cell would then never see it.
    p = subprocess.Popen([os.path.join(top, "scripts/boot/cell.sh"), mout, "900", kern, initrd, cmdline] +
                         shlex.split(qemu), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Bounds far above an idle machine's second: a cold make check builds
    # kernels beside it.
    waiting = False
    for _ in range(1200):
        if "jobs wait" in (open(os.path.join(fl, "calls")).read() if os.path.exists(os.path.join(fl, "calls")) else ""):
            waiting = True
            break
        time.sleep(0.1)
    time.sleep(0.5)
    os.killpg(p.pid, signal.SIGINT)
    try:
        out = p.communicate(timeout=120)[0]
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out = p.communicate()[0] + "\n(still running 120 s after SIGINT: killed)"
    os.unlink(os.path.join(fl, "slow"))
    calls = open(os.path.join(fl, "calls")).read()
    lines = [l for l in out.splitlines() if l.startswith("lab: ")]
    check("lab-cell: interrupted while its job runs -> the job cancelled, one line, non-zero, no status",
          waiting and p.returncode != 0 and "-i lab jobs cancel 7" in calls and len(lines) == 1 and
          "interrupted: LAVA job 7 cancelled" in lines[0] and not os.path.exists(os.path.join(mout, "status")),
          "%src %s: %s / %s" % ("" if waiting else "no jobs wait within 120 s; ", p.returncode, calls, out[-600:]))
    check("lab-cell: exported again -> no temporary file left in the job folder",
          sorted(os.listdir(jd)) == ["bzImage-x86_64", "cell.json", "device.yaml", "dispatcher.yaml",
                                     "initramfs.cpio", "job.yaml", "manifest.json"], sorted(os.listdir(jd)))
