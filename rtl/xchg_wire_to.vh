// SPDX-License-Identifier: MIT
// wire_to(b, a): the line that line a moves to across wiring boundary b of
// the banyan (see xchg_banyan.v). Included inside a module that has the
// parameters LogN and Wiring. It runs only at elaboration (the wiring's
// parameters), so it has no points of coverage to hit.
  // verilator coverage_off
  function automatic integer wire_to(input integer b, input integer a);
    integer j, r;
    begin
      r = 0;
      for (j = 0; j < LogN; j = j + 1)
        r = r | (((a >> Wiring[(b*LogN + j)*4 +: 4]) & 1) << j);
      wire_to = r;
    end
  endfunction
  // verilator coverage_on
