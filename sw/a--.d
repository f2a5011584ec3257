-: ../sim/wave/xc_gtkw_pn.h ../sim/wave/xc_gtkw.h min/xc_min.h \
 lib/xc_status.h pn/xc_pnhw.h lib/xc_flit.h lib/xc_consts.h \
 lib/xc_consts.def min/xc_minhw.h min/xc_min.h pn/xc_topo.h
../sim/wave/xc_gtkw.h:
min/xc_min.h:
lib/xc_status.h:
pn/xc_pnhw.h:
lib/xc_flit.h:
lib/xc_consts.h:
lib/xc_consts.def:
min/xc_minhw.h:
min/xc_min.h:
pn/xc_topo.h:
