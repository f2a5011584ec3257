/work/main/build-san/obj/sw/xc_sched_ni.o: xc_sched_ni.c xc_sched.h \
 xc_topo.h xc_status.h
xc_sched.h:
xc_topo.h:
xc_status.h:
