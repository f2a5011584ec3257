/work/main/build-san/obj/sw/xc_big.o: xc_big.c xc_big.h xc_status.h
xc_big.h:
xc_status.h:
