// --mlir-print-ir-before-all and --mlir-print-ir-after-all dump the IR to stderr around every pass, nzpass and upstream alike; without them nothing is dumped.
// RUN: nzpass-opt %s -p 'cse,test-emit-diagnostics' --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: nzpass-opt %s -p 'cse,test-emit-diagnostics' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: nzpass-opt %s -p 'cse,test-emit-diagnostics' --mlir-print-ir-before-all --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BOTH
// RUN: nzpass-opt %s -p 'cse,test-emit-diagnostics' 2>&1 >/dev/null | count 0

// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: module {
// BEFORE-COUNT-2: arith.addi
// BEFORE: // -----// IR Dump Before test-emit-diagnostics (test-emit-diagnostics) //----- //
// BEFORE-NOT: IR Dump

// AFTER: // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: module {
// AFTER: arith.addi
// AFTER-NOT: arith.addi
// AFTER: // -----// IR Dump After test-emit-diagnostics (test-emit-diagnostics) //----- //
// AFTER-NOT: IR Dump

// BOTH: IR Dump Before CSE (cse)
// BOTH: IR Dump After CSE (cse)
// BOTH: IR Dump Before test-emit-diagnostics (test-emit-diagnostics)
// BOTH: IR Dump After test-emit-diagnostics (test-emit-diagnostics)
func.func @dumped(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %1 : i32
}
