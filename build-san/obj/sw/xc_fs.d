/work/main/build-san/obj/sw/xc_fs.o: xc_fs.c xc_fs.h
xc_fs.h:
