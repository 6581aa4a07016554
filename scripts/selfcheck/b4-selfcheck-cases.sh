# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# make b4-prep's cases of scripts/selfcheck/selfcheck.sh, sourced by it (its check,
# fails_with, skip, $t and $top): scripts/series/b4-prep.sh on a fake tree (a git
# repo with a base tag, a fake get_maintainer.pl and checkpatch.pl), a
# 2-patch series v3 drafted under another identity, sent by a throwaway
# sender in a throwaway repo and HOME, with no sendmail configured.
bt=$t/b4
mkdir -p "$bt/tree/scripts" "$bt/tree/fs" "$bt/home" "$bt/bin" "$bt/me" "$bt/p"
# What the test's git sees: no system config, an empty HOME.
b4env() { env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL \
	-u EMAIL HOME="$bt/home" GIT_CONFIG_NOSYSTEM=1 XDG_CONFIG_HOME="$bt/home/.config" \
	PATH="$bt/bin:$PATH" "$@"; }
# sendmail and msmtp that only record being run.
# shellcheck disable=SC2016 # the fake's own $0 and $*
for s in sendmail msmtp; do
	printf '#!/bin/sh\necho "$0 $*" >>"%s"\nexit 1\n' "$bt/mail-sent" >"$bt/bin/$s"
	chmod +x "$bt/bin/$s"
done
cat >"$bt/tree/scripts/get_maintainer.pl" <<'EOF'
#!/bin/sh
# b4 --auto-to-cc: --nol asks for the maintainers (To), --nom the lists (Cc).
cat >/dev/null
case " $* " in
*" --nol "*) echo "Fake Maintainer <maintainer@example.invalid>" ;;
*" --nom "*) echo "fake-list@example.invalid" ;;
esac
EOF
printf '#!/bin/sh\necho "$*" >>"%s"\n' "$bt/checkpatch-ran" >"$bt/tree/scripts/checkpatch.pl"
chmod +x "$bt/tree/scripts/get_maintainer.pl" "$bt/tree/scripts/checkpatch.pl"
printf 'one\n' >"$bt/tree/fs/f.c"
d() { b4env git -c user.name=Draft -c user.email=draft@example.invalid "$@"; }
(cd "$bt/tree" && d init -q -b master && d add . && d commit -q -m tree && d tag base &&
	d checkout -q -b work && echo two >>fs/f.c && d commit -q -a -s -m "fs: add two" &&
	echo three >>fs/f.c && d commit -q -a -s -m "fs: add three" &&
	d format-patch -q -o "$bt/p" --subject-prefix="PATCH v3" base..work &&
	d checkout -q master && d branch -q -D work) >"$bt/setup.log" 2>&1 || cat "$bt/setup.log"
cat >"$bt/p/0000-cover-letter.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Draft
 <draft@example.invalid>
Subject: [PATCH v3 0/2] fs: two and three
Cc: Cover Reviewer <reviewer@example.invalid>,
    cover-list@example.invalid

[DRAFT: to be re-signed
by the sender.]

Adds two lines to f.c.

Draft (2):
  fs: add two
  fs: add three

-- 
2.39.5
EOF
(cd "$bt/p" && { echo "# git am order"; ls 000[1-9]-*.patch; }) >"$bt/p/series"
(cd "$bt/me" && b4env git init -q && b4env git config user.name "Test Sender" &&
	b4env git config user.email sender@example.invalid)
refs_before=$(git -C "$bt/tree" show-ref | sort)
# b4prep DIR PATCHDIR OUT TREE: b4-prep.sh run in DIR (the sender's repo).
b4prep() { (cd "$1" && shift && b4env "$top/scripts/series/b4-prep.sh" "$bt/tree" "$@"); }
# refused OUT CMD...: CMD fails and leaves no OUT (else a success for fails_with).
refused() { o=$1; shift; if "$@"; then return 0; fi
	[ ! -e "$o" ] || { echo "$o was written"; return 0; }; return 1; }

if ! command -v b4 >/dev/null; then
	skip "make b4-prep on a fake tree" "b4 not installed (make deps installs it)"
else
	check "b4-prep: fake tree, series v3 of 2 patches, throwaway sender -> mails written" \
		b4prep "$bt/me" "$bt/p" "$bt/out/fake" fake
	cp "$t/out" "$bt/run.log"
	check "b4-prep: every message From: the sender" sh -c \
		"[ \$(grep -c '^  From: ' '$bt/out/fake/headers.txt') = 3 ] &&
		 ! grep '^  From: ' '$bt/out/fake/headers.txt' | grep -vqx '  From: Test Sender <sender@example.invalid>'"
	check "b4-prep: [PATCH v3 0/2], [PATCH v3 1/2], [PATCH v3 2/2]" sh -c \
		"[ \"\$(sed -n 's/^  Subject: \(\[[^]]*\]\).*/\1/p' '$bt/out/fake/headers.txt' | tr '\n' ' ')\" = \
		'[PATCH v3 0/2] [PATCH v3 1/2] [PATCH v3 2/2] ' ]"
	check "b4-prep: To: get_maintainer's maintainer; Cc: its list, the cover letter's Cc, the sender" sh -c \
		"[ \$(grep -cx '  To: Fake Maintainer <maintainer@example.invalid>' '$bt/out/fake/headers.txt') = 3 ] &&
		 [ \$(grep -cx '  Cc: fake-list@example.invalid, Cover Reviewer <reviewer@example.invalid>, cover-list@example.invalid, Test Sender <sender@example.invalid>' '$bt/out/fake/headers.txt') = 3 ]"
	check "b4-prep: the headers are printed" grep -q '^  Subject: \[PATCH v3 2/2\] fs: add three' "$bt/run.log"
	check "b4-prep: the sender's Signed-off-by replaces the draft's; the cover body without the draft note" sh -c \
		"[ \$(cat '$bt'/out/fake/*.eml | grep -c '^Signed-off-by: Test Sender <sender@example.invalid>\$') = 2 ] &&
		 ! grep -q 'draft@example.invalid\|DRAFT' '$bt'/out/fake/*.eml && grep -q '^Adds two lines to f.c.' '$bt'/out/fake/0000-*.eml"
	check "b4-prep: the tree's checkpatch.pl --strict ran on both patches" sh -c \
		"[ \$(grep -c -- '--strict' '$bt/checkpatch-ran') = 2 ]"
	check "b4-prep: no mail sent (no sendmail configured; sendmail, msmtp not run)" sh -c \
		"[ ! -e '$bt/mail-sent' ] && ! HOME='$bt/home' GIT_CONFIG_NOSYSTEM=1 git -C '$bt/me' config --get-regexp '^sendemail\.'"
	check "b4-prep: the tree's refs and config untouched" sh -c \
		"[ \"\$(git -C '$bt/tree' show-ref | sort)\" = '$refs_before' ] && ! git -C '$bt/tree' config --get-regexp '^(branch|sendemail|b4)\.'"
	fails_with "b4-prep: no sender identity -> one line, nothing written" \
		"^b4-prep: no sender identity: set git config user.name and user.email$" \
		refused "$bt/out/noid" b4prep "$bt/tree" "$bt/p" "$bt/out/noid" fake
	mkdir -p "$bt/p#" && cp "$bt"/p/000[1-9]-*.patch "$bt/p/series" "$bt/p#/" &&
		sed 's/^Adds two lines/#two lines/' "$bt/p/0000-cover-letter.patch" >"$bt/p#/0000-cover-letter.patch"
	fails_with "b4-prep: a cover letter line b4 would drop (#...) -> one line, nothing written" \
		"b4 would drop the body line '#two lines" \
		refused "$bt/out/hash" b4prep "$bt/me" "$bt/p#" "$bt/out/hash" fake
fi
fails_with "make b4-prep TREE=nope -> one line" "TREE=nope: no such tree" make -s -C "$top" -n b4-prep TREE=nope
fails_with "make b4-prep without a sender identity -> one line before any work" \
	"b4-prep: no sender identity" env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL \
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.email GIT_CONFIG_VALUE_0= make -s -C "$top" -n b4-prep
