#!/bin/sh
# apt-update.sh LOG: apt-get update (with the caller's APT_CONFIG), tried
# up to 4 times, 20, 40 and 60 s apart. A Debian mirror in mid-sync serves
# index files that do not match their Release file ("File has unexpected
# size ... Mirror sync in progress?"): a fresh machine's first make then
# failed at once (2026-12-05, bookworm-security's armhf and i386 lists).
# Exit status and LOG (apt's output) are those of the last try.
set -u
log=$1 n=1
until apt-get update -q -o Acquire::Retries=3 >"$log" 2>&1; do
	[ "$n" -lt 4 ] || exit 1
	echo "apt-update: apt-get update failed (try $n of 4: $(grep -m1 '^E:' "$log" | cut -c1-120)); again in $((n * 20)) s" >&2
	sleep $((n * 20))
	n=$((n + 1))
done
