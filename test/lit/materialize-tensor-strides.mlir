// RUN: nzpass-opt %s -p materialize-tensor-strides | FileCheck %s
// RUN: nzpass-opt %s -p materialize-tensor-strides,materialize-tensor-strides | FileCheck %s

// A blocked INT8 NZ weight gets the pto-isa NZ strides, which are its row-major strides.
// CHECK-LABEL: func.func @blocked_nz_int8
// CHECK-SAME: tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 512, 32, 1]>>
func.func @blocked_nz_int8(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  return
}

// FP32 NZ (c0 = 8) and the function result type are both materialised.
// CHECK-LABEL: func.func @blocked_nz_f32_result
// CHECK-SAME: -> tensor<1x2x4x16x8xf32, #pl.layout<nz, stride = [1024, 512, 128, 8, 1]>>
func.func @blocked_nz_f32_result(%o: tensor<1x2x4x16x8xf32, #pl.layout<nz>>) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>> attributes {nz_tensor_views_blocked} {
  return %o : tensor<1x2x4x16x8xf32, #pl.layout<nz>>
}

// A dynamic batch keeps every stride static: no stride depends on the batch.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: tensor<?x128x128x16x32xi8, #pl.layout<nz, stride = [8388608, 65536, 512, 32, 1]>>
func.func @dynamic_batch(%w: tensor<?x128x128x16x32xi8, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  return
}

// ND tensors without an encoding get an ND layout with row-major strides; a
// dynamic extent makes the strides outside it dynamic.
// CHECK-LABEL: func.func @nd_tensors
// CHECK-SAME: tensor<64x512xf16, #pl.layout<nd, stride = [512, 1]>>
// CHECK-SAME: tensor<4x?x8xf32, #pl.layout<nd, stride = [?, 8, 1]>>
func.func @nd_tensors(%x: tensor<64x512xf16>, %y: tensor<4x?x8xf32, #pl.layout<nd>>) {
  return
}

// Explicit ND strides are the user's and are kept as written.
// CHECK-LABEL: func.func @negative_explicit_nd_strides
// CHECK-SAME: (%{{.*}}: tensor<64x512xf16, #pl.layout<nd, stride = [1024, 1]>>) {
// CHECK-NEXT: return
func.func @negative_explicit_nd_strides(%x: tensor<64x512xf16, #pl.layout<nd, stride = [1024, 1]>>) {
  return
}

// A `?` stride that is the dense product (as this pass writes it) is kept: the second
// RUN line reads this pass's own output.
// CHECK-LABEL: func.func @negative_dense_dynamic_strides
// CHECK-SAME: tensor<?x?x16xf32, #pl.layout<nd, stride = [?, 16, 1]>>
// CHECK-SAME: tensor<64x?xf16, #pl.layout<dn, stride = [1, 64]>>
func.func @negative_dense_dynamic_strides(%x: tensor<?x?x16xf32, #pl.layout<nd, stride = [?, 16, 1]>>, %y: tensor<64x?xf16, #pl.layout<dn>>) {
  return
}

// Op results and loop-carried tensors are materialised too.
// CHECK-LABEL: func.func @op_results
// CHECK: "pl.tensor.slice"
// CHECK-SAME: -> tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 512, 32, 1]>>
func.func @op_results(%w: tensor<3x16x16x16x32xi8, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %s = "pl.tensor.slice"(%w, %c1, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<3x16x16x16x32xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
  return
}

// A function with no tensor is left as it is.
// CHECK-LABEL: func.func @negative_no_tensor
// CHECK-SAME: (%[[A:.*]]: index) -> index {
// CHECK-NEXT: return %[[A]] : index
func.func @negative_no_tensor(%a: index) -> index {
  return %a : index
}

// A DN (column-major) tensor gets column-major strides, which PTOAS infers DN from
// (stride[0] = 1, stride[i+1] = stride[i] * shape[i]); a dynamic extent makes the strides
// after it dynamic.
// CHECK-LABEL: func.func @dn_tensors
// CHECK-SAME: tensor<64x128xf16, #pl.layout<dn, stride = [1, 64]>>
// CHECK-SAME: tensor<?x16xf32, #pl.layout<dn, stride = [1, ?]>>
func.func @dn_tensors(%x: tensor<64x128xf16, #pl.layout<dn>>, %y: tensor<?x16xf32, #pl.layout<dn>>) {
  return
}
// -----

// A store's result is an alias of its destination and keeps its type: into a window of
// columns, the parent's strides [512, 1], not the dense [128, 1] of the result's shape.
// CHECK-LABEL: func.func @store_alias_of_a_column_window
// CHECK: "pl.tile.store"({{.*}} : ({{.*}}, tensor<16x128xf16, #pl.layout<nd, stride = [512, 1]>>, index, index) -> tensor<16x128xf16, #pl.layout<nd, stride = [512, 1]>>
func.func @store_alias_of_a_column_window(%x: tensor<64x512xf16>, %t: !pl.tile<16x128xf16, vec>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %s = "pl.tensor.slice"(%x, %c16, %c128, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<64x512xf16>, index, index, index, index) -> tensor<16x128xf16>
  %st = "pl.tile.store"(%t, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec>, tensor<16x128xf16>, index, index) -> tensor<16x128xf16>
  return
}
