#!/bin/sh
# fake-table.sh OUT [tree=T:VERSION]... "ROW ARCH ABIS TREE NAME [REF|- [PATCH...]]"...:
# a cell table (build/cells.json) as make writes it (mk/cells.mk), with
# what the report, the kill rule and the store read of it, for the
# selfcheck and the dashboard check's fake runs. Cell ROW-ARCH, its ABIS
# comma-separated, REF its reference row (a mutant's), PATCH its kernel's
# patch set; tree=T:VERSION adds tree T's facts (tarball
# /nonexistent/linux-source-T.tar.xz, 3 patches, patched HEAD 1234567).
set -eu
exec /usr/bin/python3 - "$@" <<'PY'
import hashlib, json, sys
out, trees, cells = sys.argv[1], {}, []
for a in sys.argv[2:]:
    if a.startswith("tree="):
        t, v = a[5:].split(":")
        trees[t] = {"tarball": "/nonexistent/linux-source-%s.tar.xz" % t, "patchdir": "patches/" + t,
                    "imported": None, "facts": {"version": v, "package": "linux-source-%s %s-1" % (t, v),
                    "sha256": hashlib.sha256(b"fake").hexdigest(), "patches": "3", "patched_head": "1234567"}}
        continue
    w = a.split()
    row, arch, abis, tree, name = w[:5]
    ref = w[5] if len(w) > 5 and w[5] != "-" else None
    cells.append({"id": row + "-" + arch, "row": row, "arch": arch, "tree": tree, "name": name,
                  "judge": name, "judgetree": tree,
                  "kernel": {"row": row, "image": "/k", "obj": "/o", "tree": tree + "/" + name, "branch": name,
                             "repo": "/r", "kbuild": [], "patchset": w[6:]},
                  "initramfs": "/i", "payload": "p", "abis": abis.split(","), "columns": sorted(abis.split(",")),
                  "cmdline": "", "boot_append": "", "qemu": "", "clock": "virtual", "timeout": 900,
                  "results": "", "report_root": "",
                  "ref": {"row": ref, "cell": ref + "-" + arch, "results": ""} if ref else None,
                  "expected_failures": ""})
with open(out, "w") as f:
    json.dump({"run": [c["id"] for c in cells], "trees": trees, "distro": [], "cells": cells}, f, indent=1)
PY
