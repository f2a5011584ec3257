/work/main/build-san/tb/test_products: test_products.c ../sw/xc_bound.h \
 ../sw/xc_topo.h ../sw/xc_status.h ../sw/xc_check.h ../sw/xc_sched.h \
 ../sw/xc_sched_io.h ../sw/xc_sched.h ../sw/xc_topo.h
../sw/xc_bound.h:
../sw/xc_topo.h:
../sw/xc_status.h:
../sw/xc_check.h:
../sw/xc_sched.h:
../sw/xc_sched_io.h:
../sw/xc_sched.h:
../sw/xc_topo.h:
