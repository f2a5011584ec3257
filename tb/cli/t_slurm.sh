# SPDX-License-Identifier: MIT
# xchg sweep --slurm on a real local Slurm, in make test: it starts in
# about a second and runs in about 25 s (tb/slurm/t_slurm.sh; alone:
# make test-slurm).
. "$XC_TB/lib.sh"
need slurm-deps
"$XC_TB/slurm/t_slurm.sh" "$XC_BUILD" || fail "t_slurm"
