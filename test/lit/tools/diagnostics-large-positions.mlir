// A file position is two unsigned 32-bit numbers (nzpass had printed line 4294967295 as -1),
// and a name location is printed as MLIR prints it, non-ASCII bytes escaped (`\C3\BC`), as
// is an attribute. mlir-opt 22.1.8 (%mlir_opt) meets the same CHECK lines on the upstream
// verifier's errors; nzpass's own diagnostics (OWN, test-emit-diagnostics) take the same path.
// RUN: not nzpass-opt %s --split-input-file -o %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not %mlir_opt %s --split-input-file -o %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not nzpass-opt %s --split-input-file -p test-emit-diagnostics -o %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefixes=OWN,CHECK

// OWN:a.mlir:4294967295:4294967295: error: at the largest position
func.func @own_largest() {
  "test.op"() {test.diag = "error: at the largest position"} : () -> () loc("a.mlir":4294967295:4294967295)
  return
}

// -----

// CHECK:a.mlir:4294967295:4294967295: error: 'arith.addi' op expected 2 operands, but found 0
// CHECK-NEXT:a.mlir:4294967295:4294967295: note: see current operation: %0 = "arith.addi"() <{overflowFlags = #arith.overflow<none>}> : () -> i32
func.func @largest() {
  %0 = "arith.addi"() : () -> i32 loc("a.mlir":4294967295:4294967295)
  return
}

// -----

// OWN-NEXT:b.mlir:2147483648:1: error: past int32
func.func @own_past_int32() {
  "test.op"() {test.diag = "error: past int32"} : () -> () loc("b.mlir":2147483648:1)
  return
}

// -----

// CHECK:b.mlir:2147483648:1: error: 'arith.addi' op expected 2 operands, but found 0
// CHECK-NEXT:b.mlir:2147483648:1: note: see current operation: %0 = "arith.addi"() <{overflowFlags = #arith.overflow<none>}> {note = "\C3\BC"} : () -> i32
func.func @past_int32() {
  %0 = "arith.addi"() {note = "ü"} : () -> i32 loc("b.mlir":2147483648:1)
  return
}

// -----

// OWN-NEXT:<unknown>:0: error: loc("\C3\BC\E5\90\8D"): at a name
func.func @own_non_ascii_name() {
  "test.op"() {test.diag = "error: at a name"} : () -> () loc("ü名")
  return
}

// -----

// CHECK:<unknown>:0: error: loc("\C3\BC\E5\90\8D"): 'arith.addi' op expected 2 operands, but found 0
// CHECK-NEXT:<unknown>:0: note: loc("\C3\BC\E5\90\8D"): see current operation: %0 = "arith.addi"() <{overflowFlags = #arith.overflow<none>}> : () -> i32
// CHECK-NOT:{{.}}
func.func @non_ascii_name() {
  %0 = "arith.addi"() : () -> i32 loc("ü名")
  return
}
