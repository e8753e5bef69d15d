// --mlir-timing prints mlir-opt's execution time report on stderr, with one line per pass of the pipeline, nzpass and upstream alike.
// RUN: nzpass-opt %s -p 'cse,test-emit-diagnostics,canonicalize' --mlir-timing 2>&1 >/dev/null | FileCheck %s
// RUN: nzpass-opt %s -p 'cse' 2>&1 >/dev/null | count 0

// CHECK: ... Execution time report ...
// CHECK: Total Execution Time: {{[0-9.]+}} seconds
// CHECK: ----Wall Time----  ----Name----
// CHECK: {{[0-9.]+}} ({{ *[0-9.]+}}%)  CSE
// CHECK: {{[0-9.]+}} ({{ *[0-9.]+}}%)  test-emit-diagnostics
// CHECK: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Canonicalizer
// CHECK: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Total
func.func @timed(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
