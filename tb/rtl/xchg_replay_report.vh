// SPDX-License-Identifier: MIT
// The reporting side shared by tb/rtl/xchg_min_replay_tb.v and
// tb/rtl/xchg_pn_replay_tb.v, included inside the bench module before its
// report task: the differing items printed so far, the most to print
// (+max_report=N, read by xchg_replay_loop.vh), and tell(differs), true
// when an item differs and may still be printed (it counts it then).
  integer reported = 0, max_report = 1;
  function automatic tell(input differs);
    begin
      tell = differs && reported < max_report;
      if (tell) reported = reported + 1;
    end
  endfunction
