// --mlir-print-op-generic prints every op in its generic form, in the output and in IR dumps.
// RUN: nzpass-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: nzpass-opt %s -mlir-print-op-generic -p cse --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: nzpass-opt %s | FileCheck %s --check-prefix=CUSTOM

// CHECK: "builtin.module"() ({
// CHECK: "func.func"() <{function_type = (i32) -> i32, sym_name = "generic"}> ({
// CHECK: "arith.addi"
// CHECK: "func.return"
// DUMP: IR Dump After CSE (cse)
// DUMP-NEXT: "builtin.module"() ({
// DUMP: "builtin.module"() ({
// CUSTOM: module {
// CUSTOM-NEXT: func.func @generic
// CUSTOM-NOT: "func.return"
func.func @generic(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
