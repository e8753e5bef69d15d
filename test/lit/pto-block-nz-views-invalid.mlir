// RUN: nzpass-opt %s -p pto-block-nz-views --split-input-file --verify-diagnostics

// One refusal per chunk; each says what is wrong, why NZ cannot represent it, and what to do.

// Padded rows (row stride 544 > 512): the bytes between rows break the fractal order.
func.func @negative_strides_padded_rows(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c544 = arith.constant 544 : index
  // expected-error @+1 {{logical NZ view strides [544, 1] are not the dense row-major strides [512, 1] of its shape (axis 0): the NZ bytes of a padded, transposed or strided tensor are not in fractal order}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c544, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// A transposed (column-major) description of NZ bytes is not the fractal order either.
func.func @negative_strides_transposed(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view strides [1, 256] are not the dense row-major strides [512, 1]}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c1, %c256) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// A stride that is not a constant cannot be proved dense.
func.func @negative_strides_unknown(%p: !pto.ptr<i8>, %stride: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view strides must be arith.constant values: the dense row-major strides they must equal cannot be checked otherwise}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %stride, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// The last two axes are the fractal plane: a rank-1 view has none.
func.func @negative_rank1(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view: tensor shape [512] has rank 1: NZ needs rank >= 2}}
  %tv = "pto.make_tensor_view"(%p, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 1, 1>} : (!pto.ptr<i8>, index, index) -> !pto.tensor_view<?xi8>
  return
}

// -----

// An incomplete fractal (rows % 16) has no NZ form.
func.func @negative_rows_not_fractal(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c250 = arith.constant 250 : index
  // expected-error @+1 {{rows 250 are not a multiple of 16}}
  %tv = "pto.make_tensor_view"(%p, %c250, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// An incomplete C0 line (FP16: columns % 16) has no NZ form.
func.func @negative_cols_not_c0(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{columns 24 are not a multiple of c0 = 16}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c24, %c24, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  return
}

// -----

// Dynamic rows with no facts cannot be proved a multiple of 16: the message names the facts
// the caller may state.
func.func @negative_dynamic_rows(%p: !pto.ptr<i8>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view rows are dynamic and cannot be proved a multiple of 16: an NZ fractal holds 16 whole rows, so the blocked row count R/16 exists only for such an R. argument 1 of the function is proved [-inf, +inf], a multiple of 1; state what the caller guarantees with {nz.multiple_of = N : i64} or {nz.range = array<i64: LO, HI>} on it}}
  %tv = "pto.make_tensor_view"(%p, %rows, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Dynamic columns cannot be proved a multiple of c0.
func.func @negative_dynamic_cols(%p: !pto.ptr<i8>, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{columns (axis -1) are dynamic}}
  %tv = "pto.make_tensor_view"(%p, %c256, %cols, %cols, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Folding several leading axes into the one batch slot needs static extents (rank 3 may be dynamic).
func.func @negative_dynamic_folded_axis(%p: !pto.ptr<i8>, %g: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4 = arith.constant 4 : index
  %c131072 = arith.constant 131072 : index
  %c524288 = arith.constant 524288 : index
  // expected-error @+1 {{axis 0 is dynamic; folding leading axes into the NZ batch slot needs static extents}}
  %tv = "pto.make_tensor_view"(%p, %g, %c4, %c256, %c512, %c524288, %c131072, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 4, 4>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?xi8>
  return
}

// -----

// Sub-byte element types are outside NZ support.
func.func @negative_sub_byte_element(%p: !pto.ptr<i4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{4-bit elements are sub-byte element types}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i4>, index, index, index, index) -> !pto.tensor_view<?x?xi4>
  return
}

// -----

// The batch stride R * C = 2^32 does not fit PTOAS's 32-bit index (an int32_t): refused
// before any rewrite.
func.func @negative_blocked_stride_overflows_index(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %rows = arith.constant 65536 : index
  %cols = arith.constant 65536 : index
  // expected-error @+1 {{logical NZ view of shape [65536, 65536]: its blocked shape [1, 2048, 4096, 16, 32] or strides [4294967296, 2097152, 512, 32, 1] exceed the 32-bit index range}}
  %tv = "pto.make_tensor_view"(%p, %rows, %cols, %cols, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// A literal past 2^31 is no value every PTOAS holds alike (an int32_t index wraps it to
// -2^31, an int64_t one keeps it): nothing is known of it, so the rows are not proved.
func.func @negative_shape_literal_wraps(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %rows = arith.constant 2147483648 : index
  %cols = arith.constant 64 : index
  // expected-error @+1 {{logical NZ view rows are dynamic and cannot be proved a multiple of 16}}
  %tv = "pto.make_tensor_view"(%p, %rows, %cols, %cols, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// c0 and the blocked strides count view elements: the pointer must hold the same type.
func.func @negative_ptr_element_mismatch(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view of i8 over a !pto.ptr<f16>}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Malformed operandSegmentSizes: the groups must add up to the operands.
func.func @negative_segments_do_not_add_up(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op operandSegmentSizes [1, 2, 3] add up to 6 operands, but the op has 5}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 3>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Malformed operandSegmentSizes: not a DenseI32ArrayAttr.
func.func @negative_segments_not_i32_array(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op operandSegmentSizes must be array<i32: ...>}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = [1, 2, 2]} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Malformed operandSegmentSizes: one stride per extent.
func.func @negative_strides_count(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op has 1 strides for 2 extents}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 1>} : (!pto.ptr<i8>, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Malformed operandSegmentSizes: the view needs its pointer.
func.func @negative_no_ptr(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op expects exactly one ptr operand, got 0}}
  %tv = "pto.make_tensor_view"(%c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 0, 2, 2>} : (index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// An NZ view whose result is not a tensor_view is malformed.
func.func @negative_result_not_a_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op must have one !pto.tensor_view result}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.ptr<i8>
  return
}

// -----

// A window must start on a fractal boundary (row offset % 16).
func.func @negative_unaligned_row_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{row offset 8 is not a multiple of 16: NZ addresses whole fractal boundaries only}}
  %pv = "pto.partition_view"(%tv, %c8, %c0, %c16, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<16x512xi8>
  return
}

// -----

// A window must start on a C0 line (INT8: column offset % 32).
func.func @negative_unaligned_column_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{column offset 16 is not a multiple of 32}}
  %pv = "pto.partition_view"(%tv, %c0, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<16x32xi8>
  return
}

// -----

// A function argument proves nothing: the row offset may be unaligned.
func.func @negative_unprovable_offset(%p: !pto.ptr<i8>, %n0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c2048, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{cannot prove that the row offset is a multiple of 16}}
  %pv = "pto.partition_view"(%tv, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// A difference is aligned but may be negative, which would silently read fractal 0.
func.func @negative_subi_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %bi = "pto.get_block_idx"() : () -> i64
  %blk = arith.index_cast %bi : i64 to index
  %n = arith.muli %blk, %c256 : index
  %n0 = arith.subi %c2048, %n : index
  %tv = "pto.make_tensor_view"(%p, %c2048, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{cannot prove that the row offset is non-negative}}
  %pv = "pto.partition_view"(%tv, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  // expected-note @-1 {{provable offset forms}}
  return
}

// -----

// GM-gap guard (pto-isa#317): 65552 - 16 = 65536 blocks overflow the 16-bit gap field.
func.func @negative_gm_gap_65536(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65552 = arith.constant 65552 : index
  %tv = "pto.make_tensor_view"(%p, %c65552, %c64, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{NZ load spans 2 column blocks with a GM gap of 65536 32-byte blocks (tensor rows 65552 - loaded rows 16), more than the 65535}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<16x64xi8>
  return
}

// -----

// A Mat tile in ND configuration cannot receive NZ fractals.
func.func @negative_load_into_non_nz_mat(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{pto.tload of an NZ view into !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>: NZ is loaded NZ->NZ only}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// NZ->NZ is the cube operand path: a Vec tile is refused.
func.func @negative_load_into_vec(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<vec, 256x512xi8>
  // expected-error @+1 {{pto.tload of an NZ view into !pto.tile_buf<loc=vec}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<vec, 256x512xi8>) -> ()
  return
}

// -----

// An NZ->NZ load converts nothing: the tile holds the view's element type.
func.func @negative_load_dtype_mismatch(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=ui8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.tload of an NZ view of i8 into a tile of ui8: an NZ->NZ load copies fractals as they are}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=ui8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The load moves the partition one to one into the tile's valid region.
func.func @negative_load_window_not_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<128x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.tload of a 128 x 512 NZ partition into a tile whose valid region is 256 x 512: the NZ->NZ load steps between column blocks by the tile's valid rows}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Dynamic valid rows may be fewer than the partition's 32: the load would step to column
// block 1 too early and read rows of column block 0 (the fuzzer's finding F2).
func.func @negative_load_dynamic_valid_rows(%p: !pto.ptr<i8>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c32, %c64, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<32x64xi8>
  %t = "pto.alloc_tile"(%rows) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.tload of a 32 x 64 NZ partition into a tile whose valid region is ? x 64: the NZ->NZ load steps between column blocks by the tile's valid rows plus the gap the partition's rows leave}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<32x64xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A partition that takes the view as an offset is malformed.
func.func @negative_partition_view_not_source(%p: !pto.ptr<i8>, %q: !pto.tensor_view<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{'pto.partition_view' op uses a logical NZ view other than as its one source operand}}
  %pv = "pto.partition_view"(%q, %tv, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, !pto.tensor_view<?x?xi8>, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A 2-D tile holds one [R, C] plane: a partition of two batches cannot be loaded into it.
func.func @negative_load_two_batches(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c4, %c256, %c512, %c131072, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<i8>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xi8>
  // expected-error @+1 {{NZ partition takes 2 batches into one 2-D tile}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c2, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.tensor_view<?x?x?xi8>, index, index, index, index, index, index) -> !pto.partition_tensor_view<2x256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<2x256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A partition without its view result is malformed.
func.func @negative_partition_without_result(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{'pto.partition_view' op has 0 results; its definition gives it 1}}
  "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> ()
  return
}

// -----

// Only an Acc tile is written back to NZ.
func.func @negative_store_from_vec(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{pto.tstore into an NZ view from !pto.tile_buf<loc=vec}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// A partly valid Acc tile has no whole-row NZ write-back.
func.func @negative_store_partial_tile(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store of a partly valid or dynamic tile}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// The partition of a store is exactly the whole Acc tile.
func.func @negative_store_wrong_sizes(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{NZ partition sizes [32, 16] stored from a 64 x 16 Acc tile must be [64, 16]}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<32x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<32x16xf32>) -> ()
  return
}

// -----

// The A2/A3 store spaces column blocks by the partition height: rows must be whole.
func.func @negative_store_not_whole_rows(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c128, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{NZ accumulator store must cover the whole 128-row axis of the tensor at row offset 0 (the tile has 64 rows)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// Atomic accumulation into NZ is not supported.
func.func @negative_store_atomic(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store with atomicType = #pto<atomic_type atomic_add>: atomic and relu write-backs into NZ are not supported}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, atomicType = #pto<atomic_type atomic_add>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// A flag nzpass cannot read may be an atomic add: refused, not taken as off.
func.func @negative_store_unreadable_flag(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store: store attribute atomicType = 7 : i64 is neither a string, a unit, a bool nor #pto<atomic_type ...>: nzpass cannot tell whether it changes the write-back}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, atomicType = 7 : i64} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// A relu write-back into NZ is not supported.
func.func @negative_store_relu(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store with reluPreMode = #pto<relu_pre_mode normal_relu>}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, reluPreMode = #pto<relu_pre_mode normal_relu>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// A flag left in <{...}> beside a {...} dictionary is still read.
func.func @negative_store_atomic_in_properties(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store with atomicType = #pto<atomic_type atomic_add>}}
  "pto.tstore"(%acc, %pv) <{atomicType = #pto<atomic_type atomic_add>}> {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// No dtype conversion on the way into NZ.
func.func @negative_store_quant_operand(%p: !pto.ptr<f32>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store with a quantisation operand}}
  "pto.tstore"(%acc, %pv, %scale) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>, f32) -> ()
  return
}

// -----

// INT32 shares c0 = 8 with FP32, but the write-back has no dtype conversion.
func.func @negative_store_into_i32_view(%p: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i32>, index, index, index, index) -> !pto.tensor_view<?x?xi32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xi32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store from f32 into a view of i32: only FP32 Acc into an FP32 NZ view}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xi32>) -> ()
  return
}

// -----

// In pto IR the Acc tile is the physical one: it must fit L0C.
func.func @negative_store_over_l0c(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c128, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<128x512xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{NZ accumulator store: Acc tile 128x512xf32 takes 262144 bytes (256 KiB), over the 128 KiB L0C of A2/A3}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<128x512xf32>) -> ()
  return
}

// -----

// One Acc tile per partition: a second store would overwrite the first.
func.func @negative_store_twice(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{an NZ partition written by more than one pto.tstore is refused}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// The Acc -> NZ write-back exists on A2/A3 only.
module attributes {pl.backend = "a5"} {
  func.func @negative_store_a5(%p: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
    %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    // expected-error @+1 {{NZ accumulator stores are supported on A2/A3 only}}
    "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
    return
  }
}

// -----

// A callee would see unblocked NZ coordinates.
func.func @negative_view_passed_to_call(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{'func.call' cannot use a logical NZ view: only pto.partition_view (feeding pto.tload or pto.tstore) is blocked}}
  func.call @consume(%tv) : (!pto.tensor_view<?x?xi8>) -> ()
  return
}
func.func private @consume(!pto.tensor_view<?x?xi8>)

// -----

// Any op other than pto.partition_view is refused as a user of the view.
func.func @negative_view_used_by_other_op(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{'pto.foo' cannot use a logical NZ view}}
  "pto.foo"(%tv) : (!pto.tensor_view<?x?xi8>) -> ()
  return
}

// -----

// A partition both read and written has no single blocked window rule.
func.func @negative_partition_loaded_and_stored(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{a partition of an NZ view may feed only pto.tload into Mat or only pto.tstore from Acc}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<64x16xf32>, !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// A partition's users are loads or stores, nothing else.
func.func @negative_partition_used_by_other_op(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{a partition of an NZ view may feed only pto.tload into Mat or only pto.tstore from Acc}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  "pto.foo"(%pv) : (!pto.partition_tensor_view<256x512xi8>) -> ()
  return
}

// -----

// No error: a function marked nz_tensor_views_blocked was blocked already and is not looked at again
// (blocking is not idempotent), even where its views would be refused.
func.func @skipped_when_marked(%p: !pto.ptr<i8>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c544 = arith.constant 544 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c544, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// The backend selects the store rules; an unknown one cannot be guessed.
// expected-error @+1 {{is not a known backend: use "a2a3" or "a5"}}
module attributes {pl.backend = "a9"} {
  func.func @negative_bad_backend() {
    return
  }
}

// -----

// A blocked view is a new op built from operands and attributes: a region the
// logical one (wrongly) holds would be dropped.
func.func @negative_view_with_region(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pto.make_tensor_view' op must have no regions (it has 1): rewriting it would drop what they hold}}
  %v = "pto.make_tensor_view"(%p, %c64, %c64, %c64, %c1) ({
    "test.inner"() : () -> ()
  }) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16, #pto.layout<nz>>
  return
}

// -----

// A partition type that contradicts its constant sizes: the blocked output is built from
// the sizes, so the type would describe other data than is moved (found by the fuzzer).
func.func @negative_partition_type_lies(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %tv = "pto.make_tensor_view"(%p, %c48, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-error @+1 {{NZ partition type !pto.partition_tensor_view<48x16xf16> states size[0] = 48 but its operand is 32}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<48x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<48x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A row count stated a multiple of 8 only: R/16 would drop the last 8 rows.
func.func @negative_dynamic_rows_multiple_of_8(%p: !pto.ptr<i8>, %rows: index {nz.multiple_of = 8 : i64, nz.range = array<i64: 16, 4097>}) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view rows are dynamic and cannot be proved a multiple of 16: an NZ fractal holds 16 whole rows, so the blocked row count R/16 exists only for such an R. argument 1 of the function is proved [16, 4096], a multiple of 8}}
  %tv = pto.make_tensor_view %p, shape = [%rows, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// A multiple of 16 with no range: the strides R*c0 and C*R, the bounds and the #317 guard
// need the largest row count, and R might be 0 or negative.
func.func @negative_dynamic_rows_unbounded(%p: !pto.ptr<i8>, %rows: index {nz.multiple_of = 16 : i64}) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{logical NZ view rows are dynamic and cannot be bounded to a positive range: the blocked strides R*c0 and C*R, the window bounds and the pto-isa#317 gap guard are proved at the largest row count. argument 1 of the function is proved [-inf, +inf], a multiple of 16; state what the caller guarantees with {nz.multiple_of = N : i64} or {nz.range = array<i64: LO, HI>} on it; state its range, e.g. {nz.range = array<i64: 16, 8193>}}}
  %tv = pto.make_tensor_view %p, shape = [%rows, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// Steps of 128 rows up to an R that is only a multiple of 16: at R = 144 the second window
// [128, 256) overruns the rows (in NZ order: into the next column block, silently).
func.func @negative_dynamic_rows_step_past_alignment(%p: !pto.ptr<i8>, %rows: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %tv = pto.make_tensor_view %p, shape = [%rows, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %n0 = %c0 to %rows step %c128 {
    // expected-error @+1 {{NZ partition row window cannot be proved inside the dynamic row count: offset + 128 <= count is not implied by what is known (offset: the scf.for induction variable is proved [0, 8064], a multiple of 128; count: argument 1 of the function is proved [16, 8192], a multiple of 16}}
    %pv = pto.partition_view %tv, offsets = [%n0, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  }
  return
}

// -----

// A constant window of 128 rows at row 0 when the range lets R be 16.
func.func @negative_dynamic_rows_window_past_lower_bound(%p: !pto.ptr<i8>, %rows: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %tv = pto.make_tensor_view %p, shape = [%rows, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{NZ partition row window cannot be proved inside the dynamic row count: offset + 128 <= count}}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  return
}

// -----

// #317 at the range's upper bound: R may reach 70000, so a 16-row load over two column blocks
// skips up to 69984 blocks between them, past the 16-bit field.
func.func @negative_dynamic_rows_gap(%p: !pto.ptr<i8>, %rows: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 70001>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%rows, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %n0 = %c0 to %rows step %c16 {
    // expected-error @+1 {{NZ load spans 2 column blocks with a GM gap of 69984 32-byte blocks (dynamic tensor rows up to 70000 - loaded rows 16), more than the 65535 the A2/A3 load instruction holds: a temporary guard against defect pto-isa#317 (the gap is truncated to 16 bits and the load silently reads the wrong fractal). Workarounds: load a taller row tile so the gap shrinks, or lay stacked weights out as a rank-3 [LAYERS, K, N] tensor so the layer axis becomes the NZ batch, or narrow the row count's nz.range to at most 65552 (half-open) if the host allows}}
    %pv = pto.partition_view %tv, offsets = [%n0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x64xi8>
  }
  return
}

// -----

// Rank 3 with a dynamic row count: the batch stride must be R * C (here C = 256), not R * 128.
func.func @negative_dynamic_rows_batch_stride(%p: !pto.ptr<f16>, %b: index, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 4097>}) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %s0 = arith.muli %r, %c128 : index
  // expected-error @+1 {{logical NZ view stride[0] cannot be proved equal to the dense row-major stride R * 256 of its shape (R the dynamic row count): NZ bytes are dense, and a stride that may differ puts the batches elsewhere; compute it as arith.muli of the row count by 256 (it is 'arith.muli' yields a value proved [2048, 524288], a multiple of 2048)}}
  %tv = "pto.make_tensor_view"(%p, %b, %r, %c256, %s0, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<f16>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xf16>
  return
}

// -----

// The batch stride from another argument (with the same facts) is not provably R * C.
func.func @negative_dynamic_rows_stride_of_other_argument(%p: !pto.ptr<f16>, %b: index, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 4097>}, %other: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 4097>}) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %s0 = arith.muli %other, %c256 : index
  // expected-error @+1 {{logical NZ view stride[0] cannot be proved equal to the dense row-major stride R * 256 of its shape}}
  %tv = "pto.make_tensor_view"(%p, %b, %r, %c256, %s0, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<f16>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xf16>
  return
}

// -----

// An Acc write-back must cover the whole row axis, which a static tile cannot be proved to do
// for a dynamic row count.
func.func @negative_dynamic_rows_acc_store(%p: !pto.ptr<f32>, %rows: index {nz.multiple_of = 64 : i64, nz.range = array<i64: 64, 65>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %rows, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{NZ accumulator store into a tensor of a dynamic row count: the store must cover the whole row axis, which a static tile cannot be proved to do; store into a tensor of static rows, or store ND}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// -----

// Two unprovable offsets in one run: both are reported in source order, and the list of
// provable forms is said once, as a note on the first.
func.func @negative_two_proof_failures(%p: !pto.ptr<i8>, %n0: index, %k0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c2048, %c2048, %c2048, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  // expected-error @+2 {{cannot prove that the row offset is a multiple of 16}}
  // expected-note @+1 {{provable offset forms: integer constants; +, - and * whose exact result cannot wrap at the offset's width (n0 = nb * 256); scf.for induction variables; min, max, select; div, rem and shifts by constants; get_block_idx and get_block_num; function arguments with {nz.multiple_of = N : i64} or {nz.range = array<i64: LO, HI>} (half-open). Loop-carried values (iter_args) are never resolved}}
  %pv = "pto.partition_view"(%tv, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  // expected-error @+1 {{cannot prove that the column offset is a multiple of 32}}
  %pv2 = "pto.partition_view"(%tv, %c0, %k0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A lying alloc: the type leaves the valid region to the operands, which say 16 rows for a
// 32-row partition. The load would step to column block 1 after 16 rows.
func.func @negative_alloc_valid_operands_differ(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.tload of a 32 x 64 NZ partition into a tile whose valid region is 16 x 64: the NZ->NZ load steps between column blocks by the tile's valid rows plus the gap the partition's rows leave, so the valid region must provably equal the partition (valid_row is the operand of the 'pto.alloc_tile' at line}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// Two allocs with different valid rows flow into one loop-carried tile: which one the load
// sees depends on the iteration.
func.func @negative_iter_args_allocs_differ(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t0 = pto.alloc_tile valid_row = %c32 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %t0) -> (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    // expected-error @+1 {{'pto.tload' tile reaches the transfer from pto.alloc_tile ops with different valid_row operands (32 at line}}
    pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %next = pto.alloc_tile valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    scf.yield %next : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  return
}

// -----

// pto.set_validshape in a branch: whether it ran before the load is a run-time matter.
func.func @negative_set_validshape_in_branch(%p: !pto.ptr<i8>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  scf.if %flag {
    pto.set_validshape %t, %c16, %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  // expected-error @+1 {{'pto.tload' tile's valid region is changed by pto.set_validshape (at line}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// A tile passed in as an argument: no alloc gives its dynamic valid region.
func.func @negative_dynamic_valid_tile_argument(%p: !pto.ptr<i8>, %t: !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region is a function argument, which no pto.alloc_tile operand can be followed through}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// An alloc whose type leaves valid_col dynamic but gives only valid_row.
func.func @negative_alloc_without_valid_col(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t = "pto.alloc_tile"(%c32) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile has a dynamic valid_col (?) that does not come from a pto.alloc_tile operand}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// A valid extent that is not an integer.
func.func @negative_alloc_valid_operand_not_integer(%p: !pto.ptr<i8>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  // expected-error @+1 {{'pto.alloc_tile' op valid_row operand of type f32: a valid extent is an index (or integer) value}}
  %t = "pto.alloc_tile"(%f, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (f32, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// A padding NZ load (here a pad mode in the properties): only a plain NZ->NZ copy is proved,
// so the pass refuses it before blocking, as verify-pto-nz would after.
func.func @negative_load_with_pad_mode(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{NZ load with pad_mode = #pto.padmode<PadValue>: only a plain NZ->NZ copy is proved}}
  "pto.tload"(%pv, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, pad_mode = #pto.padmode<PadValue>}> : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The tile's type states 256 valid rows, the setter 128: PTOAS allows a setter only on a
// tile with v_row=? and v_col=?, and the checks and the model would read different rows.
func.func @negative_set_validshape_of_static_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.set_validshape' of a tile whose type states its valid extents (v_row=256, v_col=512)}}
  "pto.set_validshape"(%t, %c128, %c512) : (!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The attribute says NZ, the type ND: refused, not taken as either.
func.func @negative_layout_attribute_and_type_disagree(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op states layout nz in its attribute but nd in its result type; state one layout}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8, #pto.layout<nd>>
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

// A module inside another op's region (red team rt_verify): its functions are none of those
// the passes rewrite, its calls and target are checked by no one, and PTOAS builds it for the
// target it states itself.
"test.container"() ({
  // expected-error @+1 {{'builtin.module' inside 'test.container' is not directly in a builtin.module}}
  module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
    func.func @negative_module_in_another_op(%p: !pto.ptr<i8>) {
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
    func.func @hidden(%p: !pto.ptr<i8>) {
      return
    }
  }
  return
}


// -----

// A logical view whose type states 64 rows over shape operands of 128: the blocked view is
// retyped ?x?x?x?x?, which would erase the contradiction verify-pto-nz refuses on a blocked
// view (PTOAS's C++ takes a static shape from the type; found by red team).
func.func @negative_view_type_lies(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ view type !pto.tensor_view<64x256xf16> states shape[0] = 64 but its operand is 128}}
  %tv = "pto.make_tensor_view"(%p, %c128, %c256, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<64x256xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c128, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<64x256xf16>, index, index, index, index) -> !pto.partition_tensor_view<128x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x128xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A logical view typed rank 3 over two shape operands (PTOAS: "shape/strides operand counts
// must match tensor_view rank"): the rank-5 retype would erase it.
func.func @negative_view_type_rank(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ view type !pto.tensor_view<?x?x?xf16> has rank 3 for 2 shape operands}}
  %tv = "pto.make_tensor_view"(%p, %c128, %c256, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c128, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<128x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x128xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A partition typed i8 of an f16 view: the blocked partition is retyped with the view's
// element, which would erase what verify-pto-nz refuses on a blocked partition.
func.func @negative_partition_element_lies(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c128, %c256, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-error @+1 {{NZ partition type !pto.partition_tensor_view<128x128xi8> has element type i8, not its source view's f16}}
  %pv = "pto.partition_view"(%tv, %c0, %c128, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<128x128xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x128xi8>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
