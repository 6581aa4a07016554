#!/usr/bin/python3
"""The matrix's cells as LAVA jobs (Debian 12's lava-dispatcher 2023.01).

Called through scripts/lava.sh; see there for the commands. Everything is
written under build/lava/; build artifacts are only read.

  build/lava/jobs/<cell>/   job.yaml (LAVA job definition), the kernel and
                            the initramfs, device.yaml + dispatcher.yaml
                            (for lava-run), manifest.json
  build/lava/manifest.json  every exported cell
  build/lava/results/<row>/<arch>/  as build/results: status, <suite>.ktap,
                            problem, plus console.log, lava.log, lava-results
  build/lava/times          what validation and runs took
"""
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
B = os.environ.get("B", os.path.join(TOP, "build"))
L = os.path.join(B, "lava")
BOOT_TIMEOUT = int(os.environ.get("BOOT_TIMEOUT", "900"))

# --- the monitor: one regex, one "result" group --------------------------------
# LAVA's console pty turns the guest's \r\n into \r\r\n: lines end in \r*\n
# (a pattern ending in \r?\n matches nothing). A "result" group can only be
# mapped through fixupdict, so "# SKIP" is told apart by what the group
# captures: "ok " (with its space, only when a lookahead sees "# SKIP" later
# on the line) against "ok". Anchored at a line start (?m)^ so kernel lines
# ("[    1.2] ...") and diagnostics ("# ...") are not results.
MONITOR_PATTERN = (r"(?m)^[ \t]*(?P<result>not ok|ok (?=\d+ [^\r\n]*# SKIP)|ok)"
                   r" ?\d+ (?P<test_case_id>[^\r\n#]*?)[ \t]*(?:#[^\r\n]*)?\r*\n")
MONITOR_FIXUP = {"ok": "pass", "not ok": "fail", "ok ": "skip"}
# LAVA's monitors run one after the other on one console stream and never
# look back: a monitor whose start string went by while an earlier monitor
# waited for its own start sees nothing (lava-run: "Connection closed" at
# the end of the console, the job an infrastructure error). So the
# monitors must follow the guest's order, which is guests/init's: a
# "for d in /tests/*/" glob (sorted bytewise), then the overlay suite.
# make cell-info's "suites" order (x86_64 i386) is not that order (the
# guest runs i386 first).
def guest_order(suites):
    """The order in which guests/init prints the suites."""
    return sorted(s for s in suites if s != "overlay") + [s for s in suites if s == "overlay"]


# lava-run's console is a pexpect spawn (lava_dispatcher.shell.ShellCommand)
# with these settings; the default expect timeout, i.e. how long a monitor
# waits for the next line, is the execute-qemu action's timeout (120 s
# from the boot block unless the job sets it).
PEXPECT_SEARCHWINDOW = 4000
PEXPECT_MAXREAD = 2000
# The guest's own limit for one test program (guests/init TEST_TIMEOUT).
GUEST_TEST_TIMEOUT = 300

# boot.sh's own additions to the cell's command line and QEMU line.
APPEND_EXTRA = "panic=-1 loglevel=5"
# What LAVA's qemu device type adds to a cell's QEMU line (the serial
# console, a NIC nothing in the guest uses, no monitor).
LAVA_ADDS = {"-nographic", "-net", "-monitor"}


class Bad(Exception):
    """One line naming the cell and the cause; exit 2."""


PREFIX = "lava"


def die(msg, code=2):
    print("%s: %s" % (PREFIX, msg), file=sys.stderr)
    sys.exit(code)


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def note_time(what, seconds, detail=""):
    os.makedirs(L, exist_ok=True)
    with open(os.path.join(L, "times"), "a") as f:
        f.write("%s\t%.1f\t%s\t%s\n" % (what, seconds, time.strftime("%F %T"), detail))


# --- cells: the Makefile's cell table ---------------------------------------------
def parse_cell_info(text):
    """cell-info lines "key value..." -> dict (values kept verbatim)."""
    info = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        k, _, v = line.partition(" ")
        info[k] = v
    return info


def report_cells(info, suites):
    """scripts/report.sh's cells (row:arch:abi:tree:flavour) of a cell's suites."""
    return ["%s:%s:%s:%s:%s" % (info["row"], info["arch"], s, info["treeid"], info["flavour"])
            for s in suites]


def clean_make_env():
    env = dict(os.environ)
    for k in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(k, None)
    return env


def cells_from_file(path):
    """LAVA_CELLS_FILE: blocks of cell-info lines, each starting "cell <id>"."""
    cells, cur = {}, None
    with open(path) as f:
        for line in f.read().splitlines():
            line = line.strip()
            if line.startswith("cell "):
                cur = line[5:].strip()
                cells[cur] = ""
            elif cur is not None and line.strip():
                cells[cur] += line + "\n"
    return {c: parse_cell_info(t) for c, t in cells.items()}


_file_cells = None


def cell_info(cell):
    """What make cell-info says about CELL, plus row, arch, tree and results."""
    global _file_cells
    f = os.environ.get("LAVA_CELLS_FILE")
    if f:
        if _file_cells is None:
            _file_cells = cells_from_file(f)
        if cell not in _file_cells:
            raise Bad("%s: no such cell (make cells lists them)" % cell)
        info = dict(_file_cells[cell])
    else:
        p = subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, "cell-info",
                            "CELL=" + cell], capture_output=True, text=True, env=clean_make_env())
        if p.returncode != 0:
            err = (p.stderr.strip().splitlines() or ["make cell-info failed"])[-1]
            if "no such cell" in err:
                raise Bad("%s: no such cell (make cells lists them)" % cell)
            raise Bad("%s: make cell-info: %s" % (cell, err))
        info = parse_cell_info(p.stdout)
    for k in ("kernel", "initramfs", "cmdline", "qemu", "suites"):
        if k not in info:
            raise Bad("%s: cell-info has no '%s' line" % (cell, k))
    for k in ("row", "arch", "treeid", "flavour", "results", "tree", "kernel_row", "kobj", "repo"):
        if k not in info:
            raise Bad("%s: cell-info has no '%s' line" % (cell, k))
    info["cell"] = cell
    return info


def all_cells():
    f = os.environ.get("LAVA_CELLS_FILE")
    if f:
        return list(cells_from_file(f))
    return sh("make", "-s", "--no-print-directory", "-C", TOP, "cells", env=clean_make_env()).split()


def tree_facts(info):
    """Kernel version and series commit of the cell's tree."""
    # Every row is a branch (or the tag "base") of its tree's base repository
    # (cell-info's repo); "<t>/<row>" names row <row> of tree <t>.
    src = info["repo"]
    head = info["tree"].rpartition("/")[2]
    rel = os.path.join(info["kobj"], "include/config/kernel.release")
    facts = {"kernel_version": "unknown", "series_commit": "unknown", "series_patches": "0",
             "base_commit": "unknown"}
    if os.path.exists(rel):
        facts["kernel_version"] = open(rel).read().strip()
    try:
        facts["series_commit"] = sh("git", "-C", src, "rev-parse", head + "^{commit}").strip()
        facts["base_commit"] = sh("git", "-C", src, "rev-parse", "base^{commit}").strip()
        facts["series_patches"] = sh("git", "-C", src, "rev-list", "--count",
                                     "base.." + facts["series_commit"]).strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        pass
    return facts


# --- URLs -------------------------------------------------------------------------
def check_url(cell, url):
    """ARTIFACT_URL must be http(s)://host/... or file:///abs/dir."""
    u = urllib.parse.urlsplit(url)
    why = None
    if not url or re.search(r"\s", url):
        why = "is empty or has blanks"
    elif u.scheme not in ("http", "https", "file"):
        why = "has no http://, https:// or file:// scheme"
    elif u.scheme in ("http", "https") and not u.hostname:
        why = "has no host"
    elif u.scheme == "file" and (u.netloc or not u.path.startswith("/")):
        why = "is not file:///absolute/path"
    if why:
        raise Bad("%s: ARTIFACT_URL=%r is not a URL: %s" % (cell, url, why))
    return url.rstrip("/")


# --- the device: LAVA's qemu device type, rendered as the server would ----------
def templates_dir():
    d = os.environ.get("LAVA_TEMPLATES", os.path.join(L, "templates", "usr/share/lava-server/device-types"))
    if not os.path.exists(os.path.join(d, "qemu.jinja2")):
        raise Bad("-: no LAVA device-type templates in %s (scripts/lava.sh deps)" % d)
    return d


def render_device(context):
    import jinja2
    import yaml
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([templates_dir()]),
                             autoescape=False, trim_blocks=True)
    text = env.from_string("{% extends 'qemu.jinja2' %}\n").render(**context)
    return text, yaml.safe_load(text)


def qemu_pairs(tokens):
    """QEMU arguments as [(option, value-or-None)]."""
    pairs, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        if i + 1 < len(tokens) and not tokens[i + 1].startswith("-"):
            pairs.append((t, tokens[i + 1]))
            i += 2
        else:
            pairs.append((t, None))
            i += 1
    return pairs


def cell_context(info, arch_ctx):
    """The job context that makes LAVA's qemu template boot the cell's QEMU line."""
    tokens = shlex.split(info["qemu"])
    binary, pairs = tokens[0], qemu_pairs(tokens[1:])
    # Which options does the template write itself for this arch?
    probe = {"arch": arch_ctx, "no_kvm": True, "cpu": "@cpu@", "machine": "@machine@"}
    opts = " ".join(render_device(probe)[1]["actions"]["boot"]["methods"]["qemu"]["parameters"]["options"])
    ctx = {"arch": arch_ctx, "no_kvm": True}
    extra = []
    for opt, val in pairs:
        if opt == "-m":
            ctx["memory"] = int(val) if val.isdigit() else val
        elif opt == "-cpu" and "@cpu@" in opts:
            ctx["cpu"] = val
        elif opt in ("-M", "-machine") and "@machine@" in opts:
            ctx["machine"] = val
        else:
            extra.append(opt if val is None else "%s %s" % (opt, val))
    # A panic must end the VM (LAVA then calls the job an infrastructure
    # error; without it the guest reboots until the timeout).
    if "-no-reboot" not in extra:
        extra.append("-no-reboot")
    ctx["extra_options"] = extra
    return binary, ctx


LAVA_ARCH = {"x86_64": "x86_64", "arm64": "arm64"}


def rendered_qemu(device, job):
    """The command lava-run will start: device options + image_args."""
    p = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
    cmd = [p["command"].strip()] + [str(o) for o in p.get("options", [])] + [str(o) for o in p.get("extra", [])]
    deploy = next(a["deploy"] for a in job["actions"] if "deploy" in a)
    for label, img in deploy["images"].items():
        cmd.append(img["image_arg"].replace("{%s}" % label, "/tmp/" + label))
    return shlex.split(" ".join(cmd))


def check_qemu(cell, info, device, job):
    """The job boots the cell's machine: every option of the cell's QEMU line,
    -no-reboot, its command line; nothing but LAVA's console/NIC/monitor extra,
    and never -enable-kvm."""
    got = rendered_qemu(device, job)
    want = shlex.split(info["qemu"])
    probs = []
    if got[0] != want[0]:
        probs.append("binary %s, cell wants %s" % (got[0], want[0]))
    gp = qemu_pairs(got[1:])
    norm = lambda p: ("-machine" if p[0] == "-M" else p[0], p[1])
    gset = {norm(p) for p in gp}
    # QEMU takes the last -m; compare what it takes.
    wlast = {}
    for p in qemu_pairs(want[1:]):
        wlast[norm(p)[0]] = norm(p)
    for p in wlast.values():
        if p not in gset:
            probs.append("missing %s %s" % p)
    gm = [v for o, v in gp if o == "-m"]
    if "-m" in wlast and gm and gm[-1] != wlast["-m"][1]:
        probs.append("memory %s, cell wants %s" % (gm[-1], wlast["-m"][1]))
    for o, v in gp:
        if o in ("-enable-kvm", "-accel") or (o == "-cpu" and v == "host"):
            probs.append("%s (KVM: no_kvm missing from the context?)" % o)
        elif (norm((o, v)) not in set(wlast.values()) and o not in LAVA_ADDS
              and o not in ("-kernel", "-initrd", "-append", "-no-reboot", "-m")):
            probs.append("extra option %s %s" % (o, v or ""))
    if "-no-reboot" not in got:
        probs.append("no -no-reboot (a panic would reboot until the timeout)")
    app = got[got.index("-append") + 1] if "-append" in got else ""
    if app != "%s %s" % (info["cmdline"], APPEND_EXTRA):
        probs.append("command line %r, cell wants %r" % (app, "%s %s" % (info["cmdline"], APPEND_EXTRA)))
    if probs:
        raise Bad("%s: job's QEMU differs from the cell: %s" % (cell, "; ".join(probs)))
    return got


# --- export -------------------------------------------------------------------------
def seconds(n):
    return {"seconds": int(n)}


def make_job(info, facts, kernel_url, initrd_url, ctx):
    suites = guest_order(info["suites"].split())
    monitors = []
    for i, s in enumerate(suites):
        monitors.append({
            "name": s,
            "start": "matrix: abi %s begin" % s,
            # The last monitor waits for the guest's end, so the console
            # that comes back holds "matrix: done" as boot.sh's does.
            "end": "matrix: done" if i == len(suites) - 1 else "matrix: abi %s end" % s,
            "pattern": MONITOR_PATTERN,
            "fixupdict": dict(MONITOR_FIXUP),
        })
    test_t = int(info.get("timeout") or BOOT_TIMEOUT)
    job = {
        "job_name": ("matrix %s: tree %s, flavour %s, %s, kernel %s, series %s"
                     % (info["cell"], info["treeid"], info["flavour"], info["arch"],
                        facts["kernel_version"], facts["series_commit"][:12]))[:200],
        "device_type": "qemu",
        "visibility": "public",
        "priority": "medium",
        # The schema rejects an action timeout above the job's (lava-run only
        # warns): the job's is the sum of its actions' and a minute.
        "timeouts": {"job": seconds(120 + 120 + test_t + 60),
                     "connection": seconds(test_t),
                     "action": seconds(test_t)},
        "context": ctx,
        "metadata": {
            "matrix.cell": info["cell"], "matrix.tree": info["treeid"],
            "matrix.flavour": info["flavour"], "matrix.kernel": info["kernel_row"],
            "matrix.arch": info["arch"], "matrix.suites": " ".join(suites),
            "matrix.kernel_version": facts["kernel_version"],
            "matrix.series_commit": facts["series_commit"],
            "matrix.series_patches": facts["series_patches"],
            "matrix.base_commit": facts["base_commit"],
            "matrix.cmdline": info["cmdline"],
        },
        "actions": [
            {"deploy": {
                "to": "tmpfs", "timeout": seconds(120),
                "images": {
                    "kernel": {"url": kernel_url,
                               "image_arg": "-kernel {kernel} -append \"%s %s\"" % (info["cmdline"], APPEND_EXTRA)},
                    "initrd": {"url": initrd_url, "image_arg": "-initrd {initrd}"},
                }}},
            # execute-qemu's timeout is the console's pexpect timeout: how
            # long a monitor waits for the next result line before it gives
            # up on its suite (LAVA: "lava test monitoring has timed out",
            # the suite's remaining cases lost). The boot block's 120 s
            # would be less than one test program may take in the guest
            # (TEST_TIMEOUT 300 s); the cell's timeout, as boot.sh's.
            {"boot": {"method": "qemu", "media": "tmpfs", "timeout": seconds(120),
                      "timeouts": {"execute-qemu": seconds(test_t)}}},
            {"test": {"timeout": seconds(test_t), "monitors": monitors}},
        ],
    }
    return job


def dump_yaml(obj, path):
    import yaml
    with open(path + ".tmp", "w") as f:
        yaml.safe_dump(obj, f, sort_keys=False, default_flow_style=False, width=1000)
    os.replace(path + ".tmp", path)


def export(cells):
    import yaml
    if not cells:
        cells = all_cells()
    url = os.environ.get("ARTIFACT_URL", "")
    if url:
        url = check_url(cells[0], url)
    t0 = time.time()
    infos = [cell_info(c) for c in cells]
    for info in infos:
        for k in ("kernel", "initramfs"):
            if not os.path.isfile(info[k]):
                raise Bad("%s: no %s %s (make cell CELL=%s builds it)" % (info["cell"], k, info[k], info["cell"]))
    manifest = []
    mpath = os.path.join(L, "manifest.json")
    if os.path.exists(mpath):
        manifest = [m for m in json.load(open(mpath)) if m["cell"] not in cells]
    for info in infos:
        cell = info["cell"]
        d = os.path.join(L, "jobs", cell)
        os.makedirs(d, exist_ok=True)
        kname = os.path.basename(info["kernel"])
        for src, dst in ((info["kernel"], kname), (info["initramfs"], "initramfs.cpio")):
            shutil.copyfile(src, os.path.join(d, dst + ".tmp"))
            os.replace(os.path.join(d, dst + ".tmp"), os.path.join(d, dst))
        base = url + "/" + cell if url else "file://" + d
        facts = tree_facts(info)
        _, ctx = cell_context(info, LAVA_ARCH.get(info["arch"], info["arch"]))
        job = make_job(info, facts, base + "/" + kname, base + "/initramfs.cpio", ctx)
        dtext, device = render_device(ctx)
        check_qemu(cell, info, device, job)
        dump_yaml(job, os.path.join(d, "job.yaml"))
        with open(os.path.join(d, "device.yaml"), "w") as f:
            f.write(dtext)
        # No default route on a lab machine: lava-run's qemu boot needs
        # dispatcher_ip or it dies (LAVABug/InfrastructureError).
        with open(os.path.join(d, "dispatcher.yaml"), "w") as f:
            f.write("dispatcher_ip: 127.0.0.1\n")
        with open(os.path.join(d, "cell-info"), "w") as f:
            f.write("".join("%s %s\n" % (k, info[k]) for k in
                            ("kernel", "initramfs", "cmdline", "qemu", "suites", "row", "arch", "treeid",
                             "flavour", "ref", "results")
                            + (("timeout",) if "timeout" in info else ())))
        m = {"cell": cell, "row": info["row"], "arch": info["arch"], "tree": info["tree"],
             "kernel": info["kernel_row"], **facts,
             "job": os.path.join(d, "job.yaml"),
             "kernel_file": os.path.join(d, kname), "kernel_sha256": sha256(os.path.join(d, kname)),
             "kernel_url": base + "/" + kname,
             "initramfs_file": os.path.join(d, "initramfs.cpio"),
             "initramfs_sha256": sha256(os.path.join(d, "initramfs.cpio")),
             "initramfs_url": base + "/initramfs.cpio",
             "suites": info["suites"].split(), "matrix_results": info["results"]}
        with open(os.path.join(d, "manifest.json"), "w") as f:
            json.dump(m, f, indent=1)
        manifest.append(m)
    manifest.sort(key=lambda m: m["cell"])
    with open(mpath + ".tmp", "w") as f:
        json.dump(manifest, f, indent=1)
    os.replace(mpath + ".tmp", mpath)
    dt = time.time() - t0
    note_time("export", dt, "%d jobs" % len(infos))
    print("lava: exported %d jobs into %s/jobs (%.1f s)%s" % (
        len(infos), L, dt, "" if not url else ", images at " + url))


# --- validate -------------------------------------------------------------------------
def schema_check(job):
    """LAVA's own job schema, strict; None or the reason."""
    from lava_common.schemas import validate
    try:
        validate(job, strict=True)
    except Exception as e:  # voluptuous.Invalid and friends
        return str(e).splitlines()[0]
    return None


def timeout_check(job):
    """Our own copy of the check the schema makes and lava-run does not:
    no action/connection timeout above the job's."""
    from lava_common.timeout import Timeout
    jt = Timeout.parse(job["timeouts"]["job"])
    over = []
    for k, v in job["timeouts"].items():
        if k in ("action", "connection") and Timeout.parse(v) > jt:
            over.append("timeouts.%s" % k)
    for k in ("actions", "connections"):
        for name, v in job["timeouts"].get(k, {}).items():
            if Timeout.parse(v) > jt:
                over.append("timeouts.%s.%s" % (k, name))
    for i, a in enumerate(job["actions"]):
        (kind, body), = a.items()
        if "timeout" in body and Timeout.parse(body["timeout"]) > jt:
            over.append("actions[%d].%s" % (i, kind))
        for name, v in body.get("timeouts", {}).items():
            if Timeout.parse(v) > jt:
                over.append("actions[%d].%s.timeouts.%s" % (i, kind, name))
    return ("timeout above the job's (%s)" % ", ".join(over)) if over else None


def monitor_check(job, info):
    """The monitors follow the guest's suite order (LAVA's monitors never
    look back) and may wait for a line longer than one test program may
    take in the guest; None or the reason."""
    from lava_common.timeout import Timeout
    test = next((a["test"] for a in job["actions"] if "test" in a), {})
    names = [m.get("name") for m in test.get("monitors", [])]
    want = guest_order(info["suites"].split())
    if names != want:
        return "monitors %s, the guest runs %s" % (" ".join(map(str, names)), " ".join(want))
    boot = next((a["boot"] for a in job["actions"] if "boot" in a), {})
    t = (boot.get("timeouts") or {}).get("execute-qemu") or boot.get("timeout") or job["timeouts"].get("action")
    if not t or Timeout.parse(t) <= GUEST_TEST_TIMEOUT:
        return ("a monitor gives up after %s s without a result line (execute-qemu's timeout), "
                "a test program may take %d s" % (Timeout.parse(t) if t else "?", GUEST_TEST_TIMEOUT))
    return None


def lava_run_validate(d, job_path, tag):
    jid = "matrix-validate-%s-%d-%d" % (tag, os.getpid(), time.time_ns() % 10**9)
    out = os.path.join(L, "run", "validate", jid)
    os.makedirs(out, exist_ok=True)
    p = subprocess.run(["lava-run", "--validate", "--job-id", jid, "--output-dir", out,
                        "--device", os.path.join(d, "device.yaml"),
                        "--dispatcher", os.path.join(d, "dispatcher.yaml"), job_path],
                       capture_output=True, text=True)
    shutil.rmtree(os.path.join("/var/lib/lava/dispatcher/tmp", jid), ignore_errors=True)
    log = p.stdout + p.stderr
    shutil.rmtree(out, ignore_errors=True)
    errs = [str(m) for lvl, m in log_entries(log) if lvl in ("error", "exception")]
    errs = [" / ".join(errs)] if errs else []
    warns = [m for lvl, m in log_entries(log) if lvl == "warning"]
    ok = p.returncode == 0 and not errs and '"result": "pass"' in log.split('"case": "validate"')[-1][:80]
    return ok, (errs[:1] or [log.strip().splitlines()[-1] if log.strip() else "rc %d" % p.returncode]), warns


def validate(dirs):
    import yaml
    if not dirs:
        dirs = sorted(glob.glob(os.path.join(L, "jobs", "*")))
    if not dirs:
        raise Bad("-: no jobs in %s/jobs (scripts/lava.sh export first)" % L)
    if os.geteuid() != 0:
        raise Bad("-: lava-run runs as root")
    t0 = time.time()
    bad = 0
    for d in dirs:
        cell = os.path.basename(d.rstrip("/"))
        job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
        info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
        info["cell"] = cell
        device = yaml.safe_load(open(os.path.join(d, "device.yaml")))
        probs = []
        for what, why in (("schema", schema_check(job)), ("timeouts", timeout_check(job)),
                          ("monitors", monitor_check(job, info))):
            if why:
                probs.append("%s: %s" % (what, why))
        try:
            check_qemu(cell, info, device, job)
        except Bad as e:
            probs.append(str(e).split(": ", 1)[1])
        ok, errs, warns = lava_run_validate(d, os.path.join(d, "job.yaml"), cell)
        if not ok:
            probs.append("lava-run --validate: %s" % errs[0])
        # lava-run only warns about what the schema rejects: a warning
        # about timeouts is a failure here.
        for w in warns:
            if "timeout" in str(w).lower():
                probs.append("lava-run warns: %s" % w)
        if probs:
            bad += 1
            print("lava: %s: %s" % (cell, "; ".join(probs)))
    dt = time.time() - t0
    note_time("validate", dt, "%d jobs" % len(dirs))
    print("lava: validate: %d jobs, %d valid (schema strict, timeouts, monitors, QEMU line, lava-run --validate) in %.1f s"
          % (len(dirs), len(dirs) - bad, dt))
    return 1 if bad else 0


# --- lava-run's log ---------------------------------------------------------------------
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


def console_from_log(text):
    """The serial console as lava-run logged it: "target" lines, and the
    "feedback" ones read after the test action. The line the last
    monitor's end string ("matrix: done") matched is sometimes logged
    only as feedback, by finalize's read-feedback (seen in a make check:
    status "guest ended without finishing" on a console that finished)."""
    return "".join("%s\n" % m for lvl, m in log_entries(text)
                   if lvl in ("target", "feedback") and isinstance(m, str))


def lava_results(text):
    """Per-case results of the monitors: [(definition, case, result)]."""
    out = []
    for lvl, m in log_entries(text):
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
    pat = re.compile(MONITOR_PATTERN, re.DOTALL)
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
            r = MONITOR_FIXUP.get(m.group("result"), m.group("result"))
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
    result line of every nesting level, in order (LAVA flattens nesting),
    the suites in the guest's order."""
    out = []
    for s in guest_order(suites):
        f = os.path.join(outdir, s + ".ktap")
        if not os.path.exists(f):
            continue
        for line in open(f):
            m = re.match(r"^\s*(not ok|ok) \d+ ([^#\n]*?)\s*(#.*)?$", line.rstrip("\n"))
            if not m:
                continue
            r = "fail" if m.group(1) == "not ok" else ("skip" if re.search(r"# SKIP", m.group(3) or "") else "pass")
            out.append((s, mangle(m.group(2)), r))
    return out


def plan_problems(path):
    """KTAP plans (1..N at every nesting level) against the results under
    them; LAVA never checks a plan. [] when every plan is met."""
    probs = []
    levels = {}  # indent -> [plan, count]

    def close(depth_min, name):
        # KTAP: a program's result line comes after its block, so NAME
        # (the line that closes the block) names it.
        for d in sorted([d for d in levels if d >= depth_min], reverse=True):
            plan, count = levels.pop(d)
            if plan is not None and count != plan:
                where = "top level" if d == 0 else name
                probs.append("%s: %s has %d of %d results" % (os.path.basename(path)[:-5], where, count, plan))

    seen_plan0 = False
    for line in open(path):
        line = line.rstrip("\n")
        ind = len(line) - len(line.lstrip(" "))
        body = line.lstrip(" ")
        m = re.match(r"^1\.\.(\d+)", body)
        if m:
            close(ind, "a block before this plan")
            levels[ind] = [int(m.group(1)), 0]
            if ind == 0:
                seen_plan0 = True
            continue
        m = re.match(r"^(not ok|ok) \d+ ([^#]*?)\s*(#.*)?$", body)
        if m:
            close(ind + 1, m.group(2))
            levels.setdefault(ind, [None, 0])[1] += 1
    close(0, "end of suite")
    if not seen_plan0:
        probs.append("%s: no KTAP plan" % os.path.basename(path)[:-5])
    return probs


# --- run ---------------------------------------------------------------------------------
def split_console(outdir, console_path, rc, timeout):
    subprocess.run([os.path.join(TOP, "scripts/console-split.sh"), outdir, console_path,
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
            probs += plan_problems(f)
    if lava is None:
        lava = lava_results(log_text)
    with open(os.path.join(outdir, "lava-results"), "w") as f:
        f.write("".join("%s %s %s\n" % r for r in lava))
    if monitors is None:
        monitors = [{"name": s} for s in guest_order(suites)]
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
    d = os.path.join(L, "jobs", cell)
    if not os.path.exists(os.path.join(d, "job.yaml")):
        raise Bad("%s: not exported (scripts/lava.sh export %s)" % (cell, cell))
    if os.geteuid() != 0:
        raise Bad("%s: lava-run runs as root" % cell)
    info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
    job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
    # A local run boots the exported files, whatever ARTIFACT_URL said.
    for img, f in (("kernel", os.path.basename(info["kernel"])), ("initrd", "initramfs.cpio")):
        job["actions"][0]["deploy"]["images"][img]["url"] = "file://" + os.path.join(d, f)
    # Each lava-run its own job id: it keeps its files in a folder named after it.
    jid = "matrix-%s-%s-%d" % (cell, time.strftime("%Y%m%d%H%M%S"), os.getpid())
    rundir = os.path.join(L, "run", jid)
    os.makedirs(rundir, exist_ok=True)
    dump_yaml(job, os.path.join(rundir, "job.yaml"))
    t0 = time.time()
    with open(os.path.join(rundir, "lava.log"), "w") as logf:
        p = subprocess.run(["lava-run", "--job-id", jid, "--output-dir", os.path.join(rundir, "out"),
                            "--device", os.path.join(d, "device.yaml"),
                            "--dispatcher", os.path.join(d, "dispatcher.yaml"),
                            os.path.join(rundir, "job.yaml")], stdout=logf, stderr=subprocess.STDOUT)
    dt = time.time() - t0
    shutil.rmtree(os.path.join("/var/lib/lava/dispatcher/tmp", jid), ignore_errors=True)
    text = open(os.path.join(rundir, "lava.log")).read()
    outdir = os.path.join(L, "results", info["row"], info["arch"])
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    console = console_from_log(text)
    with open(os.path.join(outdir, "console.log"), "w") as f:
        f.write(console)
    shutil.copyfile(os.path.join(rundir, "lava.log"), os.path.join(outdir, "lava.log"))
    rc, tmo = lava_end(text, p.returncode)
    split_console(outdir, os.path.join(outdir, "console.log"), rc, tmo)
    probs, notes = finish_results(outdir, info["suites"].split(), text, console,
                                  next(a["test"] for a in job["actions"] if "test" in a)["monitors"])
    job_result = lava_job_result(text)
    with open(os.path.join(outdir, "lava-job"), "w") as f:
        f.write("job %s: %s (lava-run exit %d, %.1f s)\n" % (jid, job_result, p.returncode, dt))
    note_time("run " + cell, dt, "lava job %s, cell %s" % (job_result, open(os.path.join(outdir, "status")).read().strip()))
    shutil.rmtree(rundir, ignore_errors=True)
    status = open(os.path.join(outdir, "status")).read().strip()
    nres = len(lava_results(text))
    print("lava: %s: lava-run %.1f s, LAVA job %s, %d LAVA case results; cell: %s" % (
        cell, dt, job_result, nres, status))
    for n in notes:
        print("lava: %s: note: %s" % (cell, n))
    return 0


def lava_job_result(text):
    res = [m for lvl, m in log_entries(text) if lvl == "results" and isinstance(m, dict)
           and m.get("definition") == "lava" and m.get("case") == "job"]
    if not res:
        return "unknown"
    r = res[-1]
    err = (r.get("extra") or {}).get("error_type")
    return r["result"] + (" (%s)" % err if err else "")


def lava_end(text, rc):
    """(rc, timeout) for console-split.sh: 124 when a LAVA timeout ended it."""
    for lvl, m in log_entries(text):
        if lvl in ("error", "exception", "warning") and isinstance(m, str):
            t = re.search(r"timed out after (\d+) seconds", m)
            if t:
                return 124, t.group(1)
            if "monitoring has timed out" in m:
                return 124, BOOT_TIMEOUT
    return rc, BOOT_TIMEOUT


# --- lab: the jobs on a LAVA server, through lavacli -----------------------------------
# build/lab/jobs: "<cell> <job id>" as submitted; build/lab/results/<row>/<arch>/
# as build/results (plus console.log, lava.log: the raw job log, lava-results,
# lava-job); build/lab/report: report.sh's report of them. A problem with
# the input or the server (identity, token, a job rejected) stops before any
# report; a job that ends Incomplete or Canceled fails its cell.
LAVACLI = os.environ.get("LAVACLI", "lavacli")
LAB = os.path.join(B, "lab")
# How often lavacli asks the server about a job.
LAB_POLL = int(os.environ.get("LAB_POLL", "5"))


def lavacli(ident, *args):
    """(exit code, stdout + stderr) of lavacli -i IDENT ARGS."""
    try:
        p = subprocess.run([LAVACLI, "-i", ident] + [str(a) for a in args],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise Bad("-: no %s (apt-get install --no-install-recommends lavacli)" % LAVACLI)
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
        raise Bad("%s: LAVA_IDENTITY is empty (a lavacli identity: lavacli identities add)" % cell)
    rc, out = lavacli(ident, "system", "whoami")
    why = lavacli_cause(ident, out)
    if why:
        raise Bad("%s: %s" % (cell, why))
    if rc != 0:
        raise Bad("%s: lavacli -i %s system whoami: %s" % (cell, ident, (out.strip().splitlines() or ["exit %d" % rc])[-1]))
    if out.strip() == "<AnonymousUser>":
        raise Bad("%s: identity %s has no user and token: the server takes it as anonymous" % (cell, ident))


def lab_job(cell, url):
    """The exported job of CELL; its images must come from URL."""
    d = os.path.join(L, "jobs", cell)
    if not os.path.exists(os.path.join(d, "job.yaml")) or not os.path.exists(os.path.join(d, "cell-info")):
        raise Bad("%s: not exported (make lava ARTIFACT_URL=%s)" % (cell, url))
    import yaml
    try:
        job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
        imgs = next(a["deploy"] for a in job["actions"] if "deploy" in a)["images"]
    except (yaml.YAMLError, TypeError, KeyError, StopIteration) as e:
        raise Bad("%s: %s/job.yaml is not a job of make lava: %s" % (cell, d, str(e).splitlines()[0]))
    for img in imgs.values():
        if not img["url"].startswith(url + "/"):
            raise Bad("%s: job.yaml fetches %s, not from ARTIFACT_URL=%s (make lava ARTIFACT_URL=%s)"
                      % (cell, img["url"], url, url))
    return d, job


def lab_submit(ident, cell, path):
    rc, out = lavacli(ident, "jobs", "submit", path)
    m = re.match(r"^\s*(\d+)\s*$", out)
    if rc == 0 and m:
        return m.group(1)
    # lavacli exits 0 when the server rejects a job: its text says so.
    why = lavacli_cause(ident, out)
    if why:
        raise Bad("%s: %s" % (cell, why))
    msg = re.sub(r"^Unable to submit [^:]*: ", "", out.strip().splitlines()[-1] if out.strip() else "rc %d" % rc)
    raise Bad("%s: the server rejects the job: %s" % (cell, msg))


def lab_show(ident, jid):
    rc, out = lavacli(ident, "jobs", "show", jid, "--json")
    try:
        return json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise Bad("-: lavacli jobs show %s: %s" % (jid, out.strip()[-200:]))


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


def lab_collect(ident, cell, jid, d, job, outroot):
    """A finished job: its console split as boot.sh's, per-case results
    from the server, the job's health; returns (status, one line or None)."""
    info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
    show = lab_show(ident, jid)
    health = show.get("health") or "Unknown"
    _, raw = lavacli(ident, "jobs", "logs", jid, "--raw", "--no-follow")
    text = raw_log_text(raw)
    rc, rtext = lavacli(ident, "results", jid, "--yaml")
    outdir = os.path.join(outroot, info["row"], info["arch"])
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    with open(os.path.join(outdir, "lava.log"), "w") as f:
        f.write(raw)
    console = console_from_log(text)
    with open(os.path.join(outdir, "console.log"), "w") as f:
        f.write(console)
    done = health == "Complete"
    qrc, tmo = lava_end(text, 0 if done else 1)
    split_console(outdir, os.path.join(outdir, "console.log"), qrc, tmo)
    try:
        lava = server_results(rtext) if rc == 0 else None
    except (ValueError, KeyError, TypeError) as e:
        lava = None
        rtext = "%s: %s" % (e, rtext)
    probs = []
    if lava is None:
        probs.append("lavacli results %s: %s" % (jid, rtext.strip()[-200:]))
        lava = []
    p2, _ = finish_results(outdir, info["suites"].split(), text, console,
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


def lava_job_error(text):
    """The error of LAVA's own "job" result in a job log (lava-run's puts it
    under "extra", the server's beside "result")."""
    for lvl, m in log_entries(text):
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
        raise Bad("-: no cells (make lab LAVA_CELLS=...)")
    first = cells[0]
    if not url:
        raise Bad("%s: ARTIFACT_URL is empty: where the lab fetches the kernels and initramfs "
                  "(make lab ARTIFACT_URL=http://host/dir, build/lava/jobs served there)" % first)
    url = check_url(first, url)
    lab_check_identity(first, ident)
    return ident, url


def lab(cells):
    # Nothing of an earlier run may pass for this one's.
    report = os.path.join(LAB, "report")
    shutil.rmtree(report, ignore_errors=True)
    ident, url = lab_args(cells)
    jobs = [(c,) + lab_job(c, url) for c in cells]
    outroot = os.path.join(LAB, "results")
    for c, d, _ in jobs:
        info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
        shutil.rmtree(os.path.join(outroot, info["row"], info["arch"]), ignore_errors=True)
    os.makedirs(LAB, exist_ok=True)
    ids = []
    t0 = time.time()
    with open(os.path.join(LAB, "jobs"), "w") as jf:
        try:
            for c, d, job in jobs:
                jid = lab_submit(ident, c, os.path.join(d, "job.yaml"))
                ids.append(jid)
                jf.write("%s %s\n" % (c, jid))
                jf.flush()
        except Bad:
            # Leave no job of a run that has no report queued on the lab.
            if ids:
                lavacli(ident, "jobs", "cancel", *ids)
            raise
    print("    lab: submitted %d jobs (%s) to identity %s" % (len(ids), " ".join(ids), ident))
    # Every job's timeouts end it on the lab; a queue that never moves
    # (no device online) does not: give up after all of them in a row.
    budget = sum(int(job["timeouts"]["job"]["seconds"]) for _, _, job in jobs) + 600
    lines = []
    for (c, d, job), jid in zip(jobs, ids):
        left = max(LAB_POLL, int(budget - (time.time() - t0)))
        rc, out = lavacli(ident, "jobs", "wait", jid, "--polling", LAB_POLL, "--timeout", left)
        if rc != 0:
            why = lavacli_cause(ident, out)
            rest = [j for j in ids[ids.index(jid):]]
            lavacli(ident, "jobs", "cancel", *rest)
            shutil.rmtree(report, ignore_errors=True)
            raise Bad("%s: %s" % (c, why or "LAVA job %s not finished after %d s (no device online?), "
                                  "jobs %s cancelled" % (jid, budget, " ".join(rest))))
        status, line, show = lab_collect(ident, c, jid, d, job, outroot)
        secs = job_seconds(show)
        note_time("lab " + c, secs if secs is not None else 0, "LAVA job %s %s, cell %s" % (jid, show.get("health"), status))
        print("    %s: LAVA job %s %s%s; cell: %s" % (
            c, jid, show.get("health"), " in %.0f s" % secs if secs is not None else "", status))
        if line:
            lines.append(line)
    # The report of every cell, as make matrix's.
    rcells = []
    for c, d, _ in jobs:
        info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
        rcells += report_cells(info, info["suites"].split())
    env = dict(os.environ)
    env.pop("TIMES", None)
    p = subprocess.run([os.path.join(TOP, "scripts/report.sh"), outroot,
                        os.path.join(TOP, "compat-tests/expected-failures"),
                        os.path.join(B, "tree-info"), report] + rcells, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(LAB, "report.log"), "w") as f:
        f.write(p.stdout)
    verdict = ([l for l in p.stdout.splitlines() if l.startswith("matrix: ")] or ["report.sh exit %d" % p.returncode])[-1]
    print("    lab: %d cells in %.0f s; %s: %s" % (len(jobs), time.time() - t0, os.path.join(report, "report.txt"), verdict))
    # The cause last, one line per cell whose job did not complete.
    for l in lines:
        print("%s: %s" % (PREFIX, l), file=sys.stderr)
    return 1 if (lines or p.returncode) else 0


def compare_lab(cells):
    """Each cell's verdicts against make matrix's, then the whole report."""
    root = os.path.join(LAB, "results")
    rc = max([compare(c, root, "make lab") for c in cells] or [die("usage: lava.sh compare-lab CELL...")])
    rcells, reps, mutant = [], {}, False
    for c in cells:
        info = parse_cell_info(open(os.path.join(L, "jobs", c, "cell-info")).read())
        rcells += report_cells(info, info["suites"].split())
        mutant = mutant or bool(info.get("ref"))
        mroot = os.path.dirname(os.path.dirname(info["results"]))
    env = dict(os.environ)
    env.pop("TIMES", None)
    for name, res in (("matrix", mroot), ("lab", root)):
        out = os.path.join(LAB, "compare", "all", name)
        p = subprocess.run([os.path.join(TOP, "scripts/report.sh"), res,
                            os.path.join(TOP, "compat-tests/expected-failures"),
                            os.path.join(B, "tree-info"), out] + rcells,
                           capture_output=True, text=True, env=env)
        reps[name] = (p.returncode, report_verdicts(open(os.path.join(out, "report.txt")).read()))
    ra, rb = reps["matrix"][1], reps["lab"][1]
    if mutant:
        ra, rb = mutant_view(ra), mutant_view(rb)
    diff = difflib_unified(ra, rb)
    nrows = sum(1 for l in reps["lab"][1] if l and not l.startswith(("cell ", "matrix:", "tree ", "  ")))
    if diff or reps["matrix"][0] != reps["lab"][0]:
        for l in diff[:40]:
            print("    " + l)
        print("lab: report of %d cells (%d suites): differs from make matrix's (exit %d vs %d)"
              % (len(cells), len(rcells), reps["matrix"][0], reps["lab"][0]))
        return 1
    print("lab: report of %d cells (%d suites, %d lines): equal to make matrix's, exit %d both"
          % (len(cells), len(rcells), nrows, reps["lab"][0]))
    return rc


# --- compare ------------------------------------------------------------------------------
def compare(cell, root=None, what_mine="LAVA run"):
    """ROOT: where the LAVA results are (default: lava-run's, build/lava/results)."""
    d = os.path.join(L, "jobs", cell)
    if not os.path.exists(os.path.join(d, "cell-info")):
        raise Bad("%s: not exported (scripts/lava.sh export %s)" % (cell, cell))
    info = parse_cell_info(open(os.path.join(d, "cell-info")).read())
    mine = os.path.join(root or os.path.join(L, "results"), info["row"], info["arch"])
    theirs = info["results"]
    for what, p in ((what_mine, mine), ("make matrix", theirs)):
        if not os.path.exists(os.path.join(p, "status")):
            raise Bad("%s: no %s result in %s" % (cell, what, p))
    suites = info["suites"].split()
    verdicts = os.path.join(TOP, "scripts/ktap-verdicts.sh")

    def rows(p):
        out = ["status " + open(os.path.join(p, "status")).read().strip()]
        for s in suites:
            f = os.path.join(p, s + ".ktap")
            if os.path.exists(f):
                out += ["%s %s" % (s, l) for l in sh(verdicts, f).splitlines()]
        return out

    a, b = rows(theirs), rows(mine)
    # Through the project's report code, same expected-failure table.
    rep = {}
    for name, res in (("matrix", os.path.dirname(os.path.dirname(theirs))),
                      ("lava", os.path.dirname(os.path.dirname(mine)))):
        outdir = os.path.join(os.path.dirname(root or L), "compare", cell, name) if root else \
            os.path.join(L, "report", cell, name)
        env = dict(os.environ)
        env.pop("TIMES", None)
        p = subprocess.run([os.path.join(TOP, "scripts/report.sh"), res,
                            os.path.join(TOP, "compat-tests/expected-failures"),
                            os.path.join(B, "tree-info"), outdir] +
                           report_cells(info, suites),
                           capture_output=True, text=True, env=env)
        rep[name] = (p.returncode, open(os.path.join(outdir, "report.txt")).read())
    # Informational only: two boots print different measured times in
    # their diagnostics ("# ... left {..., 184694 us}"), so the KTAP is
    # compared without "#" lines; verdicts decide (rows and report above).
    def ktap(p, s, diag):
        f = os.path.join(p, s + ".ktap")
        if not os.path.exists(f):
            return None
        return [l for l in open(f).read().splitlines() if diag or not re.match(r"^\s*#", l)]
    both = [s for s in suites if ktap(mine, s, True) is not None and ktap(theirs, s, True) is not None]
    same_ktap = sum(ktap(theirs, s, True) == ktap(mine, s, True) for s in both)
    same_struct = sum(ktap(theirs, s, False) == ktap(mine, s, False) for s in both)
    ra, rb = report_verdicts(rep["matrix"][1]), report_verdicts(rep["lava"][1])
    # A mutant is compared without its randomized rows, and must be killed
    # by a row that is not one of them, in both results.
    mutant = bool(info.get("ref"))
    if mutant:
        a, b, ra, rb = mutant_view(a), mutant_view(b), mutant_view(ra), mutant_view(rb)
    diffs = [l for l in difflib_unified(a, b)]
    rdiff = [l for l in difflib_unified(ra, rb)]
    if mutant:
        # Against its reference row (cell-info's ref: its tree's patched).
        patched = os.path.join(os.path.dirname(os.path.dirname(theirs)), info["ref"], info["arch"])
        if not os.path.exists(os.path.join(patched, "status")):
            raise Bad("%s: no patched result in %s to tell a kill from" % (cell, patched))
        for what, res in (("make matrix", theirs), ("LAVA", mine)):
            if not mutant_killed(info["row"], info["ref"], info["arch"], suites, res, patched):
                rdiff.append("%s: %s: no case that passes on patched fails here (compat-tests/randomized's "
                             "not counted) and no kernel splat: not killed in this cell" % (cell, what))
    print("lava: %s: %d verdict rows from make matrix, %d from LAVA; report exit %d vs %d; "
          "KTAP (informational): %d of %d suites equal without '#' diagnostics, %d byte-identical"
          % (cell, len(a) - 1, len(b) - 1, rep["matrix"][0], rep["lava"][0], same_struct, len(suites), same_ktap))
    if diffs or rdiff or rep["matrix"][0] != rep["lava"][0]:
        for l in (diffs + rdiff)[:40]:
            print("    " + l)
        print("lava: %s: LAVA's verdicts differ from make matrix's" % cell)
        return 1
    print("lava: %s: verdicts equal (status, every case%s, the report through %s)" % (
        cell, " but compat-tests/randomized's, killed either way" if mutant else "",
        "compat-tests/expected-failures"))
    return 0


def randomized():
    """compat-tests/randomized: the tests whose rows a mutant cell need not repeat."""
    with open(os.path.join(TOP, "compat-tests/randomized")) as f:
        return [l.split()[0] for l in f if l.strip() and not l.startswith("#")]


def mutant_view(lines):
    """A mutant cell's rows without those of compat-tests/randomized, and
    without the counts they change (cell lines, the problem count)."""
    tests = tuple(t + "." for t in randomized())
    out = []
    for l in lines:
        w = l.split()
        if any(x.startswith(tests) for x in w[:2]):
            continue
        if l.startswith("cell "):
            l = l.split(";")[0]
        out.append(re.sub(r"^(matrix: \S+) \(\d+ problems?\)$", r"\1", l))
    return out


def mutant_killed(row, ref, arch, suites, mutant_dir, ref_dir):
    """Whether a mutant cell's results (MUTANT_DIR) kill it against its
    reference row's (REF_DIR), by scripts/mutants.sh's rule - the one kill
    rule: a case that passes on REF fails here (compat-tests/randomized's
    not counted), or a kernel splat on the console."""
    t = tempfile.mkdtemp()
    try:
        for r, d in ((row, mutant_dir), (ref, ref_dir)):
            os.makedirs(os.path.join(t, "res", r))
            os.symlink(os.path.abspath(d), os.path.join(t, "res", r, arch))
        spec = " ".join([row, ref] + ["%s:%s:%s" % (row, arch, s) for s in suites])
        p = subprocess.run([os.path.join(TOP, "scripts/mutants.sh"), os.path.join(t, "res"),
                            "/dev/null", "/dev/null", os.path.join(t, "out"), spec],
                           capture_output=True, text=True)
        return p.returncode == 0
    finally:
        shutil.rmtree(t, ignore_errors=True)


def report_verdicts(text):
    """report.txt without what report.sh echoes of a test's "# summary: "
    diagnostics (the indented lines under a "cell ..." line): those carry
    measured figures that differ between two boots, as the KTAP's do."""
    out, in_summary = [], False
    for l in text.splitlines():
        if l.startswith("cell "):
            in_summary = True
        elif in_summary and l.startswith("    "):
            continue
        else:
            in_summary = False
        out.append(l)
    return out


def difflib_unified(a, b):
    import difflib
    return [l for l in difflib.unified_diff(a, b, "make matrix", "lava", lineterm="", n=0)]


# --- main ------------------------------------------------------------------------------------
def main(argv):
    if not argv:
        die("usage: lava.sh export|validate|run|compare|lab|compare-lab|selftest ...")
    cmd, args = argv[0], argv[1:]
    global PREFIX
    if cmd in ("lab", "lab-args", "compare-lab"):
        PREFIX = "lab"
    try:
        if cmd == "export":
            export(args)
            return 0
        if cmd == "validate":
            return validate([os.path.join(L, "jobs", c) for c in args])
        if cmd == "run":
            if len(args) != 1:
                die("usage: lava.sh run CELL")
            return run(args[0])
        if cmd == "compare":
            return max([compare(c) for c in args] or [die("usage: lava.sh compare CELL...")])
        if cmd == "lab":
            return lab(args)
        if cmd == "lab-args":
            lab_args(args)
            return 0
        if cmd == "compare-lab":
            return compare_lab(args)
        if cmd == "url":
            if len(args) != 1:
                die("usage: lava.sh url ARTIFACT_URL")
            check_url("-", args[0])
            return 0
        if cmd == "selftest":
            import selftest
            return selftest.main(sys.modules[__name__], args)
        die("no command %r (export, validate, run, compare, lab, compare-lab, selftest)" % cmd)
    except Bad as e:
        die(str(e))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    sys.exit(main(sys.argv[1:]))
