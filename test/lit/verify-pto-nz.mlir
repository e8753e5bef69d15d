// RUN: nzpass-opt %s -p verify-pto-nz --split-input-file | FileCheck %s --enable-var-scope

// The rank-2 INT8 [256, 512] weight of nz-semantics section 6: blocked view,
// whole partition, NZ Mat tile. Valid, so the IR is printed unchanged.
// CHECK-LABEL: func.func @int8_weight_256x512
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// CHECK-SAME: layout = #pto.layout<nz>
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK: %[[T:.*]] = "pto.alloc_tile"
// CHECK: "pto.tload"(%[[PV]], %[[T]])
func.func @int8_weight_256x512(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The FP32 Acc write-back of nz-semantics section 4: a 64x16 Acc tile into a
// logical [64, 16] output, partition [1, 2, 4, 16, 8].
// CHECK-LABEL: func.func @acc_store_64x16
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]],
// CHECK: %[[ACC:.*]] = "pto.alloc_tile"
// CHECK: "pto.tstore"(%[[ACC]], %[[PV]])
// CHECK-SAME: stPhase = #pto<st_phase final>
func.func @acc_store_64x16(%p: !pto.ptr<f32>, %w49ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w49mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
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
  %w49l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w49r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w49ml, %w49l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w49mr, %w49r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w49l, %w49r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// -----

// IR as PTOAS prints it: properties `<{...}>`, the compact tile_buf spelling,
// no operandSegmentSizes on the loads (groups derived from operand counts).
// CHECK-LABEL: func.func @ptoas_printed_properties
// CHECK: "pto.make_tensor_view"
// CHECK-SAME: <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}>
// CHECK: "pto.tload"
func.func @ptoas_printed_properties(%arg0: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %0 = "pto.make_tensor_view"(%arg0, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %1 = "pto.partition_view"(%0, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %2 = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  "pto.tload"(%1, %2) : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// -----

// NZ stated by the result type (#pto.layout<nz> inside it) instead of the
// attribute; a dynamic batch extent; a padded column-block stride (8192 + 512),
// as for a window of a taller tensor: all within PTOAS's rules. The declared
// facts prove the batch offset inside the batch axis (b < 4 <= batch).
// CHECK-LABEL: func.func @nz_by_type_dynamic_batch
// CHECK: "pto.make_tensor_view"
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>
func.func @nz_by_type_dynamic_batch(%p: !pto.ptr<i8>, %batch: index {nz.range = array<i64: 4, 100>}, %b: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8704 = arith.constant 8704 : index
  %c139264 = arith.constant 139264 : index
  %tv = "pto.make_tensor_view"(%p, %batch, %c16, %c16, %c16, %c32, %c139264, %c8704, %c512, %c32, %c1) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>
  %pv = "pto.partition_view"(%tv, %b, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A ragged last tile: dynamic valid rows (v_row=?) pass when they are provably the
// partition's row fractals times 16 (the form convert-pl-to-pto emits), and the
// declared fact keeps the window inside the view and the tile (1 <= fractals <= 16).
// CHECK-LABEL: func.func @dynamic_valid_rows
// CHECK: "pto.alloc_tile"(%{{.*}})
func.func @dynamic_valid_rows(%p: !pto.ptr<i8>, %fractals: index {nz.range = array<i64: 1, 17>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %fractals, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x?x16x32xi8>
  %rows = arith.muli %fractals, %c16 : index
  %t = "pto.alloc_tile"(%rows) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x?x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A5 has a 256 KiB L0C: a 64x1024 FP32 Acc tile (256 KiB) fits whole there (stored ND:
// the Acc -> NZ write-back is A2/A3 only, refused on A5 by every pass).
// CHECK-LABEL: func.func @a5_acc_256kib
// CHECK: "pto.tstore"
module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
  func.func @a5_acc_256kib(%p: !pto.ptr<f32>, %w138l: !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, %w138r: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=1024, v_row=16, v_col=1024, blayout=row_major, slayout=col_major, fractal=512, pad=0>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %tv = "pto.make_tensor_view"(%p, %c64, %c1024, %c1024, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
    %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c1024) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x1024xf32>
    %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    "pto.tmatmul"(%w138l, %w138r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=1024, v_row=16, v_col=1024, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=1024, v_row=64, v_col=1024, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x1024xf32>) -> ()
    return
  }
}

// -----

// ND views are not NZ: rank 2, any strides, loads into Vec tiles and stores
// from Vec tiles are none of this pass's business.
// CHECK-LABEL: func.func @nd_views_untouched
// CHECK: "pto.make_tensor_view"
// CHECK-SAME: layout = #pto.layout<nd>
// CHECK: "pto.tload"
// CHECK: "pto.tstore"
func.func @nd_views_untouched(%p: !pto.ptr<f16>, %q: !pto.ptr<f32>, %w164s: !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c100, %c100, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c3, %c64, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<64x64xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<64x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %ov = "pto.make_tensor_view"(%q, %c64, %c64, %c64, %c1) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %ot = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tmov"(%w164s, %ot) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.tstore"(%ot, %ov) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tensor_view<?x?xf32>) -> ()
  return
}

// -----

// A row offset from a loop: iv in [0, 128], so offset[2] = iv/16 <= 8 and 8 + 8 <= 16 row fractals.
// CHECK-LABEL: func.func @loop_offset_bounded
func.func @loop_offset_bounded(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %i = %c0 to %c256 step %c128 {
    %f = arith.floordivsi %i, %c16 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %f, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// A block index bounded by remui: offset[2] in {0, 8}, inside the 16 row fractals.
// CHECK-LABEL: func.func @block_idx_bounded_by_rem
func.func @block_idx_bounded_by_rem(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %bid = "pto.get_block_idx"() : () -> index
  %r = arith.remui %bid, %c2 : index
  %o = arith.muli %r, %c8 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An argument nothing bounds, of either sign: its unsigned remainder by 2 is below 2
// all the same (offset[2] in {0, 8}), and an i32 shifted right unsigned by 31 is 0 or 1
// (offset[1] in {0, 8}).
// CHECK-LABEL: func.func @unsigned_remainder_and_shift_of_any_argument
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %[[C2:.*]] : index
// CHECK: %[[S:.*]] = arith.shrui
// CHECK: "pto.partition_view"
func.func @unsigned_remainder_and_shift_of_any_argument(%p: !pto.ptr<i8>, %a: index, %b: i32) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c31 = arith.constant 31 : i32
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %r = arith.remui %a, %c2 : index
  %o = arith.muli %r, %c8 : index
  %s = arith.shrui %b, %c31 : i32
  %si = arith.index_cast %s : i32 to index
  %cb = arith.muli %si, %c8 : index
  %pv = "pto.partition_view"(%tv, %c0, %cb, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An i32 column-block offset bounded by a declared fact: [0, 8] + 8 <= 16.
// CHECK-LABEL: func.func @i32_offset_from_argument_fact
func.func @i32_offset_from_argument_fact(%p: !pto.ptr<i8>, %k: i32 {nz.range = array<i64: 0, 9>}) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %k, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, i32, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A tload straight from the view (no partition): the whole 32x64 view into a 32x64 tile.
// CHECK-LABEL: func.func @whole_view_load
func.func @whole_view_load(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c2048 = arith.constant 2048 : index
  %c1024 = arith.constant 1024 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%tv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.tensor_view<?x?x?x?x?xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// An Acc store of two whole batches: S1 = 512 = 16*n2*c0 and S0 = 1024 = n1 * 512.
// CHECK-LABEL: func.func @acc_store_two_batches_packed
func.func @acc_store_two_batches_packed(%p: !pto.ptr<f32>, %w304ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w304mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %c512 = arith.constant 512 : index
  %c128 = arith.constant 128 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c2, %c4, %c16, %c8, %c1024, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c2, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<2x2x4x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  %w304l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w304r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w304ml, %w304l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w304mr, %w304r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w304l, %w304r, %t) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%t, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<2x2x4x16x8xf32>) -> ()
  return
}

// -----

// PyPTO's form: v_row=? with constant valid_row / valid_col operands equal to the partition.
// CHECK-LABEL: func.func @valid_from_constant_operands
func.func @valid_from_constant_operands(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c131072 = arith.constant 131072 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = "pto.alloc_tile"(%c256, %c512) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x16x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// Two column blocks with a GM gap of 65536 - 16 = 65520 blocks: fits the 16-bit field.
// CHECK-LABEL: func.func @gap_at_the_limit
func.func @gap_at_the_limit(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4096 = arith.constant 4096 : index
  %c16 = arith.constant 16 : index
  %c2097152 = arith.constant 2097152 : index
  %c1048576 = arith.constant 1048576 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4096, %c16, %c16, %c2097152, %c1048576, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A dynamic row count R (a multiple of 128 in [128, 8192]) blocked as pto-block-nz-views
// emits it: shape[2] = R floordiv 16 (exact), stride[1] = R * 32 = shape[2] * 512, stride[0] =
// R * 512 = shape[1] * stride[1]. The loop up to R in steps of 128 keeps every 8-fractal window
// inside shape[2], and the worst-case #317 gap 8192 - 128 fits. Printed unchanged.
// CHECK-LABEL: func.func @dynamic_rows_blocked
// CHECK: %[[RF:.*]] = arith.floordivsi
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[RF]],
// CHECK: "pto.tload"
func.func @dynamic_rows_blocked(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) {
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
    %pv = "pto.partition_view"(%tv, %c0, %c0, %row, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// The row-fractal count given directly (an argument with facts), the strides its products and
// the loop over fractals: the same proofs without a division.
// CHECK-LABEL: func.func @dynamic_row_fractals
// CHECK: "pto.tload"
func.func @dynamic_row_fractals(%p: !pto.ptr<i8>, %rf: index {nz.multiple_of = 8 : i64, nz.range = array<i64: 8, 513>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %s1 = arith.muli %rf, %c512 : index
  %s0 = arith.muli %s1, %c16 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %n0 = %c0 to %rf step %c8 {
    %pv = "pto.partition_view"(%tv, %c0, %c0, %n0, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// The #317 boundary at the range's upper bound: R up to 65536 and 16-row loads over two
// column blocks leave a worst-case gap of 65520, which fits (R up to 70000 does not: see the
// invalid file).
// CHECK-LABEL: func.func @dynamic_rows_gap_fits
// CHECK: "pto.tload"
func.func @dynamic_rows_gap_fits(%p: !pto.ptr<i8>, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 65537>}) {
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
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x1x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// -----

// The plain spellings of a load's options are accepted: pad_mode = PadNull and
// init_out_buffer = false leave the NZ->NZ copy as it is.
// CHECK-LABEL: func.func @negative_nz_load_with_plain_options
// CHECK: "pto.tload"
// CHECK-SAME: init_out_buffer = false
func.func @negative_nz_load_with_plain_options(%p: !pto.ptr<f16>) {
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
  "pto.tload"(%pv, %t) <{init_out_buffer = false, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, pad_mode = #pto.padmode<PadNull>}> : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// -----

// Integer constants of any width read exactly: row fractal 1 from a 1 : i128, and an
// unused constant beyond 64 bits. Valid, printed unchanged.
// CHECK-LABEL: func.func @wide_constant_offset
// CHECK: arith.constant 18446744073709551617 : i128
// CHECK: %[[R:.*]] = arith.index_cast %{{.*}} : i128 to index
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[R]],
func.func @wide_constant_offset(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %unused = arith.constant 18446744073709551617 : i128
  %wide = arith.constant 1 : i128
  %r = arith.index_cast %wide : i128 to index
  %tv = "pto.make_tensor_view"(%p, %c1, %c4, %c4, %c16, %c8, %c2048, %c512, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %r, %c0, %c0, %c1, %c4, %c1, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x4x1x16x8xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x4x1x16x8xf32>, !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A call that passes a value within the callee's declared facts is accepted.
// CHECK-LABEL: func.func private @facts_callee_ok
// CHECK-SAME: {nz.range = array<i64: 0, 2>}
// CHECK-LABEL: func.func @call_keeps_callee_facts
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: call @facts_callee_ok(%{{.*}}, %[[C1]])
func.func private @facts_callee_ok(%p: !pto.ptr<f16>, %r: index {nz.range = array<i64: 0, 2>}) {
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
func.func @call_keeps_callee_facts(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  func.call @facts_callee_ok(%p, %c1) : (!pto.ptr<f16>, index) -> ()
  return
}

// -----

// Facts on an i0 argument state nothing the analysis reads (they crashed it).
// CHECK-LABEL: func.func @i0_argument_with_facts
// CHECK-SAME: %{{.*}}: i0 {nz.range = array<i64: 0, 1>}
func.func @i0_argument_with_facts(%p: !pto.ptr<f16>, %z: i0 {nz.range = array<i64: 0, 1>}) {
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
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// A callee's NZ view over its pointer argument is accepted when every call passes the
// caller's own GM pointer argument, two levels down here (the kernel's, unchanged).
// CHECK-LABEL: func.func private @base_leaf
// CHECK: "pto.tload"
// CHECK-LABEL: func.func private @base_middle
// CHECK: call @base_leaf(%{{.*}})
// CHECK-LABEL: func.func @base_kernel
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>)
// CHECK: call @base_middle(%[[P]])
func.func private @base_leaf(%p: !pto.ptr<f16>) {
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
func.func private @base_middle(%q: !pto.ptr<f16>) {
  func.call @base_leaf(%q) : (!pto.ptr<f16>) -> ()
  return
}
func.func @base_kernel(%p: !pto.ptr<f16>) {
  func.call @base_middle(%p) : (!pto.ptr<f16>) -> ()
  return
}

// -----

// Two NZ views of one kernel pointer (one in a callee) of the same [16, 16] plane: the
// callee's single batch is a prefix of the kernel's two. The kernel returns its pointer
// (PyPTO kernels return their output), which moves no bytes.
// CHECK-LABEL: func.func private @plane_leaf
// CHECK: "pto.tload"
// CHECK-LABEL: func.func @plane_kernel
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>)
// CHECK: call @plane_leaf(%[[P]])
// CHECK: return %[[P]]
func.func private @plane_leaf(%p: !pto.ptr<f16>) {
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
func.func @plane_kernel(%p: !pto.ptr<f16>) -> !pto.ptr<f16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c1, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  func.call @plane_leaf(%p) : (!pto.ptr<f16>) -> ()
  return %p : !pto.ptr<f16>
}

// -----

// A kernel that calls itself (and another function that calls it back) keeps one plane of
// its pointer everywhere: the roots a cycle adds only add comparisons, all of which agree.
// CHECK-LABEL: func.func @recursive_kernel_one_plane
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>, %{{.*}}: i1)
// CHECK: call @recursive_kernel_one_plane(%[[P]], %{{.*}})
// CHECK: call @recursive_kernel_helper(%[[P]])
// CHECK-LABEL: func.func private @recursive_kernel_helper
func.func @recursive_kernel_one_plane(%p: !pto.ptr<f16>, %again: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %false = arith.constant false
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  scf.if %again {
    func.call @recursive_kernel_one_plane(%p, %false) : (!pto.ptr<f16>, i1) -> ()
  }
  func.call @recursive_kernel_helper(%p) : (!pto.ptr<f16>) -> ()
  return
}
func.func private @recursive_kernel_helper(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %false = arith.constant false
  %tv = "pto.make_tensor_view"(%p, %c2, %c1, %c1, %c16, %c16, %c256, %c256, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  func.call @recursive_kernel_one_plane(%p, %false) : (!pto.ptr<f16>, i1) -> ()
  return
}

// -----

// Local tiles inside their memories: a 128 KiB Mat tile at 384 KiB ends exactly at the
// 512 KiB L1, and on A5 a 256 KiB Vec tile fills its 256 KiB UB.
// CHECK-LABEL: func.func @tiles_inside_local_memory
// CHECK: "pto.alloc_tile"
func.func @tiles_inside_local_memory() {
  %addr = arith.constant 393216 : i64
  %t = "pto.alloc_tile"(%addr) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// CHECK-LABEL: func.func @a5_vec_tile_256kib
// CHECK: "pto.alloc_tile"
module attributes {pl.backend = "a5", pto.target_arch = "a5"} {
  func.func @a5_vec_tile_256kib() {
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=256, cols=512, v_row=256, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    return
  }
}

// -----

// A view that states no layout but that PTOAS infers NZ (f16 [1, 1, 16, 16, 16], strides
// [4096, 4096, 256, 16, 1]) is checked as NZ: here a whole, valid NZ load.
// CHECK-LABEL: func.func @inferred_nz_view_checked
// CHECK: "pto.tload"
func.func @inferred_nz_view_checked(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c16, %c16, %c16, %c4096, %c4096, %c256, %c16, %c1) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<1x1x16x16x16xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<1x1x16x16x16xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x16x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=16, v_row=256, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x16x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=16, v_row=256, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// -----

// The target PTOAS compiles for, stated its way (pto.target_arch, any case): A5's 256 KiB
// L0C holds a 256x256 FP32 Acc tile (A2/A3's 128 KiB would not).
// CHECK-LABEL: func.func @a5_by_target_arch
// CHECK: "pto.alloc_tile"
module attributes {pto.target_arch = "A5"} {
  func.func @a5_by_target_arch() {
    %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=256, cols=256, v_row=256, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    return
  }
}

// -----

// A layout stated on a transfer agrees with the source it moves (a partition argument,
// ND by its type), as PTOAS's own output writes it; a tile of PTOAS's own one-byte
// element type (!pto.hif8) is sized by its bytes (found measuring the PTOAS corpus).
// CHECK-LABEL: func.func @stated_layout_agrees_with_the_argument
// CHECK: "pto.tstore"
func.func @stated_layout_agrees_with_the_argument(%dst: !pto.partition_tensor_view<1x16xi16>, %w701s: !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1>) {
  %tile = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1>
  "pto.tmov"(%w701s, %tile) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1>, !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1>) -> ()
  %h = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tstore"(%tile, %dst) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1>, !pto.partition_tensor_view<1x16xi16>) -> ()
  return
}

// -----

// Placed tiles reuse bytes as PyPTO's planner places them: x's bytes again for y once
// x is read, and in place (w over y, read and written by one op): nothing read is lost.
// CHECK-LABEL: func.func @placed_tiles_reuse_bytes_sequentially
func.func @placed_tiles_reuse_bytes_sequentially(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
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
  %z = "pto.alloc_tile"(%a4096) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tadd"(%x, %x, %z) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %y = "pto.alloc_tile"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%qv, %y) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  %w = "pto.alloc_tile"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tadd"(%y, %z, %w) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.tstore"(%w, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x64xf16>) -> ()
  return
}

// -----

// PyPTO re-declares a tile at its bytes inside the loop that updates it: the same bytes
// are the same buffer, which each iteration stores and loads again.
// CHECK-LABEL: func.func @placed_tile_redeclared_in_a_loop
func.func @placed_tile_redeclared_in_a_loop(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  scf.for %i = %c0 to %c2 step %c1 {
  %A2 = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tstore ins(%A2 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A2 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  return
}

// -----

// A tile never written itself reads what another wrote at its bytes (PyPTO reads a
// 16 x 1 column as a 1 x 16 row so): no data of its own is lost.
// CHECK-LABEL: func.func @placed_tile_reinterpreted
func.func @placed_tile_reinterpreted(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A re-declared with valid extents its whole tile writes every byte again after B's load.
// CHECK-LABEL: func.func @placed_tile_written_again_whole
func.func @placed_tile_written_again_whole(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A loop writes every row of A through subviews after B's load (PyPTO's assemble of a
// gather): A holds only its own bytes again.
// CHECK-LABEL: func.func @placed_tile_assembled_row_by_row
func.func @placed_tile_assembled_row_by_row(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%pr : !pto.partition_tensor_view<1x64xf16>) outs(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %i = %c0 to %c16 step %c1 {
  %si = pto.subview %A[%i, %c0] sizes [1, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%R : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%si : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A branch on the loop's first iteration loads A again over B's bytes; the others store it
// (PyPTO starts an accumulation with pto.tmatmul there).
// CHECK-LABEL: func.func @placed_tile_loaded_at_the_first_iteration
func.func @placed_tile_loaded_at_the_first_iteration(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %c4 step %c1 {
  %condkc0 = arith.cmpi eq, %k, %c0 : index
  scf.if %condkc0 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  } else {
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  }
  }
  return
}

// -----

// A's rows written again through a tile of %n valid rows (an argument: one value for the
// run) are the rows a read of that tile reads.
// CHECK-LABEL: func.func @placed_tile_written_again_by_an_argument_extent
func.func @placed_tile_written_again_by_an_argument_extent(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %A3 = pto.alloc_tile addr = %a0 valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %Z = pto.alloc_tile addr = %a8192 valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tadd ins(%A3, %A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// A loop of constant bounds runs an iteration: its load of A writes A again after B's.
// CHECK-LABEL: func.func @placed_tile_rewritten_by_a_loop_that_runs
func.func @placed_tile_rewritten_by_a_loop_that_runs(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for %k = %c0 to %c2 step %c1 {
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// A subview of all of A's rows written after B's load writes A again (PyPTO moves a
// gathered tile in so).
// CHECK-LABEL: func.func @placed_tile_rewritten_through_a_whole_subview
func.func @placed_tile_rewritten_through_a_whole_subview(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %top = pto.subview %A[%c0, %c0] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %W = pto.alloc_tile addr = %a8192 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%W : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tmov ins(%W : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%top : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// pto.set_validshape gives A 8 valid rows before they are written again after B's load:
// the add into a tile of 8 valid rows reads those 8 (pto.set_validshape itself touches no
// byte; a destination of 16 would read 16: narrower_sources).
// CHECK-LABEL: func.func @placed_tile_region_shrunk_by_set_validshape
func.func @placed_tile_region_shrunk_by_set_validshape(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  %c8 = arith.constant 8 : index
  %pvh = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.set_validshape %A3, %c8, %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pvh : !pto.partition_tensor_view<8x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %Z = pto.alloc_tile addr = %a8192 valid_row = %c8 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tadd ins(%A3, %A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// The subview of A's first 8 rows, written again after B's load, reads only them.
// CHECK-LABEL: func.func @placed_tile_read_through_a_covered_subview
func.func @placed_tile_read_through_a_covered_subview(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  %c8 = arith.constant 8 : index
  %pvh = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c8, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<8x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %A3 = pto.alloc_tile addr = %a0 valid_row = %c8 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pvh : !pto.partition_tensor_view<8x64xf16>) outs(%A3 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %top = pto.subview %A[%c0, %c0] sizes [8, 64] : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %W = pto.alloc_tile addr = %a8192 : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmov ins(%top : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%W : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// A tile of the buffer read with an empty valid region (0 x 0, as PyPTO's probes do)
// reads no byte, whatever B wrote over A (a 64 x 16 column-major tile at A's bytes too:
// regions of several shapes compared whole).
// CHECK-LABEL: func.func @placed_tile_read_with_an_empty_region
func.func @placed_tile_read_with_an_empty_region(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %E = pto.alloc_tile addr = %a0 valid_row = %c0 valid_col = %c0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %C = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  %Z = pto.alloc_tile addr = %a8192 valid_row = %c0 valid_col = %c0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tadd ins(%E, %E : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// -----

// A call of a function that places no tile (and calls none that does) writes no placed
// tile.
// CHECK-LABEL: func.func @placed_tile_kept_across_a_call_that_places_none
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
func.func @placed_tile_kept_across_a_call_that_places_none(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  %r = func.call @pure(%c1) : (index) -> index
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// The pipe's reserved region [8192, 12288) of UB is clear of A's bytes (PyPTO places its
// tiles past the region it reserves).
// CHECK-LABEL: func.func @placed_tiles_clear_of_a_reserved_pipe_buffer
module attributes {pto.target_arch = "a2a3"} {
func.func @placed_tiles_clear_of_a_reserved_pipe_buffer(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {
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
  %rb = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = false, base = 8192} -> i32
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A planned tile read before a call of a function taking local memory, and one
// written again after it: nothing of the callee's is read.
// CHECK-LABEL: func.func @planned_tile_kept_clear_of_a_call
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
func.func @planned_tile_kept_clear_of_a_call(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
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
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  func.call @helper(%q) : (!pto.ptr<f16>) -> ()
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// A window of one row moves one burst: no gap is stepped, so fewer valid columns than
// the window's only read fewer.
// CHECK-LABEL: func.func @nd_one_row_window_of_fewer_valid_columns
module attributes {pto.target_arch = "a2a3"} {
func.func @nd_one_row_window_of_fewer_valid_columns(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %v = "pto.make_tensor_view"(%p, %c16, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%v, %c0, %c0, %c1, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<1x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=128, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x128xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=128, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  return
}
}

// -----


// CHECK-LABEL: func.func @taxpy_after_own_write
module attributes {pto.target_arch = "a2a3"} {
func.func @taxpy_after_own_write(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x64xf16>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x32xf16>
  %X = pto.alloc_tile addr = %a4096 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%X : !pto.tile_buf<vec, 16x64xf16>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<vec, 16x32xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.taxpy ins(%X, %s : !pto.tile_buf<vec, 16x64xf16>, f16) outs(%A : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%A : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// CHECK-LABEL: func.func @subview_rows_at_bounded_loop_offsets
module attributes {pto.target_arch = "a2a3"} {
func.func @subview_rows_at_bounded_loop_offsets(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 32x64xf16>
  scf.for %i = %c0 to %c2 step %c1 {
    %r = arith.muli %i, %c16 : index
    %S = pto.subview %A[%r, %c0] sizes [16, 64] : !pto.tile_buf<vec, 32x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  }
  return
}
}

// -----

// CHECK-LABEL: func.func @lone_tassign_of_declared_tile
module attributes {pto.target_arch = "a2a3"} {
func.func @lone_tassign_of_declared_tile(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %T = pto.declare_tile -> !pto.tile_buf<vec, 16x64xf16>
  %T2 = pto.tassign %T, %a4096 : !pto.tile_buf<vec, 16x64xf16> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%T2 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%T2 : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// CHECK-LABEL: func.func @lone_multi_tile_at_address
module attributes {pto.target_arch = "a2a3"} {
func.func @lone_multi_tile_at_address(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %mb = pto.alloc_multi_tile addr = %a0 : !pto.multi_tile_buf<vec, 16x64xf16, count=2>
  %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x64xf16, count=2> -> !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv64 : !pto.partition_tensor_view<16x64xf16>) outs(%s0 : !pto.tile_buf<vec, 16x64xf16>)
  pto.tstore ins(%s0 : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}
}

// -----

// CHECK-LABEL: func.func @moving_tile_written_before_each_read
module attributes {pto.target_arch = "a2a3"} {
func.func @moving_tile_written_before_each_read(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %C = pto.alloc_tile addr = %a2048 : !pto.tile_buf<vec, 16x64xf16>
  pto.tload ins(%qv64 : !pto.partition_tensor_view<16x64xf16>) outs(%C : !pto.tile_buf<vec, 16x64xf16>)
  scf.for %i = %c0 to %c2 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %addr = arith.muli %ii, %a2048 : i64
    %T = pto.alloc_tile addr = %addr : !pto.tile_buf<vec, 16x64xf16>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%T : !pto.tile_buf<vec, 16x64xf16>)
      pto.tstore ins(%T : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
    } else {
    pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%T : !pto.tile_buf<vec, 16x64xf16>)
      pto.tstore ins(%T : !pto.tile_buf<vec, 16x64xf16>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
    }
  }
  return
}
}

// -----

// CHECK-LABEL: func.func @small_bias_tile_at_constant_address
module attributes {pto.target_arch = "a2a3"} {
func.func @small_bias_tile_at_constant_address(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2048 = arith.constant 2048 : i64
  %a4096 = arith.constant 4096 : i64
  %s = arith.constant 2.0 : f16
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %qt = pto.make_tensor_view %q, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %qv64 = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<bias, 1x64xf32>
  return
}
}

// -----

// A mad writes the rows its Left tile's valid rows give, and the store reads the same
// value's rows (the red team's coverage rule, proved by relation); a tmatmul.acc sums into
// the tile it is given as both accumulator and dst.
// CHECK-LABEL: func.func @mad_writes_the_rows_the_store_reads
module attributes {pto.target_arch = "a2a3"} {
  func.func @mad_writes_the_rows_the_store_reads(%out: !pto.ptr<f32>, %m: index {nz.range = array<i64: 1, 64>}, %w1478s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w1477s: !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %a = "pto.alloc_tile"(%c0_i64, %m, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w1477s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w1478s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i64, index) -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    // CHECK: "pto.tmatmul"(%[[A:.*]], %[[B:.*]], %[[ACC:.*]]) :
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    // CHECK: "pto.tmatmul.acc"(%[[ACC]], %[[A]], %[[B]], %[[ACC]]) :
    "pto.tmatmul.acc"(%acc, %a, %b, %acc) : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %m, %c16, %c16, %c1) <{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %m, %c16) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<?x16xf32>
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<?x16xf32>) -> ()
    return
  }
}

// An accumulating mad of 16 valid rows into a 32-row Acc tile a tmatmul filled: past its
// whole 16-row boxes it leaves the accumulator's own rows, which the tmatmul wrote.
// CHECK-LABEL: func.func @acc_mad_in_whole_boxes
// -----
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_mad_in_whole_boxes(%out: !pto.ptr<f32>, %w1512s: !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w1510s: !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w1509s: !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
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
    "pto.tmov"(%w1509s, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    %b = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    "pto.tmov"(%w1510s, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
    %acc = "pto.alloc_tile"(%c0_i64) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %a8 = "pto.alloc_tile"(%c0_i64, %c16, %c128) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    "pto.tmov"(%w1512s, %a8) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
    "pto.tmatmul"(%a, %b, %acc) : (!pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    "pto.tmatmul.acc"(%acc, %a8, %b, %acc) : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=16, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
    %v = "pto.make_tensor_view"(%out, %c1, %cb, %cr, %c16, %c8, %s0, %s1, %c128, %c8, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
    %p = "pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %cb, %cr, %c16, %c8) <{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x2x16x8xf32>
    "pto.tstore"(%acc, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x2x16x8xf32>) -> ()
    return
  }
}

// -----

// An unsigned op whose operands are bounded and non-negative reads alike in both readings of
// index: remui(bid, 2) divui 1 times 8 is a row offset of 0 or 8.
// CHECK-LABEL: func.func @unsigned_ops_of_a_non_negative_index
// CHECK: %[[R:.*]] = arith.remui
// CHECK: %[[Q:.*]] = arith.divui %[[R]]
// CHECK: "pto.tload"
func.func @unsigned_ops_of_a_non_negative_index(%p: !pto.ptr<i8>) {
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
  %c2 = arith.constant 2 : index
  %r = arith.remui %bid, %c2 : index
  %q = arith.divui %r, %c1 : index
  %o = arith.muli %q, %c8 : index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x16x8x16x32xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()

  return
}

// -----

// An unsigned loop from 0 to 1 runs once in every reading: its reload of A covers B's clobber.
// CHECK-LABEL: func.func @overlap_reloaded_in_an_unsigned_loop_from_0
// CHECK: %[[A:.*]] = "pto.alloc_tile"
// CHECK: scf.for unsigned
// CHECK: "pto.tload"(%{{.*}}, %[[A]])
// CHECK: "pto.tstore"(%[[A]],
func.func @overlap_reloaded_in_an_unsigned_loop_from_0(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {
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
  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  scf.for unsigned %i = %c0 to %c1 step %c1 {
    pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  }
  pto.tstore ins(%A : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}

// -----

// The full matmul: textract of the whole Mat tiles, a tmatmul of all 32 rows, an ND store.
// CHECK-LABEL: func.func @acc_full_matmul_nd_store
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_full_matmul_nd_store(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
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
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// A tmov out of L0C of an Acc tile its 32-row mad wrote whole, into the next matmul.
// CHECK-LABEL: func.func @acc_tmov_full
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_tmov_full(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
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
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %cm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
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

// A textract at a loop index bounded inside the Mat tile and its valid region.
// CHECK-LABEL: func.func @acc_textract_bounded_index
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_textract_bounded_index(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
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
    %c = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %amv = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
    %amp = pto.partition_view %amv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    pto.tload ins(%amp : !pto.partition_tensor_view<32x64xf16>) outs(%am : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %bmv = pto.make_tensor_view %b, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %bmp = pto.partition_view %bmv, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x32xf16>
    pto.tload ins(%bmp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %l = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    scf.for %k = %c32 to %c64 step %c32 {
      pto.textract ins(%am, %c0, %k : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
      pto.textract ins(%bm, %k, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
      pto.tmatmul.acc ins(%c, %l, %r : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    }
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// An Acc tile stored through a [2, 16, 32] window whose leading axis is dense with its rows.
// CHECK-LABEL: func.func @acc_store_dense_leading_axis
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_store_dense_leading_axis(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
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
    %c512 = arith.constant 512 : index
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
    %ov = pto.make_tensor_view %o, shape = [%c4, %c16, %c32], strides = [%c512, %c32, %c1] : !pto.tensor_view<?x?x?xf32>
    %op = pto.partition_view %ov, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %c32] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<2x16x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%op : !pto.partition_tensor_view<2x16x32xf32>)
    return
  }
}

// -----

// An Acc tile stored through a [1, 32, 32] window: no row stacked over a leading axis.
// CHECK-LABEL: func.func @acc_store_leading_one
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_store_leading_one(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f32>) {
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
    %op = pto.partition_view %ov, offsets = [%c0, %c0, %c0], sizes = [%c1, %c32, %c32] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x32x32xf32>
    pto.tstore ins(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%op : !pto.partition_tensor_view<1x32x32xf32>)
    return
  }
}

// -----

// pto.tstore_fp of an Acc tile its mad wrote whole, into a window of its rows.
// CHECK-LABEL: func.func @acc_tstore_fp_full
module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_tstore_fp_full(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<i8>, %w1808s: !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
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
    pto.textract ins(%am, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.textract ins(%bm, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%r : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    %fp = pto.alloc_tile : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    "pto.tmov"(%w1808s, %fp) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    %cov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xi8>
    %cop = pto.partition_view %cov, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x32xi8>
    pto.tstore_fp ins(%c, %fp : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cop : !pto.partition_tensor_view<32x32xi8>)
    return
  }
}

// -----

// A tile written through a subview of an scf.for iter_arg, stored as the loop's result:
// something writes it (red team 22, unwritten).
// CHECK-LABEL: func.func @written_through_iter_arg_subview
// CHECK: pto.tload
// CHECK: pto.tstore
module attributes {pto.target_arch = "a2a3"} {
func.func @written_through_iter_arg_subview(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %in = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %ov = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %out = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %t = scf.for %k = %c0 to %c1 step %c1 iter_args(%x = %a) -> (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
    %s = pto.subview %x[%c0, %c0] sizes [16, 16] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%in : !pto.partition_tensor_view<16x16xf32>) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    scf.yield %x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  }
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}
}

// -----

// i32 Acc into f16 with a preQuantScalar operand: DEQF16, a quantisation pto-isa compiles.
// CHECK-LABEL: func.func @quantised_store_i32_into_f16
// CHECK: %[[ACC:.*]] = "pl.tile.matmul
// CHECK: "pto.tstore"(%[[ACC]],
module attributes {pl.backend = "a2a3"} {
  func.func @quantised_store_i32_into_f16(%a0: !pto.ptr<i8>, %a1: !pto.ptr<i8>, %a2: !pto.ptr<f16>)
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
        : (!pto.ptr<f16>, index, index, index, index)
        -> !pto.tensor_view<?x?xf16>
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
        : (!pto.tensor_view<?x?xf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x16xf16>
    "pto.tstore"(%8, %9, %pre)
        {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x16xf16>, i64) -> ()
    return
  }
}

// -----

// f32 Acc into bf16: F322BF16 converts the values.
// CHECK-LABEL: func.func @acc_store_f32_into_bf16
// CHECK: %[[ACC:.*]] = "pl.tile.matmul
// CHECK: "pto.tstore"(%[[ACC]],
module attributes {pl.backend = "a2a3"} {
  func.func @acc_store_f32_into_bf16(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<bf16>)
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
        : (!pto.ptr<bf16>, index, index, index, index)
        -> !pto.tensor_view<?x?xbf16>
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
        : (!pto.tensor_view<?x?xbf16>, index, index, index, index)
        -> !pto.partition_tensor_view<16x16xbf16>
    "pto.tstore"(%8, %9)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<16x16xbf16>) -> ()
    return
  }
}

// -----

// compact=1, 17 valid rows: the store reads at ceil16(17) = 32, the mad's pitch.
// CHECK-LABEL: func.func @compact_store_at_the_mads_pitch
// CHECK: %[[ACC:.*]] = "pl.tile.matmul
// CHECK: "pto.tstore"(%[[ACC]],
module attributes {pl.backend = "a2a3"} {
  func.func @compact_store_at_the_mads_pitch(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<f32>)
      attributes {nz_tensor_views_blocked} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c17 = arith.constant 17 : index
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
    %7 = "pl.tile.matmul"(%4, %6) : (!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=17, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>
    %8 = "pto.partition_view"(%2, %c0, %c0, %c17, %c32)
        {operandSegmentSizes = array<i32: 1, 2, 2>}
        : (!pto.tensor_view<?x?xf32>, index, index, index, index)
        -> !pto.partition_tensor_view<17x32xf32>
    "pto.tstore"(%7, %8)
        {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=17, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>, !pto.partition_tensor_view<17x32xf32>) -> ()
    return
  }
}

// -----

// A Vec -> Vec extract at an index the caller bounds to [0, 16]: 16 rows from it end
// inside the 32-row source.
// CHECK-LABEL: func.func @vec_extract_at_a_bounded_index
// CHECK-SAME: (%[[SRC:.*]]: !pto.tile_buf
// CHECK: "pto.textract"(%[[SRC]],
module attributes {pto.target_arch = "a5"} {
  func.func @vec_extract_at_a_bounded_index(%src: !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %i: index {nz.range = array<i64: 0, 17>}) {
    %c0 = arith.constant 0 : index
    %dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.textract ins(%src, %i, %c0 : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index)
                outs(%dst : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    return
  }
}
