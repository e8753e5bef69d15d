// An NZ pl.tile.load with an attribute nzpass cannot read: the lowering keeps it on the
// pto.tload, and verify-pto-nz refuses it at the load's own line (pl-to-pto.mlir runs this).
func.func @nz_load_with_a_user_attribute(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat", prefetch_hint = 2 : i64} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}
