// --split-input-file processes each chunk between split markers on its own: diagnostics keep the line numbers of the original file, a failing chunk does not stop the others (exit 1), outputs are joined with a marker line, a near miss of the marker is warned about.
// RUN: not nzpass-opt %s --split-input-file -p test-emit-diagnostics 2> %t.stderr | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.stderr
// RUN: FileCheck %s --check-prefix=NEAR < %t.stderr
// Without the flag the markers are plain comments and the whole file is one (failing) input.
// RUN: not nzpass-opt %s -p test-emit-diagnostics 2>&1 | FileCheck %s --check-prefix=WHOLE

// DIAG: split-input-file.mlir:[[# @LINE + 5]]:3: warning: first chunk
// CHECK: module {
// CHECK-NEXT: func.func @first
// WHOLE: error: custom op 'not_an_op' is unknown
func.func @first() {
  "test.op"() {test.diag = "warning: first chunk"} : () -> ()
  return
}

// -----

// DIAG: split-input-file.mlir:[[# @LINE + 5]]:3: error: second chunk
// The failing chunk prints nothing: two markers in a row.
// CHECK: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
func.func @second() {
  "test.op"() {test.diag = "error: second chunk"} : () -> ()
  return
}

// -----

// DIAG: split-input-file.mlir:[[# @LINE + 6]]:3: error: custom op 'not_an_op' is unknown
// DIAG-NEXT: {{^}}  not_an_op
// DIAG-NEXT: {{^}}  ^
// Neither does a chunk that does not parse.
// CHECK-NEXT: {{^//[ ]-----$}}
func.func @third() {
  not_an_op
}

// -----

// An attribute alias stays in front of the implicit module of its chunk.
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @fourth(%{{.*}}: tensor<4xi8, #pl.layout<nz>>)
#nz = #pl.layout<nz>
func.func @fourth(%t: tensor<4xi8, #nz>) {
  return
}
// NEAR: split-input-file.mlir:[[# @LINE + 1]]:7: warning: near miss with file split marker
// ----
func.func @fifth_same_chunk() {
  return
}
// CHECK: func.func @fifth_same_chunk
// CHECK-NOT: {{//[ ]-----}}
