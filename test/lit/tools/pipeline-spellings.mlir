// A pipeline is given as `--pass-pipeline='builtin.module(...)'` (also `-pass-pipeline`, and anchored on `any`) or as the `-p a,b` shorthand; all spellings run the same passes.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse,canonicalize)' | FileCheck %s
// RUN: nzpass-opt %s -pass-pipeline='builtin.module(cse, canonicalize)' | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline 'any(cse,canonicalize)' | FileCheck %s
// RUN: nzpass-opt %s -p cse,canonicalize | FileCheck %s
// RUN: nzpass-opt %s -p 'cse, canonicalize' | FileCheck %s
// An empty pipeline runs nothing and prints the input back.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module()' | FileCheck %s --check-prefix=NONE
// RUN: nzpass-opt %s -p '' | FileCheck %s --check-prefix=NONE

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 4 : i32
// CHECK-NEXT: return %[[C]] : i32
// NONE-LABEL: func.func @fold
// NONE-COUNT-2: arith.addi
func.func @fold() -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c2, %c2 : i32
  %1 = arith.addi %c2, %c2 : i32
  %2 = arith.subi %1, %0 : i32
  %3 = arith.addi %2, %0 : i32
  return %3 : i32
}
