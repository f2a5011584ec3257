# SPDX-License-Identifier: MIT
# Schedule generation and checking speed on tori: message hops per second
# and peak memory (max RSS), for torus:8x8 up to torus:64x64 (4096 nodes,
# 16.8 M messages). Generation streams step by step: no run holds every
# step of every node in memory. One run each, this machine.
. "$(dirname "$0")/common.sh"
mb() { awk -v k="$1" 'BEGIN{printf "%.0f", k / 1024}'; }
printf '%-12s %-11s %8s %11s | %8s %11s %7s %9s | %8s %11s %7s\n' \
    net algo steps msg_hops gen_s gen_hops/s gen_MB file_MB chk_s chk_hops/s chk_MB
row() { # net algo [options]; "nocheck" as 3rd arg: generation only, no file
    net=$1 algo=$2; shift 2
    if [ "${1:-}" = nocheck ]; then
        shift
        "$XCHG" schedule --net "$net" --algo "$algo" "$@" --json >"$work/g.json"
        printf '%-12s %-11s %8s %11s | %8s %11.3g %7s %9s | %8s %11s %7s\n' "$net" "$algo" \
            "$(j steps "$work/g.json")" "$(j message_hops "$work/g.json")" "$(j seconds "$work/g.json")" \
            "$(j hops_per_second "$work/g.json")" "$(mb "$(j max_rss_kb "$work/g.json")")" "(none)" - - -
        return
    fi
    "$XCHG" schedule --net "$net" --algo "$algo" "$@" --out "$work/s.txt" --json >"$work/g.json"
    "$XCHG" check "$work/s.txt" --json >"$work/c.json"
    size=$(wc -c <"$work/s.txt")
    printf '%-12s %-11s %8s %11s | %8s %11.3g %7s %9.1f | %8s %11.3g %7s\n' "$net" "$algo" \
        "$(j steps "$work/g.json")" "$(j message_hops "$work/g.json")" "$(j seconds "$work/g.json")" \
        "$(j hops_per_second "$work/g.json")" "$(mb "$(j max_rss_kb "$work/g.json")")" \
        "$(awk -v s="$size" 'BEGIN{print s / 1048576}')" "$(j seconds "$work/c.json")" \
        "$(j hops_per_second "$work/c.json")" "$(mb "$(j max_rss_kb "$work/c.json")")"
    rm -f "$work/s.txt"
}
for n in 8x8 16x16 32x32; do
    row torus:$n te-ni
    row torus:$n te-a1
    row torus:$n te-a2
    row torus:$n mnb
    row torus:$n mnb-product --duplex half
done
row torus:64x64 te-ni
row torus:64x64 te-a1 nocheck
row torus:64x64 mnb
