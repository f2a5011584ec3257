/work/main/build-san/obj/sw/xc_cmd_sched.o: xc_cmd_sched.c xc_check.h \
 xc_status.h xc_topo.h xc_cli.h xc_sched.h xc_sched_io.h
xc_check.h:
xc_status.h:
xc_topo.h:
xc_cli.h:
xc_sched.h:
xc_sched_io.h:
