// Every refusal of a function is reported, in source order (the planning finds
// them by value, not by position).
// RUN: not nzpass-opt %s -p block-nz-tensor-views 2>&1 | FileCheck %s
// CHECK: refusals-in-source-order.mlir:[[# @LINE + 8]]:9: error: cannot prove that the row offset is a multiple of 16
// CHECK: refusals-in-source-order.mlir:[[# @LINE + 8]]:9: error: cannot prove that the column offset is a multiple of 32
// CHECK: refusals-in-source-order.mlir:[[# @LINE + 8]]:9: error: cannot prove that the row offset is a multiple of 16
// CHECK-NOT: error
func.func @three(%w: tensor<2048x512xi8, #pl.layout<nz>>, %a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t0 = "pl.tile.load"(%w, %a, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  %t1 = "pl.tile.load"(%w, %c0, %b, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  %t2 = "pl.tile.load"(%w, %b, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}
