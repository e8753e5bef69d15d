// The tool round-trips pl and pto ops in generic form and NZ tensor types.
// RUN: nzpass-opt %s -p canonicalize | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: %[[W:.*]]: tensor<256x512xi8, #pl.layout<nz>>
// CHECK: "pl.tile.load"(%[[W]],
// CHECK-SAME: -> !pl.tile<256x512xi8, mat>
// CHECK: "pto.make_tensor_view"
func.func @kernel(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  %v = "pto.make_tensor_view"() <{layout = #pto.layout<nz>}> : () -> !pto.tensor_view<?x?xi8>
  return
}
