#!/bin/sh
# SPDX-License-Identifier: MIT
# Screenshot of GTKWave on a trace, headless: shoot.sh TCL DUMP GTKW OUT.png WxH+X+Y
# Runs GTKWave under Xvfb, grabs the screen with xwd, crops with ImageMagick.
set -eu
tcl=$1 dump=$2 gtkw=$3 out=$4 crop=$5
tmp=$(mktemp -d)
cat >"$tmp/grab.sh" <<EOS
#!/bin/sh
gtkwave -S "$tcl" "$dump" "$gtkw" >"$tmp/gtkwave.log" 2>&1 &
pid=\$!
sleep 5
xwd -root -silent >"$tmp/screen.xwd"
kill \$pid
EOS
chmod +x "$tmp/grab.sh"
xvfb-run -a -s "-screen 0 1500x1000x24" "$tmp/grab.sh"
convert "xwd:$tmp/screen.xwd" -crop "$crop" +repage "png:$out"
rm -rf "$tmp"
