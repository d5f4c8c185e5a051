#!/bin/bash
# launcher_errors.sh - scripts/qemu/cluster refuses bad options with a usage
# error (missing -n value, percentages outside 0-100, a delay out of range,
# more guest memory than the host has), warns when nodes outnumber host CPUs,
# and reports every QEMU exit that is not a kernel power-off as a failure: a
# QEMU that refuses its options (exit 1), one killed by a signal (exit 137 is
# "killed by signal 9", not "status 68"), while a real power-off with status
# 68 (also exit code 137) stays status 68. Those cases run a stand-in QEMU (a
# script first on PATH); one real boot runs a program whose name and a
# --fw-cfg value contain commas (QEMU's option syntax: escaped as ",,").
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

# ---- usage errors (nothing starts) ----
# run NAME ARGS...: the launcher with ARGS, status in $RC, output in $L/NAME/out
run() {
    local name=$1; shift
    mkdir -p "$L/$name"
    scripts/qemu/cluster --quiet --timeout 60 --log-dir "$L/$name" "$@" >"$L/$name/out" 2>&1
    RC=$?
}
usage_err() {   # NAME MESSAGE ARGS...: exit 2 and MESSAGE on the output
    local name=$1 msg=$2; shift 2
    run "$name" "$@"
    check "$name: exit status 2 (got $RC) and '$msg'" \
        bash -c "[ $RC = 2 ] && grep -q -- '$msg' '$L/$name/out'" || show_failure "$name"
}
usage_err n_novalue "-n wants a value" -n
usage_err n_zero "-n wants 1..256" -n 0 demo
usage_err loss_150 "--loss wants a percentage 0-100" --loss 150 demo
usage_err dup_300 "--dup wants a percentage 0-100" --dup 300 demo
usage_err loss_text "--loss wants a percentage 0-100" --loss ten demo
usage_err delay_neg "--delay wants milliseconds 0-10000" --delay -5 demo
usage_err delay_huge "--delay wants milliseconds 0-10000" --delay 99999 demo
usage_err grace_text "--grace wants seconds" --grace soon demo
usage_err wire_unknown "--wire wants one of" --wire token-ring demo
usage_err wire_p2p_n3 "--wire dgram joins exactly 2 nodes" -n 3 --wire dgram demo
usage_err wire_hub_loss "--wire mcast has no fault injection" -n 2 --wire mcast --loss 5 demo
usage_err wire_tap_delay "--wire tap: --delay needs" -n 2 --wire tap --delay 5 demo
# numbers too long for bash arithmetic: the usage error alone, no shell error
# ("integer expression expected") before it
for opt in -n --timeout --mem --ppn --cpus --grace --delay; do
    name=huge${opt//-/_}
    run "$name" "$opt" 99999999999999999999 demo
    check "$opt 99999999999999999999: exit status 2 (got $RC), usage error only" \
        bash -c "[ $RC = 2 ] && grep -q -- '$opt wants' '$L/$name/out' && ! grep -qi 'expression\|bash:\|line [0-9]' '$L/$name/out'" ||
        show_failure "$name"
done
usage_err tofu_huge "--tofu wants" -n 4 --tofu 99999999999999999999x1x1 demo
# more nodes x memory than MemAvailable (-n 99 x 1 GiB on this host)
avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
n=99; mem=1024
[ $((n * mem)) -gt "$avail" ] || mem=$((avail / n + 64))
usage_err mem_toobig "$n nodes x $mem MB = $((n * mem)) MB do not fit in the host" -n $n --mem $mem demo

# ---- a stand-in QEMU: behaves as FAKE_QEMU says, writes the serial log ----
mkdir -p "$L/bin"
cat > "$L/bin/qemu-system-x86_64" <<'EOF'
#!/bin/bash
serial=""
while [ $# -gt 0 ]; do [ "$1" = -serial ] && serial=${2#file:}; shift; done
case "$FAKE_QEMU" in
refuse) echo "qemu-system-x86_64: -fw_cfg name=opt/cluster/x,string=a,b: Invalid parameter 'b'" >&2; exit 1 ;;
killed) echo "booting" > "$serial"; kill -9 $$ ;;
status68) printf 'cluster: power off, status 68\n' > "$serial"; exit 137 ;;
ok) printf 'cluster: power off, status 0\n' > "$serial"; exit 1 ;;
esac
EOF
chmod +x "$L/bin/qemu-system-x86_64"
fake() { local mode=$1; shift; PATH="$L/bin:$PATH" FAKE_QEMU=$mode run "$@"; }

fake refuse refuse -n 1 demo
check "QEMU that refuses its options (exit 1): launcher fails (exit $RC), not 'exited 0'" \
    [ $RC != 0 ] || show_failure refuse
check "... and says QEMU failed with its message" \
    bash -c "grep -q 'node 0 failed: QEMU failed (exit code 1, no power-off' '$L/refuse/out' && grep -q 'Invalid parameter' '$L/refuse/out'"

fake killed killed -n 1 --grace 0 demo
check "QEMU killed by SIGKILL (exit 137): launcher fails (exit $RC)" [ $RC = 1 ] || show_failure killed
check "... reported as the emulator killed by signal 9, not status 68" \
    bash -c "grep -q 'node 0 failed: its emulator (QEMU) was killed by signal 9 (SIGKILL)' '$L/killed/out' && ! grep -q 'status 68' '$L/killed/out'"

fake status68 status68 -n 1 demo
check "power-off with status 68 (also exit code 137) stays status 68 (exit $RC)" \
    bash -c "[ $RC = 68 ] && grep -q 'node 0 failed: status 68' '$L/status68/out'" || show_failure status68

cpus=$(nproc)
fake ok cpuwarn -n $((cpus + 1)) --mem 64 demo
check "$((cpus + 1)) nodes on $cpus CPUs: runs (exit $RC) with a warning" \
    bash -c "[ $RC = 0 ] && grep -q 'warning: $((cpus + 1)) nodes on $cpus host CPU' '$L/cpuwarn/out'" || show_failure cpuwarn
fake ok nowarn -n 1 --mem 64 demo
check "1 node: no CPU warning" bash -c "[ $RC = 0 ] && ! grep -q warning '$L/nowarn/out'"

# ---- one real boot: commas in the program name and in a --fw-cfg value ----
P="$L/k,exit"
cp build/user/ktest_exit "$P"
boot comma -n 1 --fw-cfg note=a,b "$P" 3
check "program 'k,exit' with --fw-cfg note=a,b boots and exits 3 (exit $RC)" [ $RC = 3 ] || show_failure comma
check "... the node ran it under its name (argv[0]=k,exit)" log_has comma "argv\[0\]=k,exit"
