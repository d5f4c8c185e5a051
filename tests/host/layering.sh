#!/bin/bash
# layering.sh - the layering rule: a folder includes and calls only folders of
# its own rank or lower (rank table below). Checked on every C and assembler
# file of the repository outside tests/:
#   - an `#include "x.h"` that resolves to a file of a higher-ranked folder;
#   - a call or definition of an MPI function (P?MPI_Xxx followed by "(",
#     comments and strings left out) in the folders under the MPI entry
#     points: libmpi_mbcf's params, btl, objects, pml, pcoll and rsched;
#   - the ULT offload test ULT_OFFLOADED outside libmpi_mbcf/ult/;
#   - an application or benchmark (userland/apps, userland/bench) including a
#     library header that is not public (not in PUBLIC below).
# Then the check itself is checked: violations planted in a temporary copy of
# the tree must each make it fail.
#   tests/host/layering.sh                 check the tree, then the planted ones
#   tests/host/layering.sh --check DIR     check DIR only (exit 1 on a violation)
cd "$(dirname "$0")/../.." || exit 2

check() {   # root
    python3 - "$1" <<'EOF'
import os, re, sys
root = sys.argv[1]
# Rank table: the longest matching path prefix gives a file's rank; a file
# may include or call into its own rank and lower ones only.
RANKS = [
    ('kernel/uapi/', 0),                      # the user/kernel ABI: everyone's
    ('kernel/', 1), ('drivers/', 1), ('mbcf/', 1),
    ('userland/lib/include/', 2), ('userland/lib/libraw/', 2),
    ('userland/lib/libmbcf/', 2), ('userland/lib/libutofu/', 2),
    ('userland/lib/libmyth/', 2),
    ('libmpi_mbcf/include/', 3),              # mpi.h, the MPIX headers
    ('libmpi_mbcf/rsched/', 3),               # portable scheduler, no MPI
    ('libmpi_mbcf/params/', 4),               # parameters, job state, export macro
    ('libmpi_mbcf/btl/', 5),                  # transport over MBCF
    ('libmpi_mbcf/objects/', 6),              # communicator, datatype... tables
    ('libmpi_mbcf/pml/', 7),                  # protocol, matching
    ('libmpi_mbcf/pcoll/', 8),                # pseudo-collective persistent requests
    ('libmpi_mbcf/coll/', 9),                 # collectives over point-to-point
    ('libmpi_mbcf/nbc/', 10), ('libmpi_mbcf/osc/', 10),
    ('libmpi_mbcf/io/', 10),                  # MPI-IO: files, views, the home's service
    ('libmpi_mbcf/api/', 11),                 # MPI_/PMPI_ entry points
    ('libmpi_mbcf/ult/', 12),                 # ULT offload: the entry points' shim
    ('libmpi_mbcf/fortran/', 13),
    ('userland/lib/mythmpi/', 14),            # libmyth + MPI glue
    ('userland/apps/', 15), ('userland/bench/', 15),
]
NO_MPI_CALLS = ('libmpi_mbcf/params/', 'libmpi_mbcf/btl/', 'libmpi_mbcf/objects/',
                'libmpi_mbcf/pml/', 'libmpi_mbcf/pcoll/', 'libmpi_mbcf/rsched/')
# headers applications may use: the libraries' public interfaces
PUBLIC = {'kernel/uapi/', 'libmpi_mbcf/include/', 'userland/lib/include/',
          'userland/lib/libmbcf/mbcf.h', 'userland/lib/libmbcf/mbcf_guest.h',
          'userland/lib/libraw/raw.h', 'userland/lib/libutofu/utofu.h',
          'userland/lib/libutofu/jtofu.h', 'userland/lib/libutofu/utofu_emu.h',
          'userland/lib/libmyth/myth.h', 'userland/lib/mythmpi/myth_mpi.h',
          'libmpi_mbcf/rsched/rsched.h', 'libmpi_mbcf/rsched/rsched_halo.h'}   # librsched.a

def rank(p):
    best = None
    for pre, r in RANKS:
        if p.startswith(pre) and (best is None or len(pre) > len(best[0])):
            best = (pre, r)
    return best

files, byname = [], {}
for d, dirs, names in os.walk(root):
    rel = os.path.relpath(d, root)
    if rel == '.':
        dirs[:] = [x for x in dirs if x not in ('build', 'tests', '.git', 'docs', 'runs')]
        continue
    for n in names:
        p = os.path.join(rel, n)
        if n.endswith('.h'):
            byname.setdefault(n, []).append(p)
        if n.endswith(('.c', '.h', '.S')):
            files.append(p)

def resolve(src, inc):
    for base in (os.path.dirname(src), '', 'kernel'):
        p = os.path.normpath(os.path.join(base, inc))
        if os.path.isfile(os.path.join(root, p)):
            return [p]
    return byname.get(os.path.basename(inc), [])

def strip(text):   # comments and string literals out, lines kept
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)

bad = 0
def fail(msg):
    global bad
    bad += 1
    print('layering: ' + msg)

for f in sorted(files):
    fr = rank(f)
    if fr is None:
        continue
    raw = open(os.path.join(root, f), errors='replace').read()
    for n, line in enumerate(raw.split('\n'), 1):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if not m:
            continue
        cands = resolve(f, m.group(1))
        ranked = [(rank(c), c) for c in cands if rank(c)]
        if not ranked:
            continue
        lo = min(ranked, key=lambda x: x[0][1])
        if lo[0][1] > fr[1]:
            fail('%s:%d includes %s (%s rank %d above %s rank %d)' %
                 (f, n, lo[1], lo[0][0], lo[0][1], fr[0], fr[1]))
        if fr[0] in ('userland/apps/', 'userland/bench/') and lo[0][1] < fr[1] and \
           not any(lo[1] == p or (p.endswith('/') and lo[1].startswith(p)) for p in PUBLIC):
            fail('%s:%d includes %s, not a public header of its library' % (f, n, lo[1]))
    code = strip(raw)
    for n, line in enumerate(code.split('\n'), 1):
        if f.startswith(NO_MPI_CALLS):
            m = re.search(r'\bP?MPI_[A-Z][a-z][A-Za-z0-9_]*\s*\(', line)
            if m:
                fail('%s:%d calls into the MPI entry points: %s' % (f, n, m.group(0)))
        if 'ULT_OFFLOADED' in line and not f.startswith('libmpi_mbcf/ult/'):
            fail('%s:%d tests ULT_OFFLOADED outside libmpi_mbcf/ult/' % (f, n))
print('layering: %d files checked, %d violations' % (len(files), bad))
sys.exit(1 if bad else 0)
EOF
}

if [ "$1" = "--check" ]; then
    check "${2:-.}"
    exit
fi

out=$(check .)
if [ $? = 0 ]; then
    echo "ok - layering: $(printf '%s\n' "$out" | tail -n 1 | sed 's/^layering: //')"
else
    printf '%s\n' "$out" | sed 's/^/# /'
    echo "not ok - layering: the tree has violations"
fi

# Planted violations, one per temporary copy: each must be reported.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layering.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git ls-files -z -- kernel drivers mbcf libmpi_mbcf userland | xargs -0 cp --parents -t "$tmp" 2>/dev/null
plant() {   # description, file, line to append
    local name=$1 file=$2 text=$3
    cp "$tmp/$file" "$tmp/$file.orig"
    printf '%s\n' "$text" >>"$tmp/$file"
    if out=$(check "$tmp") || ! printf '%s\n' "$out" | grep -q "^layering: $file:"; then
        echo "not ok - layering catches $name ($file)"
    else
        echo "ok - layering catches $name: $(printf '%s\n' "$out" | grep "^layering: $file:" | head -n 1 | sed 's/^layering: //')"
    fi
    mv "$tmp/$file.orig" "$tmp/$file"
}
plant "a PMPI_ call in the PML" libmpi_mbcf/pml/pml_abort.c \
    'void pml_planted(void); void pml_planted(void) { PMPI_Barrier(MPI_COMM_WORLD); }'
plant "an entry-point header in the BTL" libmpi_mbcf/btl/btl_put.c '#include "mpi_coll_check.h"'
plant "a userland header in the kernel" kernel/klib.c '#include "raw.h"'
plant "an MPI header in a driver" drivers/e1000/e1000.c '#include "mpi.h"'
plant "an application header in a library" userland/lib/libraw/raw.c '#include "npb.h"'
plant "a library-internal header in an application" userland/apps/demo/demo.c '#include "utofu_internal.h"'
plant "an offload test in an entry point" libmpi_mbcf/api/mpi_pt2pt.c \
    'static int planted(void) { return ULT_OFFLOADED(); }'
