/work/main/build-san/obj/sw/xc_sched_io.o: xc_sched_io.c xc_sched_io.h \
 xc_sched.h xc_topo.h xc_status.h
xc_sched_io.h:
xc_sched.h:
xc_topo.h:
xc_status.h:
