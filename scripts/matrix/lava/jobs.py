"""LAVA jobs of the cell table: export (job + device + images per cell)
and validation (LAVA's schema, timeouts, monitors, the QEMU line,
lava-run --validate); the reference jobs in refs/ (scripts/lava/lava.sh refs).
The job is templates/qemu-tmpfs-monitors.yaml.jinja2 rendered with the
cell's row of build/cells.json."""
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import time
import urllib.parse

from . import common as C

JOB_TEMPLATE = "qemu-tmpfs-monitors.yaml.jinja2"

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
# The guest's own limit for one test program (guests/init TEST_TIMEOUT).
GUEST_TEST_TIMEOUT = 300

# What LAVA's qemu device type adds to a cell's QEMU line (the serial
# console, a NIC nothing in the guest uses, no monitor).
LAVA_ADDS = {"-nographic", "-net", "-monitor"}


def tree_facts(c):
    """Kernel version and series commit of the cell's kernel, as the cell
    table has them (cells.py facts: its branch, or the tag "base", in the
    tree's base repository, read when make wrote the table)."""
    f = c["kernel"].get("facts", {})
    return {"kernel_version": f.get("release", "unknown"), "series_commit": f.get("commit", "unknown"),
            "series_patches": f.get("patches", "0") if f.get("commit") else "0",
            "base_commit": f.get("base_commit", "unknown")}


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
        raise C.Bad("%s: ARTIFACT_URL=%r is not a URL: %s" % (cell, url, why))
    return url.rstrip("/")


# --- the device: LAVA's qemu device type, rendered as the server would ----------
def templates_dir():
    d = os.environ.get("LAVA_TEMPLATES", os.path.join(C.L, "templates", "usr/share/lava-server/device-types"))
    if not os.path.exists(os.path.join(d, "qemu.jinja2")):
        raise C.Bad("-: no LAVA device-type templates in %s (scripts/lava/lava.sh deps)" % d)
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


def cell_context(c):
    """The job context that makes LAVA's qemu template boot the cell's QEMU
    line (LAVA's arch names are the matrix's)."""
    arch_ctx = c["arch"]
    tokens = shlex.split(c["qemu"])
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


def rendered_qemu(device, job):
    """The command lava-run will start: device options + image_args."""
    p = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
    cmd = [p["command"].strip()] + [str(o) for o in p.get("options", [])] + [str(o) for o in p.get("extra", [])]
    deploy = next(a["deploy"] for a in job["actions"] if "deploy" in a)
    for label, img in deploy["images"].items():
        cmd.append(img["image_arg"].replace("{%s}" % label, "/tmp/" + label))
    return shlex.split(" ".join(cmd))


def append(c):
    """The kernel command line the job gives the guest: the cell's (without
    trailing blanks, as the template writes it) and boot.sh's addition."""
    return "%s %s" % (c["cmdline"].strip(), c["boot_append"])


def check_qemu(cell, c, device, job):
    """The job boots the cell's machine: every option of the cell's QEMU line,
    -no-reboot, its command line; nothing but LAVA's console/NIC/monitor extra,
    and never -enable-kvm."""
    got = rendered_qemu(device, job)
    want = shlex.split(c["qemu"])
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
    if app != append(c):
        probs.append("command line %r, cell wants %r" % (app, append(c)))
    if probs:
        raise C.Bad("%s: job's QEMU differs from the cell: %s" % (cell, "; ".join(probs)))
    return got


# --- export -------------------------------------------------------------------------
def make_job(c, facts, kernel_url, initrd_url, ctx):
    """The cell's job: templates/qemu-tmpfs-monitors.yaml.jinja2 rendered
    with its row of the table."""
    import jinja2
    import yaml
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(C.DATA, "templates")),
                             autoescape=False, undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    env.filters["q"] = json.dumps
    text = env.get_template(JOB_TEMPLATE).render(
        cell=c, facts=facts, context=ctx, kernel_url=kernel_url, initrd_url=initrd_url,
        pattern=MONITOR_PATTERN, fixup=MONITOR_FIXUP)
    return yaml.safe_load(text)


def dump_yaml(obj, path):
    import yaml
    with open(path + ".tmp", "w") as f:
        yaml.safe_dump(obj, f, sort_keys=False, default_flow_style=False, width=1000)
    os.replace(path + ".tmp", path)


def job_files(c, d, url, facts=None):
    """Job and device of cell C exported to folder D, its images at URL
    (default: file:// of D): (job, device text, kernel file name, facts)."""
    kname = os.path.basename(c["kernel"]["image"])
    base = url + "/" + c["id"] if url else "file://" + d
    facts = facts or tree_facts(c)
    _, ctx = cell_context(c)
    job = make_job(c, facts, base + "/" + kname, base + "/initramfs.cpio", ctx)
    dtext, device = render_device(ctx)
    check_qemu(c["id"], c, device, job)
    return job, dtext, kname, facts


def export(cells, fresh=False, quiet=False):
    """Each cell's job folder (FRESH: its kernel's facts read now, not when
    make wrote the table: make mutation's mutants are built after it)."""
    url = os.environ.get("ARTIFACT_URL", "")
    if url:
        url = check_url(cells[0] if cells else "-", url)
    table = C.table()
    if not cells:
        cells = table.run
    t0 = time.time()
    rows = [table.cell(c) for c in cells]
    for c in rows:
        for what, f in (("kernel", c["kernel"]["image"]), ("initramfs", c["initramfs"])):
            if not os.path.isfile(f):
                raise C.Bad("%s: no %s %s (make cell CELL=%s builds it)" % (c["id"], what, f, c["id"]))
        if fresh:
            c["kernel"]["facts"] = C.cells.kernel_facts(c["kernel"])
    manifest = []
    mine = []
    for c in rows:
        cell = c["id"]
        d = C.job_dir(cell)
        os.makedirs(d, exist_ok=True)
        job, dtext, kname, facts = job_files(c, d, url)
        for src, dst in ((c["kernel"]["image"], kname), (c["initramfs"], "initramfs.cpio")):
            tmp = os.path.join(d, dst + ".tmp")
            if os.path.lexists(tmp):
                os.unlink(tmp)
            # The initramfs is shared by many cells (every mutant's) and
            # only ever replaced by a new file (initramfs.sh renames it into
            # place): a link, where it can be. A kernel image is written in
            # place (kbuild-shared.sh cp): always a copy.
            if dst == "initramfs.cpio":
                try:
                    os.link(src, tmp)
                except OSError:
                    shutil.copyfile(src, tmp)
            else:
                shutil.copyfile(src, tmp)
            os.replace(tmp, os.path.join(d, dst))
            # rename(2) leaves both names when they are one file already.
            if os.path.lexists(tmp):
                os.unlink(tmp)
        base = url + "/" + cell if url else "file://" + d
        dump_yaml(job, os.path.join(d, "job.yaml"))
        with open(os.path.join(d, "device.yaml"), "w") as f:
            f.write(dtext)
        # No default route on a lab machine: lava-run's qemu boot needs
        # dispatcher_ip or it dies (LAVABug/InfrastructureError).
        with open(os.path.join(d, "dispatcher.yaml"), "w") as f:
            f.write("dispatcher_ip: 127.0.0.1\n")
        # The cell's row of the table: what validate, run, compare and lab read.
        with open(os.path.join(d, "cell.json"), "w") as f:
            json.dump(c, f, indent=1)
        m = {"cell": cell, "row": c["row"], "arch": c["arch"], "tree": c["kernel"]["tree"],
             "kernel": c["kernel"]["row"], **facts,
             "job": os.path.join(d, "job.yaml"),
             "kernel_file": os.path.join(d, kname), "kernel_sha256": C.sha256(os.path.join(d, kname)),
             "kernel_url": base + "/" + kname,
             "initramfs_file": os.path.join(d, "initramfs.cpio"),
             "initramfs_sha256": C.sha256(os.path.join(d, "initramfs.cpio")),
             "initramfs_url": base + "/initramfs.cpio",
             "columns": C.cells.listed_columns(c), "matrix_results": c["results"]}
        with open(os.path.join(d, "manifest.json"), "w") as f:
            json.dump(m, f, indent=1)
        mine.append(m)
    # make mutation's cells export themselves side by side: one writer of
    # the manifest at a time.
    import fcntl
    mpath = os.path.join(C.L, "manifest.json")
    with open(mpath + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(mpath):
            manifest = [m for m in json.load(open(mpath)) if m["cell"] not in cells]
        manifest = sorted(manifest + mine, key=lambda m: m["cell"])
        with open(mpath + ".tmp", "w") as f:
            json.dump(manifest, f, indent=1)
        os.replace(mpath + ".tmp", mpath)
    dt = time.time() - t0
    C.note_time("export", dt, "%d jobs" % len(rows))
    if not quiet:
        print("lava: exported %d jobs into %s/jobs (%.1f s)%s" % (
            len(rows), C.L, dt, "" if not url else ", images at " + url))


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


def monitor_check(job, c):
    """The monitors follow the guest's suite order (LAVA's monitors never
    look back) and may wait for a line longer than one test program may
    take in the guest; None or the reason."""
    from lava_common.timeout import Timeout
    test = next((a["test"] for a in job["actions"] if "test" in a), {})
    names = [m.get("name") for m in test.get("monitors", [])]
    want = c["columns"]
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
    out = os.path.join(C.L, "run", "validate", jid)
    os.makedirs(out, exist_ok=True)
    p = subprocess.run(["lava-run", "--validate", "--job-id", jid, "--output-dir", out,
                        "--device", os.path.join(d, "device.yaml"),
                        "--dispatcher", os.path.join(d, "dispatcher.yaml"), job_path],
                       capture_output=True, text=True)
    shutil.rmtree(os.path.join("/var/lib/lava/dispatcher/tmp", jid), ignore_errors=True)
    log = p.stdout + p.stderr
    shutil.rmtree(out, ignore_errors=True)
    errs = [str(m) for lvl, m in C.log_entries(log) if lvl in ("error", "exception")]
    errs = [" / ".join(errs)] if errs else []
    warns = [m for lvl, m in C.log_entries(log) if lvl == "warning"]
    ok = p.returncode == 0 and not errs and '"result": "pass"' in log.split('"case": "validate"')[-1][:80]
    return ok, (errs[:1] or [log.strip().splitlines()[-1] if log.strip() else "rc %d" % p.returncode]), warns


def validate(dirs):
    import yaml
    if not dirs:
        dirs = sorted(glob.glob(os.path.join(C.L, "jobs", "*")))
    if not dirs:
        raise C.Bad("-: no jobs in %s/jobs (scripts/lava/lava.sh export first)" % C.L)
    if os.geteuid() != 0:
        raise C.Bad("-: lava-run runs as root")
    t0 = time.time()
    bad = 0
    for d in dirs:
        cell = os.path.basename(d.rstrip("/"))
        job = yaml.safe_load(open(os.path.join(d, "job.yaml")))
        c = C.job_cell(cell, d)
        device = yaml.safe_load(open(os.path.join(d, "device.yaml")))
        probs = []
        for what, why in (("schema", schema_check(job)), ("timeouts", timeout_check(job)),
                          ("monitors", monitor_check(job, c))):
            if why:
                probs.append("%s: %s" % (what, why))
        try:
            check_qemu(cell, c, device, job)
        except C.Bad as e:
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
    C.note_time("validate", dt, "%d jobs" % len(dirs))
    print("lava: validate: %d jobs, %d valid (schema strict, timeouts, monitors, QEMU line, lava-run --validate) in %.1f s"
          % (len(dirs), len(dirs) - bad, dt))
    return 1 if bad else 0


# --- reference jobs: refs/<arch>.job.yaml, refs/cells/<cell>.job.yaml ----------------
# One job per kernel arch (the first cell of `make cells` on it), and the
# cells named (a make mutation mutant's: refs/cells/), rendered with fixed
# tree facts and images at @ARTIFACT_URL@: a change to the template, the
# table or the Makefile's rows shows as a diff here.
REFS = os.path.join(C.DATA, "refs")
REF_FACTS = {"kernel_version": "@KERNEL_VERSION@", "series_commit": "0" * 40,
             "series_patches": "@SERIES_PATCHES@", "base_commit": "1" * 40}


def refs(cells=(), write=False):
    import difflib
    import yaml
    table = C.table()
    bad = []
    if cells:
        want = {os.path.join("cells", "%s.job.yaml" % cid): table.cell(cid) for cid in cells}
    else:
        first = {}
        for cid in table.run:
            first.setdefault(table.cell(cid)["arch"], table.cell(cid))
        want = {"%s.job.yaml" % a: c for a, c in first.items()}
        bad = [n for n in sorted(os.listdir(REFS)) if n.endswith(".job.yaml") and n not in want]
        for n in bad:
            print("lava: refs: %s has no cell in the table (arches: %s)" % (n, " ".join(first)))
    for name, c in want.items():
        job = job_files(c, "/nonexistent", "@ARTIFACT_URL@", REF_FACTS)[0]
        text = yaml.safe_dump(job, sort_keys=False, default_flow_style=False, width=1000)
        path = os.path.join(REFS, name)
        old = open(path).read() if os.path.exists(path) else ""
        if write:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        elif old != text:
            bad.append(name)
            print("lava: refs: %s (cell %s) differs from the job rendered now:" % (name, c["id"]))
            for line in list(difflib.unified_diff(old.splitlines(), text.splitlines(), "refs/" + name,
                                                  "rendered", lineterm="", n=1))[:40]:
                print("    " + line)
    print("lava: refs: %d reference jobs %s (%s)" % (
        len(want), "written" if write else "checked, %d differ" % len(bad), " ".join(sorted(want))))
    return 1 if bad and not write else 0
