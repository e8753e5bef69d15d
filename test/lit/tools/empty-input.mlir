// Empty input, or input of comments only, is an empty module, as with mlir-opt (exit 0); with --split-input-file each empty chunk is an empty module.
// RUN: nzpass-opt < /dev/null | FileCheck %s
// RUN: nzpass-opt - -p cse < /dev/null | FileCheck %s
// RUN: nzpass-opt %s | FileCheck %s
// RUN: nzpass-opt %s --split-input-file | FileCheck %s --check-prefix=SPLIT

// CHECK: module {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}

// SPLIT: module {
// SPLIT-NEXT: }
// SPLIT-NEXT: {{^//[ ]-----$}}
// SPLIT-NEXT: module {
// SPLIT-NEXT: }
// SPLIT-NOT: {{.}}

// -----

// This chunk holds comments only.
