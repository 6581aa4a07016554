# Sourced by overlay programs: pkgrun PROG ARGS... runs a program that
# scripts/debpkgs.sh shipped in /overlay/pkg, through its own loader (the
# guest has no /lib).
pkg=/overlay/pkg
pkgrun() {
	p=$1; shift
	"$pkg"/lib/ld-linux-* --library-path "$pkg/lib" "$pkg/bin/$p" "$@"
}
