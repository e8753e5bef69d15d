// Upstream passes nest under op anchors (`func.func(cse)`), next to nzpass passes at the top level; an nzpass pass (a module pass) is refused under an anchor, and cannot itself be an anchor.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),test-emit-diagnostics)' 2> %t.stderr | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.stderr
// RUN: nzpass-opt %s -p 'test-emit-diagnostics, func.func(cse)' 2> %t.stderr | FileCheck %s --check-prefix=SHORT
// RUN: FileCheck %s --check-prefix=REMARK < %t.stderr

// REMARK: pipeline-nesting.mlir:[[# @LINE + 8]]:1: remark: the function

// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %[[C:.*]] = arith.constant 4 : i32
// CHECK-NEXT: return %[[C]] : i32
// SHORT-LABEL: func.func @nested
// SHORT: %[[SUM:.*]] = arith.addi
// SHORT-NEXT: arith.subi %[[SUM]], %[[SUM]]
func.func @nested() -> i32 attributes {test.diag = "remark: the function"} {
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c2, %c2 : i32
  %1 = arith.addi %c2, %c2 : i32
  %2 = arith.subi %1, %0 : i32
  %3 = arith.addi %2, %0 : i32
  return %3 : i32
}

// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse,test-emit-diagnostics))' 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: MLIR Textual PassPipeline Parser:1:30: error: nzpass pass 'test-emit-diagnostics' runs on the module and cannot be nested under 'func.func'; list it at the top level of the pipeline
// RUN: not nzpass-opt %s -p 'builtin.module(func.func(test-emit-diagnostics))' 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: MLIR Textual PassPipeline Parser:1:26: error: nzpass pass 'test-emit-diagnostics' runs on the module and cannot be nested under 'func.func'
// RUN: not nzpass-opt %s -p 'test-emit-diagnostics(cse)' 2>&1 | FileCheck %s --check-prefix=NOT-ANCHOR
// NOT-ANCHOR: MLIR Textual PassPipeline Parser:1:1: error: nzpass pass 'test-emit-diagnostics' is not an op anchor and cannot nest passes
