#!/usr/bin/env python3
"""mpi40_gen.py - generate the mechanical part of libmpi_mbcf's MPI-4.0 C
surface from a complete implementation's prototypes (Debian MPICH 4.0.2's
mpi_proto.h and mpio.h; MPICH 4.0 implements MPI-4.0):
  - tests/mpi/mpi40_functions.txt: every C function of MPI-4.0 (the surface
    check, tests/host/test_mpi_allfuncs.sh), with the handle conversions
    MPICH defines as macros (MPI_Comm_c2f...);
  - the MPI-4.0 block of libmpi_mbcf/include/mpi.h (MPI_ and PMPI_
    prototypes of what the hand-written part of mpi.h does not declare);
  - libmpi_mbcf/api/mpi_large_count_gen.c: the large-count "_c" functions
    (MPI-4.0 sec 2.5.8 "Large Counts"): each converts its MPI_Count/MPI_Aint
    counts and displacements to the int version's and calls it; a count
    beyond INT_MAX that comes with a datatype becomes one element of a
    derived type covering them (lc_big_type, mpi_large_count.c), other
    values beyond int give MPI_ERR_COUNT (the MPI-IO ones too, io/);
    MPI_Register_datarep_c stays unsupported like its int version
    (mpi_unsupported40_gen.c). Usage: scripts/mpi40_gen.py [MPICH include dir]."""
import os
import re
import sys

INC = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/x86_64-linux-gnu/mpich"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MACRO_HANDLES = ["Comm", "Type", "Group", "Info", "Request", "Op", "Errhandler", "Win",
                 "Message", "Session"]
# _c functions written by hand (api/mpi_large_count.c) or unsupported
HAND = {"Type_get_envelope_c", "Type_get_contents_c", "Op_create_c", "Register_datarep_c",
        "Get_count_c", "Get_elements_c", "Type_size_c", "Type_get_extent_c",
        "Type_get_true_extent_c", "File_get_type_extent_c", "Reduce_local_c",
        "Pack_external_size_c", "Pack_size_c", "Buffer_detach_c", "Win_shared_query_c",
        "Type_contiguous_c"}


def protos():
    text = ""
    for f in ("mpi_proto.h", "mpio.h"):
        text += open(os.path.join(INC, f)).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = text.replace("MPIO_Request", "MPI_Request")
    out = {}
    for m in re.finditer(r"^(int|double|MPI_\w+)\s+(MPI_\w+)\s*\(([^)]*)\)", text, re.M):
        ret, name, params = m.group(1), m.group(2), " ".join(m.group(3).split())
        out.setdefault(name, (ret, params))
    # MPICH 4.0.2 drops a const the standard has (MPI-4.0 sec 4.2.2)
    for n in ("MPI_Pready_list", "PMPI_Pready_list"):
        if n in out:
            out[n] = (out[n][0], out[n][1].replace("int array_of_partitions[]",
                                                   "const int array_of_partitions[]"))
    return out


def split_params(p):
    if p.strip() == "void":
        return []
    res = []
    for q in p.split(","):
        q = q.strip()
        m = re.match(r"(.*?)(\w+)\s*(\[\])?$", q)
        typ, nm, arr = m.group(1).strip(), m.group(2), m.group(3)
        res.append((typ, nm, bool(arr)))
    return res


def decl(ret, name, params):
    return "%s %s(%s);" % (ret, name, params)


def arr_len(fn, pname, params):
    names = [n for _, n, _ in params]
    if fn.startswith("Type_"):
        return "ndims" if "ndims" in names else "count"
    if "neighbor" in fn.lower():
        return "lc_degree(comm, %d)" % (0 if pname.startswith(("send", "s")) else 1)
    if fn.startswith(("Reduce_scatter", "Ireduce_scatter")):
        return "lc_local_size(comm)"
    return "lc_peers(comm)"


def gen_c(name, ret, params_c, params_i, base):
    pc = split_params(params_c)
    pi = split_params(params_i)
    if len(pc) != len(pi):
        return None
    decls, checks, post, args, frees, bigs = [], [], [], [], [], []
    persist = name.endswith("_init_c")
    has_op = any(t == "MPI_Op" for t, _, _ in pc)
    for k, ((tc, nc, ac), (ti, ni, ai)) in enumerate(zip(pc, pi)):
        if tc == ti and ac == ai:
            args.append(nc)
            continue
        cnt, icnt = tc.replace("const ", ""), ti.replace("const ", "")
        if ac and ai:                                     # arrays
            if cnt in ("MPI_Count", "MPI_Aint") and icnt in ("MPI_Count", "MPI_Aint"):
                args.append("(%s *)%s" % (ti, nc))
                continue
            if icnt != "int":
                return None
            decls.append("int *i_%s = NULL;" % nc)
            cond = nc
            if re.match(r"I?(Gatherv|Scatterv)", name) and (
                    ("Gatherv" in name and nc in ("recvcounts", "displs")) or
                    ("Scatterv" in name and nc in ("sendcounts", "displs"))):
                cond = "%s && lc_root_arg(comm, root)" % nc      # significant at the root only
            checks.append("if (%s)\n        LC_TRY(lc_ints(%s, %s, &i_%s));"
                          % (cond, nc, arr_len(name[:-2], nc, pc), nc))
            args.append("i_" + nc)
            frees.append("i_" + nc)
            continue
        if not tc.endswith("*") and not ti.endswith("*"):  # scalars
            if ti in ("MPI_Count", "MPI_Aint"):
                args.append("(%s)%s" % (ti, nc))
                continue
            if ti != "int":
                return None
            nxt = pc[k + 1] if k + 1 < len(pc) else ("", "", False)
            decls.append("int i_%s = 0;" % nc)
            if nxt[0] == "MPI_Datatype" and not has_op and \
                    not name.startswith(("Type_", "Pack", "Unpack")):
                decls.append("MPI_Datatype b_%s = MPI_DATATYPE_NULL;" % nc)
                checks.append("LC_TRY(lc_count(%s, &i_%s, %s, &b_%s));" % (nc, nc, nxt[1], nc))
                bigs.append((nc, nxt[1]))
            else:
                checks.append("LC_TRY(lc_int(%s, &i_%s));" % (nc, nc))
            args.append("i_" + nc)
            continue
        if tc.endswith("*") and ti.endswith("*"):          # outputs (and Pack's position)
            it = ti.replace("*", "").strip()
            if it in ("MPI_Count", "MPI_Aint"):
                args.append("(%s)%s" % (ti, nc))
                continue
            if it != "int":
                return None
            decls.append("int o_%s = 0;" % nc)
            if nc == "position":
                checks.append("LC_TRY(lc_int(*%s, &o_%s));" % (nc, nc))
            args.append("&o_" + nc)
            post.append("*%s = o_%s;" % (nc, nc))
            continue
        return None
    for nc, dtn in bigs:          # a big count's datatype becomes its derived type
        i = len(args) - 1 - args[::-1].index(dtn)
        args[i] = "b_%s != MPI_DATATYPE_NULL ? b_%s : %s" % (nc, nc, dtn)
    comm = "comm" if any(n == "comm" for _, n, _ in pc) else \
        ("lc_req_comm(*request)" if False else "MPI_COMM_WORLD")
    b = ["%s P%s(%s)" % (ret, "MPI_" + name, params_c), "{"]
    b.append('    LC_BEGIN("MPI_%s", %s);' % (name, comm))
    b += ["    " + d for d in decls]
    b += ["    " + c for c in checks]
    b.append("    e = P%s(%s);" % ("MPI_" + base, ", ".join(args)))
    if post:
        b.append("    if (!e) {")
        b += ["        " + p for p in post]
        b.append("    }")
    if checks:
        b.append("out:")
    for v in frees:
        if persist:
            b.append("    if (!e && %s)\n        e = lc_keep(*request, %s);\n    else\n"
                     "        free(%s);" % (v, v, v))
        else:
            b.append("    free(%s);" % v)
    for nc, _ in bigs:
        b.append("    if (b_%s != MPI_DATATYPE_NULL)\n        PMPI_Type_free(&b_%s);" % (nc, nc))
    b.append("    return e;")
    b.append("}")
    b.append("MPI_ALIAS(%s);" % name)
    return "\n".join(b) + "\n"


def main():
    P = protos()
    allf = sorted(set([n for n in P if not re.match(r"^MPI_[A-Z0-9_]+$", n)] +
                      ["MPI_%s_%s" % (h, d) for h in MACRO_HANDLES for d in ("c2f", "f2c")]))
    with open(os.path.join(ROOT, "tests/mpi/mpi40_functions.txt"), "w") as f:
        f.write("# MPI-4.0 C functions (scripts/mpi40_gen.py from MPICH 4.0.2's mpi_proto.h "
                "and mpio.h, plus the handle conversions MPICH defines as macros)\n")
        f.write("\n".join(allf) + "\n")
    mpih = os.path.join(ROOT, "libmpi_mbcf/include/mpi.h")
    h = open(mpih).read()
    B, E = "/* ---- MPI-4.0 (generated by scripts/mpi40_gen.py) ---- */\n", \
        "/* ---- end of the generated MPI-4.0 block ---- */\n"
    hand = re.sub(re.escape(B) + ".*?" + re.escape(E), "", h, flags=re.S)
    have = set(re.findall(r"\b(MPI_\w+)\(", hand))
    new = [n for n in allf if n not in have and n in P]
    block = B + "".join(decl(P[n][0], n, P[n][1]) + "\n" for n in new)
    block += "".join(decl(P[n][0], "P" + n, P[n][1]) + "\n" for n in new) + E
    if B in h:
        h = re.sub(re.escape(B) + ".*?" + re.escape(E), lambda m: block, h, flags=re.S)
    else:
        tail = "\n#ifdef __cplusplus\n}\n#endif\n#endif\n"
        assert h.endswith(tail)
        h = h[: -len(tail)] + "\n" + block + tail
    open(mpih, "w").write(h)
    out = ['/* mpi_large_count_gen.c - the large-count "_c" functions of MPI-4.0 (sec',
           ' * 2.5.8), generated by scripts/mpi40_gen.py (do not edit; the hand-written',
           ' * ones and the helpers lc_* are mpi_large_count.c): each converts its',
           ' * MPI_Count/MPI_Aint arguments to the int version\'s and calls it. */',
           '#include "mpi_large_count.h"', '#include <stdlib.h>', '']
    skipped = []
    for n in allf:
        if not n.endswith("_c") or n not in P:
            continue
        short = n[4:]
        if short in HAND:
            continue
        base = short[:-2]
        if "MPI_" + base + "_x" in P and base in ("Get_elements",):
            base += "_x"
        if "MPI_" + base not in P:
            skipped.append(n)
            continue
        code = gen_c(short, P[n][0], P[n][1], P["MPI_" + base][1], base)
        if code is None:
            skipped.append(n)
            continue
        out.append(code)
    open(os.path.join(ROOT, "libmpi_mbcf/api/mpi_large_count_gen.c"), "w").write("\n".join(out))
    # the datarep large-count call: unsupported, as its int version
    uns = ['/* mpi_unsupported40_gen.c - the large-count form of the datarep',
           ' * registration, unsupported like its int version',
           ' * (mpi_unsupported_gen.c): each prints its name and returns',
           ' * MPI_ERR_UNSUPPORTED_OPERATION. Generated by scripts/mpi40_gen.py. */',
           '#include "mpi_export.h"', '#include "mpi_unsupported.h"', '']
    for n in allf:
        if n == "MPI_Register_datarep_c":
            ps = split_params(P[n][1])
            uns.append("int P%s(%s)\n{\n    %s\n    return unsupported(\"%s\");\n}\nMPI_ALIAS(%s);\n"
                       % (n, P[n][1], " ".join("(void)%s;" % q[1] for q in ps), n, n[4:]))
    open(os.path.join(ROOT, "libmpi_mbcf/api/mpi_unsupported40_gen.c"), "w").write("\n".join(uns))
    print("%d functions; %d declared in mpi.h's generated block; not generated: %s"
          % (len(allf), len(new), " ".join(skipped) or "none"))


main()
