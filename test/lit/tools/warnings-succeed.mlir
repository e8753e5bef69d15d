// Warnings, remarks and their notes from nzpass passes are printed even when the pipeline succeeds; they do not fail the run (exit 0) and the IR is still printed.
// RUN: nzpass-opt %s -p 'test-emit-diagnostics{with-note=true},cse' 2> %t.stderr | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.stderr
// RUN: %exitcode nzpass-opt %s -p 'test-emit-diagnostics{with-note=true},cse' 2> /dev/null | FileCheck %s --check-prefix=EXIT

// DIAG: warnings-succeed.mlir:[[# @LINE + 12]]:3: warning: worth a look
// DIAG: warnings-succeed.mlir:[[# @LINE + 10]]:1: note: in this function
// DIAG: warnings-succeed.mlir:[[# @LINE + 11]]:3: remark: for the record
// DIAG: warnings-succeed.mlir:[[# @LINE + 8]]:1: note: in this function
// DIAG-NOT: error

// CHECK-LABEL: func.func @succeeds
// CHECK-COUNT-2: "test.op"
// CHECK-NEXT: return

// EXIT: exit code: 0
func.func @succeeds() {
  "test.op"() {test.diag = "warning: worth a look"} : () -> ()
  "test.op"() {test.diag = "remark: for the record"} : () -> ()
  return
}
