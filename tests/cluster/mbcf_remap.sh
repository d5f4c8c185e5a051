#!/bin/bash
# mbcf_remap.sh - mremap and MBCF export bits on real QEMU nodes:
# node 1 grows an exported page in place and moves another exported page with
# mremap; node 0's remote writes into the pages mremap added are refused
# (MBCF_E_UNEXPORTED), into the exported ones (the moved page keeps its export)
# accepted, into the old place of the moved page refused as unmapped.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mbcf_lib.sh
run "remap run" 2 -- remap
