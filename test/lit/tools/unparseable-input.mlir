// Input that does not parse is a diagnostic at the offending token, with the source line and a caret, in mlir-opt's form (exit 1); nothing is printed on stdout.
// RUN: not nzpass-opt %s -p cse 2> %t.stderr | count 0
// RUN: FileCheck %s --strict-whitespace < %t.stderr

// CHECK: unparseable-input.mlir:[[# @LINE + 5]]:21: error: expected ':'
// CHECK-NEXT: {{^}}func.func @broken(%a i32) {
// CHECK-NEXT: {{^                    \^$}}
// CHECK-NOT: {{.}}
// CHECK-NOT: Traceback
func.func @broken(%a i32) {
  return
}
