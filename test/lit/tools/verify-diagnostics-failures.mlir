// --verify-diagnostics reports what mlir-opt reports, exiting 1: a malformed regex, each unexpected diagnostic (also at an unknown location) when it happens, a severity near miss at its expectation, and every expectation never produced, after all chunks.
// RUN: not nzpass-opt %inputs/verify-failures.mlir --split-input-file --verify-diagnostics -p test-emit-diagnostics -o %t 2>&1 | FileCheck %s --strict-whitespace
// RUN: %exitcode nzpass-opt %inputs/verify-failures.mlir --split-input-file --verify-diagnostics -p test-emit-diagnostics 2> /dev/null | FileCheck %s --check-prefix=EXIT
// EXIT: exit code: 1

// CHECK:      verify-failures.mlir:8:6: error: invalid regex: {{.+}}
// CHECK-NEXT: {{^}}  // expected-error-re @+1 {{[{][{]}}bad
// CHECK-NEXT: {{^     \^~+$}}
// CHECK-NEXT: verify-failures.mlir:3:3: error: unexpected error: surprise
// CHECK-NEXT: {{^}}  "test.op"() {test.diag = "error: surprise"} : () -> ()
// CHECK-NEXT: {{^  \^$}}
// CHECK-NEXT: verify-failures.mlir:6:6: error: 'warning' diagnostic emitted when expecting a 'error'
// CHECK-NEXT: {{^}}  // expected-error @+1 {{[{][{]}}wrong severity
// CHECK-NEXT: {{^     \^$}}
// CHECK-NEXT: <unknown>:0: error: unexpected remark: lost
// CHECK-NEXT: verify-failures.mlir:18:3: error: unexpected error: in the second chunk
// CHECK-NEXT: {{^}}  "test.op"() {test.diag = "error: in the second chunk"} : () -> ()
// CHECK-NEXT: {{^  \^$}}
// CHECK-NEXT: verify-failures.mlir:4:6: error: expected error "never reported" was not produced
// CHECK-NEXT: {{^}}  // expected-error @+1 {{[{][{]}}never reported
// CHECK-NEXT: {{^     \^~{13}$}}
// CHECK-NEXT: verify-failures.mlir:6:6: error: expected error "wrong severity" was not produced
// CHECK-NEXT: {{^}}  // expected-error @+1 {{[{][{]}}wrong severity
// CHECK-NEXT: {{^     \^~{13}$}}
// CHECK-NEXT: <unknown>:0: error: expected warning "not at all" was not produced
// CHECK-NOT: {{.}}
