# SPDX-License-Identifier: MIT
# make test installs only what the tests it runs need: its own recipe
# (make -n test) neither creates the Python venv nor installs Slurm, so
# the unit tests start at once; every test that runs a tool from the venv
# or from Slurm asks for it first (need pydeps / need cocotb2-deps / need slurm-deps,
# tb/lib.sh), and `need` installs it.
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
make -n -C "$root" test BUILD="$XC_BUILD" >plan.txt 2>&1 || fail "make -n test: $(tail -n 5 plan.txt)"
grep -qE 'run_tests\.sh' plan.txt || fail "make -n test does not reach the runner: $(tail -n 5 plan.txt)"
if grep -nE 'pydeps:|/venv|slurmctld|slurmd|munge' plan.txt; then
    fail "make test installs the venv or Slurm before any test runs"
fi
echo "ok make test itself installs neither the venv nor Slurm"
cd "$XC_TB/cli" || fail "no tb/cli"
code() { grep -v '^[[:space:]]*#' "$1" | sed 's/ # .*//'; } # a script without its comments
for t in t_*.sh; do
    [ "$t" != t_test_deps.sh ] || continue
    if code "$t" | grep -qE 'venv/bin|-C "\$root" cocotb( |$)'; then
        grep -q '^need pydeps' "$t" || fail "$t uses the Python venv without 'need pydeps'"
    fi
    if code "$t" | grep -qE 'venv-cocotb2|-C "\$root" cocotb2'; then
        grep -q '^need cocotb2-deps' "$t" || fail "$t uses the cocotb 2 venv without 'need cocotb2-deps'"
    fi
    if code "$t" | grep -qE 'slurm/t_slurm|sbatch'; then
        grep -q '^need slurm-deps' "$t" || fail "$t uses Slurm without 'need slurm-deps'"
    fi
done
echo "ok every test that uses the venv or Slurm asks for it"
