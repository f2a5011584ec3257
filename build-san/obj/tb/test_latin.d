/work/main/build-san/tb/test_latin: test_latin.c ../sw/xc_consts.h \
 ../sw/xc_consts.def ../sw/xc_latin.h ../sw/xc_big.h ../sw/xc_status.h \
 ../sw/xc_min.h
../sw/xc_consts.h:
../sw/xc_consts.def:
../sw/xc_latin.h:
../sw/xc_big.h:
../sw/xc_status.h:
../sw/xc_min.h:
