// RUN: nzpass-opt %s -p verify-pto-nz --split-input-file --verify-diagnostics

// One case per rule of verify-pto-nz; each chunk expects the errors of one rule.

// PTOAS 0.60 style: a rank-2 NZ view of the logical [256, 512] weight, with its
// rank-2 partition and load. One root cause, one error: users of a refused view
// are not checked again.
func.func @negative_rank2_ptoas060(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pto.make_tensor_view' op user-specified layout=nz requires a rank-5 view, got rank 2}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// PTOAS 0.60 style: a rank-3 [E, N, K] NZ view; NZ is rank 5 whatever the logical rank.
func.func @negative_rank3_ptoas060(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{'pto.make_tensor_view' op user-specified layout=nz requires a rank-5 view, got rank 3}}
  %tv = "pto.make_tensor_view"(%p, %c4, %c256, %c512, %c131072, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<i8>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xi8>
  return
}

// -----

// PTOAS 0.60 style as PTOAS prints it (properties): still rank 2.
func.func @negative_rank2_properties(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{'pto.make_tensor_view' op user-specified layout=nz requires a rank-5 view, got rank 2}}
  %tv = "pto.make_tensor_view"(%p, %c128, %c256, %c256, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  return
}

// -----

// Five shape operands but a rank-2 type: type, shape and strides must agree.
func.func @negative_result_type_rank(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view has five shape operands but its type !pto.tensor_view<?x?xi8> has rank 2}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Sub-byte elements have no C0 line of whole elements.
func.func @negative_sub_byte_element(%p: !pto.ptr<i4>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c16384 = arith.constant 16384 : index
  %c262144 = arith.constant 262144 : index
  // expected-error @+1 {{NZ view element type i4: 4-bit elements are sub-byte element types}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c64, %c262144, %c16384, %c1024, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i4>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi4>
  return
}

// -----

// The pointer's element type must be the view's.
func.func @negative_ptr_element_mismatch(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view of element type i8 over a !pto.ptr<f16>: the pointer's element type must equal the view's}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A static empty batch.
func.func @negative_empty_batch(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view shape[0] = 0: the batch extent must be positive}}
  %tv = "pto.make_tensor_view"(%p, %c0, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Axis 3 is the 16 rows of a fractal, not 32.
func.func @negative_fractal_rows(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view shape[3] = 32 must be 16}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c8, %c32, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Axis 4 is one C0 line: 32 INT8 elements, not 16 (the FP16 c0).
func.func @negative_c0_line(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view shape[4] = 16 must be c0 = 32 for i8}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c32, %c16, %c16, %c16, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A dynamic fractal row count cannot be proven to be 16.
func.func @negative_fractal_rows_dynamic(%p: !pto.ptr<i8>, %rows: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view shape[3] is not a constant, so shape[3] == 16 cannot be proven}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %rows, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Elements of a C0 line are contiguous.
func.func @negative_element_stride(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[4] = 2 must be 1}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c2) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Rows of a fractal are one C0 line (32 INT8) apart, not 16.
func.func @negative_row_stride(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[3] = 16 must be 32}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Off by one: stride[2] = 16*c0 - 1.
func.func @negative_fractal_stride_off_by_one(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c511 = arith.constant 511 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[2] = 511 must be 512}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c511, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Off by one: stride[1] one element short is not a multiple of c0.
func.func @negative_column_block_stride_one_short(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8191 = arith.constant 8191 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[1] = 8191 is not a multiple of c0 = 32}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8191, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// stride[1] one C0 line short: column blocks would overlap.
func.func @negative_column_block_stride_one_line_short(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8160 = arith.constant 8160 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[1] = 8160 is less than shape[2] * stride[2] = 16 * 512 = 8192}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8160, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A computed (non-constant) stride is accepted only as the row-major product: 8192 + 32 is a
// padded stride, not shape[2] * stride[2].
func.func @negative_column_block_stride_dynamic(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %s1 = arith.addi %c8192, %c32 : index
  // expected-error @+1 {{NZ view stride[1] (8224) cannot be proved equal to shape[2] * stride[2]: with a dynamic extent or stride verify-pto-nz accepts only the row-major strides of the blocked shape}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// stride[0] not a multiple of c0.
func.func @negative_batch_stride_not_multiple(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131071 = arith.constant 131071 : index
  // expected-error @+1 {{NZ view stride[0] = 131071 is not a multiple of c0 = 32}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131071, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// Batches overlap: stride[0] one column block short.
func.func @negative_batch_stride_overlap(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c122880 = arith.constant 122880 : index
  // expected-error @+1 {{NZ view stride[0] = 122880 is less than shape[1] * stride[1] = 16 * 8192 = 131072}}
  %tv = "pto.make_tensor_view"(%p, %c2, %c16, %c16, %c16, %c32, %c122880, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A dynamic column-block count leaves stride[0] unproven.
func.func @negative_batch_stride_dynamic_columns(%p: !pto.ptr<i8>, %cols: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{NZ view stride[0] (131072) cannot be proved equal to shape[1] * stride[1]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %cols, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// NZ stated by the result type only: the rules apply all the same (FP32, c0 = 8).
func.func @negative_nz_by_type(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c127 = arith.constant 127 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  // expected-error @+1 {{NZ view stride[2] = 127 must be 128}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c127, %c8, %c1) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32, #pto.layout<nz>>
  return
}

// -----

// An element type without a bit width (index) has no c0.
func.func @negative_index_element(%p: !pto.ptr<index>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  // expected-error @+1 {{NZ view element type index: NZ needs an integer or floating-point element type}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c16, %c16, %c4, %c1024, %c256, %c64, %c4, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<index>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xindex>
  return
}

// -----

// layout=nz on an op that does not make a tensor view.
func.func @negative_nz_result_not_view(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error @+1 {{'pto.make_tensor_view' op with layout=nz must return one !pto.tensor_view}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.ptr<i8>
  return
}

// -----

// PTOAS 0.60 style: a rank-2 [256, 512] window of a rank-5 NZ view.
func.func @negative_partition_rank2(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{'pto.partition_view' of an NZ view must be rank 5, got rank 2}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A partition starting inside a fractal (row 1 of 16).
func.func @negative_partition_offset_inside_fractal(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[3] = 1 must be 0}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c1, %c0, %c1, %c16, %c16, %c15, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x15x32xi8>
  return
}

// -----

// A symbolic offset inside the C0 line cannot be proven 0.
func.func @negative_partition_offset_dynamic(%p: !pto.ptr<i8>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[4] is not a constant, so offset[4] == 0 cannot be proven}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %k, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}

// -----

// Half a fractal's rows.
func.func @negative_partition_size_rows(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition size[3] = 8 must be 16}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c32, %c8, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x32x8x32xi8>
  return
}

// -----

// Half a C0 line.
func.func @negative_partition_size_c0(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition size[4] = 16 must be 32}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c32, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x32x16x16x16xi8>
  return
}

// -----

// A view passed in as an argument: PTOAS reads no strides of it (it lowers no tensor_view
// argument), so its partition is refused before any NZ rule.
func.func @negative_partition_of_nz_argument(%tv: !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.partition_view' of a tensor view that is a function argument, not a pto.make_tensor_view's result}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x16xi8>
  return
}

// -----

// NZ is loaded NZ->NZ into Mat only, never into Vec.
func.func @negative_load_into_vec(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of an NZ view into a tile with loc=vec, blayout=row_major, slayout=none_box, fractal=512}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=vec, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// A Mat tile in ND configuration cannot take NZ bytes.
func.func @negative_load_into_mat_nd_config(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of an NZ view into a tile with loc=mat, blayout=row_major, slayout=none_box}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// The partition holds 256x512 elements, the tile's valid region 128x512.
func.func @negative_load_element_count(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' between an NZ partition 1x16x16x16x32xi8 (131072 elements) and a tile whose valid region 128x512 holds 65536}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// As PTOAS prints it: properties, and a tload without operandSegmentSizes.
func.func @negative_load_into_vec_properties(%arg0: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %0 = "pto.make_tensor_view"(%arg0, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %1 = "pto.partition_view"(%0, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %2 = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<loc=vec, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of an NZ view into a tile with loc=vec}}
  "pto.tload"(%1, %2) : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=vec, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ view loaded into something that is not a tile_buf.
func.func @negative_load_into_non_tile(%p: !pto.ptr<i8>, %m: memref<256x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  // expected-error @+1 {{'pto.tload' op with an NZ view needs a !pto.tile_buf dst operand, got memref<256x512xi8>}}
  "pto.tload"(%pv, %m) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, memref<256x512xi8>) -> ()
  return
}

// -----

// Only an Acc tile writes NZ back (TSTORE Acc->NZ); a Mat tile cannot.
func.func @negative_store_from_mat(%p: !pto.ptr<f32>, %w549s: !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tmov"(%w549s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' into an NZ view from a tile with loc=mat, blayout=col_major, slayout=row_major, fractal=512}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// An FP16 Acc tile: the Acc->NZ path is FP32 only.
func.func @negative_store_f16_acc(%p: !pto.ptr<f32>, %w570l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w570r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w570l, %w570r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' of an Acc tile of f16 into an NZ view of f32}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// An FP32 Acc tile into an FP16 NZ view would need a conversion.
func.func @negative_store_into_f16_view(%p: !pto.ptr<f16>, %w588l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w588r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c4, %c16, %c16, %c1024, %c1024, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c4, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x4x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w588l, %w588r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' of an Acc tile of f32 into an NZ view of f16}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x1x4x16x16xf16>) -> ()
  return
}

// -----

// 65536 valid rows exceed the 16-bit row field of TSTORE Acc->NZ.
// Now refused at the allocation: the 65536x16 FP32 tile (4 MiB) does not fit L0C, which subsumes the field.
func.func @negative_store_rows_limit(%p: !pto.ptr<f32>, %w611l: !pto.tile_buf<loc=left, dtype=f16, rows=65536, cols=16, v_row=65536, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w611r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  // expected-error @+1 {{tile does not fit the}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=65536, cols=16, v_row=65536, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w611l, %w611r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=65536, cols=16, v_row=65536, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=65536, cols=16, v_row=65536, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=65536, cols=16, v_row=65536, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// 4096 valid columns exceed the TSTORE Acc->NZ column limit.
// Now refused at the allocation: the 16x4096 FP32 tile (256 KiB) does not fit L0C, which subsumes the field.
func.func @negative_store_cols_limit(%p: !pto.ptr<f32>, %w633l: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w633r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=4096, v_row=16, v_col=4096, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  // expected-error @+1 {{tile does not fit the}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=4096, v_row=16, v_col=4096, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w633l, %w633r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=4096, v_row=16, v_col=4096, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=4096, v_row=16, v_col=4096, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=4096, v_row=16, v_col=4096, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// A 64x1024 FP32 Acc tile is 256 KiB, twice the A2/A3 L0C.
func.func @negative_store_l0c_a2a3(%p: !pto.ptr<f32>, %w654l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w654r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=1024, v_row=16, v_col=1024, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  // expected-error @+1 {{tile does not fit the}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w654l, %w654r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=1024, v_row=16, v_col=1024, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// 4096 rows: even a 16-column split of the whole row axis overflows L0C.
func.func @negative_store_l0c_no_split(%p: !pto.ptr<f32>, %w675l: !pto.tile_buf<loc=left, dtype=f16, rows=4096, cols=16, v_row=4096, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w675r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  // expected-error @+1 {{tile does not fit the}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=4096, cols=16, v_row=4096, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w675l, %w675r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=4096, cols=16, v_row=4096, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=4096, cols=16, v_row=4096, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=4096, cols=16, v_row=4096, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// A5 has 256 KiB of L0C: a 64x2048 FP32 Acc tile (512 KiB) still overflows it.
module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
  func.func @negative_store_l0c_a5(%p: !pto.ptr<f32>, %w697l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w697r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=2048, v_row=16, v_col=2048, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
    %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
    %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    // expected-error @+1 {{tile does not fit the}}
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=2048, v_row=64, v_col=2048, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%w697l, %w697r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=2048, v_row=16, v_col=2048, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=2048, v_row=64, v_col=2048, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=2048, v_row=64, v_col=2048, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}

// -----

// The partition holds 512 elements, the 64x16 Acc tile 1024.
func.func @negative_store_element_count(%p: !pto.ptr<f32>, %w718l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w718r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w718l, %w718r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' between an NZ partition 1x2x2x16x8xf32 (512 elements) and a tile whose valid region 64x16 holds 1024}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x2x16x8xf32>) -> ()
  return
}

// -----

// An unknown backend cannot select the L0C capacity.
// expected-error @+1 {{module attribute pl.backend = "a3" is not a known backend}}
module attributes {pl.backend = "a3"} {
  func.func @negative_unknown_backend() {
    return
  }
}

// -----

// Dynamic valid rows that cannot be proved equal to the partition's rows: the A2/A3 load
// steps column blocks by the valid rows but skips the partition's gap (fuzz finding F2).
func.func @negative_dynamic_valid_rows_unproven(%p: !pto.ptr<i8>, %vr: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"(%vr) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' cannot prove that the tile's valid rows equal the NZ partition's (16 * sizes[2])}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Same element count, other shape: two batches of 16 x 16 into a 32 x 16 tile whose rows
// stack them; the NZ load puts batch 1 at column block 1 instead (fuzz finding F1).
func.func @negative_multi_batch_partition_into_row_stacked_tile(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c2, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<2x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' cannot prove that the tile's valid rows equal the NZ partition's}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<2x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Rows 128..383 of a 256-row tensor: in NZ order rows past the axis read the next column block.
func.func @negative_partition_row_overrun(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 24, past the view's shape[2] = 16}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c8, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A loop bound proves the overrun: iv reaches 128, so offset[2] = iv/16 + 8 reaches 16 and 16 + 8 > 16.
func.func @negative_partition_loop_overrun(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c192 = arith.constant 192 : index
  %c64 = arith.constant 64 : index
  %iv0 = arith.constant 0 : index
  scf.for %i = %iv0 to %c192 step %c64 {
    %f0 = arith.floordivsi %i, %c16 : index
    %f = arith.addi %f0, %c8 : index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 24, past the view's shape[2] = 16 (offset proved [8, 16], a multiple of 4; size 8)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %f, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// A negative column-block offset reads memory before the tensor.
func.func @negative_partition_negative_offset(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[1] (column blocks (C/c0)) may be negative (-1)}}
  %pv = "pto.partition_view"(%tv, %c0, %cm1, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// 768 - bid * 256 is negative for block indices above 3.
func.func @negative_partition_offset_may_be_negative(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %c524288 = arith.constant 524288 : index
  %c32768 = arith.constant 32768 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c64, %c16, %c32, %c524288, %c32768, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %bid = "pto.get_block_idx"() : () -> index
  %c3 = arith.constant 3 : index
  %o = arith.subi %c3, %bid : index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// get_block_idx alone is only bounded by the launch range: bid * 16 row fractals leaves the view.
func.func @negative_partition_block_idx_unbounded(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c262144 = arith.constant 262144 : index
  %c16384 = arith.constant 16384 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c32, %c16, %c32, %c262144, %c16384, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %bid = "pto.get_block_idx"() : () -> index
  %o = arith.muli %bid, %c16 : index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Two column blocks of a 65552-row tensor, 16 rows each: the gap 65536 wraps the 16-bit field (#317).
func.func @negative_gm_gap_317(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4097 = arith.constant 4097 : index
  %c16 = arith.constant 16 : index
  %c2097664 = arith.constant 2097664 : index
  %c1048832 = arith.constant 1048832 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4097, %c16, %c16, %c2097664, %c1048832, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{NZ load spans up to 2 column blocks with a GM gap of 65536 32-byte blocks}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Symbolic row fractals in [1, 17]: the worst case (one fractal) leaves a gap of 65536.
func.func @negative_gm_gap_worst_case_rows(%p: !pto.ptr<f16>, %n: index {nz.range = array<i64: 1, 18>}) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4097 = arith.constant 4097 : index
  %c16 = arith.constant 16 : index
  %c2097664 = arith.constant 2097664 : index
  %c1048832 = arith.constant 1048832 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4097, %c16, %c16, %c2097664, %c1048832, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %vr = arith.muli %n, %c16 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %n, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x?x16x16xf16>
  %t = "pto.alloc_tile"(%vr) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=272, cols=32, v_row=?, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{NZ load spans up to 2 column blocks with a GM gap of 65536 32-byte blocks}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x?x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=272, cols=32, v_row=?, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An f16 view into a bf16 tile: same c0, but NZ->NZ copies bytes with no conversion.
func.func @negative_tile_element_type(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c65536 = arith.constant 65536 : index
  %c4096 = arith.constant 4096 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c16, %c65536, %c4096, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=bf16, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of an NZ view of f16 into a tile of bf16}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x16xf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A Mat tile of 264 rows is not whole 16-row fractals: refused where it is allocated
// (nz/tile_layout.py), and its load is not checked again.
func.func @negative_tile_not_whole_fractals(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  // expected-error @+1 {{'pto.alloc_tile' tile 264x512 i8 (loc=mat, blayout=col_major, slayout=row_major, fractal=512) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x32 inner boxes}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=264, cols=512, v_row=264, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=264, cols=512, v_row=264, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A one-row Mat tile is a layout PTOAS builds (GEMV), but an NZ->NZ load moves whole
// 16-row fractals into it.
func.func @negative_nz_load_into_one_row_tile(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=1, cols=512, v_row=1, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile 1x512 i8 (loc=mat, blayout=col_major, slayout=row_major, fractal=512) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x32 inner boxes}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=1, cols=512, v_row=1, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Dynamic valid columns with no relation to the partition's column blocks.
func.func @negative_valid_cols_unproven(%p: !pto.ptr<i8>, %vc: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"(%vc) {operandSegmentSizes = array<i32: 0, 0, 1>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' cannot prove that the tile's valid columns equal the NZ partition's (sizes[0] * sizes[1] * c0)}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// 4096 column blocks in one load exceed the 12-bit burst count of TLoadGm2L1Nz2nz.
// Now refused at the allocation: the 16x131072 i8 tile (2 MiB) does not fit L1, which subsumes the field.
func.func @negative_load_column_block_limit(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c2097152 = arith.constant 2097152 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4096, %c1, %c16, %c32, %c2097152, %c512, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c4096, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4096x1x16x32xi8>
  // expected-error @+1 {{tile does not fit the}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=131072, v_row=16, v_col=131072, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x4096x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=131072, v_row=16, v_col=131072, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The result type says 16 row fractals, the size operand 8: the load moves what the operand says.
func.func @negative_partition_type_contradicts_sizes(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition type !pto.partition_tensor_view<1x16x16x16x32xi8> states size[2] = 16 but its operand is 8}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Valid rows = 16 * sizes[2] up to 64, in a tile of 32 rows: the load would write past the tile.
func.func @negative_valid_rows_exceed_tile(%p: !pto.ptr<i8>, %n: index {nz.range = array<i64: 1, 5>}) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c2048 = arith.constant 2048 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c32, %c4096, %c2048, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %vr = arith.muli %n, %c16 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %n, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x?x16x32xi8>
  %t = "pto.alloc_tile"(%vr) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile's valid rows (proved [16, 64], a multiple of 16) may leave [0, 32], the tile's rows}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x?x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A batch stride of 2^31 elements: no value every PTOAS holds alike (an int32_t index
// wraps it to -2^31, an int64_t one keeps it), so it is not a constant stride.
func.func @negative_stride_wraps_at_32_bits(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c2147483648 = arith.constant 2147483648 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{NZ view stride[0] (proved [-inf, +inf], a multiple of 1) cannot be proved equal to shape[1] * stride[1]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c32, %c2147483648, %c512, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An i64 stride operand keeps 2^31, which the load's 32-bit signed stride field cannot hold.
func.func @negative_stride_limit_i64(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c2147483648 = arith.constant 2147483648 : i64
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c32, %c2147483648, %c512, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, i64, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{stride 2147483648 is not below 2^31}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A tload straight from a 32x64 view into a 32x32 tile: the whole view must match the tile.
func.func @negative_whole_view_other_shape(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c2048 = arith.constant 2048 : index
  %c1024 = arith.constant 1024 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' between an NZ view loaded whole (no pto.partition_view) 1x2x2x16x32xi8 (2048 elements) and a tile whose valid region 32x32 holds 1024}}
  "pto.tload"(%tv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.tensor_view<?x?x?x?x?xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ view passed in as an argument: its extents and strides are unknown, nothing can be proved
// (and PTOAS reads none of them: the partition is refused).
func.func @negative_load_from_argument_view(%tv: !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' of a tensor view that is a function argument, not a pto.make_tensor_view's result}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A partition of a partition: the model (and the hardware) address partitions of the view only.
func.func @negative_partition_of_partition(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  // expected-error @+1 {{'pto.partition_view' of a 'pto.partition_view' of an NZ view}}
  %pv2 = "pto.partition_view"(%pv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  return
}

// -----

// 64 of 128 rows: TStoreAccNz2nz puts column block 1 at rows 64..127 of strip 0, not at strip 1.
func.func @negative_acc_store_row_subwindow(%p: !pto.ptr<f32>, %w1169l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1169r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %c1024 = arith.constant 1024 : index
  %c128 = arith.constant 128 : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c8, %c16, %c8, %c2048, %c1024, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1169l, %w1169r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{NZ accumulator store into an NZ partition that is not whole rows: its column blocks are stride[1] = 1024 elements apart in the view but the store puts them 16 * sizes[2] * c0 = 512 apart}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// Two batches padded 1024 apart: the store packs batch 1 right after batch 0, 512 elements in.
func.func @negative_acc_store_batch_pitch(%p: !pto.ptr<f32>, %w1190l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1190r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %c512 = arith.constant 512 : index
  %c128 = arith.constant 128 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c1, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c2, %c1, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<2x1x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1190l, %w1190r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{its batches are stride[0] = 1024 elements apart in the view but the store continues the column blocks of one batch into the next at sizes[1] * 16 * sizes[2] * c0 = 512}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<2x1x4x16x8xf32>) -> ()
  return
}

// -----

// An Acc store at a symbolic column-block offset in [0, 2]: the 16-wide tile leaves the 16-column tensor.
func.func @negative_acc_store_symbolic_overrun(%p: !pto.ptr<f32>, %k: index {nz.range = array<i64: 0, 3>}, %w1212l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1212r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %c512 = arith.constant 512 : index
  %c128 = arith.constant 128 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  // expected-error @+1 {{NZ partition offset[1] (column blocks (C/c0)) + size[1] can reach 4, past the view's shape[1] = 2}}
  %pv = "pto.partition_view"(%tv, %c0, %k, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1212l, %w1212r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// pto lowered from pl (a pl op remains): the hint names the pl blocking pass.
func.func @negative_rank2_in_pl_derived_ir(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %bid = "pl.tile.get_block_idx"() : () -> index
  // expected-error @+1 {{(block-nz-tensor-views blocks the NZ tensors of pl IR: run it before convert-pl-to-pto, as the pl-to-pto pipeline does)}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// Hand-written pto input: the hint names pto-block-nz-views.
func.func @negative_rank2_in_pto_input(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{(pto-block-nz-views blocks logical NZ views written in pto IR: run it before verify-pto-nz)}}
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  return
}

// -----

// A rank-2 partition in pl-derived IR: the hint names the pl blocking pass.
func.func @negative_partition_rank2_in_pl_derived_ir(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %bid = "pl.tile.get_block_idx"() : () -> index
  // expected-error @+1 {{(block-nz-tensor-views blocks the NZ tensors of pl IR: run it before convert-pl-to-pto, as the pl-to-pto pipeline does)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A rank-2 partition in pto input: the hint names pto-block-nz-views.
func.func @negative_partition_rank2_in_pto_input(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{(pto-block-nz-views blocks logical NZ views written in pto IR: run it before verify-pto-nz)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A dynamic batch extent with no fact: nothing to prove the batch offset against (a warning; an error with strict-bounds).
func.func @warning_dynamic_batch_unbounded(%p: !pto.ptr<i8>, %b: index, %o: index {nz.range = array<i64: 0, 4>}) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %b, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-warning @+1 {{NZ partition offset[0] (batches) + size[0] can reach 4, past the view's shape[0] (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %o, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A batch offset nothing bounds (an argument with no facts) on a static batch axis may
// address memory before or after the tensor: refused, as in the pl passes (found by red
// team: had been a warning, and an Acc store so placed writes outside the tensor).
func.func @negative_batch_offset_unbounded(%p: !pto.ptr<i8>, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[0] (batches) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %b, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A batch offset a fact bounds, past the axis: an error (3 + 1 > 2 batches).
func.func @negative_batch_offset_bounded_outside(%p: !pto.ptr<i8>, %b: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[0] (batches) + size[0] can reach 4, past the view's shape[0] = 2}}
  %pv = "pto.partition_view"(%tv, %b, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An atomic Acc store into NZ adds to GM: the write is no longer the tile's data (the
// counterpart of the blocking passes' rule, on hand-written pto).
func.func @negative_atomic_acc_store(%p: !pto.ptr<f32>, %w1356l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1356r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1356l, %w1356r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{NZ accumulator store with atomicType = #pto<atomic_type atomic_add>: atomic and relu write-backs into NZ are not supported}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>, atomicType = #pto<atomic_type atomic_add>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// A flag nzpass cannot read may be an atomic add: refused, not taken as off.
func.func @negative_unreadable_flag_acc_store(%p: !pto.ptr<f32>, %w1377l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1377r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1377l, %w1377r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{NZ accumulator store: store attribute atomicType = 7 : i64 is neither a string, a unit, a bool nor #pto<atomic_type ...>: nzpass cannot tell whether it changes the write-back}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>, atomicType = 7 : i64} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// A relu on the way changes the data written.
func.func @negative_relu_acc_store(%p: !pto.ptr<f32>, %w1398l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1398r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1398l, %w1398r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{NZ accumulator store with reluPreMode = #pto<relu_pre_mode normal_relu>}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>, reluPreMode = #pto<relu_pre_mode normal_relu>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// A flag in its pl spelling on a pto store is read the same way.
func.func @negative_atomic_string_acc_store(%p: !pto.ptr<f32>, %w1419l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w1419r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w1419l, %w1419r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{NZ accumulator store with atomicType = "atomic_add"}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>, atomicType = "atomic_add"} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// Attack: stride[1] = R * 64, twice the row-major R * c0: every column block after the
// first would be read from the wrong place.
func.func @negative_dynamic_stride_wrong_factor(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c64 : index
  %s0 = arith.muli %r, %c512 : index
  // expected-error @+1 {{NZ view stride[1] (proved [8192, 524288], a multiple of 8192) cannot be proved equal to shape[2] * stride[2]: with a dynamic extent or stride verify-pto-nz accepts only the row-major strides of the blocked shape}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {
    %row = arith.floordivsi %n0, %c16 : index
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Attack: stride[1] from another argument with the same facts: not provably R * c0.
func.func @negative_dynamic_stride_other_argument(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}, %other: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %other, %c32 : index
  %s0 = arith.muli %r, %c512 : index
  // expected-error @+1 {{NZ view stride[1] (proved [4096, 262144], a multiple of 4096) cannot be proved equal to shape[2] * stride[2]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {
    %row = arith.floordivsi %n0, %c16 : index
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Attack: R only a multiple of 8, so R floordiv 16 drops 8 rows and stride[1] = R * 32 is
// not shape[2] * 512.
func.func @negative_dynamic_rows_not_multiple_of_16(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 8 : i64, nz.range = array<i64: 128, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c512 : index
  // expected-error @+1 {{NZ view stride[1] (proved [4096, 262144], a multiple of 256) cannot be proved equal to shape[2] * stride[2]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {
    %row = arith.floordivsi %n0, %c16 : index
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Attack: stride[0] = R * 256, half of shape[1] * stride[1] = R * 512 (C = 512).
func.func @negative_dynamic_stride_batch(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c256 : index
  // expected-error @+1 {{NZ view stride[0] (proved [32768, 2097152], a multiple of 32768) cannot be proved equal to shape[1] * stride[1]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {
    %row = arith.floordivsi %n0, %c16 : index
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Attack: a range that lets the #317 gap exceed 65535: R up to 70000, 16-row loads over two
// column blocks skip up to 69984 blocks, which the A2/A3 field truncates.
func.func @negative_dynamic_rows_gap(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 70001>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c64 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c16 {
    %row = arith.floordivsi %n0, %c16 : index
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c2, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    // expected-error @+1 {{NZ load spans up to 2 column blocks with a GM gap of 69984 32-byte blocks (column-block stride up to 2240000 (proved [512, 2240000], a multiple of 512) = 70000 rows - loaded rows 16), more than the 65535 the A2/A3 load instruction holds}}
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Attack: steps of 128 rows up to an R that is only a multiple of 16: at R = 144 the second
// window [8, 16) of row fractals overruns shape[2] = 9 into the next column block. An error,
// not a warning: a row overrun reads other data of the tensor silently.
func.func @negative_dynamic_rows_overrun(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {
    %row = arith.floordivsi %n0, %c16 : index
    // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 512, past the view's shape[2] (proved [1, 512], a multiple of 1)}}
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// A lying alloc: valid operands 64 x 32 for a 32 x 64 partition (the same element count),
// with the type's valid region dynamic. verify-pto-nz reads the alloc's operands through the
// same resolution as pto-block-nz-views (nz/valid_region.py).
func.func @negative_alloc_valid_operands_lie(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"(%c64, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' cannot prove that the tile's valid rows equal the NZ partition's (16 * sizes[2]): the tile's are 64}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Allocs of different valid rows flow into one loop-carried tile.
func.func @negative_iter_args_valid_rows_differ(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t0 = "pto.alloc_tile"(%c32, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %t0) -> (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    // expected-error @+1 {{'pto.tload' tile reaches the transfer from pto.alloc_tile ops with different valid_row operands (32 at line}}
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %next = "pto.alloc_tile"(%c16, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    scf.yield %next : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  return
}

// -----

// pto.set_validshape after the load in a loop: the next iteration's load sees it.
func.func @negative_set_validshape_after_load_in_loop(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"(%c32, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{'pto.tload' tile's valid region is changed by pto.set_validshape (at line}}
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    "pto.set_validshape"(%t, %c16, %c64) : (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  }
  return
}

// -----

// A dynamic valid region on a tile passed in as an argument: no alloc to read.
func.func @negative_dynamic_valid_tile_argument(%p: !pto.ptr<i8>, %t: !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region is a function argument, which no pto.alloc_tile operand can be followed through}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ partition yielded out of an scf.if: the tload of the if's result would see an
// ND-looking partition and go unchecked (here it loads 2 of 8 column blocks into a tile
// of 8, which the direct form refuses).
func.func @partition_through_scf_if(%p: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %v = scf.if %c -> !pto.partition_tensor_view<1x8x16x16x16xf16> {
    %a = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
    // expected-error @+1 {{an NZ partition flows into 'scf.yield'}}
    scf.yield %a : !pto.partition_tensor_view<1x8x16x16x16xf16>
  } else {
    %b = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
    // expected-error @+1 {{an NZ partition flows into 'scf.yield'}}
    scf.yield %b : !pto.partition_tensor_view<1x8x16x16x16xf16>
  }
  %t = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  "pto.tload"(%v, %t) : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// -----

// An NZ partition carried by an scf.for: the loop's region argument hides it.
func.func @partition_through_scf_for(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %a = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %t = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  // expected-error @+1 {{an NZ partition flows into 'scf.for'}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%it = %a) -> (!pto.partition_tensor_view<1x8x16x16x16xf16>) {
    "pto.tload"(%it, %t) : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
    scf.yield %it : !pto.partition_tensor_view<1x8x16x16x16xf16>
  }
  return
}

// -----

// An NZ partition passed to a function: the callee's tload cannot be checked here.
func.func private @load_it(%v: !pto.partition_tensor_view<1x8x16x16x16xf16>)
func.func @partition_through_call(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %a = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  // expected-error @+1 {{an NZ partition flows into 'func.call'}}
  func.call @load_it(%a) : (!pto.partition_tensor_view<1x8x16x16x16xf16>) -> ()
  return
}

// -----

// An NZ view read by an op verify-pto-nz does not model.
func.func @view_into_unmodelled_op(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{an NZ view flows into 'pto.tprefetch'}}
  "pto.tprefetch"(%tv) : (!pto.tensor_view<?x?x?x?x?xf16>) -> ()
  return
}

// -----

// An NZ partition in the wrong operand group of a checked op: the source of a tstore is
// a tile, never a view (the op's own check says so too).
func.func @partition_as_tstore_source(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %a = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %b = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  // expected-error @+2 {{an NZ partition flows into the src operand of 'pto.tstore'}}
  // expected-error @+1 {{'pto.tstore' op with an NZ view needs a !pto.tile_buf src operand}}
  "pto.tstore"(%a, %b) : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.partition_tensor_view<1x8x16x16x16xf16>) -> ()
  return
}

// -----

// An NZ load with padding operands: what left/right padding does to an NZ->NZ load is
// not modelled, so the tile would not be proved to hold the partition.
func.func @nz_load_with_padding(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %t = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  %three = arith.constant 3 : index
  // expected-error @+1 {{NZ load with a left_padding_num operand}}
  "pto.tload"(%pv, %t, %three) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>}> : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>, index) -> ()
  return
}

// -----

// A pad mode in the properties (PTOAS's spelling), hidden from the attribute dictionary.
func.func @nz_load_with_pad_mode(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %t = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  // expected-error @+1 {{NZ load with pad_mode = #pto.padmode<PadFirstElem>}}
  "pto.tload"(%pv, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, pad_mode = #pto.padmode<PadFirstElem>}> : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// -----

// init_out_buffer = true initialises the tile on the way; an attribute in the dictionary
// next to properties is read too.
func.func @nz_load_initialising_the_tile(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %t = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  // expected-error @+1 {{NZ load with init_out_buffer = true}}
  "pto.tload"(%pv, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, pad_mode = #pto.padmode<PadNull>}> {init_out_buffer = true} : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// -----

// A row-fractal offset from a 128-bit constant beyond 64 bits (2^64 + 1): the cast
// keeps the low 64 bits, whose sign the analysis does not claim. Refused where the
// old reader of IntegerAttr.value aborted the process.
func.func @negative_wide_constant_offset(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %wide = arith.constant 18446744073709551617 : i128
  %r = arith.index_cast %wide : i128 to index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c8, %c2048, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %r, %c0, %c0, %c1, %c4, %c1, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x1x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x4x1x16x8xf32>, !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Index in both readings (found by red team): a * 2^26 may wrap at 32 bits, and where
// PTOAS spells index as int64_t it does not, so index_castui to i64 and a shift right
// by 28 is no row fractal below 16 there (a = 100 gives 25, not 9).
func.func @negative_index_wrap_widened(%p: !pto.ptr<i8>, %a: index {nz.range = array<i64: 0, 1024>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %big = arith.constant 67108864 : index
  %c28 = arith.constant 28 : i64
  %m = arith.muli %a, %big : index
  %z = arith.index_castui %m : index to i64
  %w = arith.shrui %z, %c28 : i64
  %o = arith.index_cast %w : i64 to index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A generic op may be written with any results: a partition with none moves nothing
// checkable (and reading its result crashed the verifier).
func.func @negative_partition_without_result(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{'pto.partition_view' op has 0 results; its definition gives it 1}}
  "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// Two results: a transfer of the second would not be the partition the checks read.
func.func @negative_partition_with_two_results(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{'pto.partition_view' op has 2 results; its definition gives it 1}}
  %pv, %other = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.partition_tensor_view<1x2x2x16x32xi8>)
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A malformed transfer of an NZ partition is refused, although the partition's type
// does not say NZ (it was skipped as ND IR).
func.func @negative_tload_of_nz_partition_with_one_operand(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{'pto.tload' op needs operandSegmentSizes: its 1 operands do not tell its groups (src, dst, pad_value, left_padding_num, right_padding_num, init_condition) apart}}
  "pto.tload"(%pv) : (!pto.partition_tensor_view<1x2x2x16x32xi8>) -> ()
  return
}

// -----

// A group holds at most as many values as the op's definition allows.
func.func @negative_tload_with_two_pad_values(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' op takes at most one pad_value operand, got 2}}
  "pto.tload"(%pv, %t, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  return
}

// -----

// pto.set_validshape takes (tile, valid_row, valid_col): one operand short is refused, not
// read past its end.
func.func @negative_set_validshape_short(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"(%c32, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.set_validshape' op takes 3 operands (source, valid_row, valid_col), got 2}}
  "pto.set_validshape"(%t, %c32) : (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index) -> ()
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The type states 32 valid rows, the setter 16: the checks read the type, the model ran
// the setter. PTOAS allows a setter only on a tile with v_row=? and v_col=?.
func.func @negative_set_validshape_of_static_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.set_validshape' of a tile whose type states its valid extents (v_row=32, v_col=64): PTOAS requires both dynamic}}
  "pto.set_validshape"(%t, %c16, %c64) : (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A type that contradicts its operand: the type states 32 valid rows, the alloc's
// valid_row operand 16. The checks read the type; PTOAS's AllocTileOp verifier wants the
// operand of an axis exactly when the type says `?`, so which region moves is not defined.
func.func @negative_alloc_valid_row_beside_static_type(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{'pto.alloc_tile' of !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>: the valid_row operand must be absent: the type states v_row=32}}
  %t = "pto.alloc_tile"(%c16) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The other axis, and an operand equal to the type's extent: still two statements of
// one fact, refused like PTOAS refuses them.
func.func @negative_alloc_valid_col_equal_to_static_type(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{the valid_col operand must be absent: the type states v_col=64}}
  %t = "pto.alloc_tile"(%c32, %c64) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A dynamic extent with no operand: no value gives the region, refused at the alloc.
func.func @negative_alloc_dynamic_valid_col_without_operand(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{the valid_col operand is required: the type leaves v_col=?}}
  %t = "pto.alloc_tile"(%c32) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A malformed alloc of a static tile is refused where it is, not skipped (found by red
// team: two operands and no operandSegmentSizes passed, as its addr went unread).
func.func @negative_alloc_groups_not_derivable(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  // expected-error @+1 {{'pto.alloc_tile' op needs operandSegmentSizes: its 2 operands do not tell its groups (addr, valid_row, valid_col) apart}}
  %t = "pto.alloc_tile"(%c32, %c64) : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// One axis stated is enough to refuse it.
func.func @negative_set_validshape_of_half_static_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"(%c64) {operandSegmentSizes = array<i32: 0, 0, 1>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.set_validshape' of a tile whose type states its valid extents (v_row=32, v_col=?)}}
  "pto.set_validshape"(%t, %c16, %c64) : (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The setter nested in a branch, on the loop-carried alias of the tile: still found (every
// op of the function is read for a pto.set_validshape before any tile's uses are skipped).
func.func @negative_set_validshape_of_static_tile_nested(%p: !pto.ptr<i8>, %b: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %t) -> (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    scf.if %b {
      // expected-error @+1 {{'pto.set_validshape' of a tile whose type states its valid extents (v_row=32, v_col=64): PTOAS requires both dynamic}}
      "pto.set_validshape"(%a, %c16, %c64) : (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
    }
    scf.yield %a : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The attribute says ND, the type NZ: one reader would take the bytes as NZ, another as ND.
func.func @negative_layout_attribute_and_type_disagree(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  // expected-error @+1 {{'pto.make_tensor_view' op states layout nd in its attribute but nz in its result type; state one layout}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>
  return
}

// -----

// A callee shrinks the tile's valid rows: the call hands the tile on under another name,
// whose pto.set_validshape the transfer's check would not see.
func.func private @negative_tile_through_call_shrink(%t: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  "pto.set_validshape"(%t, %c16, %c32) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  return
}
func.func @negative_tile_through_call(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x16xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  func.call @negative_tile_through_call_shrink(%t) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'func.call'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A cast's result is the same buffer under another name.
func.func @negative_tile_through_cast(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x16xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %t2 = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.set_validshape"(%t2, %c16, %c32) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'builtin.unrealized_conversion_cast'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An scf.while region argument is the same buffer under another name (only scf.for and
// scf.if are followed).
func.func @negative_tile_through_while(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x16xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %false = arith.constant false
  %w = scf.while (%a = %t) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> {
    "pto.set_validshape"(%a, %c16, %c32) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
    scf.condition(%false) %a : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  } do {
  ^bb0(%b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>):
    scf.yield %b : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'scf.while'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A callee's nz.range is an axiom of its proofs: the caller in the module must keep it
// (it passes 2 where [0, 2) is declared: row fractal 2 of column block 0 is column block 1).
func.func private @facts_callee(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 2>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %r, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @negative_call_breaks_callee_facts(%p: !pto.ptr<f16>) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'func.call' passes argument 1 of @facts_callee a value proved [2, 2], a multiple of 2, outside what @facts_callee declares of it ([0, 1], a multiple of 1)}}
  func.call @facts_callee(%p, %c2) : (!pto.ptr<f16>, index) -> ()
  return
}

// -----

// A caller's unbounded argument passed on breaks nothing the callee can see: refused.
func.func private @facts_callee2(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 2>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %r, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @negative_call_passes_unbounded_argument(%p: !pto.ptr<f16>, %r: index) {
  // expected-error @+1 {{'func.call' passes argument 1 of @facts_callee2 a value proved [-inf, +inf], a multiple of 1}}
  func.call @facts_callee2(%p, %r) : (!pto.ptr<f16>, index) -> ()
  return
}

// -----

// An indirect call cannot be checked against the callee's facts.
func.func private @facts_callee3(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 2>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %r, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @negative_indirect_call_of_facts(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  // expected-error @+2 {{'func.constant' of @facts_callee3, which declares argument facts (nz.range / nz.multiple_of): its indirect calls cannot be checked}}
  // expected-error @+1 {{reference of @facts_callee3, whose pointer argument 0 is the base of an NZ view (at line}}
  %f = func.constant @facts_callee3 : (!pto.ptr<f16>, index) -> ()
  func.call_indirect %f(%p, %c1) : (!pto.ptr<f16>, index) -> ()
  return
}

// -----

// An i0 holds no bits: not an offset the analysis reads (its width broke the interval
// arithmetic).
func.func @negative_i0_offset(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %z0 = arith.constant 0 : i0
  // expected-error @+1 {{'pto.partition_view' operand of type i0: shapes, strides, offsets and sizes are index (or integer) values}}
  %pv = "pto.partition_view"(%tv, %z0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, i0, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A cast that relabels the tile's memory is still the same buffer: only pto and pl ops
// with results in another memory compute new tiles.
func.func @negative_tile_cast_to_other_memory(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.set_validshape"(%s, %c16, %c32) : (!pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'builtin.unrealized_conversion_cast'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An op of another dialect may hand the tile on, whatever its result type says.
func.func @negative_tile_into_unknown_op(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = "test.foo"(%t) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<bogus>
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'test.foo'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A pto op whose result type does not read may return the tile itself (it crashed the
// check of the tile's names).
func.func @negative_tile_into_pto_op_of_unreadable_result(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = "pto.tmov"(%t) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<bogus>
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'pto.tmov'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A cast gives a tile allocated with 16 valid rows a type that states 32: the check read
// the type, the buffer holds 16.
func.func @negative_static_tile_cast_from_dynamic(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c16, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile is the result of 'builtin.unrealized_conversion_cast' (at line}}
  "pto.tload"(%pv, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A tile cast to a scalar and back is the same buffer under another name.
func.func @negative_tile_cast_through_index(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c32, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %i = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to index
  %s = builtin.unrealized_conversion_cast %i : index to !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.set_validshape"(%s, %c16, %c32) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) -> ()
  // expected-error @+1 {{'pto.tload' tile with a dynamic valid region also flows into 'builtin.unrealized_conversion_cast'}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A layout keyword with blanks around it is NZ to PTOAS's parser, so to this pass: the partition's row
// fractal 4 of 4 is checked (it is past the column block), not passed over as ND.
func.func @negative_layout_keyword_with_blanks(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c16, %c4096, %c1024, %c256, %c16, %c1) {layout = #pto.layout< nz >, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 5, past the view's shape[2] = 4}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The layout in the view type, quoted in the dialect's opaque form: NZ all the same.
func.func @negative_layout_quoted_in_the_type(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c16, %c4096, %c1024, %c256, %c16, %c1) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16, #pto<"layout<nz>">>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 5, past the view's shape[2] = 4}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16, #pto<"layout<nz>">>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A layout keyword PTOAS does not know (its parser is case-sensitive) is refused, not read as ND.
func.func @negative_layout_unknown_keyword(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  // expected-error @+1 {{'pto.make_tensor_view' op attribute 'layout': '#pto.layout<NZ>' names no layout PTOAS knows}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c16, %c4096, %c1024, %c256, %c16, %c1) {layout = #pto.layout<NZ>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A layout attribute that is not a pto layout is refused.
func.func @negative_layout_not_a_pto_layout(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  // expected-error @+1 {{'pto.make_tensor_view' op attribute 'layout' must be a #pto.layout<nd>, <dn> or <nz>, got "nz"}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c16, %c4096, %c1024, %c256, %c16, %c1) {layout = "nz", operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A tile whose type states 32 valid rows, made by pto.treshape of a tile allocated with 16: no
// pto.alloc_tile backs the 32, so the transfer is refused (as for a cast).
func.func @negative_static_tile_from_treshape(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c16, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = "pto.treshape"(%t) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile is the result of 'pto.treshape' (at line}}
  "pto.tload"(%pv, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The same relabel reaching the tload through a cf.br block argument: the walk back to an
// alloc follows scf.for iter_args and scf.if / scf.for results only.
func.func @negative_static_tile_through_a_branch(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  %t = "pto.alloc_tile"(%c16, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  cf.br ^bb1(%s : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
^bb1(%b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>):
  // expected-error @+1 {{'pto.tload' tile is an argument of a block of 'func.func'}}
  "pto.tload"(%pv, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A tile that is a function argument: the caller may pass any buffer under that type (here
// one allocated with 16 valid rows, relabelled).
func.func @callee(%p: !pto.ptr<f16>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{'pto.tload' tile is a function argument, which may relabel}}
  "pto.tload"(%pv, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

func.func @negative_static_tile_argument_caller(%p: !pto.ptr<f16>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pto.alloc_tile"(%c16, %c32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %s = builtin.unrealized_conversion_cast %t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  func.call @callee(%p, %s) : (!pto.ptr<f16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ view over a reinterpreted pointer: pto.castptr of an i8 pointer to f16 would read the
// i8 NZ bytes with the f16 C0 line; the base must be the kernel's own GM argument.
func.func @negative_view_over_castptr(%p8: !pto.ptr<i8>) {
  %p = "pto.castptr"(%p8) : (!pto.ptr<i8>) -> !pto.ptr<f16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ view over a pointer that is the result of 'pto.castptr': the base of an NZ view must be a GM pointer argument of the kernel}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ view over an offset pointer: 8 elements in, half a C0 line off the fractal grid.
func.func @negative_view_over_addptr(%p0: !pto.ptr<f16>) {
  %c8 = arith.constant 8 : index
  %p = "pto.addptr"(%p0, %c8) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ view over a pointer that is the result of 'pto.addptr'}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An NZ view over a pointer into the unified buffer: NZ tensors are GM tensors.
func.func @negative_view_over_ub(%p: !pto.ptr<f16, ub>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{NZ view over a !pto.ptr<f16, ub>: an NZ tensor is a GM tensor}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16, ub>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A callee's NZ view over its argument is checked at every call: this one passes an offset
// pointer.
func.func private @view_callee(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @negative_call_passes_an_offset_pointer(%p0: !pto.ptr<f16>) {
  %c8 = arith.constant 8 : index
  %p = "pto.addptr"(%p0, %c8) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
  // expected-error @+1 {{reference of @view_callee, whose pointer argument 0 is the base of an NZ view}}
  func.call @view_callee(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// Two levels down: the middle function passes its own argument on, so its callers are
// checked in turn, and the kernel passes an offset pointer to it.
func.func private @view_leaf(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func private @view_middle(%q: !pto.ptr<f16>) {
  func.call @view_leaf(%q) : (!pto.ptr<f16>) -> ()
  return
}
func.func @negative_call_chain_passes_an_offset_pointer(%p0: !pto.ptr<f16>) {
  %c8 = arith.constant 8 : index
  %p = "pto.addptr"(%p0, %c8) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
  // expected-error @+1 {{reference of @view_middle, whose pointer argument 0 is the base of an NZ view}}
  func.call @view_middle(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// The layout stated as a property and as an attribute, NZ in one and ND in the other: a
// reader asking by name sees the property, one listing the attributes the other.
func.func @negative_layout_as_property_and_attribute(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  // expected-error @+1 {{'pto.make_tensor_view' op states 'layout' as a property (#pto.layout<nz>) and as an attribute (#pto.layout<nd>); state it once}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c16, %c4096, %c1024, %c256, %c16, %c1) <{layout = #pto.layout<nz>}> {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// A nested module that states another backend than the module it is in: the rules read the
// top-level one (a5 here), which would let this 256 KiB Acc store past the 128 KiB L0C of A2/A3.
module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
  // expected-error @+1 {{nested module states pl.backend or pto.target_arch naming "a2a3" inside a module whose backend is "a5"}}
  module attributes {pl.backend = "a2a3"} {
    func.func @negative_nested_backend(%p: !pto.ptr<f32>) {
      return
    }
  }
}

// -----

// An Acc tile of 8 valid columns into one FP32 column block (c0 = 8): nz-semantics 4.6 has no
// single-column-block exception, the written region is whole 16 x 16 boxes.
func.func @negative_acc_store_of_8_valid_columns(%p: !pto.ptr<f32>, %w2789l: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w2789r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c8, %c128, %c128, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=8, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tmatmul"(%w2789l, %w2789r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=8, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' Acc tile's valid columns (8) are not provably a multiple of 16}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=8, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x1x1x16x8xf32>) -> ()
  return
}

// -----

// One pointer viewed NZ as a [16, 16] plane and as a [32, 16] one (red team t01): the two
// views contradict each other about where each element lies.
func.func @negative_two_geometries_one_pointer(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{disagrees with its NZ view at}}
  %tv2 = "pto.make_tensor_view"(%p, %c1, %c1, %c2, %c16, %c16, %c512, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// The kernel and a callee it passes its pointer to view it under different planes
// (red team t13): grouped by the kernel argument both views are of.
func.func private @plane_callee(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  return
}
func.func @negative_caller_callee_disagree(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ view [B, 2, 1, 16, 16] x f16, stride[1] = 256 of @negative_caller_callee_disagree's pointer argument 0 disagrees with its NZ view at}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c1, %c16, %c16, %c512, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  func.call @plane_callee(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// Two batches of the same plane but batch strides that differ: batch 1 lies elsewhere.
func.func @negative_batch_stride_differs(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{disagrees with its NZ view at}}
  %tv2 = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c512, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// One base viewed as a single batch first, then as two batches under two batch strides
// (found fixing red team rt_verify's recursive kernel): each agrees with the single batch,
// but not with each other, so every multi-batch view is compared with the first of them.
func.func @negative_batch_strides_differ_after_one_batch(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %one = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %two = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error-re @+1 {{NZ view [B, 1, 1, 16, 16] x f16, stride[1] = 256, stride[0] = 512 of @negative_batch_strides_differ_after_one_batch's pointer argument 0 disagrees with its NZ view at line {{[0-9]+}}:{{[0-9]+}} ([B, 1, 1, 16, 16] x f16, stride[1] = 256, stride[0] = 256)}}
  %other = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c512, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// A kernel that calls itself views its pointer under two planes (red team rt_verify
// recursive_geometry): nothing but itself calls it, so its argument is a root of its own.
func.func @negative_recursive_kernel_two_geometries(%p: !pto.ptr<f16>, %again: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %false = arith.constant false
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{of @negative_recursive_kernel_two_geometries's pointer argument 0 disagrees with its NZ view at}}
  %tv2 = "pto.make_tensor_view"(%p, %c1, %c1, %c2, %c16, %c16, %c512, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  scf.if %again {
    func.call @negative_recursive_kernel_two_geometries(%p, %false) : (!pto.ptr<f16>, i1) -> ()
  }
  return
}

// -----

// Two functions that call each other, each viewing the pointer under its own plane: a
// cycle with no caller outside it, whose views are still compared.
func.func @negative_mutual_recursion_ping(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  func.call @negative_mutual_recursion_pong(%p) : (!pto.ptr<f16>) -> ()
  return
}
func.func @negative_mutual_recursion_pong(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{of @negative_mutual_recursion_ping's pointer argument 0 disagrees with its NZ view at}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c2, %c16, %c16, %c512, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  func.call @negative_mutual_recursion_ping(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// A kernel that calls itself with an offset pointer (of another argument, which nothing
// else reads): the call's provenance is checked although the callee is the caller.
func.func @negative_recursive_call_offsets_its_pointer(%p: !pto.ptr<f16>, %r: !pto.ptr<f16>, %again: i1) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %false = arith.constant false
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  scf.if %again {
    %q = "pto.addptr"(%r, %c16) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
    // expected-error @+1 {{reference of @negative_recursive_call_offsets_its_pointer, whose pointer argument 0 is the base of an NZ view}}
    func.call @negative_recursive_call_offsets_its_pointer(%q, %r, %false) : (!pto.ptr<f16>, !pto.ptr<f16>, i1) -> ()
  }
  return
}

// -----

// Mutual recursion where the function without a view passes an offset pointer (of its
// other argument) back: each caller of a function whose argument is an NZ base is
// checked, around the cycle too.
func.func @negative_mutual_recursion_view(%p: !pto.ptr<f16>, %r: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  func.call @negative_mutual_recursion_offset(%p, %r) : (!pto.ptr<f16>, !pto.ptr<f16>) -> ()
  return
}
func.func @negative_mutual_recursion_offset(%p: !pto.ptr<f16>, %r: !pto.ptr<f16>) {
  %c16 = arith.constant 16 : index
  %q = "pto.addptr"(%r, %c16) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
  // expected-error @+1 {{reference of @negative_mutual_recursion_view, whose pointer argument 0 is the base of an NZ view}}
  func.call @negative_mutual_recursion_view(%q, %r) : (!pto.ptr<f16>, !pto.ptr<f16>) -> ()
  return
}

// -----

// The NZ pointer also viewed ND (red team t02): row-major reads of fractal-ordered bytes.
func.func @negative_nd_view_of_nz_pointer(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{'pto.make_tensor_view' uses pointer argument 0 of @negative_nd_view_of_nz_pointer, whose bytes an NZ view (at}}
  %nd = "pto.make_tensor_view"(%p, %c16, %c16, %c16, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  return
}

// -----

// The kernel views its pointer NZ and hands it to a callee that reads it as a scalar: a
// callee handed NZ bytes must read them as NZ too.
func.func private @scalar_callee(%q: !pto.ptr<f16>) -> f16 {
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'pto.load_scalar' uses pointer argument 0 of @scalar_callee, whose bytes an NZ view}}
  %x = "pto.load_scalar"(%q, %c3) : (!pto.ptr<f16>, index) -> f16
  return %x : f16
}
func.func @negative_callee_reads_nz_bytes(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %x = func.call @scalar_callee(%p) : (!pto.ptr<f16>) -> f16
  return
}

// -----

// The NZ pointer passed to a function the module only declares: what it does is unseen.
func.func private @external(!pto.ptr<f16>)
func.func @negative_nz_pointer_to_declaration(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{to a function with no body in the module}}
  func.call @external(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// A callee returns the NZ pointer to its caller, which could view it any way: only a
// kernel (nothing calls it) may return it.
func.func private @returns_pointer(%p: !pto.ptr<f16>) -> !pto.ptr<f16> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  // expected-error @+1 {{'func.return' uses pointer argument 0 of @returns_pointer, whose bytes an NZ view}}
  return %p : !pto.ptr<f16>
}
func.func @negative_pointer_returned_to_caller(%p: !pto.ptr<f16>) {
  %q = func.call @returns_pointer(%p) : (!pto.ptr<f16>) -> !pto.ptr<f16>
  return
}

// -----

// A 256 KiB Vec tile on A2/A3, whose UB is 192 KiB (red team t03 was a 1 MiB Mat tile).
func.func @negative_vec_tile_over_ub() {
  // expected-error @+1 {{'pto.alloc_tile' tile does not fit the 192 KiB UB (loc=vec) of a2a3: its 262144 bytes exceed the memory's 196608}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// A 128 KiB Mat tile at L1 address 448 KiB ends at 576 KiB, past the 512 KiB L1 (red
// team t04).
func.func @negative_mat_tile_past_l1() {
  %addr = arith.constant 458752 : i64
  // expected-error @+1 {{tile does not fit the 512 KiB L1 (loc=mat) of a2a3: placed at address up to 458752, it may end at byte 589824}}
  %t = "pto.alloc_tile"(%addr) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// An address nothing bounds may be anywhere, below 0 included.
func.func @negative_tile_addr_unbounded(%addr: i64) {
  // expected-error @+1 {{tile does not fit the 64 KiB L0A (loc=left) of a2a3: its address may be}}
  %t = "pto.alloc_tile"(%addr) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// A tile of a dtype with no bit width: its bytes are unknown.
func.func @negative_tile_of_unsized_dtype() {
  // expected-error @+1 {{an element type of no bit width, so its bytes}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=index, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// A view that states no layout, which PTOAS's InferPTOLayout infers NZ (shape[2] == 16,
// 16 * shape[3] * 2 bytes == 512, stride[4] == 1, stride[3] == shape[4]): checked as NZ, so
// a partition that cuts a fractal is refused (red team rt3 infer_nz.pto had been accepted).
func.func @negative_inferred_nz_cut_fractal(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c16, %c16, %c16, %c4096, %c4096, %c256, %c16, %c1) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<1x1x16x16x16xf16>
  // expected-error @+1 {{NZ partition offset[3] = 8 must be 0}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c8, %c0, %c1, %c1, %c16, %c8, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<1x1x16x16x16xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x16x8x16xf16>
  return
}

// -----

// A rank-3 f16 [16, 16, 16] view with no layout: PTOAS right-aligns it to [1, 1, 16, 16, 16]
// and infers NZ, so it must meet the NZ rules, and rank 3 does not.
func.func @negative_inferred_nz_rank3(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{this view states no layout, and PTOAS's InferPTOLayout infers nz from its static shape and strides}}
  %tv = "pto.make_tensor_view"(%p, %c16, %c16, %c16, %c256, %c16, %c1) {operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<f16>, index, index, index, index, index, index) -> !pto.tensor_view<16x16x16xf16>
  return
}

// -----

// A layout stated on a transfer is read by PTOAS over the view's: an ND view loaded
// "as nz" would move NZ->NZ a window that cuts a fractal (found by red team).
func.func @negative_tload_states_another_layout(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' states layout nz, but the pto.make_tensor_view its data comes from is nd}}
  "pto.tload"(%pv, %t) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The same in a partition's type: an NZ view partitioned "as nd" reads fractals as rows.
func.func @negative_partition_type_states_another_layout(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{'pto.partition_view' states layout nd, but the pto.make_tensor_view its data comes from is nz}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8, #pto.layout<nd>>
  return
}

// -----

// PTOAS compiles for pto.target_arch; every rule here reads pl.backend: the two must name
// one target (found by red team: A5 capacities were checked for an A3 build).
// expected-error @+1 {{module states pl.backend = "a5" but pto.target_arch = "a3", which PTOAS compiles for (a2a3)}}
module attributes {pl.backend = "a5", pto.target_arch = "a3"} {
  func.func @negative_two_targets() {
    return
  }
}

// -----

// The Acc -> NZ write-back is modelled for A2/A3 only: on A5 (here stated as PTOAS's
// pto.target_arch alone) verify-pto-nz refuses it too, as both blocking passes do.
module attributes {pto.target_arch = "A5"} {
  func.func @negative_acc_store_to_nz_on_a5(%p: !pto.ptr<f32>, %w3154l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w3154r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%w3154l, %w3154r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    // expected-error @+1 {{NZ accumulator stores are supported on A2/A3 only}}
    "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}

// -----

// A batch offset equal to the view's own dynamic batch count is one past the end on every
// run: an error, though the end of a dynamic axis is otherwise left to the caller.
func.func @negative_batch_offset_at_the_dynamic_extent(%p: !pto.ptr<i8>, %B: index {nz.range = array<i64: 1, 100>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %o = arith.addi %B, %c4 : index
  %tv = "pto.make_tensor_view"(%p, %B, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[0] (batches) + size[0] can reach 104, past the view's shape[0]}}
  %pv = "pto.partition_view"(%tv, %o, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}

// -----

// pl.backend = "a5" alone: PTOAS reads only pto.target_arch and without it builds for A3,
// so what is checked for A5 is not what runs (found by red team). convert-pl-to-pto
// writes the attribute on what it lowers.
// expected-error @+1 {{module states pl.backend = "a5" but no pto.target_arch}}
module attributes {pl.backend = "a5"} {
  func.func @negative_a5_unstated_for_ptoas() {
    return
  }
}

// -----

// PTOAS takes a GM memref as a transfer's operand and moves it NZ when its layout is
// NZ (stated along the memref ops, or inferred from a static shape: here [1, 2, 16, 16, 16]
// f16 with row-major strides): no NZ rule reads a memref's geometry, and this one's
// 2113536-element batch stride is past the GM gap limit (found by red team).
func.func @negative_memref_transfer_taken_as_nz(%arg: memref<4227072xf16>) {
  %src = "memref.reinterpret_cast"(%arg) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1, 2, 16, 16, 16>, static_strides = array<i64: 2113536, 1056768, 256, 16, 1>} : (memref<4227072xf16>) -> memref<1x2x16x16x16xf16, strided<[2113536, 1056768, 256, 16, 1]>>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' moves a GM memref PTOAS takes as NZ (its 'memref.reinterpret_cast' states it)}}
  "pto.tload"(%src, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (memref<1x2x16x16x16xf16, strided<[2113536, 1056768, 256, 16, 1]>>, !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The same geometry with no layout anywhere: InferPTOLayout infers NZ from the static
// shape and strides of a GM memref (no memory space is GM).
func.func @negative_memref_ptoas_infers_nz(%src: memref<1x2x16x16x16xf16>) {
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' moves a GM memref PTOAS takes as NZ (InferPTOLayout infers it from the static shape and strides)}}
  "pto.tload"(%src, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (memref<1x2x16x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// PTOAS may take the arch from the first pto.target_arch in the file, a function's
// included: a5 on the function of a module whose target is A2/A3 is refused, as on a
// nested module (found by red team).
module {
  // expected-error @+1 {{'func.func' states pl.backend or pto.target_arch naming "a5" inside a module whose backend is "a2a3"}}
  func.func @negative_arch_on_a_function() attributes {pto.target_arch = "a5"} {
    return
  }
}

// -----

// PTOAS reads the arch from the first pto.target_arch of the file's text, a comment
// included: A5 here, while the module (stating none) is checked for A2/A3 (found by red
// team). Only nzpass-opt sees the text; every attribute is checked by the passes.
// expected-error @+1 {{PTOAS reads the target from the first}}
// built for: pto.target_arch = "a5"
func.func @negative_arch_in_a_comment() {
  return
}

// -----

// PTOAS sums a partition's offset * stride in uint32: expert 70 of 80 int8 [8192, 8192]
// experts starts at 70 * 2^26 >= 2^32 and would read expert 6.
func.func @negative_start_past_u32(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c262144 = arith.constant 262144 : index
  %c67108864 = arith.constant 67108864 : index
  %tv = "pto.make_tensor_view"(%p, %c80, %c256, %c512, %c16, %c32, %c67108864, %c262144, %c512, %c32, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition can start 4697620480 elements into the view, at or past 2^32}}
%pv = "pto.partition_view"(%tv, %c70, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The same bound from an argument's facts: expert 79 starts at 79 * 2^26.
func.func @negative_start_past_u32_by_facts(%p: !pto.ptr<i8>, %e: index {nz.range = array<i64: 0, 80>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c262144 = arith.constant 262144 : index
  %c67108864 = arith.constant 67108864 : index
  %tv = "pto.make_tensor_view"(%p, %c80, %c256, %c512, %c16, %c32, %c67108864, %c262144, %c512, %c32, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition can start 5301600256 elements into the view, at or past 2^32}}
%pv = "pto.partition_view"(%tv, %e, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Experts 0..63 start below 2^32 (63 * 2^26 + 0): accepted.
func.func @start_below_u32(%p: !pto.ptr<i8>, %e: index {nz.range = array<i64: 0, 64>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c262144 = arith.constant 262144 : index
  %c67108864 = arith.constant 67108864 : index
  %tv = "pto.make_tensor_view"(%p, %c80, %c256, %c512, %c16, %c32, %c67108864, %c262144, %c512, %c32, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %e, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Each nested module is its own symbol table: @b's call of its own bodyless @ext is
// not made safe by an @ext that module @a defines.
module @a {
  func.func @ext(%q: !pto.ptr<i8>) {
    return
  }
}
module @b {
  func.func private @ext(!pto.ptr<i8>)
  func.func @k(%p: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    %c8192 = arith.constant 8192 : index
    %c131072 = arith.constant 131072 : index
    %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1)
        {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    // expected-error-re @+1 {{call of @b::@ext passes pointer argument 0 of @b::@k, whose bytes an NZ view (at line {{[0-9:]+}}) reads in fractal order, to a function with no body in the module}}
    func.call @ext(%p) : (!pto.ptr<i8>) -> ()
    return
  }
}

// -----

// A view stating no layout in the canonical blocked form [1, 2, 4097, 16, 32] of int8:
// newer PTOAS's InferPTOLayout moves it as NZ (the older rule reads it ND), so the NZ rules
// apply, here the #317 gap of its two-column-block load.
func.func @negative_newer_ptoas_infers_nz(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c4097 = arith.constant 4097 : index
  %cS1 = arith.constant 2097664 : index
  %cS0 = arith.constant 4195328 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4097, %c16, %c32, %cS0, %cS1, %c512, %c32, %c1)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{NZ load spans up to 2 column blocks with a GM gap of 65536 32-byte blocks}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x2x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An Acc tile of 64 rows holding 32 valid ones, two column blocks: mad writes them at a pitch
// of 32 rows, the store reads at 64 (compact=0), so column block 1 comes from the wrong place.
func.func @negative_acc_rows_past_valid_rows(%p: !pto.ptr<f32>, %w3409l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w3409r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c2, %c16, %c8, %c1024, %c256, %c128, %c8, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c4, %c2, %c16, %c8)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x2x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=0>
  "pto.tmatmul"(%w3409l, %w3409r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=0>) -> ()
  // expected-error @+1 {{'pto.tstore' Acc tile 64x32 may hold fewer valid rows (32) than its 64 rows, across more than one column block}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
      : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=0>, !pto.partition_tensor_view<1x4x2x16x8xf32>) -> ()
  return
}

// -----

// compact=1 (CompactMode::Normal): the store reads at ceil16(valid rows), as mad wrote.
func.func @acc_rows_past_valid_rows_compact_normal(%p: !pto.ptr<f32>, %w3436ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w3436mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c2, %c16, %c8, %c1024, %c256, %c128, %c8, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c4, %c2, %c16, %c8)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x2x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>
  %w3436l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w3436r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w3436ml, %w3436l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w3436mr, %w3436r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w3436l, %w3436r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>) -> ()
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
      : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>, !pto.partition_tensor_view<1x4x2x16x8xf32>) -> ()
  return
}

// -----

// An A2/A3 ND transfer moves each row as one contiguous run: an innermost stride of 2 is
// never read, so the tile would get the wrong elements.
module attributes {pto.target_arch = "a3"} {
  func.func @negative_nd_innermost_stride(%p: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %tv = "pto.make_tensor_view"(%p, %c16, %c32, %c64, %c2) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<16x32xf32>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{'pto.tload' between an ND view and a vec tile: its innermost stride is 2, not 1}}
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x32xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    return
  }
}

// -----

// An ND -> Mat load keeps the GM row stride in a 16-bit field: 65600 would wrap to 64.
module attributes {pto.target_arch = "a3"} {
  func.func @negative_nd_to_mat_row_stride(%p: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c65600 = arith.constant 65600 : index
    %tv = "pto.make_tensor_view"(%p, %c32, %c65600, %c65600, %c1) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    // expected-error @+1 {{its row stride 65600 exceeds 65535, the 16-bit srcDValue field of the ND->NZ load}}
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    return
  }
}

// -----

// A view that states no layout with column-major strides is one PTOAS infers DN: its
// transfers are the DN instructions', not checked here (PTOAS's own B operands look so).
module attributes {pto.target_arch = "a3"} {
  func.func @column_major_view_is_dn(%p: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tv = "pto.make_tensor_view"(%p, %c128, %c128, %c1, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<128x128xf16>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x128xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    return
  }
}

// -----

// A dynamic batch count does not make it the caller's: the offset's own fact and the
// constant batch stride reach 79 * 2^26 >= 2^32 whatever the tensor's size.
func.func @negative_start_past_u32_by_facts_dynamic_batches(%p: !pto.ptr<i8>, %e: index {nz.range = array<i64: 0, 80>}, %nb: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c262144 = arith.constant 262144 : index
  %c67108864 = arith.constant 67108864 : index
  %tv = "pto.make_tensor_view"(%p, %nb, %c256, %c512, %c16, %c32, %c67108864, %c262144, %c512, %c32, %c1)
      {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-warning @+2 {{NZ partition offset[0] (batches) + size[0] can reach 80}}
  // expected-error @+1 {{NZ partition can start 5301600256 elements into the view, at or past 2^32}}
  %pv = "pto.partition_view"(%tv, %e, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An ND partition's first element is summed in uint32 as well: expert 70 of 80 int8
// [8192, 8192] experts starts at 70 * 2^26 >= 2^32 and would read expert 6.
func.func @negative_nd_start_past_u32(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %c8192 = arith.constant 8192 : index
  %c67108864 = arith.constant 67108864 : index
  %tv = "pto.make_tensor_view"(%p, %c80, %c8192, %c8192, %c67108864, %c8192, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<i8>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xi8>
  // expected-error @+1 {{ND partition can start 4697620480 elements into the view, at or past 2^32}}
  %pv = "pto.partition_view"(%tv, %c70, %c0, %c0, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.tensor_view<?x?x?xi8>, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x32xi8>
  return
}

// -----

// mad writes its m rows (the Left tile's 32 valid rows) at a column-block pitch of 32; the
// store of the fully valid 64-row Acc tile reads at 64: column block 1 comes from stale L0C.
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_rows_below_acc_rows(%arg0: !pto.ptr<bf16>, %arg1: !pto.ptr<bf16>, %arg2: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c2048 = arith.constant 2048 : index
    %0 = "pto.make_tensor_view"(%arg0, %c64, %c128, %c128, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %1 = "pto.make_tensor_view"(%arg1, %c128, %c32, %c32, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %2 = "pto.make_tensor_view"(%arg2, %c1, %c4, %c4, %c16, %c8, %c2048, %c512, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %3 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %5 = "pto.partition_view"(%0, %c0, %c0, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xbf16>
    "pto.tload"(%5, %4) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<32x128xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.alloc_tile"(%c16384_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %7 = "pto.partition_view"(%1, %c0, %c0, %c128, %c32) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<128x32xbf16>
    "pto.tload"(%7, %6) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<128x32xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.textract"(%4, %c0, %c0, %8) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %9 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.textract"(%6, %c0, %c0, %9) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    "pto.tmatmul"(%8, %9, %3) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %10 = "pto.partition_view"(%2, %c0, %c0, %c0, %c0, %c0, %c1, %c4, %c4, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x4x16x8xf32>
    // expected-error-re @+1 {{'pto.tstore' Acc tile 64x32 is written by 'pto.tmatmul' (at line {{[0-9:]+}}) whose A operand has 32 valid rows}}
    "pto.tstore"(%3, %10) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x4x4x16x8xf32>) -> ()
    return
  }
}

// -----

// A module inside another op's region whose call breaks its callee's nz.range (red team
// rt_verify hidden_module_call_facts): the facts of calls, like symbols, are read along the
// modules nested directly in modules, so this call was checked by no one.
"test.container"() ({
  // expected-error @+1 {{'builtin.module' inside 'test.container' is not directly in a builtin.module}}
  module {
    func.func private @callee(%p: !pto.ptr<i8>, %r: index {nz.range = array<i64: 0, 16>}) {
      return
    }
    func.func @negative_hidden_module_call_facts(%p: !pto.ptr<i8>) {
      %c100 = arith.constant 100 : index
      func.call @callee(%p, %c100) : (!pto.ptr<i8>, index) -> ()
      return
    }
  }
  "test.end"() : () -> ()
}) : () -> ()

// -----

// A module inside another op's region that states A5 (red team rt_verify
// hidden_module_backend): the run checks the A2/A3 rules, PTOAS builds its Acc->NZ store
// (refused on A5) for A5.
module {
  "test.container"() ({
    // expected-error @+1 {{'builtin.module' inside 'test.container' is not directly in a builtin.module}}
    module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
      func.func @negative_hidden_module_backend(%p: !pto.ptr<f32>, %w3631ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w3631mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        %c8 = arith.constant 8 : index
        %c16 = arith.constant 16 : index
        %c128 = arith.constant 128 : index
        %c512 = arith.constant 512 : index
        %c1024 = arith.constant 1024 : index
        %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
        %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
        %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
        %w3631l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
        %w3631r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
        "pto.tmov"(%w3631ml, %w3631l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
        "pto.tmov"(%w3631mr, %w3631r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
        "pto.tmatmul"(%w3631l, %w3631r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
        "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
        return
      }
    }
    "test.end"() : () -> ()
  }) : () -> ()
}

// -----

// A module inside a function's body: its functions and calls are the same blind spot.
func.func @negative_module_in_a_function(%p: !pto.ptr<i8>) {
  // expected-error @+1 {{'builtin.module' inside 'func.func' is not directly in a builtin.module}}
  builtin.module {
    func.func private @callee(%q: !pto.ptr<i8>, %r: index {nz.range = array<i64: 0, 16>}) {
      return
    }
    func.func @caller(%q: !pto.ptr<i8>) {
      %c100 = arith.constant 100 : index
      func.call @callee(%q, %c100) : (!pto.ptr<i8>, index) -> ()
      return
    }
  }
  return
}


// -----

// ND partitions lie inside their view (docs/nz-semantics.md 8.7), in hand-written pto as in
// pl (found by red team): rows 60..75 of a 64-row f16 view, loaded into Mat.
func.func @negative_nd_rows_past_view(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c60 = arith.constant 60 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-error @+1 {{ND partition row window may leave the axis: offset + 16 can reach 76, past the extent 64}}
  %pv = "pto.partition_view"(%tv, %c60, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A pointer type with no parameters (red team rt_verify crash_empty_ptr): refused where it
// is written, when the file is read; it had been an internal error (IndexError).
// expected-error @+1 {{malformed type: '!pto.ptr<>' has no parameters}}
func.func @negative_empty_pointer_type(%p: !pto.ptr<>) {
  return
}

// -----

// A 16x256 Acc tile stored through a 16x256 partition of a 16x128 view (found by red team).
func.func @negative_nd_store_columns_past_view(%p: !pto.ptr<f32>, %w3699ml: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w3699mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{ND partition column window may leave the axis: offset + 256 can reach 256, past the extent 128}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c256) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<16x256xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  %w3699l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w3699r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w3699ml, %w3699l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w3699mr, %w3699r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w3699l, %w3699r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x256xf32>) -> ()
  return
}

// -----

// The partition is inside the view, but the Acc store writes the tile's 256 valid columns
// (TStoreAccNz2nd), past the partition's 128: the window the store moves is the tile's.
func.func @negative_nd_valid_columns_past_partition(%p: !pto.ptr<f32>, %w3716ml: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w3716mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c16, %c256, %c256, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c128, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  %w3716l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w3716r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w3716ml, %w3716l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w3716mr, %w3716r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w3716l, %w3716r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=256, v_row=16, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' tile's valid columns ([256, 256], a multiple of 256) may be more than the ND window's columns ([128, 128], a multiple of 128)}}
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=16, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x128xf32>) -> ()
  return
}

// -----

// A Vec load moves validCol elements of each row (TLoadGm2ubNd2nd): a dynamic valid
// column count from the alloc that may pass the partition's 64 columns reads past it.
func.func @negative_nd_dynamic_valid_columns_past_partition(%p: !pto.ptr<f16>, %n: index {nz.range = array<i64: 1, 129>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c16, %c256, %c256, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %t = "pto.alloc_tile"(%c16, %n) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-warning @+2 {{'pto.tload' tile's valid columns ([1, 128], a multiple of 1) may be more than the ND window's columns ([64, 64], a multiple of 64)}}
  // expected-warning @+1 {{'pto.tload' tile's valid columns ([1, 128], a multiple of 1) are not proved to be the ND window's columns ([64, 64], a multiple of 64)}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// An empty ND window moves nothing (pto-isa requires every extent > 0), as the NZ path
// refuses: a 0-row partition and its 0-row Vec tile.
func.func @negative_nd_empty_partition(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c512, %c512, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-error @+1 {{ND partition row size must be positive (0)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<0x64xf16>
  return
}

// -----

// A provably negative ND offset starts before the tensor, whatever the view's extent.
func.func @negative_nd_offset_before_view(%p: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cm16 = arith.constant -16 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %n, %c512, %c512, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-error @+1 {{ND partition row offset may be negative ('arith.constant' yields a value proved [-16, -16], a multiple of 16): the window would start before the tensor}}
  %pv = "pto.partition_view"(%tv, %cm16, %c0, %c16, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x512xf16>
  return
}

// -----

// Nothing bounds a row window of a dynamic extent by an offset of no facts: the caller's
// contract, a warning (strict-bounds makes it an error, test_verify_strict_bounds.py).
func.func @nd_window_of_a_dynamic_extent_warns(%p: !pto.ptr<f16>, %n: index, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c0r = arith.maxsi %r, %c0 : index
  %tv = "pto.make_tensor_view"(%p, %n, %c512, %c512, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-warning @+1 {{ND partition row window may leave the axis: offset + 16 can reach}}
  %pv = "pto.partition_view"(%tv, %c0r, %c0, %c16, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x512xf16>
  return
}

// -----

// A tile a pl op makes in pto IR (pl-to-pto keeps pl.tile.zeros and the matmuls) must fit
// its memory as an allocation must (found by red team): a 128x512 f32 Acc tile is 256 KiB,
// twice the 128 KiB L0C of A2/A3. Its store is not checked again (one root cause).
module attributes {pl.backend = "a2a3"} {
func.func @negative_zeros_tile_exceeds_l0c(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c128, %c512, %c512, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c128, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<128x512xf32>
  // expected-error @+1 {{'pl.tile.zeros' tile does not fit the 128 KiB L0C (loc=acc) of a2a3: its 262144 bytes exceed the memory's 131072}}
  %z = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%z, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<128x512xf32>) -> ()
  return
}
}

// -----

// Every tile made is a layout PTOAS and pto-isa build (nz/tile_rules.py; found by red team:
// such tiles were written out by pl-to-pto). A row-major none_box Vec tile's rows are whole
// 32-byte lines: 60 f16 columns are 120 bytes.
func.func @negative_vec_tile_rows_not_32_byte_lines() {
  // expected-error @+1 {{'pto.alloc_tile' tile 16x60 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build: its rows are 120 bytes, not whole 32-byte lines}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=60, v_row=16, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// A column-major none_box tile's columns are whole 32-byte lines: 8 ui8 rows are 8 bytes
// (PTOAS's own thistogram test grew its index tile to 32 rows for it).
func.func @negative_col_major_tile_columns_not_32_byte_lines() {
  // expected-error @+1 {{'pto.alloc_tile' tile 8x1 ui8 (loc=vec, blayout=col_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build: its columns are 8 bytes, not whole 32-byte lines}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=1, v_row=8, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// An Acc tile is whole 16 x 16 boxes: M = 20 gives 20 rows (found by red team).
func.func @negative_acc_tile_rows_not_whole_boxes() {
  // expected-error @+1 {{'pto.alloc_tile' tile 20x128 f32 (loc=acc, blayout=col_major, slayout=row_major, fractal=1024) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x16 inner boxes}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=20, cols=128, v_row=20, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  return
}

// -----

// A tile a pl op makes in pto IR is held to the same rule: an NZ Mat tile of 120 f16
// columns is not whole 16-column C0 lines (found by red team).
func.func @negative_zeros_tile_not_whole_boxes() {
  // expected-error @+1 {{'pl.tile.zeros' tile 64x120 f16 (loc=mat, blayout=col_major, slayout=row_major, fractal=512) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x16 inner boxes}}
  %z = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=120, v_row=64, v_col=120, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  return
}

// -----

// An empty tile holds nothing (PTOAS: "expects result rows to be positive").
func.func @negative_empty_tile() {
  // expected-error @+1 {{'pto.alloc_tile' tile 0x64 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build: its rows and columns must be positive}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=0, cols=64, v_row=0, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// A boxed tile of a fractal PTOAS has no boxes for.
func.func @negative_unknown_boxed_fractal() {
  // expected-error @+1 {{'pto.alloc_tile' tile 16x16 f16 (loc=mat, blayout=col_major, slayout=row_major, fractal=256) is not a layout PTOAS and pto-isa build: fractal=256 with slayout=row_major is no boxed layout PTOAS supports}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=256, pad=0>
  return
}

// -----

// PTOAS counts lines and boxes in whole bytes: a tile of 4-bit elements has none.
func.func @negative_sub_byte_tile() {
  // expected-error @+1 {{'pto.alloc_tile' tile of dtype i4 in loc=vec: 4-bit elements, so its 32-byte lines and inner boxes, which PTOAS counts in whole bytes, cannot be known}}
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=i4, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// Explicitly placed tiles overlap in UB: y, at bytes [1024, 3072), is loaded over x's
// [0, 2048) before tadd reads x (found by red team, in L1: W's NZ load over X before
// pto.textract read it).
func.func @negative_placed_tile_read_after_an_overlapping_write(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a1024 = arith.constant 1024 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %qt = "pto.make_tensor_view"(%q, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%pt, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %qv = "pto.partition_view"(%qt, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %x = "pto.alloc_tile"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %x) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  // expected-error @+1 {{'pto.alloc_tile' places its tile at bytes [1024, 3072) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line}}
  %y = "pto.alloc_tile"(%a1024) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%qv, %y) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %z = "pto.alloc_tile"(%a4096) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tadd"(%x, %y, %z) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.tstore"(%z, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x64xf16>) -> ()
  return
}

// -----

// Index in both readings through arith.select (found by red team): the hull's gcd alignment
// had closed a side only the 32-bit width bounds, so max(y * 2^27, 0) / 2^27 was proved a
// row fractal below 16; where index is int64_t it is y, up to 31: the next column block.
module attributes {pl.backend = "a2a3"} {
func.func @q8(%p: !pto.ptr<i8>, %y: index {nz.range = array<i64: 0, 32>}, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %cM = arith.constant 134217728 : index
  %ym = arith.muli %y, %cM : index
  %a0 = arith.maxsi %ym, %c0 : index
  %s = arith.select %c, %a0, %c16 : index
  %a = arith.floordivsi %s, %cM : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 2147483648, past the view's shape[2] = 16 (offset proved [0, +inf]}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %a, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// The same through arith.select on an ND view: rows 4095..4110 of 2064 where index is
// int64_t; no bound, so a warning (an error with strict-bounds).
module attributes {pl.backend = "a2a3"} {
func.func @q7(%p: !pto.ptr<f16>, %y: index {nz.range = array<i64: 0, 4096>}, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c2064 = arith.constant 2064 : index
  %cM = arith.constant 1048576 : index
  %ym = arith.muli %y, %cM : index
  %a0 = arith.maxsi %ym, %c0 : index
  %s = arith.select %c, %a0, %c16 : index
  %a = arith.floordivsi %s, %cM : index
  %tv = "pto.make_tensor_view"(%p, %c2064, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-warning @+1 {{ND partition row window may leave the axis: offset + 16 can reach 2147483663, past the extent 2064}}
  %pv = "pto.partition_view"(%tv, %a, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// The quotient rule of a sum's bound read a side only the 32-bit width bounds (found by red
// team): max(y * 2^20, 0) / 2^20 + min(...) / 2^20 was bounded by 2063, and is up to 4095
// + 16 where index is int64_t. An open side is no bound to a relational rule.
module attributes {pl.backend = "a2a3"} {
func.func @q1(%p: !pto.ptr<f16>, %y: index {nz.range = array<i64: 0, 4096>}, %k: index {nz.range = array<i64: 16, 17>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c2064 = arith.constant 2064 : index
  %cM = arith.constant 1048576 : index
  %ym = arith.muli %y, %cM : index
  %a0 = arith.maxsi %ym, %c0 : index
  %a = arith.floordivsi %a0, %cM : index
  %b0 = arith.muli %k, %cM : index
  %b = arith.floordivsi %b0, %cM : index
  %tv = "pto.make_tensor_view"(%p, %c2064, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  // expected-warning @+1 {{ND partition row window may leave the axis: offset + the size can reach +inf, past the extent 2064}}
  %pv = "pto.partition_view"(%tv, %a, %c0, %b, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// An ND window larger than its tile (found by red team): a 32x128 f16 partition loaded into
// a 16x128 Vec tile writes 8 KiB into 4 KiB of UB, over what lies after the tile.
module attributes {pl.backend = "a2a3"} {
func.func @n1(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' ND window of up to 32 rows (leading axes stacked as rows) is larger than its 16x128 tile}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<32x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// A Vec store reads as many rows as its window has: 32 rows from a 16-row tile store
// whatever lies after it in UB.
module attributes {pl.backend = "a2a3"} {
func.func @n1(%p: !pto.ptr<f16>, %w4014s: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tmov"(%w4014s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  // expected-error @+1 {{'pto.tstore' ND window of up to 32 rows (leading axes stacked as rows) is larger than its 16x128 tile}}
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<32x128xf16>) -> ()
  return
}
}

// -----

// Every tile a pl op kept by pl-to-pto yields is held to the rules of a made tile (found by
// red team): pl.tile.relu results of 1 MiB in the 192 KiB UB, and of 120-byte rows.
func.func @negative_pl_compute_tiles(%arg0: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %0 = "pto.make_tensor_view"(%arg0, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %1 = "pto.partition_view"(%0, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf32>
  %2 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%1, %2) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  // expected-error @+1 {{'pl.tile.relu' tile does not fit the 192 KiB UB (loc=vec) of a2a3}}
  %3 = "pl.tile.relu"(%2) : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile_buf<loc=vec, dtype=f32, rows=512, cols=512, v_row=512, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pl.tile.relu' tile 16x60 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build}}
  %4 = "pl.tile.relu"(%2) : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=60, v_row=16, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// An ND partition of a view scf.if yields (found by red team: rows 60..75 of a 64-row view
// passed silently): PTOAS takes its strides compact from the view's type (all 1 for ?x?),
// never the make_tensor_view's, so the partition is refused (found by red team, round 23).
module attributes {pl.backend = "a2a3"} {
func.func @q3(%p: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c60 = arith.constant 60 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %tv2 = scf.if %c -> (!pto.tensor_view<?x?xf16>) {
    scf.yield %tv : !pto.tensor_view<?x?xf16>
  } else {
    scf.yield %tv : !pto.tensor_view<?x?xf16>
  }
  // expected-error @+1 {{not a pto.make_tensor_view's result: PTOAS reads a view's strides only from the pto.make_tensor_view}}
  %pv = "pto.partition_view"(%tv2, %c60, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// A tile at an address an argument gives, bounded to [0, 4096] but not fixed, may sit on
// the tile at 0: loading it before A is read may clobber A (found by red team: only
// constant addresses were compared).
func.func @negative_overlap_at_a_bounded_address(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %x: i64 {nz.range = array<i64: 0, 4097>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %qt = "pto.make_tensor_view"(%q, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%pt, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %qv = "pto.partition_view"(%qt, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %a = "pto.alloc_tile"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 6144) (somewhere in them: its address is bounded, not fixed) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:3) may write it before 'pto.tstore'}}
  %b = "pto.alloc_tile"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.tload"(%qv, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.tstore"(%a, %qv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x64xf16>) -> ()
  return
}

// -----

// A write through a tile made of a placed tile (pto.bitcast) is a write of its bytes (found
// by red team): the load into the bitcast of B, placed over A, clobbers A before
// pto.textract reads it.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_overlap_written_through_bitcast(%x: !pto.ptr<bf16>, %w: !pto.ptr<bf16>) {
  %c0_i64 = arith.constant 0 : i64
  %c2048_i64 = arith.constant 2048 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %xv = "pto.make_tensor_view"(%x, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %wv = "pto.make_tensor_view"(%w, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %xp = "pto.partition_view"(%xv, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xbf16>
  %wp = "pto.partition_view"(%wv, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xbf16>
  %a = "pto.alloc_tile"(%c0_i64) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%xp, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [2048, 6144) of L1 (loc=mat), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 4096)), and 'pto.tload' (at line {{[0-9]+}}:3) may write it before 'pto.textract'}}
  %b = "pto.alloc_tile"(%c2048_i64) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %bb = "pto.bitcast"(%b) : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%wp, %bb) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  %l = "pto.alloc_tile"(%c0_i64) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  "pto.textract"(%a, %c0, %c0, %l) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// A is loaded, then B (over half of A's bytes) in the same iteration, before A is stored:
// the store sees B's bytes (a loop body was not checked before).
func.func @negative_overlap_clobbered_in_a_loop(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  scf.for %i = %c0 to %c2 step %c1 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  }
  return
}

// -----

// A branch may load B over A before A is stored.
func.func @negative_overlap_clobbered_in_a_branch(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %condnc1 = arith.cmpi eq, %n, %c1 : index
  scf.if %condnc1 {
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// B's load late in one iteration clobbers A, which the next iteration stores first.
func.func @negative_overlap_clobbered_by_the_previous_iteration(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c2 step %c1 {
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  return
}

// -----

// A re-declared in the loop (the same bytes: the same buffer) is clobbered by B before the
// next iteration's store.
func.func @negative_overlap_redeclared_and_clobbered(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c2 step %c1 {
  %A2 = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tstore ins(%A2 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  return
}

// -----

// A's bytes written again through a tile of 1 valid row: rows 1 to 15 still hold B's bytes.
func.func @negative_overlap_partial_rewrite(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c1 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pr : !pto.partition_tensor_view<1x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A loop writing A row by row through subviews, at every other row: the odd rows keep B's bytes.
func.func @negative_overlap_assembly_skips_rows(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pr : !pto.partition_tensor_view<1x64xf16>) outs(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c16 step %c2 {
  %si = pto.subview %A[%i, %c0] sizes [1, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%si : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// The loop that writes every row of A also loads B over it.
func.func @negative_overlap_assembly_clobbered_inside(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pr : !pto.partition_tensor_view<1x64xf16>) outs(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c16 step %c1 {
  %si = pto.subview %A[%i, %c0] sizes [1, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%si : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// The rows are written only where a branch runs: no row is surely written.
func.func @negative_overlap_assembly_in_a_branch(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pr : !pto.partition_tensor_view<1x64xf16>) outs(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c16 step %c1 {
  %condnc1 = arith.cmpi eq, %n, %c1 : index
  scf.if %condnc1 {
  %si = pto.subview %A[%i, %c0] sizes [1, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%si : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  }
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// The branch loading A runs at k == 1: the first iteration stores A with B's bytes in it.
func.func @negative_overlap_branch_on_the_second_iteration(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %c4 step %c1 {
  %condkc1 = arith.cmpi eq, %k, %c1 : index
  scf.if %condkc1 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  }
  }
  return
}

// -----

// A is loaded at the first iteration only, and B over it at every iteration: the second
// iteration's store sees B's bytes.
func.func @negative_overlap_first_iteration_then_clobbered(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %c4 step %c1 {
  %condkc0 = arith.cmpi eq, %k, %c0 : index
  scf.if %condkc0 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  }
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  return
}

// -----

// A's rows written again through a tile of %e valid rows, %e made in the loop: the rows
// the first iteration wrote (1) are not the rows the second reads (2).
func.func @negative_overlap_extent_of_the_previous_iteration(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tadd'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a8192 = arith.constant 8192 : i64
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %c4 step %c1 {
  %e = arith.addi %k, %c1 : index
  %A3 = pto.alloc_tile addr = %a0 valid_row = %e valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %condkc0 = arith.cmpi eq, %k, %c0 : index
  scf.if %condkc0 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  %Z = pto.alloc_tile addr = %a8192 valid_row = %e valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tadd ins(%A3, %A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  }
  return
}

// -----

// B is trowsum's scratch (`tmp`, a group it writes): the row sum clobbers A before A is
// stored (a generic trowsum of three operands and no operandSegmentSizes was read as
// malformed, and its writes were not seen).
func.func @negative_overlap_clobbered_by_a_scratch(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.trowsum' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a8192 = arith.constant 8192 : i64
  %a12288 = arith.constant 12288 : i64
  %X = pto.alloc_tile addr = %a8192 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %D = pto.alloc_tile addr = %a12288 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%X : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.trowsum ins(%X, %B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%D : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A loop loading A again after B's load may run no iteration (its bound is an argument):
// the store may see B's bytes.
func.func @negative_overlap_rewritten_by_a_loop_that_may_not_run(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %n step %c1 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A's 8 valid rows are written again after B's load, then pto.set_validshape gives A 16:
// the add reads rows its own writes did not cover since B's.
func.func @negative_overlap_region_grown_by_set_validshape(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tadd'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a8192 = arith.constant 8192 : i64
  %c8 = arith.constant 8 : index
  %pvh = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c8 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pvh : !pto.partition_tensor_view<8x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pvh : !pto.partition_tensor_view<8x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)  // expected-error @+1 {{'pto.set_validshape' may widen its tile's valid rows (loc=vec, 16x64) past the ones it had, and the tile's next use is 'pto.tadd'}}
  pto.set_validshape %A3, %c16, %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %Z = pto.alloc_tile addr = %a8192 valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tadd ins(%A3, %A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// A's first 8 rows written again after B's load, then a subview of all 16 read: rows 8
// to 15 (a subview's read covers its shape) were not written since.
func.func @negative_overlap_read_through_a_subview(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tmov'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a8192 = arith.constant 8192 : i64
  %c8 = arith.constant 8 : index
  %pvh = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c8 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pvh : !pto.partition_tensor_view<8x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %top = pto.subview %A[%c0, %c0] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %W = pto.alloc_tile addr = %a8192 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%top : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%W : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// A call of a function that places a tile at A's bytes (and loads it) comes between A's
// load and its store: the rule does not follow calls, so a call of a function that places
// tiles (or calls one that does, or has no body) may write every placed tile.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func private @pure(%x: index) -> index {
  return %x : index
}
func.func private @wrapper(%q: !pto.ptr<f16>) {
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  return
}
func.func private @external(%q: !pto.ptr<f16>)
func.func @negative_overlap_clobbered_by_a_call(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'func.call' of @helper may place tiles over the tile of the 'pto.alloc_tile'}}
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// The function called places no tile itself, but calls one that does.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func private @pure(%x: index) -> index {
  return %x : index
}
func.func private @wrapper(%q: !pto.ptr<f16>) {
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  return
}
func.func private @external(%q: !pto.ptr<f16>)
func.func @negative_overlap_clobbered_through_a_wrapper(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'func.call' of @wrapper may place tiles over the tile of the 'pto.alloc_tile'}}
  func.call @wrapper(%q) : (!pto.ptr<f16>) -> ()
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A function without a body may place tiles: what it does is not known.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func private @pure(%x: index) -> index {
  return %x : index
}
func.func private @wrapper(%q: !pto.ptr<f16>) {
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  return
}
func.func private @external(%q: !pto.ptr<f16>)
func.func @negative_overlap_clobbered_by_an_external_call(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'func.call' of @external may place tiles over the tile of the 'pto.alloc_tile'}}
  func.call @external(%q) : (!pto.ptr<f16>) -> ()
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A is placed at byte 0 of UB and C left to PTOAS's planner there: PTOPlanMemory plans
// around no placed tile, so C may land on A's bytes.
func.func @negative_placed_and_planned_tiles_in_one_memory(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.alloc_tile' leaves its tile to PTOAS's memory planner in UB (loc=vec), where the function places the tile of the 'pto.alloc_tile' at line}}
  %C = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A is placed at bytes [0, 2048) of UB, inside the region [0, 4096) a pto.reserve_buffer
// reserves for a pipe's slots, which the peer writes at any time.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_placed_tile_over_a_reserved_pipe_buffer(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  // expected-error @+1 {{'pto.alloc_tile' places its tile at bytes [0, 2048) of UB, over the region [0, 4096) the 'pto.reserve_buffer' at line}}
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %rb = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// PTOAS places an auto pto.reserve_buffer, around no placed tile: its slots may land on A.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_pipe_buffer_placed_by_ptoas_beside_placed_tiles(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.reserve_buffer' leaves its region to PTOAS in UB, where the function places the tile of the 'pto.alloc_tile' at line}}
  %rb = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// B passed to a function that loads into it (and places no tile): an op the op table does
// not define may write every tile it takes, so the call clobbers A before A is stored.
module attributes {pto.target_arch = "a2a3"} {
func.func private @fill(%q: !pto.ptr<f16>, %t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func @negative_overlap_clobbered_by_a_callee_writing_its_argument(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'func.call'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  func.call @fill(%q, %B) : (!pto.ptr<f16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// Y, over half of D, is the destination of a pto.tmrgsort (its `dsts`, a group the op
// table says it writes) between D's write and its read.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_overlap_clobbered_by_a_sort_destination(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index, %w4992s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a8192 = arith.constant 8192 : i64
  %a4352 = arith.constant 4352 : i64
  %a12288 = arith.constant 12288 : i64
  %a4096x = arith.constant 4096 : i64
  %bl = arith.constant 64 : i32
  %S = pto.alloc_tile addr = %a8192 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tmov"(%w4992s, %S) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %D = pto.alloc_tile addr = %a4096x : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [4352, 4864) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([4096, 4608)), and 'pto.tmrgsort'}}
  %Y = pto.alloc_tile addr = %a4352 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %Z = pto.alloc_tile addr = %a12288 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%S : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%D : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tmrgsort ins(%S, %bl : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%Y : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tmov ins(%D : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// pto.tsetval writes one element of A (a partial writer): the rest of A still holds B's
// bytes when A is stored.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_overlap_partial_writer_covers_nothing(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %R = pto.alloc_tile addr = %a4096 : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %v = arith.constant 1.0 : f16
  pto.tsetval ins(%c0, %v : index, f16) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A tile PTOAS's planner places is read after a call of a function whose own planned
// tile the planner places without it (PTOPlanMemory plans each function on its own).
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func @negative_planned_tile_read_after_a_call(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'func.call' of @helper may place tiles over the tile of the 'pto.alloc_tile'}}
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// The same in a loop: the call late in one iteration comes before the read early in
// the next.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func @negative_planned_tile_clobbered_by_a_call_across_iterations(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c2 step %c1 {
    pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
    // expected-error @+1 {{'func.call' of @helper may place tiles over the tile of the 'pto.alloc_tile'}}
    func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  }
  return
}
}

// -----

// A tile handed to a function that takes local memory of its own: the callee's planned
// tile may land on the bytes of the one it is given.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func private @takes(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %H = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}
func.func @negative_tile_handed_to_a_function_taking_memory(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'func.call' of @takes hands a tile}}
  func.call @takes(%A) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// A pipe slot the function pops is held across a call of a function that takes local
// memory: the rule follows only pto.alloc_tile's tiles across calls.
module attributes {pto.target_arch = "a2a3"} {
func.func private @helper(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %H = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%H : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func @negative_pipe_slot_held_across_a_call(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %slot = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'func.call' of @helper calls a function that takes local memory (or has no body here) from one holding the local memory of the 'pto.tpop_from_aic'}}
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  pto.tstore ins(%slot : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  pto.tfree_from_aic {split = 0}
  return
}
}

// -----

// A Vec load moves validCol elements per row, gStride3 - gShape4 apart
// (TLoadGm2ubNd2nd): a 16 x 128 window into a tile of 64 valid columns reads row 1
// from row 0's second half.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_nd_load_valid_columns_short_of_the_window(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %v = "pto.make_tensor_view"(%p, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%v, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile's valid columns ([64, 64], a multiple of 64) are not proved to be the ND window's columns ([128, 128], a multiple of 128)}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----

// The store of the same tile through a 16 x 128 window puts row b at
// b * (64 + 128 - 128) and writes 64 of each row's 128 columns.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_nd_store_valid_columns_short_of_the_window(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %v = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%v, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %w = "pto.make_tensor_view"(%q, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pw = "pto.partition_view"(%w, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  // expected-error @+1 {{'pto.tstore' tile's valid columns ([64, 64], a multiple of 64) are not proved to be the ND window's columns ([128, 128], a multiple of 128)}}
  "pto.tstore"(%t, %pw) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x128xf16>) -> ()
  return
}
}

// -----

// A Vec store writes every window row (nBurst = gShape3), the tile's 8 stale rows past
// its 8 valid ones too.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_nd_store_window_rows_past_the_valid_rows(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %v = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%v, %c0, %c0, %c8, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<8x64xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<8x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %w = "pto.make_tensor_view"(%q, %c16, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pw = "pto.partition_view"(%w, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x64xf16>
  // expected-error @+1 {{'pto.tstore' tile's valid rows ([8, 8], a multiple of 8) are not proved to be the ND window's rows ([16, 16], a multiple of 16)}}
  "pto.tstore"(%t, %pw) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x64xf16>) -> ()
  return
}
}

// -----

// ND partition whose result type states 32 rows while its size operand (a run-time
// argument, 16 by its declared facts) says 16. PTOAS's verifier compares the two only for
// a constant size; its EmitC builds the GlobalTensor as pto::Shape<1,1,1,32,128> from the
// result type, and pto-isa's GetShape returns the static 32, ignoring the run-time 16.
// verify-pto-nz proves the window from the size operand: rows [r, r+16) of 64, into a
// 16-row tile. The device moves rows [r, r+32): past the tensor for r > 32, and 32 rows
// into a 16-row Vec tile (UB overflow).
func.func @negative_nd_partition_type_states_more_rows_than_its_size(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 49>},
             %s: index {nz.range = array<i64: 16, 17>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1)
      {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<64x128xf16>
  // expected-error @+1 {{ND partition type !pto.partition_tensor_view<32x128xf16> states size[0] = 32 but its operand is 16}}
  %pv = "pto.partition_view"(%tv, %r, %c0, %s, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.tensor_view<64x128xf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<32x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// ND view typed 64x128 whose shape operands say 128x128 (constants), partitioned at a run-time row offset (PTOAS checks a static
// source dim only against constant offsets): verify-pto-nz proves
// the partition (rows r..r+15, r <= 112) against the operands; the type PTOAS builds the view's
// GlobalTensor from (pto::Shape<1,1,1,64,128>) says the tensor ends at row 64.
func.func @negative_nd_view_type_contradicts_its_shape(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 113>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c112 = arith.constant 112 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{ND view type !pto.tensor_view<64x128xf16> states shape[0] = 64 but its operand is 128}}
  %tv = "pto.make_tensor_view"(%p, %c128, %c128, %c128, %c1)
      {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<64x128xf16>
  %pv = "pto.partition_view"(%tv, %r, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.tensor_view<64x128xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// ND view typed 64x128 whose shape operands say 128x128 (constants), partitioned at a run-time row offset (PTOAS checks a static
// source dim only against constant offsets): verify-pto-nz proves
// the partition (rows r..r+15, r <= 112) against the operands; the type PTOAS builds the view's
// GlobalTensor from (pto::Shape<1,1,1,64,128>) says the tensor ends at row 64.
func.func @negative_nd_partition_type_of_another_rank(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 113>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c112 = arith.constant 112 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c128, %c1)
      {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<64x128xf16>
  // expected-error @+1 {{ND partition type !pto.partition_tensor_view<16x128x1xf16> is of rank 3 but has 2 size operands}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.tensor_view<64x128xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128x1xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<16x128x1xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// A DN (column-major) view, stated. verify-pto-nz's ND transfer rules skip it
// (_nd_window_of returns None for any layout but nd) and no NZ rule applies, so the
// transfer is checked for nothing but its partition being inside the view.
// pto-isa's A2/A3 TLoadGm2ubDn2dn moves nBurst = gShape4 = 128
// columns of lenBurst = validRow = 32 elements, skipping gmGap = gStride4 - gShape3 = 48
// elements between bursts: column c is moved at element 48 + 80*c instead of 48 + 64*c,
// so every column past the first is misplaced and column 127 reaches element 10239 of an
// 8192-element tensor. pto-isa checks validRow == gShape3 by PTO_ASSERT only (debug).
func.func @negative_dn_window_of_fewer_rows_than_the_valid_ones(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c128, %c1, %c64)
      {layout = #pto.layout<dn>, operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<64x128xf16>
  %pv = "pto.partition_view"(%tv, %c48, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2>}
      : (!pto.tensor_view<64x128xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' tile's valid rows ([32, 32], a multiple of 32) may be more than the ND window's rows ([16, 16]}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<16x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}

// -----

// A view that states no layout. Both PTOAS mirrors' InferPTOLayout (older rule) read its
// static shape and strides with IntegerAttr::getInt() and infer NZ: right-aligned,
// shape[2] == 16, 16 * shape[3] * 2 bytes == 512, stride[4] == 1, stride[3] == shape[4].
// EmitC then builds an NZ GlobalTensor and pto-isa runs TLoadGm2L1Nz2nz.
// nzpass's offsets.constant_value() does not read the index literal 2147483648 (outside
// int32) in stride[0] (a batch stride never used: one batch), so nz/view_layout.py says
// ND and none of the NZ rules runs. stride[1] = 1052672 = 4096 + 16 * 65536 makes the
// A2/A3 GM gap 65536 blocks (pto-isa#317): it wraps to 0 and column block 1 is read from
// element 4096 instead of 1052672. The control file f1_control.mlir (stride[0] =
// 2105344) is inferred NZ by nzpass too and refused with the GM-gap error.
func.func @negative_view_inferred_nz_by_one_ptoas_reading_of_a_wide_stride(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %s1 = arith.constant 1052672 : index
  %s0 = arith.constant 2147483648 : index
  // expected-error @+1 {{NZ view stride[0] (proved [-inf, +inf], a multiple of 1) cannot be proved equal to shape[1] * stride[1]}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c16, %c16, %c16,
                               %s0, %s1, %c256, %c16, %c1)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<f16>, index, index, index, index, index,
         index, index, index, index, index) -> !pto.tensor_view<1x2x16x16x16xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c16, %c16, %c16)
      {operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.tensor_view<1x2x16x16x16xf16>, index, index, index, index, index,
         index, index, index, index, index) -> !pto.partition_tensor_view<1x?x16x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
      : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=512, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x?x16x16x16xf16>,
         !pto.tile_buf<loc=mat, dtype=f16, rows=512, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----


// The red team's integer and offset holes (/tmp/redteam/ints/REPORT.md), one chunk each.

// Finding 1: an NZ view whose R/16 is an scf.for induction variable reads one tensor as
// planes of a different height each iteration.
func.func @rows_from_loop(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  scf.for %rf = %c1 to %c3 step %c1 {
    %s1 = arith.muli %rf, %c512 : index
    %s0 = arith.muli %s1, %c16 : index
    // expected-error @+1 {{states its dim 2 (R/16) by a value that may differ between executions of the view (it is a region's block argument}}
    %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Finding 1: a callee's NZ view whose R/16 is its argument, which two calls pass 16 and 32.
func.func private @leaf(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 33>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c512 : index
  // expected-error @+1 {{states its dim 2 (R/16) by a value that may differ between executions of the view (it is argument 1 of @leaf, which its calls pass different values}}
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @kernel(%p: !pto.ptr<i8>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  func.call @leaf(%p, %c16) : (!pto.ptr<i8>, index) -> ()
  func.call @leaf(%p, %c32) : (!pto.ptr<i8>, index) -> ()
  return
}

// -----

// Finding 2: an offset through i3, which PTOAS holds as int32_t unmasked: extui(trunci %a
// to i3) is %a on the device, so nothing bounds it.
func.func @odd_width(%p: !pto.ptr<i8>, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %tr = arith.trunci %a : i32 to i3
  %e = arith.extui %tr : i3 to i32
  %o = arith.index_cast %e : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf]}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Finding 2: facts stated on an i4 argument are refused where declared; i4 arithmetic
// proves nothing (5 * 7 is 35 on the device).
// expected-error @+1 {{argument 1 of type i4 states nz.multiple_of / nz.range facts, which no proof can use}}
func.func @odd_add(%p: !pto.ptr<i8>, %b: i4 {nz.range = array<i64: 0, 8>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c5 = arith.constant 5 : i4
  %s = arith.muli %b, %c5 : i4
  %e = arith.extui %s : i4 to i32
  %o = arith.index_cast %e : i32 to index
  %h = arith.shrui %o, %c1 : index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %h, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Finding 2: a Mat tile address through an i3 truncation is not bounded by 3 bits.
func.func @odd_width_addr(%a: i64) {
  %k = arith.constant 65536 : i64
  %tr = arith.trunci %a : i64 to i3
  %e = arith.extui %tr : i3 to i64
  %addr = arith.muli %e, %k : i64
  // expected-error @+1 {{'pto.alloc_tile' tile does not fit the 512 KiB L1}}
  %t = "pto.alloc_tile"(%addr) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  return
}

// -----

// Finding 3: maxsi on i1 compares C bools on the device (true > false): the result is
// either operand, so the offset may be 24.
func.func @i1max(%p: !pto.ptr<i8>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %i = %c0 to %c1 step %c1 {
    %y = arith.index_cast %i : index to i1
    %m = arith.maxsi %flag, %y : i1
    %e = arith.extui %m : i1 to i32
    %ei = arith.index_cast %e : i32 to index
    %o16 = arith.muli %ei, %c16 : index
    %o = arith.addi %o16, %c8 : index
    // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach 32}}
    %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// Finding 4: max(a * 2, 0) is bounded above only by the 32-bit wrap; a 64-bit index
// passes 2^40 to an argument that declares [0, 2^31 - 1).
func.func private @callee(%p: !pto.ptr<i8>, %r: index {nz.range = array<i64: 0, 2147483647>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c30 = arith.constant 30 : index
  %s = arith.shrui %r, %c30 : index
  %o = arith.muli %s, %c8 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func @kernel(%p: !pto.ptr<i8>, %a: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = arith.muli %a, %c2 : index
  %m = arith.maxsi %v, %c0 : index
  // expected-error @+1 {{'func.call' passes argument 1 of @callee a value proved [0, +inf], a multiple of 2, outside what @callee declares of it ([0, 2147483646], a multiple of 1) in some reading of its type}}
  func.call @callee(%p, %m) : (!pto.ptr<i8>, index) -> ()
  return
}

// -----

// Finding 5: a multiple of 2^32 is 0 in a 32-bit index only; a 64-bit index may be 2^32.
func.func @f1(%p: !pto.ptr<i8>, %a: index {nz.multiple_of = 4294967296 : i64}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1073741824)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %a, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----


module attributes {pto.target_arch = "a2a3"} {
func.func @negative_taxpy_reads_clobbered_destination(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  // expected-error @+1 {{places its tile at bytes [0, 1024) of UB}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x32xf16>
  %X = pto.alloc_tile addr = %a4096 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%X : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<vec, 16x32xf16>)
  pto.taxpy ins(%X, %s : !pto.tile_buf<vec, 16x64xf16>, f16) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_thistogram_reads_clobbered_destination(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  // expected-error @+1 {{places its tile at bytes [0, 1024) of UB}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x32xf16>
  %X = pto.alloc_tile addr = %a4096 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%X : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<vec, 16x32xf16>)
  pto.thistogram ins(%X, %X : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_pitch_acc_redeclared(%arg0: !pto.ptr<bf16>, %arg1: !pto.ptr<bf16>, %arg2: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c2048 = arith.constant 2048 : index
    %0 = "pto.make_tensor_view"(%arg0, %c64, %c128, %c128, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %1 = "pto.make_tensor_view"(%arg1, %c128, %c32, %c32, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %2 = "pto.make_tensor_view"(%arg2, %c1, %c4, %c4, %c16, %c8, %c2048, %c512, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %3 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %5 = "pto.partition_view"(%0, %c0, %c0, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xbf16>
    "pto.tload"(%5, %4) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<32x128xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.alloc_tile"(%c16384_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %7 = "pto.partition_view"(%1, %c0, %c0, %c128, %c32) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<128x32xbf16>
    "pto.tload"(%7, %6) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<128x32xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.textract"(%4, %c0, %c0, %8) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %9 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.textract"(%6, %c0, %c0, %9) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc2 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%8, %9, %acc2) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %10 = "pto.partition_view"(%2, %c0, %c0, %c0, %c0, %c0, %c1, %c4, %c4, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x4x16x8xf32>
    // expected-error @+1 {{whose A operand has 32 valid rows}}
    "pto.tstore"(%3, %10) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x4x4x16x8xf32>) -> ()
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_subview_row_window_past_source(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %C = pto.alloc_tile addr = %a2048 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.subview' window of 16x64 may leave its source tile of 16x64}}
  %S = pto.subview %A[%c16, %c0] sizes [16, 64] : !pto.tile_buf<vec, 16x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%S : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%C : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_subview_unbounded_offset(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %C = pto.alloc_tile addr = %a2048 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.subview' window of 16x64 may leave its source tile of 16x64 (loc=vec): its row offset may be -2147483648, below 0}}
  %S = pto.subview %A[%r, %c0] sizes [16, 64] : !pto.tile_buf<vec, 16x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%S : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%C : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_subview_larger_than_source(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %pt = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c512, %c512] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<512x512xf32>
  %A = pto.alloc_tile : !pto.tile_buf<vec, 16x512xf32>
  // expected-error @+1 {{'pto.subview' window of 512x512 may leave its source tile of 16x512}}
  %S = pto.subview %A[%c0, %c0] sizes [512, 512] : !pto.tile_buf<vec, 16x512xf32> -> !pto.tile_buf<vec, 512x512xf32>
  pto.tload ins(%pv : !pto.partition_tensor_view<512x512xf32>) outs(%S : !pto.tile_buf<vec, 512x512xf32>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_tassign_beside_placed_tile(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %X = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %Y = pto.alloc_tile addr = %a4096 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%Y : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.tassign' places a tile at an address of UB}}
  %X2 = pto.tassign %X, %a4096 : !pto.tile_buf<vec, 16x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%X2 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%Y : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_tassign_past_memory(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a4096 = arith.constant 4096 : i64
  %big = arith.constant 1048576 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %X = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %Y = pto.alloc_tile addr = %a4096 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%Y : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.tassign' tile does not fit the 192 KiB UB}}
  %X2 = pto.tassign %X, %big : !pto.tile_buf<vec, 16x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%X2 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%Y : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_declare_tile_past_memory(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c512, %c512] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<512x512xf32>
  // expected-error @+1 {{'pto.declare_tile' tile does not fit the 192 KiB UB}}
  %T = pto.declare_tile -> !pto.tile_buf<vec, 512x512xf32>
  // expected-error @+1 {{'pto.tassign' tile does not fit the 192 KiB UB (loc=vec) of }}
  %T2 = pto.tassign %T, %a0 : !pto.tile_buf<vec, 512x512xf32> -> !pto.tile_buf<vec, 512x512xf32>
  pto.tload ins(%pv : !pto.partition_tensor_view<512x512xf32>) outs(%T2 : !pto.tile_buf<vec, 512x512xf32>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_multi_tile_at_placed_tile(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.alloc_multi_tile' places a tile at an address of UB}}
  %mb = pto.alloc_multi_tile addr = %a0 : !pto.multi_tile_buf<vec, 16x64xf16, count=2>
  %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%s0 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_multi_tile_past_memory(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.alloc_multi_tile' tile does not fit the 192 KiB UB}}
  %mb = pto.alloc_multi_tile addr = %a0 : !pto.multi_tile_buf<vec, 16x64xf16, count=200>
  %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x64xf16, count=200> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%s0 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_planned_multi_tile_beside_placed(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.alloc_multi_tile' leaves a multi-buffer to PTOAS's planner}}
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x64xf16, count=2>
  %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%s0 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_row_plus_one_past_memory() {
  %a0 = arith.constant 0 : i64
  // expected-error @+1 {{tile does not fit the 192 KiB UB (loc=vec) of a2a3: its 198142 bytes exceed}}
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 768x128xf16, compact=2>
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_row_plus_one_overlaps_next_tile(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %C = pto.alloc_tile addr = %a2048 : !pto.tile_buf<vec, 16x64xf16>
  // expected-error @+1 {{places its tile at bytes [0, 2078)}}
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16, compact=2>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16, compact=2>)
  pto.tstore ins(%C : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_moving_tile_read_unwritten(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %a2048 = arith.constant 2048 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv2 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %C = pto.alloc_tile addr = %a2048 : !pto.tile_buf<vec, 16x32xf16>
  pto.tload ins(%qv2 : !pto.partition_tensor_view<16x32xf16>) outs(%C : !pto.tile_buf<vec, 16x32xf16>)
  scf.for %i = %c0 to %c2 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %addr = arith.muli %ii, %a2048 : i64
    // expected-error @+1 {{places its tile at an address that changes}}
    %T = pto.alloc_tile addr = %addr : !pto.tile_buf<vec, 16x64xf16>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%T : !pto.tile_buf<vec, 16x64xf16>)
    } else {
      pto.tstore ins(%T : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
    }
  }
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_tile_address_of_overlapping_tile(%p: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %v = arith.constant 1.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x32xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  // expected-error @+1 {{'pto.tile_buf_addr' takes the address of the tile}}
  %pb = pto.tile_buf_addr %B : !pto.tile_buf<vec, 16x32xf16> -> !pto.ptr<f16, ub>
  pto.store_scalar %v, %pb[%c0] : !pto.ptr<f16, ub>, f16
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func private @f(%t: !pto.ptr<f16, ub>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %C = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<vec, 16x64xf16>)
  %x = pto.load_scalar %t[%c0] : !pto.ptr<f16, ub> -> f16
  pto.store_scalar %x, %o[%c0] : !pto.ptr<f16>, f16
  return
}
func.func @negative_tile_address_to_memory_taking_callee(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  %pa = pto.tile_buf_addr %A : !pto.tile_buf<vec, 16x64xf16> -> !pto.ptr<f16, ub>
  // expected-error @+1 {{hands a tile address}}
  func.call @f(%pa, %q, %o) : (!pto.ptr<f16, ub>, !pto.ptr<f16>, !pto.ptr<f16>) -> ()
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_reserved_space_spelt_with_blanks(%p: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  // expected-error @+1 {{over the region [0, 4096) the 'pto.reserve_buffer' at line 6129:9 reserves for a pipe}}
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %rb = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space< vec >, auto = false, base = 0} -> i32
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_bias_tile_unbounded(%x: i64, %y: i64) {
  // expected-error @+1 {{tile does not fit the 64 KiB bias}}
  %A = pto.alloc_tile addr = %x : !pto.tile_buf<bias, 1x1048576xf32, blayout=row_major, slayout=none_box>
  // expected-error @+1 {{'pto.alloc_tile' tile does not fit the 64 KiB bias (loc=bias}}
  %B = pto.alloc_tile addr = %y : !pto.tile_buf<bias, 1x64xf32>
  return
}
}

// A 64x16 Acc tile typed fully valid, written by a tmatmul whose Left tile has 32
// valid rows (red team, session 21): mad writes 32 rows, the store writes 64.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_rows_below_stored_rows(%out: !pto.ptr<f32>, %w6123s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6122s: !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 4 : index
    %s0 = arith.constant 1024 : index
    %s1 = arith.constant 512 : index
    %a = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6122s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6123s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    // expected-error @+1 {{'pto.tstore' stores the valid rows (64) of its 64x16 Acc tile, but 'pto.tmatmul' (at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}
// The columns: a Right tile of 8 valid columns writes 8 of the 16 stored.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_cols_below_stored_cols(%out: !pto.ptr<f32>, %w6150s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6149s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 256 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6149s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64, %c128, %c8) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6150s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x8xf32>
    // expected-error @+1 {{'pto.tstore' stores the valid columns (16) of its 16x16 Acc tile, but 'pto.tmatmul' (at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x1x16x8xf32>) -> ()
    return
  }
}
// A gemv writes one row of its Acc tile (pto-isa TGEMV_IMPL: TMatmul(..., 1, k, n)),
// whatever its Left tile's valid rows.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_gemv_one_row(%out: !pto.ptr<f32>, %w6178s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6177s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 256 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6177s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6178s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tgemv"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x8xf32>
    // expected-error @+1 {{writes only a gemv's one row (1)}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x1x16x8xf32>) -> ()
    return
  }
}
// mad sums over the Left tile's 128 valid columns, reading 128 rows of a Right tile
// that holds 64 valid ones.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_k_past_right_rows(%out: !pto.ptr<f32>, %w6206s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6205s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 256 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6205s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64, %c64, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6206s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    // expected-error @+1 {{'pto.tmatmul' sums over its A operand's valid columns (128) but its B operand's valid rows are 64}}
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x8xf32>
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x1x16x8xf32>) -> ()
    return
  }
}
// pto-isa's TMATMUL_ACC adds the product to what dst holds and never reads acc_in:
// accumulating %acc0 into another tile sums that tile's stale bytes.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_acc_in_not_dst(%out: !pto.ptr<f32>, %w6234s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6233s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 256 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6233s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6234s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %c4096_i64 = arith.constant 4096 : i64
    %acc0 = "pto.alloc_tile"(%c4096_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%a, %b, %acc0) : (!pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    // expected-error @+1 {{'pto.tmatmul.acc' accumulates into its dst, whose bytes its acc_in is not proved to be}}
    "pto.tmatmul.acc"(%acc0, %a, %b, %acc) : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x8xf32>
    // expected-error @+1 {{'pto.tstore' Acc tile 16x16 is written only by accumulating mads ('pto.tmatmul.acc' at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x1x16x8xf32>) -> ()
    return
  }
}
// -----

// A pl matmul convert-pl-to-pto keeps in pto IR, written by hand with a result typed
// fully valid from an A operand of 1 to 64 valid rows: verify-pto-nz holds pl's result
// rule on its own (red team, session 21).
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_pl_matmul_result_in_pto(%m: index {nz.range = array<i64: 1, 65>}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %a = "pto.alloc_tile"(%c0_i64, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i64, index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=?, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %b = "pto.alloc_tile"(%c16384_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    // expected-error @+1 {{'pl.tile.matmul' result tile claims 64 valid rows but mad writes only its A operand's valid rows (1 to 64)}}
    %c = "pl.tile.matmul"(%a, %b) : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=?, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    return
  }
}

// An accumulating mad of 8 valid rows into a 32-row Acc tile a tmatmul filled: the rest
// of its last 16-row box is computed from its Left tile's stale rows 8 to 15.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_acc_mad_rows_inside_its_last_box(%out: !pto.ptr<f32>, %w6285s: !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6283s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6282s: !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 2 : index
    %s0 = arith.constant 512 : index
    %s1 = arith.constant 256 : index
    %a = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6282s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6283s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %a8 = "pto.alloc_tile"(%c0_i64, %c8, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6285s, %a8) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    "pto.tmatmul.acc"(%acc, %a8, %b, %acc) : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x8xf32>
    // expected-error @+1 {{'pto.tstore' stores the valid rows (32) of its 32x16 Acc tile, but 'pto.tmatmul.acc' (at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x2x16x8xf32>) -> ()
    return
  }
}

// -----

// An ND load into an ND Mat tile counts its burst gap in whole 32-byte blocks
// (TLoadGm2L1Nd2nd): rows of 80 bytes are read 64 apart (red team, session 21).
func.func @nd_mat_row_gap_not_32_bytes(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c40], strides = [%c40, %c1] : !pto.tensor_view<16x40xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x40xf16> -> !pto.partition_tensor_view<16x32xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{its row stride (80 bytes) is not whole 32-byte blocks, which the ND -> Mat burst gap counts}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// Its burst length too: 24 f16 columns move as one 32-byte block of 16.
func.func @nd_mat_valid_width_not_32_bytes(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c24] : !pto.tensor_view<16x32xf16> -> !pto.partition_tensor_view<16x24xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=24, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{its tile's valid columns (48 bytes a row) are not proved whole 32-byte blocks, which the ND -> Mat burst length counts}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x24xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=24, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// A bias mad reads n = 32 columns of a bias tile holding 16 valid ones.
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_bias_narrower_than_n(%out: !pto.ptr<f32>, %w6350s: !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6348s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6347s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 4 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 512 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6347s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6348s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %bias = "pto.alloc_tile"(%c0_i64, %c16) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i64, index) -> !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    "pto.tmov"(%w6350s, %bias) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    // expected-error @+1 {{'pto.tmatmul.bias' adds its bias to its B operand's valid columns (32) but its bias tile's valid columns are 16}}
    "pto.tmatmul.bias"(%a, %b, %bias, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x1x16x8xf32>
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x4x1x16x8xf32>) -> ()
    return
  }
}

// -----

// A DN view loaded into a zN Mat tile, PyPTO's transposed operand (TLoadGm2L1Dn2zn): its
// column stride goes through the 16-bit srcDValue (red team, session 21).
func.func @negative_dn_mat_column_stride_past_16_bits(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c70000 = arith.constant 70000 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c1, %c70000] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of a DN view into a mat tile: its column stride 70000 exceeds 65535, the 16-bit srcDValue field}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
  return
}

// -----

// Into a column-major Mat tile (TLoadGm2L1Dn2dn) each column is one burst of whole
// 32-byte blocks: 24 f16 rows (48 bytes) move as one block of 16.
func.func @negative_dn_mat_column_not_32_bytes(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c24, %c32], strides = [%c1, %c32] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c24, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<24x32xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=24, v_col=32, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' of a DN view into a mat tile: its tile's valid rows (48 bytes a column) are not proved whole 32-byte blocks}}
  pto.tload ins(%pv : !pto.partition_tensor_view<24x32xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=24, v_col=32, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// The stride down a DN column is never read: it must be 1.
func.func @negative_dn_mat_stride_down_a_column(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %p, shape = [%c32, %c32], strides = [%c2, %c64] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  // expected-error @+1 {{its stride down a column is 2, not 1: no DN transfer reads that stride}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
  return
}

// -----

// A mad writing the Acc tile through a subview of it writes the tile's bytes: its 32 rows
// are held against the 64 the store reads (red team, session 21).
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_through_a_subview(%arg0: !pto.ptr<bf16>, %arg1: !pto.ptr<bf16>, %arg2: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %0 = "pto.make_tensor_view"(%arg0, %c64, %c128, %c128, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %1 = "pto.make_tensor_view"(%arg1, %c128, %c16, %c16, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
    %2 = "pto.make_tensor_view"(%arg2, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %3 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %5 = "pto.partition_view"(%0, %c0, %c0, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<32x128xbf16>
    "pto.tload"(%5, %4) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<32x128xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.alloc_tile"(%c16384_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %7 = "pto.partition_view"(%1, %c0, %c0, %c128, %c16) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<128x16xbf16>
    "pto.tload"(%7, %6) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.partition_tensor_view<128x16xbf16>, !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.textract"(%4, %c0, %c0, %8) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %9 = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.textract"(%6, %c0, %c0, %9) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %sv = "pto.subview"(%3, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 2, 0, 0>, sizes = [64, 16]}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, index, index) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%8, %9, %sv) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %10 = "pto.partition_view"(%2, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    // expected-error @+1 {{'pto.tstore' stores the valid rows (64) of its 64x16 Acc tile, but 'pto.tmatmul' (at line}}
    "pto.tstore"(%3, %10) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}


// -----

// An Acc tile handed to a call: the callee's mad (of 32 valid rows) is out of sight of
// the store (red team, session 21).
module attributes {pto.target_arch = "a2a3"} {
  func.func private @fill(%a: !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %b: !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, %c: !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    "pto.tmatmul"(%a, %b, %c) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    return
  }
  func.func @negative_acc_filled_by_a_call(%out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    // The callee's mad reads %a and %b, which nothing writes (red team, session 24).
    // expected-error @+2 {{'func.call' reads a tile (loc=left) that nothing in its function writes}}
    // expected-error @+1 {{'func.call' reads a tile (loc=right) that nothing in its function writes}}
    func.call @fill(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    // expected-error @+1 {{'pto.tstore' Acc tile 64x16 flows into 'func.call' (at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}

// -----

// An ND partition a function takes as its argument, 32 x 128, loaded into and stored from a
// 16-row Vec tile: the window's rows overrun the tile (found by red team: every ND rule was
// skipped for a view no pto.make_tensor_view here gives).
module attributes {pto.target_arch = "a2a3"} {
func.func @unseen_argument_partition(%pv: !pto.partition_tensor_view<32x128xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' ND window of up to 32 rows (leading axes stacked as rows) is larger than its 16x128 tile}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x128xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.tstore' ND window of up to 32 rows (leading axes stacked as rows) is larger than its 16x128 tile}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%pv : !pto.partition_tensor_view<32x128xf16>)
  return
}
}

// -----

// The same window yielded by an scf.if: the tload of the if's result is held to its tile.
module attributes {pto.target_arch = "a2a3"} {
func.func @unseen_partition_through_scf_if(%p: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x128xf16>
  %w = scf.if %c -> (!pto.partition_tensor_view<32x128xf16>) {
    scf.yield %pv : !pto.partition_tensor_view<32x128xf16>
  } else {
    scf.yield %pv : !pto.partition_tensor_view<32x128xf16>
  }
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' ND window of up to 32 rows (leading axes stacked as rows) is larger than its 16x128 tile}}
  pto.tload ins(%w : !pto.partition_tensor_view<32x128xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// A partition of a view an scf.if yields: refused at the partition (PTOAS reads no strides
// of the view there), and its load not judged again (one root cause, one error).
module attributes {pto.target_arch = "a2a3"} {
func.func @unseen_view_through_scf_if(%p: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
  %w = scf.if %c -> (!pto.tensor_view<?x?xf16>) {
    scf.yield %v : !pto.tensor_view<?x?xf16>
  } else {
    scf.yield %v : !pto.tensor_view<?x?xf16>
  }
  // expected-error @+1 {{not a pto.make_tensor_view's result: PTOAS reads a view's strides only from the pto.make_tensor_view}}
  %pv = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c32, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x128xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// An argument partition that fits its tile: accepted, with a warning that its strides are
// the caller's.
module attributes {pto.target_arch = "a2a3"} {
func.func @unseen_argument_partition_fits(%pv: !pto.partition_tensor_view<16x128xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-warning @+1 {{'pto.tload' moves a window of a tensor view no pto.make_tensor_view here gives: its strides cannot be checked}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x128xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// An scf.if yielding an ND view states layout = nz: PTOAS's InferPTOLayout takes the first
// layout stated along the ops the load's view comes from, whatever the op, and loads it
// NZ->NZ through strides ([8192, 256, 512, 16, 1]) no NZ rule checked (found by red team).
module attributes {pto.target_arch = "a2a3"} {
func.func @layout_stated_on_scf_if(%p: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c2, %c16, %c16, %c16], strides = [%c8192, %c256, %c512, %c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?x?x?xf16>
  %w = scf.if %c -> (!pto.tensor_view<?x?x?x?x?xf16>) {
    scf.yield %v : !pto.tensor_view<?x?x?x?x?xf16>
  } else {
    scf.yield %v : !pto.tensor_view<?x?x?x?x?xf16>
  } {layout = #pto.layout<nz>}
  // expected-error @+1 {{not a pto.make_tensor_view's result: PTOAS reads a view's strides only from the pto.make_tensor_view}}
  %pv = pto.partition_view %w, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c2, %c16, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x2x16x16x16xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x16x16x16xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// A GM memref an unrealized cast states NZ (shape and strides PTOAS infers ND): PTOAS reads
// the cast's layout and EmitC peels the cast, so the load moves NZ.
func.func @memref_layout_on_unrealized_cast(%arg: memref<1x2x8x16x16xf16, strided<[8192, 256, 512, 16, 1]>>) {
  %src = "builtin.unrealized_conversion_cast"(%arg) {layout = #pto.layout<nz>} : (memref<1x2x8x16x16xf16, strided<[8192, 256, 512, 16, 1]>>) -> memref<1x2x8x16x16xf16, strided<[8192, 256, 512, 16, 1]>>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tload' moves a GM memref PTOAS takes as NZ (its 'builtin.unrealized_conversion_cast' states it)}}
  "pto.tload"(%src, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (memref<1x2x8x16x16xf16, strided<[8192, 256, 512, 16, 1]>>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=128, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A canonical blocked !pto.hif8 view that states no layout: PTOAS sizes the type 1 byte and
// newer InferPTOLayout infers NZ (c0 = 32); nzpass, which does not size it, had read it ND.
module attributes {pto.target_arch = "a5"} {
func.func @pto_element_view_inferred_nz(%p: !pto.ptr<!pto.hif8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c16384 = arith.constant 16384 : index
  // expected-error @+1 {{NZ view element type !pto.hif8: NZ needs an integer or floating-point element type}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c2, %c16, %c16, %c32], strides = [%c16384, %c8192, %c512, %c32, %c1] : !pto.tensor_view<?x?x?x?x?x!pto.hif8>
  return
}
}

// -----

// A tile of an element type PTOAS lowers at another width: its EmitC spells i24 as a
// 4-byte C type, so the tile PTOAS builds is a third larger than the one checked (red
// team, session 21).
func.func @negative_i24_tile() {
  // expected-error @+1 {{'pto.alloc_tile' tile has element type i24, which has no C type of its width in PTOAS}}
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i24, rows=64, cols=1024, v_row=64, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// An unsigned op on a bounded index that may be negative: divui(bid - 10, 3) >> 28 is 5
// at 32 bits and 22906492245 where index is 64 bits (uint64_t): both readings, refused.
func.func @divui_of_a_negative_index_in_both_readings(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>

  %bid = "pto.get_block_idx"() : () -> index
  %c10 = arith.constant 10 : index
  %x = arith.subi %bid, %c10 : index
  %c3 = arith.constant 3 : index
  %q = arith.divui %x, %c3 : index
  %c28 = arith.constant 28 : index
  %o = arith.shrui %q, %c28 : index

  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) + size[2] can reach}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()

  return
}

// -----

// Two views' row-fractal counts, index_castui of -1 : i32 and of -1 : i64, remui 7, + 1: 4
// and 2 where index is 64 bits. A constant's key names its type: they disagree.
func.func @casts_of_constants_of_two_types(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %m1a = arith.constant -1 : i32
  %m1b = arith.constant -1 : i64
  %ua = arith.index_castui %m1a : i32 to index
  %ra = arith.remui %ua, %c7 : index
  %rfa = arith.addi %ra, %c1 : index
  %ub = arith.index_castui %m1b : i64 to index
  %rb = arith.remui %ub, %c7 : index
  %rfb = arith.addi %rb, %c1 : index
  %s1a = arith.muli %rfa, %c512 : index
  %s0a = arith.muli %s1a, %c16 : index
  %s1b = arith.muli %rfb, %c512 : index
  %s0b = arith.muli %s1b, %c16 : index
  %tva = "pto.make_tensor_view"(%p, %c1, %c16, %rfa, %c16, %c32, %s0a, %s1a, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{disagrees with its NZ view at}}
  %tvb = "pto.make_tensor_view"(%p, %c1, %c16, %rfb, %c16, %c32, %s0b, %s1b, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pva = "pto.partition_view"(%tva, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %pvb = "pto.partition_view"(%tvb, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pva, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  %t2 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pvb, %t2) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Every launch runs block 0: a block index range that excludes it holds in no launch
// (bid - 8 would be proved 0, and is -8 on block 0).
func.func @block_index_range_without_block_0(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error @+1 {{'pto.get_block_idx' states nz.range = [8, 9), which block 0 breaks}}
  %bid = "pto.get_block_idx"() {nz.range = array<i64: 8, 9>} : () -> index
  %o = arith.subi %bid, %c8 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()

  return
}

// -----

// A get_block_num of 4 blocks beside a get_block_idx of block 0 alone: no launch meets
// both, so the offset proved 0 from the block index would hold vacuously (red team,
// session 21).
func.func @negative_launch_facts_no_launch_meets(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>

  %n = "pto.get_block_num"() {nz.range = array<i64: 4, 5>} : () -> index
  // expected-error @+1 {{'pto.get_block_idx' is read under launch facts no launch meets ('pto.get_block_num' at line}}
  %b = "pto.get_block_idx"() {nz.range = array<i64: 0, 1>} : () -> index
  %c3 = arith.constant 3 : index
  %q = arith.subi %n, %c3 : index
  %o = arith.muli %b, %c8 : index

  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()

  return
}

// An accumulation no mad starts: tmatmul.acc adds its product to what a fresh Acc tile
// holds, stale L0C (red team, session 21).
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_accumulation_never_started(%out: !pto.ptr<f32>, %w6773s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6772s: !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 1 : index
    %s0 = arith.constant 256 : index
    %s1 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6772s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6773s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    // expected-error @+1 {{'pto.tmatmul.acc' reads a tile (loc=acc) before anything in its function writes it}}
    "pto.tmatmul.acc"(%acc, %a, %b, %acc) : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x8xf32>
    // expected-error @+1 {{'pto.tstore' Acc tile 16x16 is written only by accumulating mads ('pto.tmatmul.acc' at line}}
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x1x16x8xf32>) -> ()
    return
  }
}

// An Acc tile stored as the result of an scf.if: the mads writing it in the branches
// are found through the if's yields, as through an scf.for's (red team, session 21).
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_mad_behind_an_scf_if_result(%out: !pto.ptr<f32>, %cond: i1, %w6802s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w6801s: !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cb = arith.constant 2 : index
    %cr = arith.constant 4 : index
    %s0 = arith.constant 1024 : index
    %s1 = arith.constant 512 : index
    %a = "pto.alloc_tile"(%c0_i64, %c32, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w6801s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w6802s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %r = scf.if %cond -> (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {
      "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
      scf.yield %acc : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    } else {
      "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
      scf.yield %acc : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    }
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
    // expected-error @+1 {{'pto.tstore' stores the valid rows (64) of its 64x16 Acc tile, but 'pto.tmatmul' (at line}}
    "pto.tstore"(%r, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
    return
  }
}

// -----

// 2147483648 : i33 is -2^31 in the device's int32_t (PTOAS's spelling of any odd width):
// sign-extended and shifted right by 28 it is the row offset -8, not 8.
func.func @odd_width_constant_past_int32(%p: !pto.ptr<i8>, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %big = arith.constant 2147483648 : i33
  %e = arith.extsi %big : i33 to i64
  %c28 = arith.constant 28 : i64
  %s = arith.shrsi %e, %c28 : i64
  %o = arith.index_cast %s : i64 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A is loaded, then B's load clobbers it; an unsigned loop from -1 to 1 (zero iterations: 2^32-1 >=u 1) reloads A.
func.func @negative_overlap_reloaded_in_an_unsigned_loop_that_never_runs(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error-re @+1 {{'pto.alloc_tile' places its tile at bytes [0, 1024) of UB (loc=vec), over the tile of the 'pto.alloc_tile' at line {{[0-9]+}}:8 ([0, 2048)), and 'pto.tload' (at line {{[0-9]+}}:{{[0-9]+}}) may write it before 'pto.tstore'}}
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for unsigned %i = %cm1 to %c1 step %c1 {
    pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// pto.tstore_fp (TSTORE_FP, TStoreAccFp) reads its Acc tile as pto.tstore does:
// a 16-row mad into a 32-row tile wrote column block 1 at another pitch.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a3_tstore_fp(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<i8>, %w6893s: !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %fp = pto.alloc_tile : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    "pto.tmov"(%w6893s, %fp) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xi8>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x32xi8>
    // expected-error @+1 {{whose A operand has 16 valid rows: mad writes at a column-block pitch of ceil16(its rows), 'pto.tstore_fp' reads at the tile's 32}}
    pto.tstore_fp ins(%c, %fp : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xi8>)
    return
  }
}

// -----

// pto.tstore_fp of a 32-valid-row Acc tile into a 16-row ND window writes 16 rows past it.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a3c_tstore_fp_window(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<i8>, %w6929s: !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %fp = pto.alloc_tile : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    "pto.tmov"(%w6929s, %fp) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xi8>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x32xi8>
    // expected-error @+1 {{'pto.tstore_fp' tile's valid rows ([32, 32], a multiple of 32) may be more than the ND window's rows}}
    pto.tstore_fp ins(%c, %fp : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cop : !pto.partition_tensor_view<16x32xi8>)
    return
  }
}

// -----

// A tmov out of L0C (TMovCcToCb) reads at the tile's rows: the 16-row mad wrote column
// block 1 at a pitch of 16, so the Mat tile gets the wrong columns.
module attributes {pto.target_arch = "a2a3"} {
  func.func @f2_tmov_acc_to_mat(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>, %ri: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %cm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    // expected-error @+1 {{whose A operand has 16 valid rows: mad writes at a column-block pitch of ceil16(its rows), 'pto.tmov' reads at the tile's 32}}
    pto.tmov ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cm : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %r2 = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %l2 = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %c2 = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    pto.textract ins(%cm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r2 : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l2 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l2, %r2 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c2 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %c2ov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %c2op = pto.partition_view %c2ov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%c2 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%c2op : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// A 32-row Left tile extracted from a Mat tile loaded with 16 valid rows: rows 16..31
// are what L1 held before, and the mad sums them.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a1_textract_past_mat_valid(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<16x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    // expected-error @+1 {{'pto.textract' reads 32 rows of its source (from its index on, its destination's valid rows), but the source's valid rows are 16}}
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// A textract from a run-time row index of a 32-row Mat tile into a 32-row Left tile:
// any index but 0 reads past the Mat tile (pto-isa asserts it in debug builds only).
module attributes {pto.target_arch = "a2a3"} {
  func.func @f3_textract_dynamic_row(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>, %ri: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    // expected-error @+1 {{'pto.textract' moves 32 rows from row index proved [-inf, +inf], a multiple of 1, which may reach outside its source tile's 32 rows}}
    pto.textract ins(%am, %ri, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// A 32x32 Acc tile re-declared at the L0C address of a 16x32 one the mad wrote: nothing
// writes the stored tile, which reads the other's rows at the wrong pitch and 16 stale rows.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a11_acc_alias_other_shape(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %z = arith.constant 0 : i64
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile addr = %z : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %c2 = pto.alloc_tile addr = %z : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c2 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    // expected-error @+1 {{'pto.tstore' Acc tile 32x32 is written by nothing in its function, but the tile of the 'pto.alloc_tile' at line}}
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// A 32-row Acc tile stored through a [2, 16, 32] window of a [4, 32, 32] view: TStoreAccNz2nd
// writes row r at r times the row stride, so rows 16..31 land in batch 0, outside the window.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a15_acc_store_leading_axis(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %ov = pto.make_tensor_view %o, shape = [%c4, %c32, %c32], strides = [%c1024, %c32, %c1] : !pto.tensor_view<?x?x?xf32>
    %op = pto.partition_view %ov, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %c32] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<2x16x32xf32>
    // expected-error @+1 {{'pto.tstore' of an Acc tile into an ND window of sizes [2, 16, 32] stacks rows over leading axis 0 of size 2}}
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%op : !pto.partition_tensor_view<2x16x32xf32>)
    return
  }
}

// -----

// An Acc store into a GM memref PTOAS takes as ND meets the Acc rules of an ND view's.
module attributes {pto.target_arch = "a2a3"} {
  func.func @a14_acc_store_to_memref(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>, %m: memref<32x32xf32, #pto.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    // expected-error @+1 {{whose A operand has 16 valid rows: mad writes at a column-block pitch of ceil16(its rows), 'pto.tstore' reads at the tile's 32}}
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%m : memref<32x32xf32, #pto.address_space<gm>>)
    return
  }
}


// -----
func.func @overflowing_memref(%arg0: memref<16x4611686018427387904x16x16xf16, #pto.address_space<gm>>) {
  %k0 = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+2 {{overflows int64}}
  // expected-error @+1 {{moves a GM memref window of 1180591620717411303424 rows (leading dims stacked as rows) to or from a local memref tile of 16 rows}}
  pto.tload ins(%arg0 : memref<16x4611686018427387904x16x16xf16, #pto.address_space<gm>>) outs(%k0 : memref<16x16xf16, #pto.address_space<vec>>)
  return
}

// -----
func.func @transposed_memref(%arg0: memref<16x16xf16, affine_map<(d0, d1) -> (d1, d0)>>) {
  %k0 = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{which is not strided}}
  pto.tload ins(%arg0 : memref<16x16xf16, affine_map<(d0, d1) -> (d1, d0)>>) outs(%k0 : memref<16x16xf16, #pto.address_space<vec>>)
  return
}

// -----
func.func @subview_of_nz_source(%arg0: memref<16x16x16xf16, #pto.address_space<gm>>) {
  %s = memref.subview %arg0[0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<16x16x16xf16, #pto.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #pto.address_space<gm>>
  %k0 = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{moves a GM memref PTOAS takes as NZ}}
  pto.tload ins(%s : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<gm>>) outs(%k0 : memref<16x16xf16, #pto.address_space<vec>>)
  return
}

// -----
func.func @memref_window_past_tile(%arg0: memref<64x64xf16, #pto.address_space<gm>>) {
  %k0 = memref.alloc() : memref<16x16xf16, #pto.address_space<vec>>
  // expected-error @+1 {{to or from a local memref tile of}}
  pto.tload ins(%arg0 : memref<64x64xf16, #pto.address_space<gm>>) outs(%k0 : memref<16x16xf16, #pto.address_space<vec>>)
  return
}

// -----

// A Vec tile nothing writes, stored: stale UB (red team 22, unwritten).
module attributes {pto.target_arch = "a2a3"} {
func.func @unwritten_vec_store(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %ov = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tstore' reads a tile (loc=vec) that nothing in its function writes}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}

// -----

// An Acc tile no mad writes, stored: stale L0C.
module attributes {pto.target_arch = "a2a3"} {
func.func @unwritten_acc_store(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %ov = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+1 {{'pto.tstore' reads a tile (loc=acc) that nothing in its function writes}}
  pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}

// -----

// taxpy reads its dst before it writes it: no first write of dst.
module attributes {pto.target_arch = "a2a3"} {
func.func @unwritten_taxpy_dst(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %ov = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %d = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%in : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %s = arith.constant 2.0 : f32
  // expected-error @+1 {{'pto.taxpy' reads a tile (loc=vec) that nothing in its function writes}}
  pto.taxpy ins(%t, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}

// -----

// A mad of Left and Right tiles nothing writes.
module attributes {pto.target_arch = "a2a3"} {
func.func @unwritten_mad_operands(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %ov = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  // expected-error @+2 {{'pto.tmatmul' reads a tile (loc=right) that nothing in its function writes}}
  // expected-error @+1 {{'pto.tmatmul' reads a tile (loc=left) that nothing in its function writes}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
  pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}

// -----

// An Acc tile only an accumulating mad writes, moved out: its sums are onto stale L0C
// (a move out of it is no first write; red team 22, unwritten).
module attributes {pto.target_arch = "a2a3"} {
func.func @accumulated_only_moved_out(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>, %ma: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %mb: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %inv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %inv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %outv = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %outv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  pto.tmov ins(%ma : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  pto.tmov ins(%mb : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.tmatmul.acc' reads a tile (loc=acc) before anything in its function writes it}}
  pto.tmatmul.acc ins(%c, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.tmov' Acc tile 16x16 is written only by accumulating mads}}
  pto.tmov ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%m : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// An f32 Acc tile stored into an i32 ND view: NoQuant writes the floats' L0C words.
module attributes {pl.backend = "a2a3"} {
  func.func @negative_acc_store_f32_into_i32(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<i32>)
      attributes {nz_tensor_views_blocked} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %pre = arith.constant 1 : i64
    %0 = "pto.make_tensor_view"(%a0, %c16, %c32, %c32, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f16>, index, index, index, index)
        -> !pto.tensor_view<?x?xf16>
    %1 = "pto.make_tensor_view"(%a1, %c1, %c2, %c1, %c16, %c16, %c512, %c256, %c256, %c16, %c1)
        {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.tensor_view<?x?x?x?x?xf16>
    %2 = "pto.make_tensor_view"(%a2, %c16, %c16, %c16, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<i32>, index, index, index, index)
        -> !pto.tensor_view<?x?xi32>
    %3 = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.partition_view"(%0, %c0, %c0, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x32xf16>
    %5 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%4, %5)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<16x32xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.partition_view"(%1, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.partition_tensor_view<1x2x1x16x16xf16>
    %7 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%6, %7)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<1x2x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pl.tile.matmul_acc"(%3, %5, %7)
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %9 = "pto.partition_view"(%2, %c0, %c0, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xi32>, index, index, index, index)
        -> !pto.partition_tensor_view<16x16xi32>
    // expected-error @+1 {{'pto.tstore' of a tile of f32 (loc=acc) into GM of i32: the fixpipe converts f32 to f16 or bf16 only: an Acc tile of f32 stored into i32 writes the 32-bit L0C words as they are, which are no i32 values}}
    "pto.tstore"(%8, %9)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x16xi32>) -> ()
    return
  }
}

// -----

// An i32 Acc tile stored into bf16 without a quantisation operand: no conversion.
module attributes {pl.backend = "a2a3"} {
  func.func @negative_acc_store_i32_into_bf16(%a0: !pto.ptr<i8>, %a1: !pto.ptr<i8>, %a2: !pto.ptr<bf16>)
      attributes {nz_tensor_views_blocked} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %pre = arith.constant 1 : i64
    %0 = "pto.make_tensor_view"(%a0, %c16, %c32, %c32, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<i8>, index, index, index, index)
        -> !pto.tensor_view<?x?xi8>
    %1 = "pto.make_tensor_view"(%a1, %c1, %c1, %c1, %c16, %c32, %c512, %c512, %c512, %c32, %c1)
        {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.tensor_view<?x?x?x?x?xi8>
    %2 = "pto.make_tensor_view"(%a2, %c16, %c16, %c16, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<bf16>, index, index, index, index)
        -> !pto.tensor_view<?x?xbf16>
    %3 = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.partition_view"(%0, %c0, %c0, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xi8>, index, index, index, index)
        -> !pto.partition_tensor_view<16x32xi8>
    %5 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%4, %5)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.partition_view"(%1, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.partition_tensor_view<1x1x1x16x32xi8>
    %7 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%6, %7)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<1x1x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pl.tile.matmul_acc"(%3, %5, %7)
        : (!pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %9 = "pto.partition_view"(%2, %c0, %c0, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xbf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x16xbf16>
    // expected-error @+1 {{'pto.tstore' of a tile of i32 (loc=acc) into GM of bf16: the fixpipe converts f32 to f16 or bf16 only}}
    "pto.tstore"(%8, %9)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x16xbf16>) -> ()
    return
  }
}

// -----

// A scalar-quantised f32 Acc store into f16: pto-isa's CheckAcc2gm<isQuant> compiles f32 into i8/ui8 only.
module attributes {pl.backend = "a2a3"} {
  func.func @negative_quantised_store_f32_into_f16(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<f16>)
      attributes {nz_tensor_views_blocked} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %pre = arith.constant 1 : i64
    %0 = "pto.make_tensor_view"(%a0, %c16, %c32, %c32, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f16>, index, index, index, index)
        -> !pto.tensor_view<?x?xf16>
    %1 = "pto.make_tensor_view"(%a1, %c1, %c2, %c1, %c16, %c16, %c512, %c256, %c256, %c16, %c1)
        {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.tensor_view<?x?x?x?x?xf16>
    %2 = "pto.make_tensor_view"(%a2, %c16, %c16, %c16, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f16>, index, index, index, index)
        -> !pto.tensor_view<?x?xf16>
    %3 = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %4 = "pto.partition_view"(%0, %c0, %c0, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x32xf16>
    %5 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%4, %5)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<16x32xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %6 = "pto.partition_view"(%1, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.partition_tensor_view<1x2x1x16x16xf16>
    %7 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%6, %7)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<1x2x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %8 = "pl.tile.matmul_acc"(%3, %5, %7)
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %9 = "pto.partition_view"(%2, %c0, %c0, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x16xf16>
    // expected-error @+1 {{is no quantisation pto-isa compiles (only f32 -> i8, f32 -> ui8, i32 -> f16, i32 -> i8, i32 -> ui8)}}
    "pto.tstore"(%8, %9, %pre)
        {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x16xf16>, i64) -> ()
    return
  }
}

// -----

// A Vec store copies bytes: an f32 tile into an i32 view writes bit patterns.
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_vec_store_f32_into_i32(%p: !pto.ptr<f32>, %q: !pto.ptr<i32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %tv = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<16x64xf32>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    "pto.tload"(%pv, %t)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<16x64xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %ov = "pto.make_tensor_view"(%q, %c16, %c64, %c64, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<i32>, index, index, index, index)
        -> !pto.tensor_view<?x?xi32>
    %op = "pto.partition_view"(%ov, %c0, %c0, %c16, %c64)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xi32>, index, index, index, index)
        -> !pto.partition_tensor_view<16x64xi32>
    // expected-error @+1 {{'pto.tstore' of a tile of f32 (loc=vec) into GM of i32: a vec tile stores its bytes as they are (no conversion)}}
    "pto.tstore"(%t, %op)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x64xi32>) -> ()
    return
  }
}

// -----

// f32 rows 2^30 + 64 apart: gmGap = (uint32_t)((gStride3 - gShape4) * 4) = 2^32 wraps to 0.
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_nd_vec_gap_past_u32(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1073741888 = arith.constant 1073741888 : index
    %tv = "pto.make_tensor_view"(%p, %c16, %c1073741888, %c1073741888, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c2, %c64)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<2x64xf32>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{'pto.tload' between an ND view and a vec tile: the burst gap between rows may be 4294967296 bytes, past the uint32 gmGap, which wraps it}}
    "pto.tload"(%pv, %t)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<2x64xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %ov = "pto.make_tensor_view"(%q, %c2, %c64, %c64, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %op = "pto.partition_view"(%ov, %c0, %c0, %c2, %c64)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<2x64xf32>
    "pto.tstore"(%t, %op)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<2x64xf32>) -> ()
    return
  }
}

// -----

// An i8 [5, 1, 64] window of a [5, 1, 2^30] view: uint32_t 4 * 2^30 wraps to batch 0.
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_nd_leading_index_past_u32(%p: !pto.ptr<i8>, %q: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1073741824 = arith.constant 1073741824 : index
    %tv = "pto.make_tensor_view"(%p, %c5, %c1, %c1073741824, %c1073741824, %c1073741824, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 3, 3>}
        : (!pto.ptr<i8>, index, index, index, index, index, index)
        -> !pto.tensor_view<?x?x?xi8>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c5, %c1, %c64)
        {operandSegmentSizes = array<i32: 1, 3, 3>}
        : (!pto.tensor_view<?x?x?xi8>, index, index, index, index, index, index)
        -> !pto.partition_tensor_view<5x1x64xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=vec, dtype=i8, rows=5, cols=64, v_row=5, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{leading index 4 of axis 0 starts 4294967296 elements in, at or past 2^32, where pto-isa's uint32 index * stride wraps}}
    "pto.tload"(%pv, %t)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<5x1x64xi8>, !pto.tile_buf<loc=vec, dtype=i8, rows=5, cols=64, v_row=5, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %ov = "pto.make_tensor_view"(%q, %c5, %c64, %c64, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<i8>, index, index, index, index)
        -> !pto.tensor_view<?x?xi8>
    %op = "pto.partition_view"(%ov, %c0, %c0, %c5, %c64)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xi8>, index, index, index, index)
        -> !pto.partition_tensor_view<5x64xi8>
    "pto.tstore"(%t, %op)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=vec, dtype=i8, rows=5, cols=64, v_row=5, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<5x64xi8>) -> ()
    return
  }
}

// -----

// 4096 rows per leading index: nBurst = gShape3 is a 12-bit field (PTO_ASSERT only).
module attributes {pto.target_arch = "a2a3"} {
  func.func @negative_nd_4096_rows(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %tv = "pto.make_tensor_view"(%p, %c4096, %c64, %c64, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c4096, %c8)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<4096x8xf32>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=4096, cols=8, v_row=4096, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{4096 rows per leading index, more than the 4095 its burst count field holds}}
    "pto.tload"(%pv, %t)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<4096x8xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=4096, cols=8, v_row=4096, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %ov = "pto.make_tensor_view"(%q, %c4096, %c8, %c8, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %op = "pto.partition_view"(%ov, %c0, %c0, %c4096, %c8)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<4096x8xf32>
    // expected-error @+1 {{4096 rows per leading index, more than the 4095 its burst count field holds}}
    "pto.tstore"(%t, %op)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=vec, dtype=f32, rows=4096, cols=8, v_row=4096, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<4096x8xf32>) -> ()
    return
  }
}

// -----

// A mad of 32 rows into a compact=1 Acc tile of 16 valid rows: the store reads column block 1 at
// ceil16(16) * 16 = 256, mad wrote it at 512.
module attributes {pl.backend = "a2a3"} {
  func.func @negative_compact_store_at_another_pitch(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<f32>)
      attributes {nz_tensor_views_blocked} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %0 = "pto.make_tensor_view"(%a0, %c64, %c32, %c32, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f16>, index, index, index, index)
        -> !pto.tensor_view<?x?xf16>
    %1 = "pto.make_tensor_view"(%a1, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1)
        {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.tensor_view<?x?x?x?x?xf16>
    %2 = "pto.make_tensor_view"(%a2, %c32, %c32, %c32, %c1)
        {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.ptr<f32>, index, index, index, index)
        -> !pto.tensor_view<?x?xf32>
    %3 = "pto.partition_view"(%0, %c0, %c0, %c32, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf16>, index, index, index, index)
        -> !pto.partition_tensor_view<32x32xf16>
    %4 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%3, %4)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<32x32xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %5 = "pto.partition_view"(%1, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16)
        {operandSegmentSizes = array<i32: 1, 5, 5>}
        : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index)
        -> !pto.partition_tensor_view<1x2x2x16x16xf16>
    %6 = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
        : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%5, %6)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
        : (!pto.partition_tensor_view<1x2x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %7 = "pl.tile.matmul"(%4, %6) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>
    %8 = "pto.partition_view"(%2, %c0, %c0, %c16, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<16x32xf32>
    // expected-error-re @+1 {{'pto.tstore' of the compact=1 Acc tile 32x32 written by 'pl.tile.matmul' (at line {{[0-9]+}}:{{[0-9]+}}): mad writes its column blocks ceil16(its rows, 32) apart, the compact=1 store reads them ceil16(valid rows, 16) apart}}
    "pto.tstore"(%7, %8)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>, !pto.partition_tensor_view<16x32xf32>) -> ()
    return
  }
}

// -----

// Red team 22 (elements): a partition typed f16 of an f32 ND view moves the f32 bytes as
// f16 (PTOAS's PartitionViewOp::verify refuses it; the NZ rules did, the ND path did not).
module attributes {pto.target_arch = "a2a3"} {
  func.func @nd_partition_of_another_element(%a: !pto.ptr<f32>, %o: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %v = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    // expected-error @+1 {{'pto.partition_view' result !pto.partition_tensor_view<32x32xf16> has element type f16, not its source's f32 (!pto.tensor_view<?x?xf32>)}}
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf16>
    %ov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %op = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%p : !pto.partition_tensor_view<32x32xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%op : !pto.partition_tensor_view<32x32xf16>)
    return
  }
}

// -----

// Red team 22 (elements): a generic make_tensor_view typed f16 over a !pto.ptr<f32>
// (PTOAS's MakeTensorViewOp::verify refuses it).
module attributes {pto.target_arch = "a2a3"} {
  func.func @nd_view_of_another_pointer(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{'pto.make_tensor_view' result !pto.tensor_view<?x?xf16> has element type f16, not its source's f32 (!pto.ptr<f32>): a view holds its source's bytes}}
    %v = "pto.make_tensor_view"(%a, %c32, %c32, %c32, %c1) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%p : !pto.partition_tensor_view<32x32xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    return
  }
}

// -----

// Red team 22 (elements): an f32 ND view loaded into an i32 Vec tile is a byte copy (pto-isa's
// TLOAD static_asserts only equal sizeof, PTOAS's TLoadOp::verify equal widths): the tile
// holds the floats' bit patterns.
module attributes {pto.target_arch = "a2a3"} {
  func.func @nd_load_into_another_element(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %v = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{'pto.tload' of GM of f32 into a tile of i32 (loc=vec): a load copies GM's bytes as they are (no conversion), so its f32 elements would be read as i32}}
    pto.tload ins(%p : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=i32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    return
  }
}

// -----

// Red team 22 (elements): the memref forms: an f32 GM memref loaded into an f16 Vec memref,
// and an unrealized cast giving a GM pointer's bytes another element type.
module attributes {pto.target_arch = "a2a3"} {
  func.func @memref_load_into_another_element(%a: memref<32x32xf32, #pto.address_space<gm>>, %t: memref<32x32xf16, #pto.address_space<vec>>) {
    // expected-error @+1 {{'pto.tload' of GM of f32 into a tile of f16 (loc=vec): a load copies GM's bytes as they are (no conversion)}}
    pto.tload ins(%a : memref<32x32xf32, #pto.address_space<gm>>) outs(%t : memref<32x32xf16, #pto.address_space<vec>>)
    return
  }
  func.func @cast_to_another_element(%a: !pto.ptr<f32>, %t: memref<32x32xf16, #pto.address_space<vec>>) {
    // expected-error-re @+1 {{'builtin.unrealized_conversion_cast' result memref<32x32xf16, {{.*}}> has element type f16, not its source's f32 (!pto.ptr<f32>)}}
    %m = builtin.unrealized_conversion_cast %a : !pto.ptr<f32> to memref<32x32xf16, #pto.address_space<gm>>
    pto.tload ins(%m : memref<32x32xf16, #pto.address_space<gm>>) outs(%t : memref<32x32xf16, #pto.address_space<vec>>)
    return
  }
}

// -----

// A Vec -> Vec extract at a run-time index: pto-isa asserts indexRow + dst rows <= src
// rows in debug builds only, so an unbounded index reads past the source tile.
module attributes {pto.target_arch = "a5"} {
  func.func @vec_extract_at_an_unbounded_index(%src: !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %i: index) {
    %c0 = arith.constant 0 : index
    %dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{which may reach outside its source tile's 32 rows}}
    pto.textract ins(%src, %i, %c0 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index)
                outs(%dst : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    return
  }
}

// -----

// divsi(muli(bid, 2^28) overflow<nsw>, 2^28) is bid itself after PTOAS's folds (MLIR's poison
// rules), not the wrapped product's quotient in [-8, 7]: max(bid, 0) is no offset in [0, 0].
func.func @negative_partition_offset_from_a_nsw_product(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %c524288 = arith.constant 524288 : index
  %c32768 = arith.constant 32768 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c64, %c16, %c32, %c524288, %c32768, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %bid = "pto.get_block_idx"() : () -> i64
  %b = arith.trunci %bid : i64 to i32
  %k = arith.constant 268435456 : i32
  %z = arith.constant 0 : i32
  %m = arith.muli %b, %k overflow<nsw> : i32
  %d = arith.divsi %m, %k : i32
  %e = arith.maxsi %d, %z : i32
  %o = arith.index_cast %e : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf]}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An iter_arg whose init is ub.poison carries poison: nothing derived from it is proved.
func.func @negative_partition_offset_from_a_poison_iter_arg(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %c524288 = arith.constant 524288 : index
  %c32768 = arith.constant 32768 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c64, %c16, %c32, %c524288, %c32768, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %q = ub.poison : i32
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %q) -> (i32) {
    scf.yield %a : i32
  }
  %c31 = arith.constant 31 : i32
  %z = arith.constant 0 : i32
  %s = arith.shrsi %r, %c31 : i32
  %e = arith.maxsi %s, %z : i32
  %o = arith.index_cast %e : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf]}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A treshape typed fully valid of a Mat tile loaded with 16 of its 32 rows: the
// textract reads 16 stale rows (pto_table.TILE_RELABELS).
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_treshape_claims_rows_its_source_lacks(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %c2, %c2, %c16, %c16],
      strides = [%c1024, %c512, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c2, %c1, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x2x1x16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x1x16x16xf16>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  %r = pto.treshape %m : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0> -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.textract' reads a relabelled tile (the result of 'pto.treshape'}}
  pto.textract ins(%r, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// A Vec tile loaded with 16 rows, set to 32 and stored: 16 stale rows reach GM.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_set_validshape_widens_a_loaded_tile(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %rows = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c32, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rows, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
  %w = pto.make_tensor_view %q, shape = [%c32, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
  %pw16 = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c16, %c128]
      : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
  %pw32 = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c32, %c128]
      : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x128xf16>
  %t = pto.alloc_tile valid_row = %rows valid_col = %c128 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x128xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.set_validshape' may widen its tile's valid rows (loc=vec, 32x128) past the ones it had, and the tile's next use is 'pto.tstore'}}
  pto.set_validshape %t, %c32, %c128 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%pw32 : !pto.partition_tensor_view<32x128xf16>)
  return
}
}

// -----

// A 32-row Acc tile a 16-row mad wrote, pushed whole to the vector cores.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_push_of_acc_rows_no_mad_wrote(%ml: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  pto.tmov ins(%ml : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  pto.tmov ins(%mr : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
  %acc = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
  // expected-error @+1 {{'pto.tpush_to_aiv' moves the valid rows (32) of its 32x16 Acc tile, but 'pto.tmatmul'}}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
  return
}
}

// -----

// An ND load writes the partition's 16 rows; a Vec tile of 24 valid rows stores 8 stale
// UB rows (pto-isa asserts validRow == gShape3 in debug builds only).
func.func @nd_load_valid_rows_past_window(%src: !pto.ptr<bf16>, %dst: !pto.ptr<bf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %cv = arith.constant 24 : index
  %tv = "pto.make_tensor_view"(%src, %c16, %c32, %c32, %c1)
    {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
    : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %ov = "pto.make_tensor_view"(%dst, %cv, %c32, %c32, %c1)
    {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
    : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=bf16, rows=24, cols=32, v_row=24, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c32)
    {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xbf16>,
    index, index, index, index) -> !pto.partition_tensor_view<16x32xbf16>
  // expected-error @+1 {{are not proved at most the rows the ND window writes}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
    : (!pto.partition_tensor_view<16x32xbf16>, !pto.tile_buf<loc=vec, dtype=bf16, rows=24, cols=32, v_row=24, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %op = "pto.partition_view"(%ov, %c0, %c0, %cv, %c32)
    {operandSegmentSizes = array<i32: 1, 2, 2>}
    : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> !pto.partition_tensor_view<24x32xbf16>
  "pto.tstore"(%t, %op) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=bf16, rows=24, cols=32, v_row=24, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<24x32xbf16>) -> ()
  return
}

// -----

// The same into a boxed Mat tile (ND -> NZ): 16 stale rows reach the extract.
func.func @nd2nz_load_valid_rows_past_window(%src: !pto.ptr<f16>, %l: !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = "pto.make_tensor_view"(%src, %c16, %c32, %c32, %c1)
    {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
    : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c32)
    {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>,
    index, index, index, index) -> !pto.partition_tensor_view<16x32xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>}
    : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{are not proved at most the rows the ND window writes}}
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
    : (!pto.partition_tensor_view<16x32xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.textract"(%t, %c0, %c0, %l) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}
    : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Rows 16..31 of an ND view an scf.if yields: PTOAS's EmitC reads a partition's view
// strides only from the make_tensor_view (memref.reinterpret_cast) defining its source, and
// takes those of any other source compact from its ?x? type, every stride 1, so it would
// load elements 16..79 of row 0 (found by red team, round 23).
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_partition_of_a_view_an_scf_if_yields(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %va = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
  %vb = pto.make_tensor_view %b, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
  %v = scf.if %c -> (!pto.tensor_view<?x?xf16>) {
    scf.yield %va : !pto.tensor_view<?x?xf16>
  } else {
    scf.yield %vb : !pto.tensor_view<?x?xf16>
  }
  // expected-error @+1 {{not a pto.make_tensor_view's result: PTOAS reads a view's strides only}}
  %p = pto.partition_view %v, offsets = [%c16, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%p : !pto.partition_tensor_view<16x64xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// The same through a branch's block argument.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_partition_of_a_block_argument_view(%a: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %va = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
  cf.br ^bb1(%va : !pto.tensor_view<?x?xf16>)
^bb1(%v: !pto.tensor_view<?x?xf16>):
  // expected-error @+1 {{'pto.partition_view' of a tensor view that is a block argument of 'func.func', not a pto.make_tensor_view's result}}
  %p = pto.partition_view %v, offsets = [%c16, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%p : !pto.partition_tensor_view<16x64xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}
// -----

// A Vec tile nothing writes, handed to a helper that stores it: the call reads what its
// callee reads before writing (red team, session 24).
module attributes {pto.target_arch = "a2a3"} {
  func.func @store(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %o: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %v = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p : !pto.partition_tensor_view<16x64xf16>)
    return
  }
  func.func @negative_call_reads_an_unwritten_tile(%o: !pto.ptr<f16>) {
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    // expected-error @+1 {{'func.call' reads a tile (loc=vec) that nothing in its function writes}}
    func.call @store(%t, %o) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ptr<f16>) -> ()
    return
  }
}
// -----

// A Left tile of two box rows whose 16 valid columns leave a box of its 32 unused:
// mad reads it at a 16-column pitch (no source stride), the extract wrote it at 32.
func.func @kernel(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %xv = "pto.make_tensor_view"(%x, %c1, %c2, %c2, %c16, %c16, %c1024, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<1x2x2x16x16xf16>
  %xp = "pto.partition_view"(%xv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<1x2x2x16x16xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x16xf16>
  %wv = "pto.make_tensor_view"(%w, %c1, %c1, %c2, %c16, %c16, %c512, %c512, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<1x1x2x16x16xf16>
  %wp = "pto.partition_view"(%wv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<1x1x2x16x16xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x2x16x16xf16>
  %ov = "pto.make_tensor_view"(%o, %c1, %c2, %c2, %c16, %c8, %c512, %c256, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<1x2x2x16x8xf32>
  %op = "pto.partition_view"(%ov, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<1x2x2x16x8xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x8xf32>
  %mx = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %mw = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %a = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tload"(%xp, %mx) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tload"(%wp, %mw) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x2x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.textract"(%mx, %c0, %c0, %l) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%mw, %r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  // expected-error@+1 {{reads its left operand (32x32 f16) at a box-row pitch of 16 columns}}
  "pto.tmatmul"(%l, %r, %a) : (!pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%a, %op) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x2x16x8xf32>) -> ()
  return
}
// -----

// A load only inside an scf.if with no else, then a store: on the path that skips the
// load the store moves stale UB (red team, session 24).
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_after_a_load_in_one_branch(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>, %n: index, %flag: i1, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cm1 = arith.constant -1 : index
  %inv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %inv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %outv = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %outv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
scf.if %flag {
 pto.tload ins(%in : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
 }
// expected-error @+1 {{'pto.tstore' reads a tile (loc=vec) that no write before it surely writes}}
pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}
// -----

// A subview of an NZ Mat tile at a loop offset of 8 columns starts inside a 16-column
// box: PTOAS places windows at whole-box strides (red team, session 24).
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_subview_inside_a_box(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %cb = arith.constant 2 : index
  %cc0 = arith.constant 16 : index
  %cr = arith.constant 256 : index
  %cs = arith.constant 512 : index
  %cn = arith.constant 1024 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %cb, %c2, %c16, %cc0],
      strides = [%cn, %cs, %cr, %cc0, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %cb, %c2, %c16, %cc0] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x2x2x16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x2x16x16xf16>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  scf.for %i = %c0 to %c32 step %c8 {
%j = arith.minsi %i, %c16 : index
    // expected-error @+1 {{column offset proved [0, 16], a multiple of 8 is not provably a multiple of its boxed source tile's inner box}}
    %r = pto.subview %m[%c0, %j] sizes [16, 16] : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    pto.tmov ins(%r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  }
  return
}
}

// -----

// The least i32 divided by -1 is undefined (MLIR and C alike), a remainder too: poison,
// which LLVM folds through the max and min, so the offset is no value in [0, 8].
func.func @least_value_remainder_by_minus_one(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c8 = arith.constant 8 : index
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %zero = arith.constant 0 : i32
  %eight = arith.constant 8 : i32
  %q = arith.remsi %least, %m1 : i32
  %s = arith.addi %q, %m1 : i32
  %a = arith.maxsi %s, %zero : i32
  %n = arith.minsi %a, %eight : i32
  %o = arith.index_cast %n : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index)
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A call's result may be poison (its callee divides the least i32 by -1): max and min of
// it bound nothing.
func.func @call_result_may_be_poison(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %e = arith.constant 8 : i32
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %pz = arith.divui %bi, %z : i32
  %q = func.call @least() : () -> i32
  %m = arith.maxsi %q, %z : i32
  %n = arith.minsi %m, %e : i32
  %o = arith.index_cast %n : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index)
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
func.func private @least() -> i32 {
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %q = arith.divsi %least, %m1 : i32
  return %q : i32
}

// -----

// `exact` on divsi(x, 16) of x in [0, 136] is poison for x not a multiple of 16: MLIR's
// semantics let a compiler rewrite (x / 16 exact) * 16 to x, so nothing is proved of it.
func.func @exact_quotient_may_drop_a_remainder(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %k = arith.constant 16 : i32
  %lim = arith.constant 136 : i32
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %x0 = arith.minui %bi, %lim : i32
  %x = arith.addi %x0, %z : i32
  %q = arith.divsi %x, %k exact : i32
  %o = arith.index_cast %q : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index)
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// divui(x, 0 + 0) is poison by its divisor's fact (not by its form); yielded from an
// scf.if body, the scf.if's result is poison too, and max and min of it bound nothing.
func.func @poison_by_facts_yielded_from_a_body(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %e = arith.constant 8 : i32
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %pz = arith.divui %bi, %z : i32
  %z2 = arith.addi %z, %z : i32
  %flag = arith.constant true
  %q = scf.if %flag -> (i32) {
    %v = arith.divui %bi, %z2 : i32
    scf.yield %v : i32
  } else {
    scf.yield %z : i32
  }
  %m = arith.maxsi %q, %z : i32
  %n = arith.minsi %m, %e : i32
  %o = arith.index_cast %n : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index)
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_multi_tile_slot_unbounded(%p: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %mb = pto.alloc_multi_tile addr = %a0 : !pto.multi_tile_buf<vec, 16x64xf16, count=2>
  // expected-error @+1 {{'pto.multi_tile_get' slot is not provably in range [0, 2) of its multi-buffer}}
  %s = pto.multi_tile_get %mb[%n] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%s : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%s : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_boxed_tile_relabelled_by_a_cast(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %q, shape = [%c1, %c1, %c1, %c16, %c16], strides = [%c256, %c256, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  %nz = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%nz : !pto.partition_tensor_view<1x1x1x16x16xf16>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' gives a boxed tile (loc=mat, slayout=col_major) that a move or mad reads, but is an op verify-pto-nz does not follow}}
  %z = builtin.unrealized_conversion_cast %m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0> to !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  pto.textract ins(%z, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_treshape_of_an_nz_tile_as_zn(%q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %q, shape = [%c1, %c1, %c1, %c16, %c16], strides = [%c256, %c256, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  %nz = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%nz : !pto.partition_tensor_view<1x1x1x16x16xf16>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.treshape' gives a boxed tile another box order}}
  %z = pto.treshape %m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  pto.textract ins(%z, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @negative_relabel_past_valid_rows_through_scf_if(%q: !pto.ptr<f16>, %t: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %q, shape = [%c1, %c1, %c1, %c16, %c16], strides = [%c256, %c256, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  %nz = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%nz : !pto.partition_tensor_view<1x1x1x16x16xf16>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  %w = pto.subview %m[%c16, %c0] sizes [16, 16] : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %z = scf.if %t -> (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    scf.yield %w : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  } else {
    scf.yield %w : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  // The rows the subview takes are past the load's too: the coverage rule refuses the read as well.
  // expected-error @+2 {{'pto.textract' reads a relabelled tile (the result of 'pto.subview' at line}}
  // expected-error @+1 {{'pto.textract' reads bytes of a tile (loc=mat) that no write before it is proved to cover}}
  pto.textract ins(%z, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// A load into a subview of the top 8 rows of a 16-row tile, then a store of the whole
// tile: the bottom 8 rows are what UB held before.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_of_a_tile_loaded_through_a_window(%p: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %s = pto.subview %A[%c0, %c0] sizes [8, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pr : !pto.partition_tensor_view<8x64xf16>) outs(%s : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.tstore' reads bytes of a tile (loc=vec) that no write before it is proved to cover: it takes rows [0, 16) and columns [0, 64) of its buffer, and the 'pto.tload' at line}}
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A helper returns a tile it never wrote; its caller stores it.
module attributes {pto.target_arch = "a2a3"} {
func.func @make() -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{'func.return' reads a tile (loc=vec) that nothing in its function writes}}
  return %t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
}
func.func @negative_store_of_a_returned_unwritten_tile(%o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %t = func.call @make() : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A tile no one wrote, carried out of an scf.index_switch, is stored.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_of_an_unwritten_tile_carried_by_a_switch(%o: !pto.ptr<f16>, %sel: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %r = scf.index_switch %sel -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  case 1 {
    scf.yield %t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  }
  default {
    scf.yield %t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  }
  // expected-error @+1 {{'pto.tstore' reads a tile (loc=vec) that nothing in its function writes}}
  pto.tstore ins(%r : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}
// -----

// remsi(x, -1) of x in [-2^31, -2^31 + 5]: undefined for x = -2^31 (block 0), as a division
// by 0 is, so an unknown value of i32, not the constant 0: the row offset is not proved 8.
func.func @remainder_by_minus_one_of_a_dividend_that_may_be_least(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %c5 = arith.constant 5 : i32
  %y = arith.minsi %bi, %c5 : i32
  %x = arith.addi %least, %y : i32
  %r = arith.remsi %x, %m1 : i32
  %r0 = arith.index_cast %r : i32 to index
  %o = arith.addi %r0, %c8 : index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// divsi(-2^31, select(c, -1, 0)) is undefined for both divisors, so poison: max and min of it
// are no row offset in [0, 8].
func.func @least_divided_by_minus_one_or_zero(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %e = arith.constant 8 : i32
  %c = arith.cmpi eq, %bi, %z : i32
  %d = arith.select %c, %m1, %z : i32
  %q = arith.divsi %least, %d : i32
  %a = arith.maxsi %q, %z : i32
  %n = arith.minsi %a, %e : i32
  %o = arith.index_cast %n : i32 to index
  // expected-error @+1 {{NZ partition offset[2] (row fractals (R/16)) may be negative (proved [-inf, +inf], a multiple of 1)}}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An op verify-pto-nz does not model (pto.texpands) writes a boxed Mat tile that a textract then reads.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_unmodelled_write_of_a_boxed_tile() {
  %c0 = arith.constant 0 : index
  %s = arith.constant 1.0 : f16
  %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.texpands' may write a boxed tile (loc=mat, blayout=col_major, slayout=row_major) in a way verify-pto-nz does not model}}
  pto.texpands ins(%s : f16) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  pto.textract ins(%m, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// A pto.treshape of a 16 x 32 NZ Mat tile to 32 x 16 names its boxes at other rows and columns.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_reshape_of_a_boxed_tile(%m: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  // expected-error @+1 {{'pto.treshape' reshapes a boxed tile (16x32, loc=mat, slayout=row_major) to 32x16}}
  %t = pto.treshape %m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0> -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  return
}
}

// -----

// A boxed compact=row_plus_one Mat tile: PTOAS strides its columns 17 apart, the cube moves lay its boxes 16 x 16 apart.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_move_of_a_boxed_row_plus_one_tile(%m: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0, compact=2>) {
  %c0 = arith.constant 0 : index
  %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{'pto.textract' tile 16x32 (loc=mat, slayout=row_major) is a boxed compact=row_plus_one tile}}
  pto.textract ins(%m, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0, compact=2>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  return
}
}

// -----

// A memref.alloc in L1, which PTOAS's planner places, beside a Mat tile placed at address 0.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_planned_memref_beside_a_placed_tile() {
  %a0 = arith.constant 0 : i64
  // expected-error @+1 {{'memref.alloc' leaves its tile to PTOAS's memory planner in L1 (loc=mat)}}
  %buf = memref.alloc() : memref<256xf16, #pto.address_space<mat>>
  %m = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  return
}
}
// -----

// A tile only a pto.tsetval wrote (one element), then stored whole: the rest is what UB
// held before.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_of_a_tile_only_tsetval_wrote(%o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 1.0 : f16
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tsetval ins(%c0, %h : index, f16) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.tstore' reads bytes of a tile (loc=vec) that no write before it is proved to cover: it takes the tile, and the 'pto.tsetval' at line}}
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A helper loads the top 8 rows of its 16-row argument; its caller stores all 16 rows.
module attributes {pto.target_arch = "a2a3"} {
func.func private @top_half(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %p: !pto.partition_tensor_view<8x64xf16>) {
  %c0 = arith.constant 0 : index
  %s = pto.subview %t[%c0, %c0] sizes [8, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-warning @+1 {{moves a window of a tensor view no pto.make_tensor_view here gives}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x64xf16>) outs(%s : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
func.func @negative_store_after_a_call_writing_part_of_the_tile(%p: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pr = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  func.call @top_half(%A, %pr) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<8x64xf16>) -> ()
  // expected-error @+1 {{'pto.tstore' reads bytes of a tile (loc=vec) that no write before it is proved to cover: it takes the tile, and the 'func.call' at line}}
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// Slot 0 of a multi-buffer is loaded, slot 1 stored: slot 1 is what UB held before.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_of_the_slot_not_loaded(%pv: !pto.partition_tensor_view<16x64xf16>, %ov: !pto.partition_tensor_view<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x64xf16, count=2>
  %a = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  %b = pto.multi_tile_get %mb[%c1] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  // expected-warning @+1 {{moves a window of a tensor view no pto.make_tensor_view here gives}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%a : !pto.tile_buf<vec, 16x64xf16>)
  // expected-warning @+2 {{moves a window of a tensor view no pto.make_tensor_view here gives}}
  // expected-error @+1 {{'pto.tstore' reads bytes of a tile (loc=vec) that no write before it is proved to cover: it takes rows [16, 32) and columns [0, 64) of its buffer}}
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// Two tiles at one address: the second is stored before the first is loaded.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_store_of_a_placed_tile_before_the_load_of_the_other(%pv: !pto.partition_tensor_view<16x64xf16>, %ov: !pto.partition_tensor_view<16x64xf16>) {
  %a0 = arith.constant 0 : i64
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-warning @+2 {{moves a window of a tensor view no pto.make_tensor_view here gives}}
  // expected-error @+1 {{'pto.tstore' reads a tile (loc=vec) before anything in its function writes it}}
  pto.tstore ins(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  // expected-warning @+1 {{moves a window of a tensor view no pto.make_tensor_view here gives}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
}

// -----

// A tadd of a tile whose alloc states 8 valid rows into a tile of 16: pto-isa iterates over
// the destination's 16 rows and reads rows 8..15 of the source, which no load wrote.
module attributes {pto.target_arch = "a2a3"} {
func.func @negative_add_of_a_source_of_fewer_valid_rows(%i: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %it = pto.make_tensor_view %i, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %iv = pto.partition_view %it, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %a = pto.alloc_tile valid_row = %c8 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%iv : !pto.partition_tensor_view<8x64xf16>) outs(%a : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // expected-error @+1 {{'pto.tadd' reads its source over a larger valid region: its destination's valid rows (up to 16) may exceed the source's (from 8)}}
  pto.tadd ins(%a, %a : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}
