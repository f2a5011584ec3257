/work/main/build-san/obj/sw/xc_status.o: xc_status.c xc_status.h
xc_status.h:
