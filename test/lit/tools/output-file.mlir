// `-o FILE` writes the result to FILE, not stdout; a failed run writes no output file; an unwritable path is a diagnosed error (exit 1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: nzpass-opt %s -p cse -o %t/out.mlir | count 0
// RUN: FileCheck %s < %t/out.mlir
// RUN: nzpass-opt %s -o - -p cse | FileCheck %s

// RUN: not nzpass-opt %s -p test-emit-diagnostics -o %t/failed.mlir 2> /dev/null
// RUN: not test -e %t/failed.mlir

// RUN: not nzpass-opt %s -o %t/no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: nzpass-opt: error: cannot open output file '{{.*}}no-such-dir/out.mlir': No such file or directory

// CHECK-LABEL: func.func @deduplicated
// CHECK-COUNT-1: arith.addi
// CHECK-NOT: arith.addi
func.func @deduplicated(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  "test.op"(%1) {test.diag = "error: refused by test-emit-diagnostics"} : (i32) -> ()
  return %0 : i32
}
