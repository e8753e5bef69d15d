// RUN: nzpass-opt %s -p block-nz-tensor-views --split-input-file --verify-diagnostics

// The last two axes are the fractal plane: a rank-1 NZ tensor has none.
// expected-error @+1 {{has rank 1: NZ needs rank >= 2}}
func.func @negative_rank1(%w: tensor<512xi8, #pl.layout<nz>>) {
  return
}

// -----

// Dynamic rows cannot be proven a multiple of 16.
// expected-error @+1 {{rows (axis -2) are dynamic}}
func.func @negative_dynamic_rows(%w: tensor<?x512xi8, #pl.layout<nz>>) {
  return
}

// -----

// Dynamic columns cannot be proven a multiple of c0.
// expected-error @+1 {{columns (axis -1) are dynamic}}
func.func @negative_dynamic_cols(%w: tensor<256x?xi8, #pl.layout<nz>>) {
  return
}

// -----

// An incomplete fractal (rows % 16) has no representation.
// expected-error @+1 {{rows 250 are not a multiple of 16}}
func.func @negative_rows_not_fractal(%w: tensor<250x512xi8, #pl.layout<nz>>) {
  return
}

// -----

// An incomplete C0 line (FP16: columns % 16) has no representation.
// expected-error @+1 {{columns 24 are not a multiple of c0 = 16}}
func.func @negative_cols_not_c0(%w: tensor<256x24xf16, #pl.layout<nz>>) {
  return
}

// -----

// Sub-byte element types are outside NZ support.
// expected-error @+1 {{4-bit elements are sub-byte element types}}
func.func @negative_int4(%w: tensor<256x512xi4, #pl.layout<nz>>) {
  return
}

// -----

// BOOL (i1) is sub-byte too.
// expected-error @+1 {{1-bit elements are sub-byte element types}}
func.func @negative_bool(%w: tensor<256x512xi1, #pl.layout<nz>>) {
  return
}

// -----

// NZ strides follow from the blocked shape; explicit ones cannot be honoured.
// expected-error @+1 {{has explicit strides}}
func.func @negative_explicit_strides(%w: tensor<256x512xi8, #pl.layout<nz, stride = [512, 1]>>) {
  return
}

// -----

// A partly valid NZ tensor has no blocked form.
// expected-error @+1 {{has a partial valid_shape}}
func.func @negative_partial_valid_shape(%w: tensor<256x512xi8, #pl.layout<nz, valid_shape = [128, 512]>>) {
  return
}

// -----

// Distributed tensors (remote loads) have no NZ blocked form.
// expected-error @+1 {{is distributed}}
func.func @negative_distributed(%w: tensor<256x512xi8, #pl.layout<nz, distributed>>) {
  return
}

// -----

// Folding leading axes into the single batch slot needs static extents.
// expected-error @+1 {{axis 0 is dynamic; folding leading axes into the NZ batch slot needs static extents}}
func.func @negative_dynamic_folded_axis(%w: tensor<?x4x256x512xi8, #pl.layout<nz>>) {
  return
}

// -----

// A layout word other than nd, nz, dn is malformed.
// expected-error @+1 {{unknown layout 'zz'}}
func.func @negative_bad_layout(%w: tensor<256x512xi8, #pl.layout<zz>>) {
  return
}

// -----

// The backend selects the store rules; an unknown one cannot be guessed.
// expected-error @+1 {{is not a known backend: use "a2a3" or "a5"}}
module attributes {pl.backend = "a9"} {
  func.func @negative_bad_backend(%w: tensor<256x512xi8, #pl.layout<nz>>) {
    return
  }
}

// -----

// NZ->NZ is the cube operand path: only loads into Mat.
func.func @negative_load_into_vec(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load with target_memory = "vec"}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, vec>
  return
}

// -----

// A load without target_memory is not known to go to Mat.
func.func @negative_load_without_target_memory(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load with no target_memory}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A row offset inside a fractal has no blocked form.
func.func @negative_unaligned_row_offset(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{row offset 8 is not a multiple of 16}}
  %t = "pl.tile.load"(%w, %c8, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x512xi8, mat>
  return
}

// -----

// A column offset inside a C0 line (INT8: c0 = 32) has no blocked form.
func.func @negative_unaligned_col_offset(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{column offset 16 is not a multiple of 32}}
  %t = "pl.tile.load"(%w, %c0, %c16, %c256, %c256) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x256xi8, mat>
  return
}

// -----

// A negative offset would be clamped to 0 downstream and read fractal 0.
func.func @negative_negative_offset(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %cm16 = arith.constant -16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{row offset -16 is negative}}
  %t = "pl.tile.load"(%w, %cm16, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x512xi8, mat>
  return
}

// -----

// A function argument proves nothing: its alignment is never assumed.
func.func @negative_offset_from_argument(%w: tensor<256x512xi8, #pl.layout<nz>>, %n0: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{cannot prove that the row offset is a multiple of 16: an NZ coordinate is divided by the fractal factor and an unaligned one reads the wrong fractal. argument 1 of the function is proved [-inf, +inf], a multiple of 1; state what the caller guarantees with {nz.multiple_of = N : i64} or {nz.range = array<i64: LO, HI>} on it}}
  %t = "pl.tile.load"(%w, %n0, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x512xi8, mat>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// A difference proves divisibility but not sign.
func.func @negative_offset_from_subi(%w: tensor<1024x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  %nb = "pl.tile.get_block_idx"() : () -> index
  %back = arith.muli %nb, %c256 : index
  %n0 = arith.subi %c768, %back : index
  // expected-error @+1 {{cannot prove that the row offset is non-negative: a negative offset floor-divides below zero and is clamped to 0 downstream, silently reading fractal 0. 'arith.subi' yields a value proved [-16775936, 768], a multiple of 256}}
  %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<1024x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// A loop-carried value differs each iteration: its initial value proves nothing.
func.func @negative_offset_from_iter_arg(%w: tensor<1024x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%n0 = %c0) -> (index) {
    // expected-error @+1 {{cannot prove that the row offset is a multiple of 16}}
    %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<1024x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
    // expected-note @-1 {{provable offset forms}}
    %next = arith.addi %n0, %c256 : index
    scf.yield %next : index
  }
  return
}

// -----

// A window moves whole fractals: its extent must be known when blocking.
func.func @negative_dynamic_sizes(%w: tensor<256x512xi8, #pl.layout<nz>>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load sizes must be arith.constant values}}
  %t = "pl.tile.load"(%w, %c0, %c0, %rows, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A window past the last row would address fractals of the next column block.
func.func @negative_window_outside_tensor(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load rows [256, 512) lie outside the 256 rows of the tensor}}
  %t = "pl.tile.load"(%w, %c256, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Ragged valid rows that might stop inside a fractal have no blocked form.
func.func @negative_ragged_rows_unaligned(%w: tensor<256x512xi8, #pl.layout<nz>>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{cannot prove that the NZ load valid rows are a multiple of 16. Ragged valid rows that may end inside a fractal have no NZ form}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512, %rows, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat, valid = ?x512>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// A partial batch has no NZ form: the valid_shape may not narrow a leading axis.
func.func @negative_valid_shape_narrows_leading(%w: tensor<4x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load valid_shape narrows leading axis 0}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c1, %c256, %c512, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 3>, target_memory = "mat"} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// One load fills one 2-D tile: further batches would land as extra column blocks.
func.func @negative_multi_batch_load(%w: tensor<2x16x16xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{NZ load takes 2 batches into one 2-D tile: the NZ->NZ load lays further batches out as extra column blocks, which the logical tile does not describe}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<2x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<32x16xf16, mat>
  return
}

// -----

// pto-isa#317: a GM gap of 65536 blocks wraps in the 16-bit field of the load.
func.func @negative_gm_gap_65536(%w: tensor<65552x64xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error-re @+1 {{NZ load spans 2 column blocks with a GM gap of 65536 {{.*}}pto-isa#317{{.*}}Workarounds: load a taller row tile{{.*}}rank-3 [LAYERS, K, N] tensor}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<65552x64xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x64xi8, mat>
  return
}

// -----

// The gap is measured on the valid rows: a narrower valid_shape widens it.
func.func @negative_gm_gap_from_valid_shape(%w: tensor<65552x64xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{GM gap of 65536 32-byte blocks (tensor rows 65552 - loaded rows 16)}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c32, %c64, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<65552x64xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<32x64xi8, mat, valid = 16x64>
  return
}

// -----

// In NZ byte order a row range is scattered over every column block.
func.func @negative_slice_trailing_plane(%w: tensor<512x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ slice takes a window of the trailing [R, C] plane}}
  %s = "pl.tensor.slice"(%w, %c256, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<512x512xi8, #pl.layout<nz>>, index, index, index, index) -> tensor<256x512xi8, #pl.layout<nz>>
  return
}

// -----

// A slice may not make its result partly valid.
func.func @negative_slice_narrows_valid_shape(%w: tensor<4x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ slice narrows its valid_shape}}
  %s = "pl.tensor.slice"(%w, %c1, %c0, %c0, %c1, %c256, %c512, %c1, %c128, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 3>} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index) -> tensor<1x256x512xi8, #pl.layout<nz>>
  return
}

// -----

// Under an outer axis taking two indices, a narrowed inner axis is not contiguous.
func.func @negative_slice_inner_axis_under_spanning_outer(%w: tensor<4x8x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ slice narrows leading axis 1 (3 of 8) under an outer axis that spans more than one index}}
  %s = "pl.tensor.slice"(%w, %c0, %c0, %c0, %c0, %c2, %c3, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4, 0>} : (tensor<4x8x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index) -> tensor<2x3x256x512xi8, #pl.layout<nz>>
  return
}

// -----

// Merging rows in logical order scatters elements over fractals in NZ order.
func.func @negative_reshape_not_flat(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  // expected-error @+1 {{NZ tensor reshaped to another shape}}
  %r = "pl.tensor.reshape"(%w, %c128, %c1024) : (tensor<256x512xi8, #pl.layout<nz>>, index, index) -> tensor<128x1024xi8>
  return
}

// -----

// A view reinterprets logical coordinates.
func.func @negative_tensor_view(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  // expected-error @+1 {{'pl.tensor.view' cannot consume an NZ tensor}}
  %v = "pl.tensor.view"(%w) : (tensor<256x512xi8, #pl.layout<nz>>) -> tensor<256x512xi8>
  return
}

// -----

// A reinterpreting view changes the coordinates the NZ bytes are addressed by.
func.func @negative_tensor_reinterpret_view(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  // expected-error @+1 {{'pl.tensor.reinterpret_view' cannot consume an NZ tensor}}
  %v = "pl.tensor.reinterpret_view"(%w) : (tensor<256x512xi8, #pl.layout<nz>>) -> tensor<512x256xi8>
  return
}

// -----

// Remote loads have no NZ blocked form.
func.func @negative_remote_load(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  // expected-error @+1 {{'pl.remote_load' cannot consume an NZ tensor (operand 0): distributed (remote) loads have no NZ blocked form}}
  %t = "pl.remote_load"(%w) : (tensor<256x512xi8, #pl.layout<nz>>) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Prefetch needs an ND source: prefetch the whole-tensor flatten instead.
func.func @negative_prefetch_nz(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  // expected-error @+1 {{'pl.prefetch.async_prefetch' cannot consume an NZ tensor (operand 0): prefetch the whole-tensor flatten}}
  "pl.prefetch.async_prefetch"(%w) : (tensor<256x512xi8, #pl.layout<nz>>) -> ()
  return
}

// -----

// Unsupported NZ coordinates never pass through an unknown consumer.
func.func @negative_unknown_consumer(%w: tensor<256x512xi8, #pl.layout<nz>>, %x: !pl.tile<64x256xi8, mat>) {
  // expected-error @+1 {{'pl.tile.matmul' cannot consume an NZ tensor (operand 1): only pl.tile.load into Mat}}
  %y = "pl.tile.matmul"(%x, %w) : (!pl.tile<64x256xi8, mat>, tensor<256x512xi8, #pl.layout<nz>>) -> !pl.tile<64x512xi32, acc>
  return
}

// -----

// The Acc -> NZ write-back is an A2/A3 capability.
module attributes {pl.backend = "a5"} {
  func.func @negative_acc_store_a5(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{NZ accumulator stores are supported on A2/A3 only}}
    %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
    return
  }
}

// -----

// Only an Acc tile is written back into NZ.
func.func @negative_store_from_vec(%v: !pl.tile<64x16xf32, vec>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ store from a vec tile}}
  %r = "pl.tile.store"(%v, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, vec>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// No dtype conversion on the way out: an FP16 Acc tile is refused.
func.func @negative_store_f16_tile(%acc: !pl.tile<64x16xf16, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store from f16 into f32}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf16, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// No dtype conversion on the way out: an FP16 destination is refused.
func.func @negative_store_f16_dest(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store from f32 into f16}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf16, #pl.layout<nz>>, index, index) -> tensor<64x16xf16, #pl.layout<nz>>
  return
}

// -----

// The write-back must be static and fully valid.
func.func @negative_store_partly_valid(%acc: !pl.tile<64x16xf32, acc, valid = ?x16>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store of a partly valid or dynamic tile}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc, valid = ?x16>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// The same atomic add stated as a property (`<{...}>`, which iterating an unregistered op's
// attributes does not list): every attribute of a store is read, properties included.
func.func @negative_store_atomic_as_property(%o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  // expected-error @+1 {{NZ accumulator store with atomic}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic = "add"}> : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// An attribute stated both as a property and as an attribute, with two values: which one a
// reader sees would depend on how it asks.
func.func @negative_store_flag_as_property_and_attribute(%o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  // expected-error @+1 {{'pl.tile.store' op states 'atomic' as a property ("none") and as an attribute ("add"); state it once}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic = "none"}> {atomic = "add"} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// Atomic write-backs into NZ are not supported.
func.func @negative_store_atomic(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store with atomic}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic = "add"} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// Quantising write-backs into NZ are not supported.
func.func @negative_store_pre_quant(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store with pre_quant}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pre_quant} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// ReLU write-backs into NZ are not supported.
func.func @negative_store_pre_relu(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store with pre_relu}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pre_relu = "normal_relu"} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// The store derives the column-block distance from the partition height: whole rows only.
func.func @negative_store_row_subwindow(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<128x32xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store must cover the whole 128-row axis of the tensor at row offset 0 (the tile has 64 rows)}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<128x32xf32, #pl.layout<nz>>, index, index) -> tensor<128x32xf32, #pl.layout<nz>>
  return
}

// -----

// Whole rows start at row 0.
func.func @negative_store_row_offset(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{must cover the whole 64-row axis of the tensor at row offset 0}}
  %r = "pl.tile.store"(%acc, %o, %c16, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return
}

// -----

// FP32 NZ columns move in C0 lines of 8.
func.func @negative_store_col_offset_unaligned(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x32xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{column offset 4 is not a multiple of 8}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c4) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x32xf32, #pl.layout<nz>>, index, index) -> tensor<64x32xf32, #pl.layout<nz>>
  return
}

// -----

// A store column offset must be provably non-negative, as a load's is.
func.func @negative_store_col_offset_sign(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x32xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %nb = "pl.tile.get_block_idx"() : () -> index
  %back = arith.muli %nb, %c16 : index
  %n0 = arith.subi %c16, %back : index
  // expected-error @+1 {{cannot prove that the column offset is non-negative}}
  %r = "pl.tile.store"(%acc, %o, %c0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x32xf32, #pl.layout<nz>>, index, index) -> tensor<64x32xf32, #pl.layout<nz>>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// Acc rows and columns are multiples of 16: no single column-block exception.
func.func @negative_store_tile_cols_8(%acc: !pl.tile<64x8xf32, acc>, %o: tensor<64x8xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store of a 64 x 8 tile: rows and columns must be positive multiples of 16}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x8xf32, acc>, tensor<64x8xf32, #pl.layout<nz>>, index, index) -> tensor<64x8xf32, #pl.layout<nz>>
  return
}

// -----

// The shapes group is the whole tile, one panel per store.
func.func @negative_store_shapes_not_tile(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<2x64x16xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{NZ accumulator store shapes must be the whole tile [1, 64, 16]}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c2, %c64, %c16) {operandSegmentSizes = array<i32: 1, 1, 3, 3>} : (!pl.tile<64x16xf32, acc>, tensor<2x64x16xf32, #pl.layout<nz>>, index, index, index, index, index, index) -> tensor<2x64x16xf32, #pl.layout<nz>>
  return
}

// -----

// Operand groups that do not add up to the operands are malformed IR.
func.func @negative_malformed_segments(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tile.load' op operandSegmentSizes [1, 2, 2, 1] add up to 6 operands, but the op has 5}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 1>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// An op result of an unrepresentable NZ type is reported at the op.
func.func @negative_op_result_type() {
  // expected-error @+1 {{rows 24 are not a multiple of 16}}
  %t = "pl.tensor.create"() : () -> tensor<24x512xi8, #pl.layout<nz>>
  return
}

// -----

// Every refusal of a function is reported, not only the first.
func.func @negative_two_refusals(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{row offset 8 is not a multiple of 16}}
  %a = "pl.tile.load"(%w, %c8, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x512xi8, mat>
  // expected-error @+1 {{NZ load with target_memory = "vec"}}
  %b = "pl.tile.load"(%w, %c0, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x512xi8, vec>
  return
}

// -----

// A tile of 24 rows ends inside a fractal.
func.func @negative_load_partial_fractal_tile(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c24 = arith.constant 24 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load of 24 x 512 is not whole fractals of 16 x 32}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c24, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<24x512xi8, mat>
  return
}

// -----

// A window may not take more batches than the axis has, wherever it starts.
func.func @negative_leading_size_exceeds_axis(%w: tensor<4x256x512xi8, #pl.layout<nz>>, %b: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load takes 8 indices of leading axis 0, which has only 4}}
  %t = "pl.tile.load"(%w, %b, %c0, %c0, %c8, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Valid rows beyond the loaded window have no meaning.
func.func @negative_valid_rows_exceed_window(%w: tensor<512x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c288 = arith.constant 288 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load valid rows 288 lie outside [0, 256]}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512, %c288, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<512x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// With a dynamic batch, a flatten cannot be shown to cover every element.
func.func @negative_flatten_dynamic_batch(%w: tensor<?x256x512xi8, #pl.layout<nz>>, %n: index) {
  // expected-error @+1 {{NZ tensor with a dynamic batch flattened to rank 1}}
  %f = "pl.tensor.reshape"(%w, %n) : (tensor<?x256x512xi8, #pl.layout<nz>>, index) -> tensor<?xi8>
  return
}

// -----

// A rewritten op is rebuilt from its operands and attributes: a region it
// (wrongly) holds would be dropped, with the NZ load nested in it.
func.func @negative_load_with_region(%w: tensor<64x64xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pl.tile.load' op must have no regions (it has 1): rewriting it would drop what they hold}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c16) ({
    %u = "pl.tile.load"(%w, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x64xf16, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x16xf16, mat>
    "test.use"(%u) : (!pl.tile<16x16xf16, mat>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x64xf16, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}

// -----

// ---- Soundness classes of docs/nz-semantics.md section 8, one chunk each. ----

// Class 1: leading offsets nothing bounds, on static axes: a batch outside the tensor
// moves no logical data (found by red team: had been a warning), and unbounded 64-bit
// offsets could wrap the fold g * E + e. Each offset is proved inside its axis first.
func.func @negative_unbounded_leading_offsets(%w: tensor<2x4x256x512xi8, #pl.layout<nz>>, %g: index, %e: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ load leading axis 0 window may leave the axis (a window of 1 of its 2 indices; argument 1 of the function is proved [-inf, +inf]}}
  %t = "pl.tile.load"(%w, %g, %e, %c0, %c0, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4, 0>, target_memory = "mat"} : (tensor<2x4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Class 2: a product of non-negative i8 values wraps negative at its width.
func.func @negative_i8_product_wraps(%w: tensor<2048x512xi8, #pl.layout<nz>>, %a: i8 {nz.range = array<i64: 0, 100>}) {
  %c0 = arith.constant 0 : i8
  %c16 = arith.constant 16 : i8
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %n0 = arith.muli %a, %c16 : i8
  // expected-error @+1 {{cannot prove that the row offset is non-negative: a negative offset floor-divides below zero and is clamped to 0 downstream, silently reading fractal 0. 'arith.muli' yields a value proved [-inf, +inf], a multiple of 16}}
  %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, i8, i8, index, index) -> !pl.tile<256x512xi8, mat>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// Class 2: an unsigned loop reaches values that are negative as signed.
func.func @negative_unsigned_loop(%w: tensor<2048x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : i8
  %c16 = arith.constant 16 : i8
  %cstop = arith.constant -32 : i8
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.for unsigned %n0 = %c0 to %cstop step %c16 : i8 {
    // expected-error @+1 {{cannot prove that the row offset is non-negative: a negative offset floor-divides below zero and is clamped to 0 downstream, silently reading fractal 0. the scf.for induction variable is proved [-inf, +inf], a multiple of 16}}
    %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, i8, i8, index, index) -> !pl.tile<256x512xi8, mat>
    // expected-note @-1 {{provable offset forms}}
  }
  return
}

// -----

// Class 2: a truncating index_cast makes a large non-negative value negative (i64 to
// index truncates: index is 32 bits on the device).
func.func @negative_truncating_cast(%w: tensor<2048x512xi8, #pl.layout<nz>>, %a: i64 {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 2147483648 : i64
  %c256i = arith.constant 256 : i64
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %s = arith.muli %a, %c256i : i64
  %x = arith.addi %s, %big : i64
  %n0 = arith.index_cast %x : i64 to index
  // expected-error @+1 {{cannot prove that the row offset is non-negative}}
  %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// Index in both readings (found by red team): a in {0, 65536}, a * 65536 is 0 where
// index is int32_t and 2^32 where it is int64_t: not the constant 0, only >= 0.
func.func @negative_index_wrap_to_zero(%w: tensor<512x512xi8, #pl.layout<nz>>, %a: index {nz.multiple_of = 65536 : i64, nz.range = array<i64: 0, 65537>}) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c65536 = arith.constant 65536 : index
  %hi = arith.muli %a, %c65536 : index
  // expected-error @+1 {{NZ load row window may leave the axis: offset + 256 can reach 1073742080, past the extent 512 ('arith.muli' yields a value proved [0, +inf], a multiple of 1073741824)}}
  %t = "pl.tile.load"(%w, %hi, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<512x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Class 3: a slice whose result type is not its window.
func.func @negative_slice_type_lies(%w: tensor<4x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' result type tensor<1x256x512xi8, #pl.layout<nz>> disagrees with its window}}
  %s = "pl.tensor.slice"(%w, %c1, %c0, %c0, %c2, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> tensor<1x256x512xi8, #pl.layout<nz>>
  return
}

// -----

// Class 3: a static tile type with a dynamic valid row count.
func.func @negative_static_tile_dynamic_valid(%w: tensor<256x512xi8, #pl.layout<nz>>, %r: index {nz.range = array<i64: 0, 17>, nz.multiple_of = 16 : i64}) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %rows = arith.muli %r, %c0 : index
  // expected-error @+1 {{'pl.tile.load' valid rows [?] disagree with the tile's static valid rows 256}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512, %r, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Class 3: a tile of another element type than the tensor's.
func.func @negative_tile_element_lies(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tile.load' of a i8 tensor into a tile of ui8}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xui8, mat>
  return
}

// -----

// Class 3: a store attribute in its pto spelling is the same atomic write-back.
func.func @negative_pto_spelled_atomic(%out: tensor<64x128xf32, #pl.layout<nz>>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store with atomicType = atomic_add: atomic, pre_quant and pre_relu write-backs into NZ are not supported}}
  %s = "pl.tile.store"(%acc, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomicType = #pto<atomic_type atomic_add>} : (!pl.tile<64x128xf32, acc>, tensor<64x128xf32, #pl.layout<nz>>, index, index) -> tensor<64x128xf32, #pl.layout<nz>>
  return
}

// -----

// Class 3: an attribute nzpass does not know may change the write-back: refused.
func.func @negative_unknown_store_attribute(%out: tensor<64x128xf32, #pl.layout<nz>>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store: unknown store attribute 'accumulate'}}
  %s = "pl.tile.store"(%acc, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, accumulate} : (!pl.tile<64x128xf32, acc>, tensor<64x128xf32, #pl.layout<nz>>, index, index) -> tensor<64x128xf32, #pl.layout<nz>>
  return
}

// -----

// Class 4: an Acc tile wider than the tensor, at a symbolic column offset.
func.func @negative_acc_tile_wider_symbolic(%out: tensor<64x64xf32, #pl.layout<nz>>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %b = "pl.tile.get_block_idx"() {nz.range = array<i64: 0, 1>} : () -> index
  %n0 = arith.muli %b, %c64 : index
  // expected-error @+1 {{NZ accumulator store of a 64 x 128 tile into a tensor of 64 columns: the tile is wider than the tensor}}
  %s = "pl.tile.store"(%acc, %out, %c0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x128xf32, acc>, tensor<64x64xf32, #pl.layout<nz>>, index, index) -> tensor<64x64xf32, #pl.layout<nz>>
  return
}

// -----

// Class 4: the loop bound proves the last window overruns the rows (in NZ order
// it would read the next column block, in bounds and silently).
func.func @negative_loop_overruns_rows(%w: tensor<1024x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.for %n0 = %c0 to %c1024 step %c256 {
    // expected-error @+1 {{NZ load row window may leave the axis: offset + 512 can reach 1280, past the extent 1024}}
    %t = "pl.tile.load"(%w, %n0, %c0, %c512, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<1024x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<512x512xi8, mat>
  }
  return
}

// -----

// Class 4: dynamic valid rows with no bound (negative, or above the tile's rows).
func.func @negative_unbounded_valid_rows(%w: tensor<256x512xi8, #pl.layout<nz>>, %r: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %rows = arith.muli %r, %c16 : index
  // expected-error @+1 {{cannot prove that the NZ load valid rows lie inside [0, 256], the extent of the loaded window}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512, %rows, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat, valid = ?x512>
  return
}

// -----

// Class 6: a string attribute that is not UTF-8.
func.func @negative_non_utf8_memory(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tile.load' op attribute 'target_memory' = "\FF" is not UTF-8 text}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "\FF"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Class 6: an argument fact that does not read is refused, never half-believed.
// expected-error @+1 {{argument 1 states nz.range = array<i64: 8, 4>: the fact must be a half-open range}}
func.func @negative_malformed_fact(%w: tensor<256x512xi8, #pl.layout<nz>>, %n0: index {nz.range = array<i64: 8, 4>}) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Class 6: array<index: ...> aborts the upstream parser: refused before parsing.
func.func @negative_index_dense_array(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{dense array of index elements: MLIR has no array<index: ...> attribute}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<index: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A dense literal whose type counts more elements than int64 at some dim (a 0 after it
// too) aborts the upstream parser: refused before parsing.
func.func @negative_overflowing_dense_literal() {
  // expected-error @+1 {{dense literal of tensor<9223372036854775807x2x0x...>: its dims up to 2 hold 18446744073709551614 elements, more than int64 counts}}
  %d = arith.constant dense<1.0> : tensor<9223372036854775807x2x0xf32>
  return
}

// -----

// Class 6: a store attribute whose string is not UTF-8 cannot be read, so it is refused.
func.func @negative_non_utf8_store_attribute(%out: tensor<64x128xf32, #pl.layout<nz>>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ accumulator store: string "\FF" is not UTF-8 text}}
  %s = "pl.tile.store"(%acc, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, st_phase = "\FF"} : (!pl.tile<64x128xf32, acc>, tensor<64x128xf32, #pl.layout<nz>>, index, index) -> tensor<64x128xf32, #pl.layout<nz>>
  return
}

// -----

// Class 6: a backend name that is not UTF-8 is no known backend.
// expected-error @+1 {{module attribute pl.backend = "\FF" is not a known backend}}
module attributes {pl.backend = "\FF"} {
}

// -----

// A row offset from a 128-bit constant beyond 64 bits: PTOAS holds an i128 as int32_t
// (only 1, 8, 16, 32 and 64 bits and index compute as MLIR says), so the constant is no
// known value and neither its alignment nor its sign is proved. Refused, not aborted.
func.func @negative_wide_constant_truncated(%w: tensor<64x32xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %big = arith.constant 18446744073709551632 : i128
  %r = arith.index_cast %big : i128 to index
  // expected-error @+2 {{cannot prove that the row offset is a multiple of 16}}
  // expected-note @+1 {{provable offset forms}}
  %t = "pl.tile.load"(%w, %r, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x32xf32, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xf32, mat>
  return
}

// -----

// A callee's declared facts are axioms of its proofs: a call in the module that breaks
// them is refused (one check, nz/call_facts.py, in every pass that reads facts).
func.func private @facts_callee(%r: index {nz.range = array<i64: 0, 2>}) {
  return
}
func.func @negative_call_breaks_callee_facts() {
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{'func.call' passes argument 0 of @facts_callee a value proved [5, 5], a multiple of 1, outside what @facts_callee declares of it ([0, 1], a multiple of 1)}}
  func.call @facts_callee(%c5) : (index) -> ()
  return
}

// -----

// A function inside another op's region is none of the functions the pl passes rewrite: its
// logical NZ load (row 8, not a whole fractal) would pass through unchecked.
module {
  "test.container"() ({
    func.func @negative_function_in_a_container(%w: tensor<256x512xf16, #pl.layout<nz>>) {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      // expected-error @+1 {{'pl.tile.load' is not in a func.func of the module (or of a builtin.module nested in it)}}
      %t = "pl.tile.load"(%w, %c8, %c0, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xf16, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<128x128xf16, mat>
      return
    }
    "test.end"() : () -> ()
  }) : () -> ()
}

// -----

// A slice typed NZ over an ND parent: the NZ load's blocked offsets would be applied to
// the ND view's axes (found by red team). A slice's type is its parent's layout.
func.func @negative_nd_slice_typed_nz(%x: tensor<1x1x1x256x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' result type tensor<256x512xi8, #pl.layout<nz>> disagrees with its window}}
  %s = "pl.tensor.slice"(%x, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<1x1x1x256x512xi8>, index, index, index, index, index, index, index, index, index, index) -> tensor<256x512xi8, #pl.layout<nz>>
  %t = "pl.tile.load"(%s, %c16, %c32, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// A store's result aliases its destination: typed NZ over an ND destination, its users
// would read ND bytes as fractals.
func.func @negative_store_result_typed_nz(%x: tensor<64x16xf32>, %a: !pl.tile<64x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pl.tile.store' result type (tensor<64x16xf32, #pl.layout<nz>>) is not its destination's type tensor<64x16xf32>}}
  %s = "pl.tile.store"(%a, %x, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32>, index, index, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  %t = "pl.tile.load"(%s, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x16xf32, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x16xf32, mat>
  return
}

// -----

// The same store into an NZ destination, its result typed ND.
func.func @negative_nz_store_result_typed_nd(%o: tensor<64x16xf32, #pl.layout<nz>>, %a: !pl.tile<64x16xf32, acc>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' result type (tensor<64x16xf32>) is not its destination's type}}
  %s = "pl.tile.store"(%a, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32>
  return %s : tensor<64x16xf32>
}

// -----

// A layout key stated twice: one reader keeps the first valid_shape (partial: refused),
// another the last (whole).
// expected-error @+1 {{'valid_shape' is stated twice; state it once}}
func.func @negative_layout_key_twice(%w: tensor<256x512xi8, #pl.layout<nz, valid_shape = [16, 512], valid_shape = [256, 512]>>) {
  return
}

// -----

// 128 bits divide a 32-byte C0 line (c0 = 2), but no element of the hardware is that wide.
// expected-error @+1 {{128-bit elements are wider than any element type of the hardware}}
func.func @negative_i128_elements(%w: tensor<256x512xi128, #pl.layout<nz>>) {
  return
}

// -----

// 64 bits make c0 = 4, but pto-isa's TLOAD and TSTORE move 64-bit elements only ND->ND or
// DN->DN: no NZ transfer of them exists.
// expected-error @+1 {{64-bit elements have no NZ transfer}}
func.func @negative_i64_elements(%w: tensor<64x16xi64, #pl.layout<nz>>) {
  return
}

// -----

// A leading offset proved negative on every execution (min(a, -1)): refused, whatever
// bounds the other side (found by red team: had been a warning).
func.func @negative_leading_offset_proved_negative(%w: tensor<4x256x512xi8, #pl.layout<nz>>, %a: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %e = arith.minsi %a, %cm1 : index
  // expected-error @+1 {{NZ load leading axis 0 window may leave the axis (a window of 1 of its 4 indices; 'arith.minsi' yields a value proved [-inf, -1]}}
  %t = "pl.tile.load"(%w, %e, %c0, %c0, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// On a dynamic batch axis the end cannot be proved (a warning), but the sign can: an offset
// that may be negative addresses memory before the tensor.
func.func @negative_dynamic_batch_offset_may_be_negative(%w: tensor<?x256x512xf16, #pl.layout<nz>>, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ load leading axis 0 window may leave the axis (below 0, before the tensor; argument 1 of the function is proved [-inf, +inf]}}
  %wt = "pl.tile.load"(%w, %b, %c0, %c256, %c1, %c256, %c256) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<?x256x512xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x256xf16, mat>
  return
}

// -----

// Facts no value meets (a multiple of 16 in [1, 16)) would prove anything: the offset had
// been folded to the constant 0 (found by red team). Refused where they are stated.
// expected-error @+1 {{argument 1 states facts no 32-bit value meets (nz.multiple_of = 16; in [1, 16))}}
func.func @negative_facts_no_value_meets(%w: tensor<256x512xi8, #pl.layout<nz>>, %o: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 1, 16>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pl.tile.load"(%w, %o, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// A launch range outside what any launch gives (at most 65535 blocks): no block index meets it.
func.func @negative_launch_facts_outside_the_launch(%w: tensor<4x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pl.tile.get_block_idx' states facts no 32-bit value meets (in [70000, 65535), all the op can give)}}
  %b = "pl.tile.get_block_idx"() {nz.range = array<i64: 70000, 80000>} : () -> index
  %t = "pl.tile.load"(%w, %b, %c0, %c0, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// An unsigned (or signed) integer type is no coordinate: arith computes on signless
// integers, so the lowering's casts of it would not verify (found by red team: the
// error named IR nzpass had built).
func.func @negative_unsigned_offset(%w: tensor<256x512xi8, #pl.layout<nz>>, %o: ui16 {nz.multiple_of = 16 : i64, nz.range = array<i64: 0, 128>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{NZ load row offset has type ui16: coordinates are index or integer values (signless}}
  %t = "pl.tile.load"(%w, %o, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, ui16, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// A launch op is unregistered: spelled with an operand and two results, its second result
// had been believed a lane number in [0, 65535) (found by red team).
func.func @negative_malformed_launch_op(%w: tensor<4x256x512xf16, #pl.layout<nz>>, %a: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.get_block_idx' op takes no operands and no regions and has one result (it has 1 operands, 0 regions, 2 results)}}
  %b:2 = "pl.tile.get_block_idx"(%a) {nz.range = array<i64: 0, 4>} : (index) -> (index, index)
  %wt = "pl.tile.load"(%w, %b#1, %c0, %c0, %c1, %c128, %c128) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<4x256x512xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<128x128xf16, mat>
  return
}

// -----

// A module inside another op's region (red team rt_verify): its functions are none of those
// the passes rewrite, its calls and target are checked by no one, and PTOAS builds it for the
// target it states itself.
"test.container"() ({
  // expected-error @+1 {{'builtin.module' inside 'test.container' is not directly in a builtin.module}}
  module attributes {pl.backend = "a5"} {
    func.func @negative_module_in_another_op(%w: tensor<64x512xf16>) {
      return
    }
  }
  "test.end"() : () -> ()
}) : () -> ()

// -----

// A module inside a function's body: the pass would take its ops for the function's own.
func.func @negative_module_in_a_function() {
  // expected-error @+1 {{'builtin.module' inside 'func.func' is not directly in a builtin.module}}
  builtin.module {
    func.func @hidden(%w: tensor<64x512xf16>) {
      return
    }
  }
  return
}

// -----

// A whole-tensor flatten's users (a prefetch) read its type: it must be every element of
// the source, of the source's element type (red team pl, r1: 256 bytes prefetched, not
// 128 KiB).
func.func @negative_flatten_result_type_not_the_source(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %n = arith.constant 131072 : index
  // expected-error @+1 {{NZ whole-tensor flatten typed tensor<64xf32> but its source tensor<256x512xi8, #pl.layout<nz>> holds 131072 i8 elements: the users of the flatten (a prefetch) read its type, so they would cover other bytes than the tensor's; give it the type tensor<131072xi8>}}
  %flat = "pl.tensor.reshape"(%w, %n) : (tensor<256x512xi8, #pl.layout<nz>>, index) -> tensor<64xf32>
  "pl.prefetch.async_prefetch"(%flat) : (tensor<64xf32>) -> ()
  return
}

// -----

func.func @negative_flatten_result_element_type(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %n = arith.constant 131072 : index
  // expected-error @+1 {{NZ whole-tensor flatten typed tensor<131072xi16> but its source tensor<256x512xi8, #pl.layout<nz>> holds 131072 i8 elements}}
  %flat = "pl.tensor.reshape"(%w, %n) : (tensor<256x512xi8, #pl.layout<nz>>, index) -> tensor<131072xi16>
  "pl.prefetch.async_prefetch"(%flat) : (tensor<131072xi16>) -> ()
  return
}

// -----

// 8 bits make c0 = 32, but PTOAS's EmitC has no C type for f8E8M0FNU (a float tile, or a
// failed conversion).
// expected-error @+1 {{has element type f8E8M0FNU, which has no C type of its width in PTOAS}}
func.func @negative_f8e8m0_nz(%w: tensor<256x512xf8E8M0FNU, #pl.layout<nz>>) {
  return
}
