#!/bin/bash
# check-select.sh: the stages make check runs for a change, from the paths
# it touches and the table mk/check-paths (mk/check.mk calls it).
#   check-select.sh select TABLE CACHE [SINCE]
#       The paths changed (committed or not, untracked too) since SINCE, or
#       else since the nearest commit whose make check passed on this
#       machine (a folder CACHE/check-passed/<commit>, beside the product
#       cache, so a fresh clone finds it), or else since HEAD's first
#       parent; each with its stages and why, then "check: stages: ..." and
#       "check: record: <commit>" (or "-": uncommitted changes, nothing to
#       record when it passes).
#   check-select.sh match TABLE       the paths on stdin, no git (selfcheck)
#   check-select.sh unused TABLE      the F: and X: patterns that match none of
#                                     the paths on stdin (the project's files;
#                                     selfcheck: a renamed file is not left behind)
#   check-select.sh head              HEAD, or - if the work tree is not clean
#   check-select.sh record CACHE COMMIT STAGES...
#       make check passed at COMMIT: remember it, if HEAD is still COMMIT
#       and the work tree still clean.
set -euo pipefail
die() { echo "check: $*" >&2; exit 2; }
say() { echo "check: $*"; }

# MAINTAINERS' F: rule (get_maintainer.pl): "dir/" is every path below
# dir; any other pattern is a glob matching the whole path with as many
# slashes, so its * stays within one folder.
matches() { # PATH PATTERN
	local p=$1 pat=$2 a b
	if [[ $pat == */ ]]; then [[ $p == "$pat"* ]]; return; fi
	# shellcheck disable=SC2053 # the pattern is a glob on purpose
	[[ $p == $pat ]] || return 1
	a=${p//[!\/]/} b=${pat//[!\/]/}
	[ ${#a} = ${#b} ]
}

# The table: per section its title, stages, F: and X: patterns.
titles=() stages=() fpats=() xpats=()
load() { # TABLE
	local n=-1 line new=y
	[ -r "$1" ] || die "no table $1"
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		'#'*) continue ;;
		'') new=y ;;
		C:\ *) stages[n]="${stages[n]:-} ${line#C: }" ;;
		F:\ *) fpats[n]="${fpats[n]:-} ${line#F: }" ;;
		X:\ *) xpats[n]="${xpats[n]:-} ${line#X: }" ;;
		[A-Z]:\ *) die "$1: unknown tag in '$line' (C:, F: or X:)" ;;
		*) [ "$new" = y ] || die "$1: '$line': a title must follow an empty line"
			n=$((n + 1)) titles[n]=$line new= ;;
		esac
	done <"$1"
	for ((n = 0; n < ${#titles[@]}; n++)); do
		if [ -z "${stages[n]:-}" ] || [ -z "${fpats[n]:-}" ]; then
			die "$1: section '${titles[n]}' needs C: and F: lines"
		fi
	done
}

# Each path on stdin: its stages and why; then the union.
all=
select_paths() {
	local p n pat hit why got count=0 shown=0
	while IFS= read -r p; do
		[ -n "$p" ] || continue
		count=$((count + 1)) got='' why=''
		for ((n = 0; n < ${#titles[@]}; n++)); do
			hit=
			for pat in ${fpats[n]}; do matches "$p" "$pat" && { hit=y; break; }; done
			for pat in ${xpats[n]:-}; do matches "$p" "$pat" && { hit=; break; }; done
			[ -n "$hit" ] || continue
			got="$got ${stages[n]}" why="${why:+$why; }${titles[n]%%:*}"
		done
		[ -n "$got" ] || got=default why="no section of the table: the full default check"
		all="$all $got"
		if [ $shown -lt 40 ]; then
			# shellcheck disable=SC2086 # a word list, one space each
			say "  $p ->$(printf ' %s' $got) ($why)"
			shown=$((shown + 1))
		fi
	done
	[ $count -le $shown ] || say "  ... and $((count - shown)) more paths"
	[ $count -gt 0 ] || say "  no path changed"
}
# lint and selfcheck first, then the others sorted, once each.
union() {
	local rest
	# shellcheck disable=SC2086 # a word list
	rest=$(printf '%s\n' $all | { grep -vx 'lint\|selfcheck\|' || true; } | sort -u | tr '\n' ' ')
	echo "lint selfcheck${rest:+ ${rest% }}"
}

case ${1:-} in
match)
	[ $# = 2 ] || die "usage: check-select.sh match TABLE <paths"
	load "$2"
	select_paths
	say "stages: $(union)"
	;;
select)
	[ $# -ge 3 ] || die "usage: check-select.sh select TABLE CACHE [SINCE]"
	load "$2"
	cache=$3 since=${4:-}
	if ! git rev-parse -q --verify HEAD >/dev/null 2>&1; then
		[ -z "$since" ] || die "CHECK_SINCE=$since: not a git checkout"
		say "not a git checkout: the full default check"
		say "stages: lint selfcheck default"; say "record: -"; exit 0
	fi
	base='' from='' sel='' recorded=''
	if [ -n "$since" ]; then
		base=$(git rev-parse -q --verify "$since^{commit}") || die "CHECK_SINCE=$since: no such commit"
		from="CHECK_SINCE=$since"
	elif [ "$cache" != off ] && [ -d "$cache/check-passed" ]; then
		declare -A passed=()
		for d in "$cache"/check-passed/*/; do
			d=${d%/}; passed[${d##*/}]=y
		done
		while read -r c; do
			[ -z "${passed[$c]:-}" ] || { base=$c; break; }
		done < <(git rev-list --max-count=2000 HEAD)
		[ -z "$base" ] || recorded=y from="the last commit whose make check passed on this machine ($cache/check-passed/)"
	fi
	if [ -z "$base" ] && base=$(git rev-parse -q --verify 'HEAD^1'); then
		from="HEAD's first parent (no make check passed here on an ancestor)"
	fi
	if [ -z "$base" ]; then
		say "HEAD has no parent here (a root commit or a shallow clone): the full default check"
		sel="lint selfcheck default"
	else
		say "changed since $(git rev-parse --short "$base"), $from:"
		{ git diff --no-renames --name-only "$base" --; git ls-files --others --exclude-standard; } |
			sort -u >"${TMPDIR:-/tmp}/check-select.$$"
		select_paths <"${TMPDIR:-/tmp}/check-select.$$"
		rm -f "${TMPDIR:-/tmp}/check-select.$$"
		sel=$(union)
	fi
	say "stages: $sel"
	# A pass is a base for the next selection only if this one stood on a
	# recorded pass or was the full default check: a partial check against
	# a first parent that never passed here proves only that change.
	if [ -n "$(git status --porcelain)" ]; then
		say "record: - (uncommitted changes: a pass is not recorded)"
	elif [ -z "$recorded" ] && [[ " $sel " != *" default "* ]]; then
		say "record: - (neither a recorded pass nor the full default check below it: a pass is not recorded)"
	else
		say "record: $(git rev-parse HEAD)"
	fi
	;;
unused)
	[ $# = 2 ] || die "usage: check-select.sh unused TABLE <paths"
	load "$2"
	mapfile -t files
	bad=0
	for ((n = 0; n < ${#titles[@]}; n++)); do
		for pat in ${fpats[n]} ${xpats[n]:-}; do
			hit=
			for p in "${files[@]}"; do matches "$p" "$pat" && { hit=y; break; }; done
			[ -n "$hit" ] || { say "$2: '$pat' (section '${titles[n]%%:*}') matches no file"; bad=1; }
		done
	done
	exit $bad
	;;
head)
	# HEAD if the work tree is clean (what make check-all may record), else -.
	if [ -z "$(git status --porcelain 2>/dev/null || echo x)" ]; then git rev-parse HEAD; else echo -; fi
	;;
record)
	[ $# -ge 3 ] || die "usage: check-select.sh record CACHE COMMIT STAGES..."
	cache=$2 commit=$3; shift 3
	if [ "$commit" = - ]; then
		say "passed (not recorded: see the selection's \"check: record:\" line, or knobs chose the stages)"
		exit 0
	fi
	if [ "$cache" = off ]; then say "passed (not recorded: MATRIX_CACHE=off)"; exit 0; fi
	if [ "$(git rev-parse HEAD)" != "$commit" ] || [ -n "$(git status --porcelain)" ]; then
		say "passed (not recorded: HEAD or the work tree changed during the check)"
		exit 0
	fi
	mkdir -p "$cache/check-passed/$commit"
	{ date -u +%FT%TZ; echo "$*"; } >"$cache/check-passed/$commit/stages"
	# The newest 200 are more than any branch needs.
	find "$cache/check-passed" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %p\n' |
		sort -rn | tail -n +201 | cut -d' ' -f2- | xargs -r rm -rf
	say "passed; recorded $commit in $cache/check-passed/"
	;;
*)
	die "usage: check-select.sh select|match|unused|head|record ... (see its head)"
	;;
esac
