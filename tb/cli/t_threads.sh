# SPDX-License-Identifier: MIT
# Verilator options as xchg run options (docs/flow.md "Verilator options"):
# --threads N and --verilator-flags make a model of their own (a cache
# folder named after them, the flags kept in it), and a multi-threaded
# model gives the single-threaded results (the lock-step compares it with
# the golden model every cycle). One small build: butterfly:2, two threads,
# -O0.
. "$XC_TB/lib.sh"
X=$XCHG
untimed() { sed -E 's/"(sim_seconds|sim)":[^,]*,//g'; }

expect_exit 0 $X run --net butterfly:2 --sim golden --json --quiet
untimed <out.txt >golden.json
expect_exit 0 $X run --net butterfly:2 --threads 2 --verilator-flags "-O0  --x-assign 0" --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] || fail "threads run: $(cat out.txt)"
untimed <out.txt >threads.json
cmp -s golden.json threads.json || fail "--threads 2 report differs: $(diff golden.json threads.json)"
dirs=$(ls -d "$XC_BUILD"/vl/min_butterfly_2/t2_f* 2>/dev/null)
[ "$(echo "$dirs" | wc -l)" -ge 1 ] && [ -n "$dirs" ] || fail "no t2_f<hash> cache folder"
d=
for cand in $dirs; do [ "$(cat "$cand/vflags")" = "-O0 --x-assign 0" ] && d=$cand; done
[ -n "$d" ] || fail "no folder with vflags '-O0 --x-assign 0' among: $dirs"
grep -q 'VM_THREADS = 1\|VM_PARALLEL_BUILDS' "$d"/obj/*_classes.mk || fail "not a threaded build"
grep -qE -- '--threads 2' "$d/obj/"*__verFiles.dat || fail "Verilator was not given --threads 2"
grep -qE -- '-O0 --x-assign 0' "$d/obj/"*__verFiles.dat || fail "Verilator was not given the flags"
echo "ok --threads 2 --verilator-flags: $(basename "$d"), same report as the golden model"

# the same flags spaced otherwise: the same model, not rebuilt
stamp=$(cat "$d/stamp")
expect_exit 0 $X run --net butterfly:2 --threads 2 --verilator-flags " -O0 --x-assign   0 " --quiet
[ "$(cat "$d/stamp")" = "$stamp" ] || fail "rebuilt for the same flags"
# (another flag set names another folder: tb/unit/test_model_variant.c)
n0=$(ls -d "$XC_BUILD"/vl/min_butterfly_2/t2_f* | wc -l)
echo "ok the same flags, spaced otherwise, reuse $(basename "$d")"

# bad input: one line, exit 2, no model built
for bad in "-Mdir /tmp/x" "-o evil.so" "--top-module x" "-O0; rm -rf /" '-O0 $(id)' "--x-assign" "-f args.vc"; do
    expect_one_line_error "verilator-flags" $X run --net butterfly:2 --verilator-flags "$bad"
done
expect_one_line_error "1 .. 64" $X run --net butterfly:2 --threads 0
expect_one_line_error "1 .. 64" $X run --net butterfly:2 --threads 65
expect_one_line_error "1 .. 64" $X run --net butterfly:2 --threads two
expect_one_line_error "need the RTL" $X run --net butterfly:2 --sim golden --threads 2
[ "$(ls -d "$XC_BUILD"/vl/min_butterfly_2/t2_f* | wc -l)" = "$n0" ] || fail "a folder made for bad input"
echo "ok bad --threads and --verilator-flags refused in one line"
