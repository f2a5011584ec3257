/work/main/build-san/obj/sw/xc_main.o: xc_main.c xc_cli.h xc_status.h
xc_cli.h:
xc_status.h:
