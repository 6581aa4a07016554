#!/bin/sh
# apt-private.sh DIR ARCHES SUITE...: a private apt configuration in DIR
# (sources list, lists and cache of its own; the host's apt setup is never
# touched) naming SUITE... of the host's Debian archive for the Debian
# ARCHES (a comma-separated list), then apt-get update through it. The
# caller sets APT_CONFIG=DIR/apt.conf. The archive is the one the host's
# own apt sources name (MIRROR= overrides); a suite named *-security
# comes from the host's security archive, or the archive's "-security"
# neighbour. Signatures are checked (debian-archive-keyring); Valid-Until
# is not (a mirror frozen at a snapshot still serves). One line on stderr
# and exit 1 when it cannot be had. APT_SRC=y adds the deb-src lines. Used by fetch-source.sh (a tree's
# source package) and distro-kernel.sh (Debian's kernel image packages).
set -eu
apt=$1 arches=$2; shift 2
urls=$("$(dirname "$0")/mirrors.sh" 2>&1) || { echo "not available: $urls" >&2; exit 1; }
mirror=$(echo "$urls" | sed -n 1p) security=$(echo "$urls" | sed -n 2p)
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/empty.d"
for s in "$@"; do
	case $s in
	*-security) echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $security $s main" ;;
	*) echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $s main" ;;
	esac
done >"$apt/sources.list"
# APT_SRC=y: deb-src lines too (fetch-source.sh --orig: apt-get source).
if [ -n "${APT_SRC:-}" ]; then
	src=$(sed 's/^deb /deb-src /' "$apt/sources.list")
	echo "$src" >>"$apt/sources.list"
fi
cat >"$apt/apt.conf" <<EOC
Dir::Etc::SourceList "$apt/sources.list";
Dir::Etc::SourceParts "$apt/empty.d";
Dir::Etc::Preferences "$apt/empty.d/preferences";
Dir::Etc::PreferencesParts "$apt/empty.d";
Dir::Etc::Parts "$apt/empty.d";
Dir::State::Lists "$apt/lists";
Dir::State::status "/dev/null";
Dir::Cache "$apt/cache";
APT::Architectures { $(echo "$arches" | sed 's/\([^,]*\)/"\1";/g; s/,/ /g') };
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
EOC
APT_CONFIG="$apt/apt.conf" "$(dirname "$0")/apt-update.sh" "$apt/update.log" ||
	{ echo "not available: apt-get update of $* failed (see $apt/update.log)" >&2; exit 1; }
