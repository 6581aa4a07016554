"""dashboard [RUN] OUTDIR: a static page of a run, from the store.

OUTDIR/index.html: the grid tree x name x arch x ABI, each cell with
its passed / expected-failure / failed / skipped counts (counted as
the report counts them) and colour, linking to OUTDIR/cells/<cell>.html:
its case rows, its console log and KTAP under the results folder, and its
last runs from the store. Plain HTML and CSS: no script, no network.
"""
import html
import os
import time

from . import db

HIST = 10
CSS = """body{font:14px sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:3px 8px}
th{background:#eee}.ok{background:#b8e6b8}.xfail{background:#e6f0b0}.bad{background:#f3a6a6}
.none{background:#ddd;color:#777}.PASS{color:#060}.FAIL,.XPASS,.ERR{color:#b00;font-weight:bold}
.XFAIL{color:#770}.SKIP{color:#777}a{color:inherit}small{color:#555}"""


def page(title, body):
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
            f"</title><style>{CSS}</style></head><body>\n{body}\n</body></html>\n")


def fname(cell, arch, abi):
    return f"{cell}-{arch}-{abi}.html"


def klass(p, x, f, status):
    if f or status != "ok":
        return "bad"
    return "xfail" if x else "ok"


def run_head(con, run):
    r = con.execute("SELECT kinds, engine, started, ended, host, commit_id, dirty FROM runs "
                    "WHERE id=?", (run,)).fetchone()
    out = [f"<h1>select/poll matrix: run {html.escape(db.label(con, run))}</h1><p>",
           f"{html.escape(r[0])} on {html.escape(r[4])} ({html.escape(r[1])}), "
           f"{time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(r[2]))} to "
           f"{time.strftime('%H:%M:%S', time.localtime(r[3]))}, commit "
           f"{html.escape(r[5][:12])}{' (with changes)' if r[6] else ''}<br>"]
    for t, v, tb, sha, ser in con.execute("SELECT tree, version, tarball, sha256, series "
                                          "FROM trees WHERE run=? ORDER BY tree", (run,)):
        out.append(f"tree {html.escape(t)}: {html.escape(v)} from {html.escape(tb)} "
                   f"<small>sha256 {html.escape(sha)}</small>; series {html.escape(ser)}<br>")
    return "".join(out) + "</p>"


def grid(con, run):
    # Rows and arches in the order the report ran them (base, patched, debug).
    cells = con.execute("SELECT cell, arch, abi, tree, name, status, seconds FROM cells "
                        "WHERE run=? ORDER BY rowid", (run,)).fetchall()
    arches = list(dict.fromkeys(c[1] for c in cells))
    cols = [k for a in arches for k in dict.fromkeys((c[1], c[2]) for c in cells) if k[0] == a]
    rows = list(dict.fromkeys((c[3], c[4], c[0]) for c in cells))
    by = {(c[0], c[1], c[2]): c for c in cells}
    h = ["<table class=\"grid\"><tr><th>tree</th><th>name</th>"]
    for a in arches:
        n = len([c for c in cols if c[0] == a])
        h.append(f"<th colspan=\"{n}\">{html.escape(a)}</th>")
    h.append("</tr><tr><th></th><th></th>")
    h += [f"<th>{html.escape(abi)}</th>" for _, abi in cols]
    h.append("</tr>")
    for tree, name, cell in rows:
        h.append(f"<tr><th>{html.escape(tree)}</th><th>{html.escape(name)}</th>")
        for arch, abi in cols:
            c = by.get((cell, arch, abi))
            if not c:
                h.append("<td class=\"none\">-</td>")
                continue
            p, x, f, s = db.counts(con, run, cell, arch, abi)
            g = f"{c[5]}" if c[5] != "ok" else ""
            h.append(f"<td class=\"{klass(p, x, f, c[5])}\" data-cell=\"{html.escape(cell)} "
                     f"{html.escape(arch)} {html.escape(abi)}\" data-pass=\"{p}\" "
                     f"data-xfail=\"{x}\" data-fail=\"{f}\" data-skip=\"{s}\" "
                     f"data-guest=\"{html.escape(c[5])}\"><a href=\"cells/"
                     f"{html.escape(fname(cell, arch, abi))}\">{p} / {x} / {f} / {s}</a>"
                     f"{'<br><small>' + html.escape(g) + '</small>' if g else ''}</td>")
        h.append("</tr>")
    h.append("</table><p><small>passed / expected failures / failed / skipped; "
             "a failed guest is red whatever its counts</small></p>")
    return "".join(h), cells


def cell_page(con, run, c, outdir):
    cell, arch, abi, tree, name, status, secs, results = c
    rel = os.path.relpath(results, os.path.join(outdir, "cells"))
    links = [f"<a href=\"{html.escape(rel)}/{n}\">{n}</a>" for n in
             ("console.log", f"{abi}.ktap", "problem")
             if os.path.exists(os.path.join(results, n))]
    b = [f"<p><a href=\"../index.html\">all cells</a></p><h1>{html.escape(cell)}-"
         f"{html.escape(arch)} {html.escape(abi)}</h1><p>tree {html.escape(tree)}, "
         f"{html.escape(name)}; guest: <b>{html.escape(status)}</b>"
         f"{f'; boot {secs:.1f} s' if secs is not None else ''}; "
         f"{' '.join(links) or 'no console log or KTAP under ' + html.escape(results)}</p>",
         "<h2>cases</h2><table class=\"cases\"><tr><th>test.case</th><th>verdict</th></tr>"]
    for name, v, e in con.execute("SELECT name, verdict, expected FROM results WHERE run=? "
                                  "AND cell=? AND arch=? AND abi=? AND boot=0 ORDER BY name",
                                  (run, cell, arch, abi)):
        shown = {("FAIL", 1): "XFAIL", ("PASS", 1): "XPASS"}.get((v, e), v)
        b.append(f"<tr class=\"case\"><td>{html.escape(name)}</td>"
                 f"<td class=\"{shown}\">{shown}</td></tr>")
    b.append(f"</table><h2>last {HIST} runs of this cell</h2><table class=\"history\">"
             "<tr><th>run</th><th>started</th><th>boot s</th><th>passed</th><th>xfail</th>"
             "<th>failed</th><th>skipped</th><th>guest</th></tr>")
    for r, st, s, g in con.execute(
            "SELECT c.run, r.started, c.seconds, c.status FROM cells c JOIN runs r ON "
            "r.id = c.run WHERE c.cell=? AND c.arch=? AND c.abi=? ORDER BY r.started DESC "
            "LIMIT ?", (cell, arch, abi, HIST)):
        p, x, f, k = db.counts(con, r, cell, arch, abi)
        b.append(f"<tr class=\"{klass(p, x, f, g)}\"><td>{html.escape(db.label(con, r))}</td>"
                 f"<td>{time.strftime('%Y-%m-%d %H:%M', time.localtime(st))}</td>"
                 f"<td>{'' if s is None else f'{s:.1f}'}</td><td>{p}</td><td>{x}</td>"
                 f"<td>{f}</td><td>{k}</td><td>{html.escape(g)}</td></tr>")
    b.append("</table>")
    return page(f"{cell}-{arch} {abi}", "".join(b))


def write(p, text):
    tmp = p + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, p)


def main(pos):
    con = db.open_store()
    run = db.resolve(con, pos[0] if len(pos) > 1 and pos[0] else "latest")
    outdir = pos[-1] if pos else ""
    if not outdir:
        raise db.StoreError("dashboard: no output folder named")
    os.makedirs(os.path.join(outdir, "cells"), exist_ok=True)
    g, cells = grid(con, run)
    for c in con.execute("SELECT cell, arch, abi, tree, name, status, seconds, results "
                         "FROM cells WHERE run=?", (run,)).fetchall():
        write(os.path.join(outdir, "cells", fname(*c[:3])), cell_page(con, run, c, outdir))
    write(os.path.join(outdir, "index.html"),
          page(f"matrix run {run}", run_head(con, run) + g))
    print(f"    dashboard: {os.path.join(outdir, 'index.html')}: run {run}, {len(cells)} cells")
