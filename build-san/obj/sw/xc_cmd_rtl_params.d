/work/main/build-san/obj/sw/xc_cmd_rtl_params.o: xc_cmd_rtl_params.c \
 xc_cli.h xc_status.h xc_min.h
xc_cli.h:
xc_status.h:
xc_min.h:
