# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# Rows are files (mk/tables.mk): cases of scripts/selfcheck/selfcheck.sh,
# sourced by it (its check, fails_with, $t and $top). In a copy of the
# project's files, one new file per row (a throwaway arch zz64 running the
# x86_64 ABIs, a throwaway flavour zzflav built from patched) must join
# make cells and build/cells.json with no other edit; a row file whose
# fields are not named after its file is refused in one line.
rows=$t/rows
mkdir -p "$rows"
(cd "$top" && git ls-files -z | xargs -0 cp --parents -t "$rows" 2>/dev/null)
sed 's/ARCH_x86_64_/ARCH_zz64_/g; s/_ORDER := 10/_ORDER := 90/' "$top/arch-configs/x86_64.mk" >"$rows/arch-configs/zz64.mk"
cp "$top/arch-configs/x86_64.config" "$rows/arch-configs/zz64.config"
# shellcheck disable=SC2016 # make's $(...), written as it is
printf '%s\n' '# zzflav: a throwaway flavour (selfcheck).' 'FLAVOUR_zzflav_SOURCE := patched' \
	'$(eval $(flavour-row))' >"$rows/flavours/zzflav.mk"
check "a new arch file and a new flavour file -> in make cells, nothing else edited" sh -c \
	"make -s -C '$rows' cells >'$t/rows.cells' &&
	 grep -qx 6.1-base-zz64 '$t/rows.cells' && grep -qx 6.1-zzflav-x86_64 '$t/rows.cells' &&
	 grep -qx 6.1-zzflav-zz64 '$t/rows.cells'"
check "the new arch and flavour -> in build/cells.json, a kernel row of their own" sh -c \
	"make -s -C '$rows' cell-info CELL=6.1-zzflav-zz64 >/dev/null &&
	 grep -q '\"id\": \"6.1-zzflav-zz64\"' '$rows/build/cells.json' &&
	 grep -q 'obj/6.1-zzflav-zz64' '$rows/build/cells.json'"
cp "$top/arch-configs/x86_64.mk" "$rows/arch-configs/yy.mk"
cp "$top/arch-configs/x86_64.config" "$rows/arch-configs/yy.config"
fails_with "an arch file whose fields name another arch -> one line naming it" \
	"arch-configs/yy.mk: no ARCH_yy_KARCH" make -s -C "$rows" cells
rm -f "$rows/arch-configs/yy.mk"
sed -i 's/^ARCH_zz64_ABIS .*/ARCH_zz64_ABIS := x86_64 zz/' "$rows/arch-configs/zz64.mk"
fails_with "an arch running an ABI with no abis/ file -> one line" \
	"ARCH_zz64_ABIS=zz: no such ABI" make -s -C "$rows" cells
