/work/main/build-san/obj/sw/xc_cmd_gtkw_filter.o: xc_cmd_gtkw_filter.c \
 xc_cli.h xc_status.h xc_flit.h xc_consts.h xc_consts.def
xc_cli.h:
xc_status.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
