#!/bin/sh
# lava.sh COMMAND ...: the matrix's cells as LAVA jobs (Debian 12's
# lava-dispatcher 2023.01, lava-run locally: no server, no network).
#   deps              lava-dispatcher (--no-install-recommends; never a
#                     linux-image), and the qemu device-type templates that
#                     ship only in lava-server (apt-get download + dpkg-deb -x)
#   export [CELL...]  job + kernel + initramfs + manifest per cell into
#                     build/lava/jobs/<cell>/ (default: every cell of
#                     'make cells'); image URLs under ARTIFACT_URL (default
#                     file:// of the job folder), from the cell table
#                     build/cells.json that make writes (CELLS_JSON: another)
#   validate [CELL...] LAVA's schema (strict), the timeouts, the monitors
#                     (the guest's suite order, a wait longer than a test
#                     may take), the QEMU line against the cell's,
#                     lava-run --validate
#   run CELL          lava-run the job; results into
#                     build/lava/results/<row>/<arch>/ as build/results
#   compare CELL...   verdict rows and report equal make matrix's (KTAP
#                     diagnostics carry measured times: informational)
#   lab-args CELL     LAVA_IDENTITY (a lavacli identity the server takes)
#                     and ARTIFACT_URL checked before anything is built
#   lab CELL...       the exported jobs on a LAVA server through lavacli
#                     (-i $LAVA_IDENTITY: submit, wait, show, logs --raw,
#                     results --yaml); consoles split as boot.sh's into
#                     build/lab/results/<row>/<arch>/, the matrix's report
#                     into build/lab/report/; a job Incomplete or Canceled
#                     fails its cell ("lab: <cell>: LAVA job N ..." and exit 1)
#   compare-lab CELL... make lab's verdicts against make matrix's, per cell
#                     and as one report
#   lab-cell CELL OUT TIMEOUT KERNEL INITRD CMDLINE QEMU...
#                     one cell's boot as its job on the lab (make mutation
#                     LAVA_IDENTITY=: scripts/boot/cell.sh's CELL_LAB), read
#                     back into OUT as boot.sh's results
#   lab-knobs         make mutation's check of ARTIFACT_URL and LAVA_IDENTITY
#   compare-mutation BOOTED LOCAL LAB  make mutation's booted cells on a lab
#                     (results under LAB) against its local run's (LOCAL)
#   refs [--write] [CELL...]  the job of the first cell per kernel arch
#                     against scripts/lava/refs/<arch>.job.yaml, or of each
#                     CELL against refs/cells/<cell>.job.yaml (URLs and tree
#                     facts fixed); --write renders them anew
#   selfcheck         the traps, as KTAP (scripts/selfcheck/selfcheck.sh can call it)
# Bad input: one line "lava: <cell>: <cause>" ("lab: " for lab) and exit 2,
# and no report.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=${B:-$top/build}

deps() {
	pkgs="lava-dispatcher lava-common"
	# shellcheck disable=SC2086
	n=$(dpkg-query -W -f='${Status}\n' $pkgs 2>/dev/null | grep -c 'install ok installed' || true)
	if [ "$n" -ne 2 ]; then
		if [ "$(id -u)" != 0 ]; then
			echo "lava: -: as root: apt-get install --no-install-recommends $pkgs"
			exit 2
		fi
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends $pkgs >"$B/lava/deps.log" 2>&1 ||
			{ tail -n 5 "$B/lava/deps.log"; echo "lava: -: apt-get install $pkgs failed"; exit 2; }
	fi
	# lava-dispatcher recommends nothing we need; the host never gets a kernel.
	if dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 'linux-image*' 2>/dev/null | grep -q '^.[iUFHWt]'; then
		echo "lava: -: a linux-image package is installed on the host: $(dpkg-query -W -f='${Package} ' 'linux-image*')"
		exit 2
	fi
	t=$B/lava/templates
	if [ ! -f "$t/usr/share/lava-server/device-types/qemu.jinja2" ]; then
		v=$(dpkg-query -W -f='${Version}' lava-dispatcher)
		rm -rf "$t" && mkdir -p "$t/deb"
		(cd "$t/deb" && apt-get download -q "lava-server=$v" >/dev/null 2>&1) ||
			{ echo "lava: -: apt-get download lava-server=$v failed"; exit 2; }
		dpkg-deb -x "$t"/deb/lava-server_*.deb "$t/x"
		mkdir -p "$t/usr/share/lava-server"
		cp -r "$t/x/usr/share/lava-server/device-types" "$t/usr/share/lava-server/"
		rm -rf "$t/x" "$t/deb"
	fi
	echo "lava: lava-dispatcher $(dpkg-query -W -f='${Version}' lava-dispatcher), qemu device type from lava-server"
}

case ${1:-} in
deps) mkdir -p "$B/lava" && deps ;;
*) B=$B exec "$here/../matrix.py" lava "$@" ;;
esac
