#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The lower bound's argument on a product-network page: the number the
# page argues for is the one `xchg bound --json` and `xchg check --json`
# give (the page computes none of its own), and what it draws is that
# argument: the cut bound's links across the cut (as many as `bound`
# counts), AS(G)'s status of every node (`bound`'s list), the idle node of
# every step of an odd half-duplex ring (nodes with no hop in the
# recording: at least one in every step). #noarg hides the words and the
# marks; printed, the words stay.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"
command -v pdftotext >/dev/null || fail "pdftotext is missing (poppler-utils; make deps installs it)"

# argued PAGE.dom: the bound the #argument box carries, and the one it writes in bold
argued() {
    local a b
    a=$(grep -o '<div id="argument"[^>]*data-bound="[0-9]*"' "$1" | grep -o '[0-9]*"$' | tr -d '"')
    b=$(grep -o "<b class=\"argbound\">[0-9]*</b>" "$1" | grep -o '[0-9]\+')
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "$1: the argument's bound is '$a', its words say '$b'"
    echo "$a"
}

for c in "torus:4x4|te-a2|multi|cut_bound_steps|cut" "torus:4x4|te-a1|single|te_single_port_bound|status" \
         "torus:3x5|te-a1|single|te_single_port_bound|status" "ring:7|mnb|single --duplex half|mnb_half_bound|half" \
         "ring:6|mnb|single|mnb_full_bound|receive"; do
    IFS='|' read -r net algo port key kind <<<"$c"
    duplex=full
    case $port in *half) duplex=half ;; esac
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --port ${port%% *} --duplex $duplex --out p.html
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --port ${port%% *} --duplex $duplex --json --out p.json
    expect_exit 0 "$XCHG" schedule --net "$net" --algo "$algo" --port ${port%% *} --duplex $duplex --out p.sched
    "$XCHG" check p.sched --json >c.json || fail "$net $algo: xchg check failed"
    "$XCHG" bound --net "$net" --json >b.json || fail "$net: xchg bound failed"
    page_dom "p.html#step=1" p.dom
    got=$(argued p.dom)
    want=$(jq -r ".$key" b.json)
    checked=$(jq -r .bound c.json)
    [ "$got" = "$want" ] && [ "$got" = "$checked" ] ||
        fail "$net $algo: the page argues for $got steps, xchg bound's $key is $want, xchg check's bound $checked"
    grep -q "data-kind=\"$kind\"" p.dom || fail "$net $algo: not the $kind argument"
    case $kind in
    cut)
        drawn=$(grep -o 'class="cutlink"' p.dom | wc -l)
        [ "$drawn" = "$(jq -r .cut.links b.json)" ] || fail "$net: $drawn links drawn across the cut, xchg bound counts $(jq -r .cut.links b.json)"
        grep -q "k = $drawn links" p.dom || fail "$net: the words do not name the $drawn links"
        echo "ok $net $algo: cut bound $got, $drawn links across the cut highlighted" ;;
    status)
        grep -o 'class="argnum" data-node="[0-9]*">s=[0-9]*<' p.dom | sed 's/.*>s=//; s/<$//' | paste -sd, >got.status
        jq -r '.status | join(",")' b.json >want.status
        diff want.status got.status >/dev/null || fail "$net: the statuses written are $(cat got.status), xchg bound's $(cat want.status)"
        grep -q "$(jq -r .status_sum b.json) hops" p.dom || fail "$net: the words do not sum the statuses"
        echo "ok $net $algo: AS(G) $got, the status of each of $(jq -r .nodes b.json) nodes written" ;;
    half)
        steps=$(jq '.frames | length - 1' p.json)
        for k in $(seq 1 "$steps"); do
            page_dom "p.html#step=$k" h.dom
            grep -o 'class="idle"[^>]*data-node="[0-9]*"' h.dom | grep -o '[0-9]*"$' | tr -d '"' | sort -n | paste -sd, >got.idle
            jq -r --argjson k "$k" '[.frames[$k].hops[] | .[1], .[2]] as $busy | [range(0; .pn.nodes) | select(. as $v | $busy | index($v) | not)] | join(",")' \
                p.json >want.idle
            diff want.idle got.idle >/dev/null || fail "$net step $k: idle drawn $(cat got.idle), the recording's $(cat want.idle)"
            [ -s got.idle ] && [ -n "$(cat got.idle)" ] || fail "$net step $k: no idle node on an odd half-duplex ring"
        done
        echo "ok $net $algo: 2n = $got, the idle node marked in each of $steps steps" ;;
    *) echo "ok $net $algo: n - 1 = $got" ;;
    esac
done

# the toggle: #noarg hides the words and the marks
page_dom "p.html#step=1&noarg" n.dom
grep -q '<div id="argument"[^>]*hidden' n.dom || fail "#noarg: the argument's words still shown"
expect_exit 0 "$XCHG" show --net torus:4x4 --algo te-a2 --out c.html
page_dom "c.html#step=1&noarg" n.dom
! grep -q 'class="cutlink"' n.dom || fail "#noarg: the cut still drawn"
# printed, the words stay
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --no-pdf-header-footer \
    --print-to-pdf="$PWD/c.pdf" "file://$PWD/c.html#step=1" 2>/dev/null || fail "no PDF"
pdftotext c.pdf - | tr '\n' ' ' | grep -q "why at least 8 steps" || fail "the printed page lost the argument"
echo "ok the argument hides with #noarg and is printed"
