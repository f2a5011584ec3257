# SPDX-License-Identifier: MIT
# Digilent Arty A7-35T (XC7A35TICSG324-1L): pins of xchg_fpga_min_board.
# Pins from Digilent's Arty-A7-35-Master.xdc. Untested: no Vivado here,
# see README.md. Build with LedActiveLow = 0, BtnActiveLow = 0,
# ClkDiv = 868 (100 MHz / 115200), RepeatLog = 27.

## 100 MHz oscillator
set_property -dict { PACKAGE_PIN E3  IOSTANDARD LVCMOS33 } [get_ports { clk_i }];      # gclk[100]
create_clock -add -name sys_clk_pin -period 10.00 -waveform {0 5} [get_ports { clk_i }];

## BTN0 (active high): run the exchange again
set_property -dict { PACKAGE_PIN D9  IOSTANDARD LVCMOS33 } [get_ports { btn_i }];      # btn[0]

## LD4, LD5 (active high): pass, fail
set_property -dict { PACKAGE_PIN H5  IOSTANDARD LVCMOS33 } [get_ports { led_pass_o }]; # led[0] (LD4)
set_property -dict { PACKAGE_PIN J5  IOSTANDARD LVCMOS33 } [get_ports { led_fail_o }]; # led[1] (LD5)

## USB-UART: FPGA transmit = the FTDI's receive (uart_rxd_out), 115200 8N1
set_property -dict { PACKAGE_PIN D10 IOSTANDARD LVCMOS33 } [get_ports { uart_tx_o }];  # uart_rxd_out

## the button and the UART are asynchronous to the clock
set_false_path -from [get_ports { btn_i }]
set_false_path -to [get_ports { led_pass_o led_fail_o uart_tx_o }]

set_property CONFIG_VOLTAGE 3.3 [current_design]
set_property CFGBVS VCCO [current_design]
