#!/bin/bash
# a2a_link.sh - the Alltoall link-load model (build/sim/a2a_link,
# scripts/sim/a2a_link.[ch]) on the platforms SMPI runs on
# (scripts/sim/platform.py):
#   1. validation: every pairwise / Doublespread Alltoall(v) row of the SMPI
#      result CSVs given, priced by the model -> OUT/validation.csv
#   2. seed 004 Table 1 (384, 3072, 27,648 nodes; 1-D, 2-D, 3-D), 1 and 4
#      processes per node, pairwise and Doublespread, the message sizes of
#      figs. 1-3 -> OUT/model.csv, the cost of each profile (/usr/bin/time -v)
#      -> OUT/costs.csv
#   3. tables and plots (a2a_link_report.py): OUT/validation.md, OUT/tables.md,
#      OUT/*.png
#   a2a_link.sh OUT SMPI_RESULTS.csv...
# ALINK_NODES (default "384 3072 27648"), ALINK_PPN ("1 4") and ALINK_ALGS
# ("doublespread pairwise") narrow step 2; ALINK_STRIDE=N prices every N-th
# window only (a2al_profile_sampled; the 27,648 x 4 profiles). Step 1 runs
# only when SMPI CSVs are given; rows accumulate in OUT over invocations.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUT=$1
shift
MODEL=${A2AL_BIN:-$root/build/sim/a2a_link}
[ -x "$MODEL" ] || make -s -C "$root" build/sim/a2a_link || exit 1
mkdir -p "$OUT/plat"
SIZES=${ALINK_SIZES:-16,64,256,1k,4k,16k,64k,256k,1M}
# one profile: SHAPE PPN ALG SIZES -> CSV rows on stdout, its cost appended to costs.csv
prof() {
    local xml hosts tv st
    read -r xml hosts < <("$here/platform.py" "$1" "$2" "$OUT/plat")
    tv=$OUT/time.$$.txt
    /usr/bin/time -v -o "$tv" "$MODEL" -s "$STRIDE" "$xml" "$hosts" "$1" "$2" "$3" "$4"
    st=$?
    awk -F': ' -v k="$PHASE,$1,$2,$3" -v st="$st" '
        /Elapsed \(wall clock\)/ {n=split($2,a,":"); w=0; for(i=1;i<=n;i++) w=w*60+a[i]}
        /(User|System) time \(seconds\)/ {c += $2}
        /Maximum resident set size/ {r=$2}
        END {print k "," w "," c "," r "," st}' "$tv" >> "$OUT/costs.csv"
    rm -f "$tv"
    rm -f "$hosts"          # 27,648 x 4 hostfiles are 0.8 MB each
}
[ -s "$OUT/costs.csv" ] || echo "phase,shape,ppn,alg,wall_s,cpu_s,peak_rss_kb,status" > "$OUT/costs.csv"
PHASE=validation STRIDE=1
# 1. validation: the SMPI rows, deduplicated, grouped per configuration
[ $# -gt 0 ] && echo "source,coll,shape,ppn,procs,alg,bytes,smpi_us,model_us,ratio,overlap_us,overlap_ratio" > "$OUT/validation.csv"
for f in "$@"; do
    [ -s "$f" ] || continue
    awk -F, -v s="$(basename "$f")" '($1 == "alltoall" || $1 == "alltoallv") &&
        ($5 == "pairwise" || $5 == "doublespread") {print s "," $1 "," $2 "," $3 "," $4 "," $5 "," $7 "," $8}' "$f"
done | sort -t, -k2,8 -u | sort -t, -k3,3 -k4,4n -k6,6 -k7,7n > "$OUT/smpi_rows.$$.csv"
[ $# -gt 0 ] && mv "$OUT/smpi_rows.$$.csv" "$OUT/smpi_rows.csv"
rm -f "$OUT/smpi_rows.$$.csv"
[ $# -gt 0 ] && cut -d, -f3,4,6 "$OUT/smpi_rows.csv" | sort -u | while IFS=, read -r shape ppn alg; do
    sizes=$(awk -F, -v a="$shape" -v b="$ppn" -v c="$alg" '$3 == a && $4 == b && $6 == c {print $7}' \
            "$OUT/smpi_rows.csv" | sort -un | paste -sd,)
    prof "$shape" "$ppn" "$alg" "$sizes" > "$OUT/val.$$.csv"
    awk -F, 'NR == FNR {m[$6] = $7; o[$6] = $12; next}
        $3 == sh && $4 == pp && $6 == al {printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%.3f,%s,%.3f\n", $1, $2, $3,
            $4, $5, $6, $7, $8, m[$7], m[$7] / $8, o[$7], o[$7] / $8}' \
        sh="$shape" pp="$ppn" al="$alg" "$OUT/val.$$.csv" "$OUT/smpi_rows.csv" >> "$OUT/validation.csv"
    rm -f "$OUT/val.$$.csv"
done
# 2. seed 004 Table 1 on the model
PHASE=table1 STRIDE=${ALINK_STRIDE:-1}
[ -s "$OUT/model.csv" ] ||
    echo "nodes,dim,coll,shape,ppn,procs,alg,bytes,t_us,thr_MBs,windows,max_link,max_hops,tov_us,throv_MBs,stride" > "$OUT/model.csv"
for n in ${ALINK_NODES:-384 3072 27648}; do
    case $n in
    384) shapes="384 64x6 8x6x8" ;;
    3072) shapes="3072 48x64 16x12x16" ;;
    27648) shapes="27648 144x192 48x12x48" ;;
    *) echo "a2a_link.sh: no Table 1 row for $n nodes" >&2; continue ;;
    esac
    for ppn in ${ALINK_PPN:-1 4}; do
        for shape in $shapes; do
            dim=$(( $(tr -cd x <<< "$shape" | wc -c) + 1 ))
            for alg in ${ALINK_ALGS:-doublespread pairwise}; do
                prof "$shape" "$ppn" "$alg" "$SIZES" | sed "s/^/$n,$dim,/; s/\$/,$STRIDE/" >> "$OUT/model.csv"
                echo "a2a_link: $n nodes $shape ppn $ppn $alg: $(tail -n 1 "$OUT/costs.csv")" >&2
            done
        done
    done
done
# 3. tables, the comparison with the seed, plots
"$here/a2a_link_report.py" "$OUT"
