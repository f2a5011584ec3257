/work/main/build-san/obj/sw/xc_latin.o: xc_latin.c xc_latin.h xc_big.h \
 xc_status.h xc_min.h
xc_latin.h:
xc_big.h:
xc_status.h:
xc_min.h:
