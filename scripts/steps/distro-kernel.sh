#!/bin/sh
# distro-kernel.sh: a Debian kernel image package as the kernel of a cell
# (flavour distro, flavours/distro.mk). Nothing is built: the package's
# vmlinuz is booted as it ships.
#   distro-kernel.sh check VALUE TREE SUITE...
#       DISTRO_KERNEL=VALUE (a .deb file, or a package name in the tree's
#       distro suites) checked before any work: prints
#       "<debarch> <package> <version> <.deb or ->", or one line on
#       stderr naming VALUE and the cause, exit 2.
#   distro-kernel.sh get DIR TREE DEBARCH PKG VERSION|DEB "NEEDS" "ABICONF" SUITE...
#       DIR/vmlinuz, DIR/config and DIR/info (package, version, Debian arch,
#       the .deb's sha256, suite; the user ABIs the config serves). From the
#       product cache (kind distro) by package, version and Debian arch (the
#       archive never reuses a version; a local .deb adds its sha256), else
#       "apt-get download" through a private apt configuration
#       (build/apt/distro-TREE, apt-private.sh: signatures checked) or the
#       .deb given, unpacked with dpkg-deb. NEEDS: config options the boot
#       needs built in (=y), else one line; ABICONF: "abi:OPTION[:OFF] ..."
#       (the arch file's DISTRO_ABICONF_).
set -eu
here=$(dirname "$0")
top=$(cd "$here/../.." && pwd)
cmd=$1; shift
# The tree's private apt configuration, every guest arch's index, updated
# when older than an hour (one update serves the four arches' fetches).
apt_for() {
	tree=$1; shift
	apt=$top/build/apt/distro-$tree
	mkdir -p "$apt"
	exec 6>"$apt.lock"
	flock 6
	if [ -z "$(find "$apt/update.log" -mmin -60 2>/dev/null)" ] || [ "$(cat "$apt/suites" 2>/dev/null)" != "$*" ]; then
		"$here/apt-private.sh" "$apt" "$(dpkg --print-architecture),amd64,arm64,i386,armhf" "$@" 2>"$apt.err" ||
			{ flock -u 6; return 1; }
		echo "$*" >"$apt/suites"
	fi
	flock -u 6
	export APT_CONFIG="$apt/apt.conf"
}
case $cmd in
check)
	v=$1 tree=$2; shift 2
	bad() { echo "DISTRO_KERNEL=$v: $*" >&2; exit 2; }
	case $v in
	*/* | *.deb)
		[ -f "$v" ] || bad "no such file"
		[ -r "$v" ] || bad "not readable"
		f=$(dpkg-deb -f "$v" Package Version Architecture 2>/dev/null) || bad "not a Debian package (dpkg-deb cannot read it)"
		p=$(echo "$f" | sed -n 's/^Package: //p') ver=$(echo "$f" | sed -n 's/^Version: //p')
		a=$(echo "$f" | sed -n 's/^Architecture: //p')
		dpkg-deb -c "$v" 2>/dev/null | grep -q ' \./boot/vmlinu[xz]-\| \./usr/lib/modules/[^/]*/vmlinuz$' ||
			bad "$p has no /boot/vmlinuz-*: not a kernel image package"
		echo "$a $p $ver $(cd "$(dirname "$v")" && pwd)/$(basename "$v")"
		;;
	*)
		case $v in linux-image-*) ;; *) bad "not a .deb file nor a linux-image-* package name" ;; esac
		[ $# -gt 0 ] || bad "tree $tree has no TREE_${tree}_DISTRO_SUITES to look it up in"
		apt_for "$tree" "$@" || bad "cannot look it up: $(tail -n 1 "$top/build/apt/distro-$tree.err")"
		f=$(apt-cache show --no-all-versions "$v" 2>/dev/null) || true
		[ -n "$f" ] || bad "no such package in $*"
		ver=$(echo "$f" | sed -n 's/^Version: //p' | head -n 1)
		a=$(echo "$f" | sed -n 's/^Architecture: //p' | head -n 1)
		echo "$a ${v%%:*} $ver -"
		;;
	esac
	;;
get)
	dir=$1 tree=$2 debarch=$3 pkg=$4 ver=$5 needs=$6 abiconf=$7; shift 7
	fail() { echo "distro $tree $debarch: $pkg $ver: $*" >&2; exit 1; }
	mkdir -p "$dir"
	exec 9>"$dir/.lock"
	flock 9
	deb=
	case $ver in /*) deb=$ver ver=$(dpkg-deb -f "$deb" Version) ;; esac
	key=${pkg}_${ver}_$debarch
	[ -z "$deb" ] || key=${key}_$(sha256sum <"$deb" | cut -c1-16)
	if [ -f "$dir/vmlinuz" ] && [ "$(cat "$dir/.key" 2>/dev/null)" = "$key" ]; then
		exit 0
	fi
	rm -f "$dir/.key" "$dir/vmlinuz"
	if ! "$here/cache.sh" get distro "$key" "$dir"; then
		w=$dir/.work
		rm -rf "$w" && mkdir -p "$w"
		if [ -z "$deb" ]; then
			apt_for "$tree" "$@" || fail "$(tail -n 1 "$top/build/apt/distro-$tree.err")"
			# PKG may be several, comma-separated: sid splits the image
			# (linux-binary-*) from its config (linux-base-*).
			for p in $(echo "$pkg" | tr , ' '); do
				(cd "$w" && apt-get download -q "$p:$debarch=$ver" >>download.log 2>&1) ||
					fail "not in $* (apt-get download failed: $(grep -m1 '^E:' "$w/download.log" | cut -c1-160))"
			done
			p=${pkg%%,*}
			suite=$(apt-cache policy "$p:$debarch" | awk -v v="$ver" '$1 == v || ($1 == "***" && $2 == v) { getline; print $3; exit }')
		else
			suite="local file $deb"
			cp "$deb" "$w/"
		fi
		: >"$dir/package"
		# The image and config: /boot/vmlinuz-<abi>, /boot/config-<abi>
		# (Debian 12, 13), or /usr/lib/modules/<abi>/{vmlinuz,config} (sid).
		# In the order given: the image's package first.
		for d in $(for p in $(echo "$pkg" | tr , ' '); do ls "$w/${p}"_*.deb 2>/dev/null || ls "$w"/*.deb; done | uniq); do
			dpkg-deb --fsys-tarfile "$d" | tar -C "$w" -x --wildcards --no-wildcards-match-slash \
				'./boot/vmlinu*' './boot/config-*' './usr/lib/modules/*/vmlinuz' './usr/lib/modules/*/config' 2>/dev/null || true
			echo "$(dpkg-deb -f "$d" Package) $ver $debarch sha256 $(sha256sum <"$d" | cut -d' ' -f1) ($suite)" >>"$dir/package"
		done
		for f in "$w"/boot/vmlinu*-* "$w"/usr/lib/modules/*/vmlinuz; do [ ! -f "$f" ] || mv "$f" "$dir/vmlinuz"; done
		for f in "$w"/boot/config-* "$w"/usr/lib/modules/*/config; do [ ! -f "$f" ] || mv "$f" "$dir/config"; done
		[ -f "$dir/vmlinuz" ] || fail "no /boot/vmlinuz-* nor /usr/lib/modules/*/vmlinuz in it"
		[ -f "$dir/config" ] || fail "no /boot/config-* nor /usr/lib/modules/*/config in it (sid: add linux-base-*)"
		rm -rf "$w"
		"$here/cache.sh" put distro "$key" "$dir" vmlinuz config package
	fi
	# What the boot needs built in, and the user ABIs the config serves.
	for o in $needs; do
		grep -q "^CONFIG_$o=y" "$dir/config" || fail "CONFIG_$o is not built in (=y): the guest cannot boot without it"
	done
	{
		cat "$dir/package"
		# abi:OPTION[:OFF]: OFF=y builds the ABI in but leaves it off
		# unless the command line turns it on (x32 on Debian).
		for x in $abiconf; do
			a=${x%%:*} o=${x#*:} off=
			case $o in *:*) off=CONFIG_${o#*:} o=${o%%:*} ;; esac
			s=$(grep "^CONFIG_$o=" "$dir/config" || echo "CONFIG_$o is not set")
			case $s in
			*=y)	if [ -n "$off" ] && grep -q "^$off=y" "$dir/config"; then
					echo "  ABI $a: served ($s), off unless the command line turns it on ($off=y)"
				else echo "  ABI $a: served ($s)"; fi ;;
			*) echo "  ABI $a: NOT served ($s): its cells fail" ;;
			esac
		done
	} >"$dir/info"
	echo "$key" >"$dir/.key"
	;;
*)
	echo "usage: distro-kernel.sh check VALUE TREE SUITE... | get DIR TREE DEBARCH PKG VERSION|DEB NEEDS ABICONF SUITE..." >&2
	exit 2
	;;
esac
