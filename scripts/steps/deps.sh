#!/bin/sh
# deps.sh [arch:DEBARCH] [PKG]...: make sure the Debian packages the pipeline
# uses are installed, plus those each arch file asks for (its DEBPKGS_),
# and that apt knows the guests' architectures (busybox-static and other
# guest programs are downloaded per guest arch). Arguments: a Debian arch
# (a word with no "-", as in the arch file's DEBARCH_) then its packages.
# As root, install what is missing; otherwise print the exact command and
# fail. The host's own arch's cross compiler is its native gcc: skipped.
set -eu
pkgs="linux-source-6.1 make gcc libc6-dev git perl bc bison flex libelf-dev
libssl-dev cpio xz-utils kmod ccache dpkg-dev rsync shellcheck mmdebstrap b4 ${DEPS_EXTRA:-}"
# DEPS_ONLY: just these (make lint: its linters, no toolchain for a kernel).
[ -z "${DEPS_ONLY:-}" ] || pkgs=$DEPS_ONLY
native=$(dpkg --print-architecture)
# make runs the deps stamps (.deps, .deps-lava, .deps-results...) side by
# side and dpkg takes one install at a time: wait for its lock, as apt(8)
# does by default, rather than fail (apt-get's default).
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# dpkg-architecture (dpkg-dev) names the host's triplet. A fresh machine
# may lack it: then gcc-x86-64-linux-gnu was asked for on amd64, apt
# chose its arm64 build and failed ("held broken packages").
if ! command -v dpkg-architecture >/dev/null; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: as root run: apt-get update && apt-get install -y --no-install-recommends dpkg-dev" >&2
		exit 1
	fi
	echo "deps: installing dpkg-dev first (the host's triplet)"
	"$(dirname "$0")/apt-update.sh" "$log" ||
		{ tail -n 5 "$log" >&2; echo "deps: apt-get update failed 4 times; going on with the lists it got" >&2; }
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends dpkg-dev >/dev/null
fi
gnu=$(dpkg-architecture -qDEB_HOST_GNU_TYPE | tr _ -)
arches=
for w in "$@"; do
	case $w in
	arch:*)	[ "${w#arch:}" = "$native" ] || arches="$arches ${w#arch:}" ;;
	# a cross gcc for the host's own triplet is its native gcc
	*)	[ "$w" = "gcc-$gnu" ] || pkgs="$pkgs $w" ;;
	esac
done
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
new=
for a in $arches; do
	dpkg --print-foreign-architectures | grep -qx "$a" || new="$new $a"
done
[ -z "$missing$new" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages or architectures; as root run:" >&2
	for a in $new; do echo "  dpkg --add-architecture $a" >&2; done
	echo "  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi
for a in $new; do dpkg --add-architecture "$a"; done
echo "deps: installing$missing${new:+ (adding archs$new)}"
# A list that still fails after the retries (one arch of one suite, say)
# need not hold any package asked for: apt-get install decides.
"$(dirname "$0")/apt-update.sh" "$log" ||
	{ tail -n 5 "$log" >&2; echo "deps: apt-get update failed 4 times; going on with the lists it got" >&2; }
# shellcheck disable=SC2086 # a word list
[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive \
	apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends $missing >/dev/null
