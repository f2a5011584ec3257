// SPDX-License-Identifier: MIT
// A 2D mesh network written only from the network contract of
// docs/own-rtl.md ("A whole network"), in another style than the crossbar
// (xbar_noc.v): K x K routers (K = the square root of N; node i at
// x = i % K, y = i / K), dimension-order (XY) routing, one message of
// buffer at each of a router's five inputs (local, east, west, south,
// north), a round-robin arbiter at each output, and a link that moves a
// message only into an empty buffer, so a message takes at least two
// cycles a hop. XY routing on a mesh cannot deadlock.
`default_nettype none

module mesh_noc #(
  parameter integer N = 16,
  parameter integer W = 64
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire [N-1:0]   in_valid_i,
  output wire [N-1:0]   in_ready_o,
  input  wire [N*W-1:0] in_data_i,
  output wire [N-1:0]   out_valid_o,
  input  wire [N-1:0]   out_ready_i,
  output wire [N*W-1:0] out_data_o
);
  // the side of the mesh: the largest K with K*K <= N
  function automatic integer side_of(input integer n);
    side_of = 1;
    for (integer k = 1; k * k <= n; k++) side_of = k;
  endfunction
  localparam integer K = side_of(N);
  localparam integer P = 5;  // ports: 0 local, 1 east, 2 west, 3 south, 4 north

  // the port a message leaving on port q arrives on at the next router
  function automatic integer arrives_on(input integer q);
    arrives_on = (q == 1) ? 2 : (q == 2) ? 1 : (q == 3) ? 4 : 3;
  endfunction
  // the next router behind port q of router r
  function automatic integer next_router(input integer r, input integer q);
    next_router = (q == 1) ? r + 1 : (q == 2) ? r - 1 : (q == 3) ? r + K : r - K;
  endfunction
  // the output port of router r for a message to node dst: X first, then Y
  function automatic integer route(input integer r, input integer dst);
    if (dst % K > r % K)      route = 1;
    else if (dst % K < r % K) route = 2;
    else if (dst / K > r / K) route = 3;
    else if (dst / K < r / K) route = 4;
    else                      route = 0;
  endfunction

  reg  [N*P-1:0]   buf_v_q;   // input buffer (r, p) holds a message
  reg  [N*P*W-1:0] buf_d_q;
  reg  [N*P*3-1:0] rr_q;      // output (r, q): the input to look at first
  reg  [N-1:0]     out_v_q;
  reg  [N*W-1:0]   out_d_q;
  reg  [N*P-1:0]   grant;     // output (r, q) moves a message at this edge ...
  reg  [N*P*3-1:0] winner;    // ... from input winner
  reg  [N*P-1:0]   taken;     // input buffer (r, p) empties at this edge

  always @* begin
    grant  = '0;
    winner = '0;
    taken  = '0;
    for (integer r = 0; r < N; r++) begin
      for (integer q = 0; q < P; q++) begin
        // room behind output q: the local output register, or the next router's buffer
        logic room;
        if (q == 0) room = !out_v_q[r] || out_ready_i[r];
        else if (r >= K * K) room = 1'b0;
        else room = !buf_v_q[next_router(r, q) * P + arrives_on(q)];
        for (integer k = 0; k < P; k++) begin
          integer p;
          p = (int'(rr_q[(r*P+q)*3 +: 3]) + k) % P;
          if (room && !grant[r*P+q] && buf_v_q[r*P+p] && !taken[r*P+p] &&
              route(r, int'(buf_d_q[(r*P+p)*W +: 16])) == q) begin
            grant[r*P+q]              = 1'b1;
            winner[(r*P+q)*3 +: 3]    = 3'(p);
            taken[r*P+p]              = 1'b1;
          end
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      buf_v_q <= '0;
      out_v_q <= '0;
      rr_q    <= '0;
    end else begin
      for (integer r = 0; r < N; r++) begin
        // the local input: taken when its buffer is empty
        if (in_valid_i[r] && !buf_v_q[r*P]) begin
          buf_v_q[r*P]           <= 1'b1;
          buf_d_q[r*P*W +: W]    <= in_data_i[r*W +: W];
        end
        if (out_ready_i[r]) out_v_q[r] <= 1'b0;
        for (integer p = 0; p < P; p++)
          if (taken[r*P+p]) buf_v_q[r*P+p] <= 1'b0;
      end
      for (integer r = 0; r < N; r++) begin
        for (integer q = 0; q < P; q++) begin
          if (grant[r*P+q]) begin
            integer p;
            p = int'(winner[(r*P+q)*3 +: 3]);
            rr_q[(r*P+q)*3 +: 3] <= 3'((p + 1) % P);
            if (q == 0) begin
              out_v_q[r]           <= 1'b1;
              out_d_q[r*W +: W]    <= buf_d_q[(r*P+p)*W +: W];
            end else begin
              buf_v_q[next_router(r, q)*P + arrives_on(q)] <= 1'b1;
              buf_d_q[(next_router(r, q)*P + arrives_on(q))*W +: W] <= buf_d_q[(r*P+p)*W +: W];
            end
          end
        end
      end
    end
  end

  for (genvar r = 0; r < N; r++) begin : g_in_ready
    assign in_ready_o[r] = !buf_v_q[r*P];
  end
  assign out_valid_o = out_v_q;
  assign out_data_o  = out_d_q;
endmodule

`default_nettype wire
