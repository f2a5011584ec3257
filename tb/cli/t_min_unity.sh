# SPDX-License-Identifier: MIT
# The MIN model's generated C++ is compiled in a few groups (sim/vl_unity.sh,
# sim/Makefile `min`), not a file at a time: each file read the model's
# symbol-table and root headers, which grow with the switches, and the
# build grew with the switches times the files (docs/bench.md, MIN).
# 1. The grouping on a made-up file list: every file in exactly one group,
#    the fast and set-up lists apart, the fewest groups under the cap, about
#    even loads, each group starting with the model's headers.
# 2. A real model (butterfly:128, the smallest built in groups rather than
#    one file; lock-step passes): no object of a single
#    generated file, each generated file in exactly one group, the headers
#    precompiled (sim/vl_unity.mk).
. "$XC_TB/lib.sh"
unity=$XC_TB/../sim/vl_unity.sh

mkdir fake
(
    cd fake
    printf 'VM_CLASSES_FAST += \\\n\tVa\n\tVb\n\tVc\n\nVM_CLASSES_SLOW += \\\n\tVs\n\n' >V_classes.mk
    printf 'VM_SUPPORT_FAST += \\\n\tVd\n\nVM_SUPPORT_SLOW += \\\n\tVy\n\nVM_GLOBAL_FAST += \\\n\tverilated\n' >>V_classes.mk
    head -c 700 /dev/zero >Va.cpp; head -c 600 /dev/zero >Vb.cpp; head -c 500 /dev/zero >Vc.cpp
    head -c 400 /dev/zero >Vd.cpp; head -c 100 /dev/zero >Vs.cpp; head -c 100 /dev/zero >Vy.cpp
) || fail "the made-up folder"
sh "$unity" fake V 1000 1000 || fail "vl_unity.sh on the made-up folder"
[ "$(cat fake/unity.fast)" = "V__unity_f0 V__unity_f1 V__unity_f2 " ] || fail "fast groups: $(cat fake/unity.fast)"
[ "$(cat fake/unity.slow)" = "V__unity_s0 " ] || fail "set-up groups: $(cat fake/unity.slow)"
for f in fake/V__unity_*.cpp; do
    k=$(basename "$f" | cut -c10)
    [ "$(head -n1 "$f")" = "#include \"V__pch_$k.h\"" ] || fail "$f does not start with its headers: $(head -n1 "$f")"
done
grep -q '#include "V__Syms.h"' fake/V__pch_f.h || fail "V__pch_f.h: $(cat fake/V__pch_f.h)"
got=$(cat fake/V__unity_f*.cpp | grep -v pch | sort | tr '\n' ' ')
[ "$got" = '#include "Va.cpp" #include "Vb.cpp" #include "Vc.cpp" #include "Vd.cpp" ' ] ||
    fail "fast files not each in one group: $got"
[ "$(grep -v pch fake/V__unity_s0.cpp | sort | tr '\n' ' ')" = '#include "Vs.cpp" #include "Vy.cpp" ' ] ||
    fail "set-up group: $(cat fake/V__unity_s0.cpp)"
# 2200 bytes in 3 groups, largest first into the lightest: 700, 600, 500 + 400
[ "$(grep -v pch fake/V__unity_f2.cpp | tr '\n' ' ')" = '#include "Vc.cpp" #include "Vd.cpp" ' ] ||
    fail "loads not balanced: f2 holds $(cat fake/V__unity_f2.cpp)"
ls fake/*.tmp 2>/dev/null && fail "a temporary file left"
echo "ok vl_unity.sh: each file in one group, 3 fast groups of at most 1000 bytes, balanced"

expect_exit 0 "$XCHG" run --net butterfly:128 --algo latin --sim lockstep --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] ||
    fail "butterfly:128 lock-step: $(cat out.txt)"
obj=$XC_BUILD/vl/min_butterfly_128/obj
[ -f "$obj/unity.fast" ] || fail "no unity.fast in $obj"
# (the objects the model's archive holds: a folder built before may keep others)
single=$(ar t "$obj/Vxchg_min_dv__ALL.a" | grep -v -e '__unity_[fs][0-9]*\.o$' -e '__ALL\.o$' || true)
[ -z "$single" ] || fail "butterfly:128: generated files compiled one by one: $(echo $single)"
listed=$(awk '/^VM_(CLASSES|SUPPORT)_(FAST|SLOW) \+= \\$/ { on = 1; next } /^\t/ { if (on) print $1; next } { on = 0 }' \
    "$obj/Vxchg_min_dv_classes.mk" | sort | tr '\n' ' ')
grouped=$(cd "$obj" && cat $(sed 's/\([^ ]*\) /\1.cpp /g' unity.fast unity.slow) | grep -v '__pch_[fs]\.h"$' |
    sed 's/#include "\(.*\)\.cpp"/\1/' | sort | tr '\n' ' ')
[ -n "$listed" ] && [ "$listed" = "$grouped" ] || fail "butterfly:128: groups hold [$grouped], the model [$listed]"
# the headers precompiled once for the fast groups and once for the others
[ -f "$obj/Vxchg_min_dv__pch_f.h.gch" ] && [ -f "$obj/Vxchg_min_dv__pch_s.h.gch" ] ||
    fail "butterfly:128: no precompiled headers in $obj"
echo "ok butterfly:128: $(echo $listed | wc -w) generated files in $(cat "$obj/unity.fast" "$obj/unity.slow" | wc -w) groups"
