#!/bin/sh
# mirrors.sh: the host's Debian archive and its security archive, one URL
# a line, as apt itself reads the host's sources (one-line or deb822);
# MIRROR= and SECURITY_MIRROR= override. Read only: the host's apt setup
# is never changed. Fails with one line when the sources name no archive.
set -eu
# shellcheck disable=SC2016 # $(REPO_URI) is apt's format field, not a shell expansion
repos=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null | sort -u)
mirror=${MIRROR:-$(echo "$repos" | awk '$2 !~ /-security$/ { sub("/$", "", $1); print $1; exit }')}
security=${SECURITY_MIRROR:-$(echo "$repos" | awk '$2 ~ /-security$/ { sub("/$", "", $1); print $1; exit }')}
[ -n "$mirror" ] || { echo "the host's apt sources name no Debian archive (set MIRROR=)" >&2; exit 1; }
echo "$mirror"
echo "${security:-$mirror-security}"
