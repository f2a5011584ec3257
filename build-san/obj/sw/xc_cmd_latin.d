/work/main/build-san/obj/sw/xc_cmd_latin.o: xc_cmd_latin.c xc_cli.h \
 xc_status.h xc_latin.h xc_big.h xc_min.h
xc_cli.h:
xc_status.h:
xc_latin.h:
xc_big.h:
xc_min.h:
