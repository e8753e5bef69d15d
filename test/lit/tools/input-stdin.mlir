// Input comes from a file, from `-`, or from standard input when no file is named; diagnostics name standard input `<stdin>`.
// RUN: nzpass-opt %s | FileCheck %s
// RUN: nzpass-opt - < %s | FileCheck %s
// RUN: nzpass-opt < %s | FileCheck %s
// RUN: nzpass-opt - -p test-emit-diagnostics < %s 2>&1 | FileCheck %s --check-prefix=DIAG

// CHECK-LABEL: func.func @from_stdin
// CHECK: "test.op"
// DIAG: <stdin>:[[# @LINE + 2]]:3: warning: read from stdin
func.func @from_stdin() {
  "test.op"() {test.diag = "warning: read from stdin"} : () -> ()
  return
}
