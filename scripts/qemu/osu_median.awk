# scripts/qemu/osu_median.awk - medians over boots of osubench lines
# (userland/bench/osubench) kept by bench_osu3 and bench_coll4 in the form
#   SYSTEM BOOT osubench MODE [op=OP] size=S us=X|MBps=X ...
# Prints "system,benchmark,size,median,count", one line per system, benchmark
# (MODE, or coll_OP for collectives) and size.
{
    sys = $1; mode = $4; sz = ""; v = ""
    for (i = 5; i <= NF; i++) {
        split($i, kv, "=")
        if (kv[1] == "op") mode = mode "_" kv[2]
        if (kv[1] == "size") sz = kv[2]
        if (kv[1] == "us" || kv[1] == "MBps") v = kv[2]
    }
    if (sz == "" || v == "" || v <= 0) next
    k = sys SUBSEP mode SUBSEP sz
    n[k]++; val[k, n[k]] = v
}
function med(k,   i, j, t, m, a) {
    m = n[k]
    for (i = 1; i <= m; i++) a[i] = val[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END { for (k in n) { split(k, p, SUBSEP); printf "%s,%s,%s,%s,%d\n", p[1], p[2], p[3], med(k), n[k] } }
