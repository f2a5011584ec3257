/work/main/build-san/obj/sw/xc_cmd_draw.o: xc_cmd_draw.c xc_cli.h \
 xc_status.h xc_fs.h xc_latin.h xc_big.h xc_min.h
xc_cli.h:
xc_status.h:
xc_fs.h:
xc_latin.h:
xc_big.h:
xc_min.h:
