// nzpass passes and upstream passes mix in one pipeline and run in the order given: the IR dumps and the diagnostics of each run appear in pipeline order.
// RUN: nzpass-opt %s -p 'test-emit-diagnostics{prefix="first: "},cse,test-emit-diagnostics{prefix="second: "},canonicalize' --mlir-print-ir-after-all 2>&1 | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(canonicalize,test-emit-diagnostics{prefix="only: "})' --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=REVERSED

// CHECK: warning: first: still here
// CHECK: IR Dump After test-emit-diagnostics (test-emit-diagnostics)
// CHECK-COUNT-2: arith.addi
// CHECK: IR Dump After CSE (cse)
// CHECK: arith.addi
// CHECK-NOT: arith.addi
// CHECK: warning: second: still here
// CHECK: IR Dump After test-emit-diagnostics (test-emit-diagnostics)
// CHECK: IR Dump After Canonicalizer (canonicalize)
// CHECK-NOT: IR Dump

// REVERSED: IR Dump After Canonicalizer (canonicalize)
// REVERSED: warning: only: still here
// REVERSED: IR Dump After test-emit-diagnostics (test-emit-diagnostics)
// REVERSED-NOT: IR Dump

func.func @order(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  "test.op"(%0, %1) {test.diag = "warning: still here"} : (i32, i32) -> ()
  return %0 : i32
}
