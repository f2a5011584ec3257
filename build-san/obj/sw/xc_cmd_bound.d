/work/main/build-san/obj/sw/xc_cmd_bound.o: xc_cmd_bound.c xc_bound.h \
 xc_topo.h xc_status.h xc_cli.h xc_sched_dim.h
xc_bound.h:
xc_topo.h:
xc_status.h:
xc_cli.h:
xc_sched_dim.h:
