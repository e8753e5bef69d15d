// --verify-diagnostics accepts every designator (@+N, @-N, @above, @below, @unknown, none), every severity, -re regexes and notes (one expectation may match several diagnostics, as in mlir-opt); a run whose diagnostics were all expected exits 0, prints nothing on stderr, and prints the IR only of the chunks that did not fail.
// RUN: nzpass-opt %s --split-input-file --verify-diagnostics -p 'test-emit-diagnostics{with-note=true}' 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %exitcode nzpass-opt %s --split-input-file --verify-diagnostics -p 'test-emit-diagnostics{with-note=true}' | FileCheck %s --check-prefix=EXIT
// EXIT: exit code: 0

// CHECK-NOT: @designators
func.func @designators() { // expected-note {{in this function}}
  // expected-error @+1 {{plus one}}
  "test.op"() {test.diag = "error: plus one"} : () -> ()
  "test.op"() {test.diag = "error: minus two"} : () -> ()

  // expected-error @-2 {{minus two}}
  "test.op"() {test.diag = "warning: same line"} : () -> () // expected-warning {{same line}}
  "test.op"() {test.diag = "remark: above"} : () -> ()
  // expected-remark @above {{above}}
  // expected-error @below {{below}}
  "test.op"() {test.diag = "error: below"} : () -> ()
  return
}

// -----

// A chunk with warnings and remarks only succeeds: its IR is printed.
// CHECK-LABEL: func.func @regexes
// CHECK: "test.op"
// CHECK-NOT: func.func
func.func @regexes() { // expected-note-re {{in {{[a-z]+}} function}}
  // expected-warning-re @+2 {{value {{[0-9]+}} is out of range}}
  // expected-remark-re @+2 {{{{^fully anchored$}}}}
  "test.op"() {test.diag = "warning: value 42 is out of range"} : () -> ()
  "test.op"() {test.diag = "remark: fully anchored"} : () -> ()
  return
}

// -----

// Diagnostics at a function argument and at an unknown location.
func.func @locations( // expected-note {{in this function}}
    %a: i32) { // expected-error {{bad argument}}
  // expected-error @unknown {{nowhere}}
  "test.op"() {test.arg_diag = "bad argument"} : () -> ()
  "test.op"() {test.diag = "error: nowhere"} : () -> () loc(unknown)
  return
}

// -----

// Parse errors and verifier errors are diagnostics too; mlir-opt drops the
// "see current operation" note under --verify-diagnostics, and so do we.
func.func @verifier() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@verifier) returns 1}}
  return
}

// -----

func.func @parser() {
  // expected-error @+1 {{custom op 'no_such_op' is unknown}}
  no_such_op
}
