# SPDX-License-Identifier: MIT
# The house's sizes (docs/architecture.md, "Sizes"): no C or C++ function
# of the program (sw/, sim/) over 80 lines, no file over 700. A function
# is what stands between a "{" and a "}" at the start of a line, as the
# house writes them. The check is first run on a made-up file of each
# kind over the limit, so that a check that finds nothing cannot pass.
. "$XC_TB/lib.sh"
root=$XC_TB/..

# too_big FILE...: one line "FILE:LINE: what" for each function over 80
# lines and each file over 700; exit 1 if there is any.
too_big() {
    awk 'FNR == 1 { inside = 0 }
         FNR == 701 { print FILENAME ": over 700 lines"; bad = 1 }
         /^\{/ { inside = 1; start = FNR; next }
         inside && /^\}/ {
             inside = 0
             if (FNR - start - 1 > 80) { print FILENAME ":" start ": a function of " FNR - start - 1 " lines"; bad = 1 }
         }
         END { exit bad }' "$@"
}

# the check catches each kind
{ echo "int f(void)"; echo "{"; for i in $(seq 81); do echo "    i += $i;"; done; echo "}"; } >long_fn.c
{ echo "int g(void)"; echo "{"; echo "}"; for i in $(seq 700); do echo "/* $i */"; done; } >long_file.c
too_big long_fn.c >found.txt && fail "an 81-line function passed the check"
grep -q "long_fn.c:2: a function of 81 lines" found.txt || fail "check: $(cat found.txt)"
too_big long_file.c >found.txt && fail "a 703-line file passed the check"
grep -q "long_file.c: over 700 lines" found.txt || fail "check: $(cat found.txt)"
echo "ok the check finds an 81-line function and a 703-line file"

cd "$root" || fail "no tree at $root"
mapfile -t files < <(find sw sim -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) | sort)
[ "${#files[@]}" -gt 100 ] || fail "only ${#files[@]} files of sw/ and sim/ found"
too_big "${files[@]}" >"$OLDPWD/found.txt" || fail "over the house's sizes: $(cat "$OLDPWD/found.txt")"
echo "ok ${#files[@]} files of sw/ and sim/: no function over 80 lines, no file over 700"
