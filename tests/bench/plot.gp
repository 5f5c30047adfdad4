# plot.gp: make bench's drawing of the warm times (tests/bench/run.sh): for each stream, the ns
# a name of each implementation, as bars side by side; an SVG on stdout.
#   gnuplot -e "data='report-cc.tsv'; title='cc'" plot.gp > report-cc.svg
set terminal svg size 1200,600 dynamic font "sans,11"
set title sprintf("ns per name, warm caches, best of 25 runs, built by %s (the linear scan left out)", title)
set style data histograms
set style histogram clustered gap 2
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top vertical noenhanced
set ylabel "ns per name"
set yrange [0:*]
set grid ytics
set xtics noenhanced rotate by -20
columns = system(sprintf("head -n 1 '%s' | awk -F'\\t' '{ print NF }'", data)) + 0
plot for [k = 2:columns] data using k:xtic(1) title columnheader(k)
