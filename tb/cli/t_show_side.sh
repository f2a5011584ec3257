#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Two or three algorithms side by side (show --algo A,B[,C]): one page
# embeds each algorithm's own page and steps them together; at every step
# asked, each embedded page draws that step (an algorithm already done its
# last), as the page itself reports it; the table gives each one's steps
# and bound as its own recording (--json) has them. Bad input: one line,
# exit 2, no file.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

expect_exit 0 "$XCHG" show --net torus:4x4 --algo te-ni,te-a2,te-a1 --out side.html
grep -q 'side by side: te-ni: 32 steps, te-a2: [0-9]* steps, te-a1: 32 steps -> side.html' out.txt ||
    fail "the line does not name the three: $(cat out.txt)"
declare -A steps
for a in te-ni te-a2 te-a1; do
    expect_exit 0 "$XCHG" show --net torus:4x4 --algo "$a" --json --out "$a.json"
    steps[$a]=$(jq .steps "$a.json")
done
for k in 0 5 12 32; do
    page_dom "side.html#step=$k" s.dom
    row=0
    for a in te-ni te-a2 te-a1; do
        row=$((row + 1))
        n=${steps[$a]} want=$((k < steps[$a] ? k : steps[$a]))
        tr=$(grep -o '<tr><td>'"$a"'</td>.*' s.dom | sed 's|</tr>.*||')
        grep -q "<td class=\"now\">step $want / $n" <<<"$tr" || fail "step $k: $a does not draw step $want: $tr"
        bound=$(jq .bound "$a.json") name=$(jq -r .bound_name "$a.json")
        grep -qF "<td>$n steps</td>" <<<"$tr" && grep -qF "$name = $bound" <<<"$tr" ||
            fail "$a: the table does not give its $n steps and bound $name = $bound: $tr"
    done
    echo "ok step $k: te-ni, te-a2, te-a1 each draw min(k, its steps)"
done
# the frames are the pages xchg show writes, whole
[ "$(grep -o '<iframe title="[^"]*" srcdoc="' side.html | wc -l)" = 3 ] || fail "not three embedded pages"

while read -r pat args; do
    # shellcheck disable=SC2086
    expect_one_line_error "$pat" "$XCHG" show --net torus:4x4 $args
    ls bad.* 2>/dev/null && fail "a file was left behind: $args"
done <<'LIST'
side.by.side.is.a.page --algo te-ni,te-a1 --json --out bad.json
side.by.side.is.a.page --algo te-ni,te-a1 --svg-steps bad.d
two.or.three --algo te-ni,te-a1,te-a2,mnb --out bad.html
two.or.three --algo te-ni,,te-a1 --out bad.html
--algo.'te-zz' --algo te-ni,te-zz --out bad.html
LIST
echo "ok side by side: bad input"
