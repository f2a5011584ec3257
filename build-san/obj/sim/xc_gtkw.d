/work/main/build-san/obj/sim/xc_gtkw.o: ../sim/xc_gtkw.c ../sim/xc_gtkw.h \
 xc_min.h xc_status.h xc_consts.h xc_consts.def
../sim/xc_gtkw.h:
xc_min.h:
xc_status.h:
xc_consts.h:
xc_consts.def:
