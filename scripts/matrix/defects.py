"""defects.py VERDICTS.TSV [ROW...]: which of the series' three defects each
cell's kernel has, per ABI, from a report's verdicts.tsv (report.py:
expectations already applied there; a declared row is one of base's
expected failures, compat-tests/expected-failures). A declared row that
FAILs shows the defect, one that PASSes (XPASS) shows it absent. The
rows are sorted to the patch that fixes them as that file's comments say:
  patch 1  32-bit callers get a negative tv_sec written back
           (overflow.*select_carry_* on i386/armhf, the kselftest's
           clamp_int_max_2000000)
  patch 2  a large tv_usec carries into EINVAL / past LONG_MIN
           (64-bit overflow.select_carry_*, badinput.*usec_carry_min,
           the kselftest's overflow_long_max_usec)
  patch 3  a sticky or read-only timeout ends in EINTR after a
           stop/continue, a pending signal or an io_uring completion
           (restart, sticky, iouring, libcwrap, storm; the kselftest's
           restart cases)
make matrix appends it to the report of a run with Debian's kernels
(rows ROW: those kernels' only). Prints "row arch abi: patch N: F/D" (F failing of D declared rows that
ran; a SKIP is neither)."""
import re


def patch(test, abi):
    if re.match(r"(restart|sticky|iouring|libcwrap|storm)\.|.*select_timeout_test\.restart\.", test):
        return 3
    if re.search(r"usec_carry_min|overflow_long_max_usec", test):
        return 2
    if re.search(r"clamp_int_max_2000000", test):
        return 1
    return 1 if abi in ("i386", "armhf") else 2


def main(path, rows):
    n, f = {}, {}
    for line in open(path):
        w = line.rstrip("\n").split("\t")
        if len(w) < 6 or w[5] != "1" or w[4] not in ("FAIL", "PASS") or (rows and w[0] not in rows):
            continue
        k = (w[0], w[1], w[2], patch(w[3], w[2]))
        n[k] = n.get(k, 0) + 1
        f[k] = f.get(k, 0) + (w[4] == "FAIL")
    print("defects the series fixes (declared rows failing/run; scripts/matrix/defects.py):")
    for k in sorted(n):
        print("  %s %s %s: patch %d: %d/%d %s" % (k[0], k[1], k[2], k[3], f[k], n[k],
              "defect present" if f[k] == n[k] else "defect absent" if f[k] == 0 else "mixed"))
