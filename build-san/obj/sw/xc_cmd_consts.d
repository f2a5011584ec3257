/work/main/build-san/obj/sw/xc_cmd_consts.o: xc_cmd_consts.c xc_cli.h \
 xc_status.h xc_consts.def
xc_cli.h:
xc_status.h:
xc_consts.def:
