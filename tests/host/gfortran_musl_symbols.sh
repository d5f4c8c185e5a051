#!/bin/bash
# gfortran_musl_symbols.sh - the musl route of the Fortran runtime stays
# closed: all of Debian's static libgfortran.a and libquadmath.a
# (--whole-archive), plus a program whose vectorised loops call the libmvec
# names Debian's math-vector-fortran.h declares, link with musl against
# libmpi_mbcf/fortran/gfortran_musl.c; without that file the undefined
# symbols are exactly the glibc-only ones it provides (a new one fails here).
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
specs=$(sed -n 's/.*-specs "\([^"]*\)".*/\1/p' "$(command -v musl-gcc)")
lib() { gfortran -print-file-name="$1"; }
cat >"$tmp/v.f90" <<'F'
program v
  implicit none
  integer, parameter :: n = 1000
  double precision :: x(n), y(n)
  real :: s(n)
  integer :: i
  do i = 1, n
    x(i) = i * 1d-3
    s(i) = i * 1e-3
  end do
  y = exp(x)
  print *, sum(y)
  y = log(x)
  print *, sum(y)
  y = sin(x)
  print *, sum(y)
  y = x ** y
  print *, sum(y)
  s = exp(s)
  print *, sum(s)
end program v
F
musl-gcc -std=gnu11 -O2 -c -o "$tmp/compat.o" libmpi_mbcf/fortran/gfortran_musl.c || exit 1
gfortran -O3 -c -o "$tmp/v.o" "$tmp/v.f90" || exit 1
link() {
    gfortran -specs "$specs" -static -o "$tmp/a.out" "$tmp/v.o" "$@" \
        -Wl,--whole-archive "$(lib libgfortran.a)" "$(lib libquadmath.a)" -Wl,--no-whole-archive 2>&1
}
undef=$(link | sed -n "s/.*undefined reference to \`\([^']*\)'.*/\1/p" | sort -u)
provided=$(nm "$tmp/compat.o" | awk '$2 == "T" { print $3 }' | sort -u)
n=$(wc -w <<<"$undef")
extra=$(comm -23 <(tr ' ' '\n' <<<"$undef" | sed '/^$/d') <(echo "$provided"))
if [ "$n" -ge 5 ] && [ -z "$extra" ]; then
    echo "ok - the $n glibc-only symbols libgfortran.a, libquadmath.a and vector loops need are all in gfortran_musl.c"
else
    echo "not ok - glibc-only symbols missing from gfortran_musl.c: ${extra:-none found ($n)}"
fi
if out=$(link "$tmp/compat.o") && "$tmp/a.out" >/dev/null; then
    echo "ok - a musl static program with all of libgfortran.a links and runs"
else
    echo "not ok - a musl static program with all of libgfortran.a links and runs"
    head -n 5 <<<"$out" | sed 's/^/# /'
fi
if nm "$tmp/v.o" | grep -q ' U _ZGVbN2v_exp$'; then
    echo "ok - the vectorised loops call libmvec names (_ZGVbN2v_exp), resolved by gfortran_musl.c"
else
    echo "not ok - the vectorised loops call libmvec names (the test program no longer exercises them)"
fi
