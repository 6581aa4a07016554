#!/bin/sh
# dashboard-check.sh REPORTDIR SCREENSHOT: open REPORTDIR/index.html in
# headless Chromium as a person would, check that every cell of
# REPORTDIR/report.txt shows the report's passed / expected failures /
# failed counts in the grid (as Chromium rendered it, not as written),
# follow that cell's link to its page and check its case rows and console
# log link, and save a screenshot of the grid to SCREENSHOT.
set -eu
dir=$(cd "$1" && pwd) shot=$2
[ -f "$dir/index.html" ] || { echo "dashboard-check: $dir/index.html missing (make dashboard)"; exit 1; }
[ -f "$dir/report.txt" ] || { echo "dashboard-check: $dir/report.txt missing"; exit 1; }
command -v chromium >/dev/null || { echo "dashboard-check: chromium not installed (make dashboard-check installs it)"; exit 1; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# As root Chromium needs --no-sandbox; a profile of its own per run.
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$t/profile" \
		--window-size=1280,900 "$@" 2>>"$t/chromium.log"
}
chrome --dump-dom "file://$dir/index.html" >"$t/index.dom"
link=$(/usr/bin/python3 - "$t/index.dom" "$dir/report.txt" <<'EOF'
import re, sys
from html.parser import HTMLParser
grid = {}
class P(HTMLParser):
    cur = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "td" and "data-cell" in a:
            self.cur = a["data-cell"]
            grid[self.cur] = {k: a[f"data-{k}"] for k in ("pass", "xfail", "fail", "skip")}
        elif tag == "a" and self.cur:
            grid[self.cur]["href"] = a.get("href")
    def handle_endtag(self, tag):
        if tag == "td":
            self.cur = None
P().feed(open(sys.argv[1]).read())
n, first = 0, None
for line in open(sys.argv[2]):
    m = re.match(r"cell (\S+) +(\S+) +(\S+) +guest: .*; (\d+) passed, (\d+) expected failures, (\d+) failed", line)
    if not m:
        continue
    key = " ".join(m.group(1, 2, 3))
    g = grid.get(key)
    want = dict(zip(("pass", "xfail", "fail"), m.group(4, 5, 6)))
    if not g or any(g[k] != v for k, v in want.items()):
        sys.exit(f"dashboard-check: cell {key}: report.txt {want}, the grid {g}")
    n += 1
    # A cell with cases, for the link to follow.
    if first is None and int(m[4]) + int(m[5]) + int(m[6]):
        first = (g["href"], int(g["pass"]) + int(g["xfail"]) + int(g["fail"]) + int(g["skip"]))
if not n:
    sys.exit("dashboard-check: no cell line in report.txt")
print(first[0], first[1], n)
EOF
) || { echo "$link"; exit 1; }
# shellcheck disable=SC2086 # three words: href, case rows, cells
set -- $link
chrome --dump-dom "file://$dir/$1" >"$t/cell.dom"
rows=$(grep -o '<tr class="case">' "$t/cell.dom" | wc -l)
[ "$rows" -eq "$2" ] || { echo "dashboard-check: $1: $rows case rows, the grid says $2"; exit 1; }
log=$(sed -n 's|.*<a href="\([^"]*/console.log\)".*|\1|p' "$t/cell.dom" | head -n 1)
if [ -z "$log" ] || [ ! -f "$dir/$(dirname "$1")/$log" ]; then
	echo "dashboard-check: $1: no console log link that opens (${log:-none})"; exit 1
fi
mkdir -p "$(dirname "$shot")"
chrome --screenshot="$shot" "file://$dir/index.html" >/dev/null
[ -s "$shot" ] || { echo "dashboard-check: no screenshot"; exit 1; }
echo "    dashboard-check: $3 cells as in report.txt, $1: $2 case rows and its console log; screenshot $shot"
