// Diagnostics print as mlir-opt prints them: `FILE:LINE:COL: SEVERITY: MESSAGE`, the source line and a caret (tabs widened); a note at the place printed just before shows no source line again; `<unknown>:0:` without a position; the location text for a name without a position; "called from" notes for call sites.
// RUN: not nzpass-opt %s --split-input-file -p test-emit-diagnostics -o %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not nzpass-opt %s --split-input-file -p 'test-emit-diagnostics{with-note}' -o %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=NOTE

// CHECK:{{.*}}diagnostics-format.mlir:[[# @LINE + 24]]:3: error: an error
// CHECK-NEXT:  "test.op"() {test.diag = "error: an error"} : () -> ()
// CHECK-NEXT:  ^
// NOTE:{{.*}}diagnostics-format.mlir:[[# @LINE + 21]]:3: error: an error
// NOTE-NEXT:  "test.op"() {test.diag = "error: an error"} : () -> ()
// NOTE-NEXT:  ^
// NOTE-NEXT:{{.*}}diagnostics-format.mlir:[[# @LINE + 16]]:1: note: in this function
// NOTE-NEXT:func.func @format(
// NOTE-NEXT:^

// CHECK-NEXT:{{.*}}diagnostics-format.mlir:[[# @LINE + 13]]:5: error: at the argument
// CHECK-NEXT:    %a: i32) {
// CHECK-NEXT:    ^
// CHECK-NEXT:<unknown>:0: warning: at an unknown location
// CHECK-NEXT:<unknown>:0: remark: loc("no position"): at a name without a position
// CHECK-NEXT:elsewhere.mlir:7:9: error: at a name around a position
// CHECK-NEXT:callee.mlir:1:2: remark: in a callee
// CHECK-NEXT:caller.mlir:3:4: note: called from
// CHECK-NEXT:outer.mlir:5:6: note: called from
// CHECK-NEXT:{{.*}}diagnostics-format.mlir:[[# @LINE + 11]]:2: warning: after a tab
// CHECK-NEXT:        "test.op"() {test.diag = "warning: after a tab"} : () -> ()
// CHECK-NEXT:        ^
func.func @format(
    %a: i32) {
  "test.op"() {test.diag = "error: an error"} : () -> ()
  "test.op"() {test.arg_diag = "at the argument"} : () -> ()
  "test.op"() {test.diag = "warning: at an unknown location"} : () -> () loc(unknown)
  "test.op"() {test.diag = "remark: at a name without a position"} : () -> () loc("no position")
  "test.op"() {test.diag = "error: at a name around a position"} : () -> () loc("name"("elsewhere.mlir":7:9))
  "test.op"() {test.diag = "remark: in a callee"} : () -> () loc(callsite("callee.mlir":1:2 at callsite("caller.mlir":3:4 at "outer.mlir":5:6)))
	"test.op"() {test.diag = "warning: after a tab"} : () -> ()
  return
}

// -----

// MLIR's own diagnostics take the same path: the verifier's note at the
// place of its error shows no second source line.
// CHECK-NEXT:{{.*}}diagnostics-format.mlir:[[# @LINE + 6]]:3: error: 'func.return' op has 0 operands, but enclosing function (@verifier) returns 1
// CHECK-NEXT:  return
// CHECK-NEXT:  ^
// CHECK-NEXT:{{.*}}diagnostics-format.mlir:[[# @LINE + 3]]:3: note: see current operation: "func.return"() : () -> ()
// CHECK-NOT:{{.}}
func.func @verifier() -> i32 {
  return
}
