// RUN: nzpass-opt %s -p pto-block-nz-views | FileCheck %s --enable-var-scope
// Every output must pass the PTOAS 0.61 rules and the pto-isa limits: pl-to-pto.mlir runs
// pto-block-nz-views,verify-pto-nz on this file.
// Blocking twice must equal blocking once: the mark makes the second run skip.
// RUN: nzpass-opt %s -p pto-block-nz-views,pto-block-nz-views | FileCheck %s --enable-var-scope

// The issue's example: a logical INT8 [256, 512] view becomes [1, 16, 16, 16, 32] with the
// strides of the blocked shape; its whole-tensor partition becomes 1x16x16x16x32xi8.
// CHECK-LABEL: func.func @int8_weight_256x512
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i8>) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C131072:.*]] = arith.constant 131072 : index
// CHECK-DAG: %[[C8192:.*]] = arith.constant 8192 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]], %[[C131072]], %[[C8192]], %[[C512]], %[[C32]], %[[C1]])
// CHECK-SAME: {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: {operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK: %[[T:.*]] = "pto.alloc_tile"
// CHECK: "pto.tload"(%[[PV]], %[[T]])
func.func @int8_weight_256x512(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// FP16 has c0 = 16: [128, 256] -> [1, 16, 8, 16, 16]; the column offset 128 is column block 8.
// CHECK-LABEL: func.func @fp16_c0_16
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32768:.*]] = arith.constant 32768 : index
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C16]], %[[C8]], %[[C16]], %[[C16]], %[[C32768]], %[[C2048]], %[[C256]], %[[C16]], %[[C1]])
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xf16>
// CHECK: "pto.partition_view"(%[[TV]], %[[C0]], %[[C8]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C8]], %[[C8]], %[[C16]], %[[C16]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x8x8x16x16xf16>
func.func @fp16_c0_16(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tv = "pto.make_tensor_view"(%p, %c128, %c256, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c128, %c128, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<128x128xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<128x128xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// FP32 has c0 = 8: [64, 64] -> [1, 8, 4, 16, 8]; the row offset 32 is row fractal 2.
// CHECK-LABEL: func.func @fp32_c0_8
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f32>) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C8]], %[[C4]], %[[C16]], %[[C8]], %[[C4096]], %[[C512]], %[[C128]], %[[C8]], %[[C1]])
// CHECK: "pto.partition_view"(%[[TV]], %[[C0]], %[[C0]], %[[C2]], %[[C0]], %[[C0]], %[[C1]], %[[C8]], %[[C2]], %[[C16]], %[[C8]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x8x2x16x8xf32>
func.func @fp32_c0_8(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c64, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c32, %c0, %c32, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<32x64xf32>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<32x64xf32>, !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// Rank 3 [B, R, C]: the dynamic batch operand stays the batch extent, and the batch offset
// is used as it is (folding one leading axis needs no arithmetic).
// CHECK-LABEL: func.func @rank3_dynamic_batch
// CHECK-SAME: (%[[P:[^:]*]]: !pto.ptr<f16>, %[[LAYERS:[^:]*]]: index, %[[LAYER:[^:]*]]: index {nz.range = array<i64: 0, 64>}) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C32768:.*]] = arith.constant 32768 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[LAYERS]], %[[C16]], %[[C8]], %[[C16]], %[[C16]], %[[C32768]], %[[C2048]], %[[C256]], %[[C16]], %[[C1]])
// CHECK: "pto.partition_view"(%[[TV]], %[[LAYER]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C8]], %[[C16]], %[[C16]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x8x16x16xf16>
func.func @rank3_dynamic_batch(%p: !pto.ptr<f16>, %layers: index, %layer: index {nz.range = array<i64: 0, 64>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c32768 = arith.constant 32768 : index
  %tv = "pto.make_tensor_view"(%p, %layers, %c128, %c256, %c32768, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<f16>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %layer, %c0, %c0, %c1, %c128, %c256) {operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.tensor_view<?x?x?xf16>, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x128x256xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x128x256xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// Rank 4 [2, 4, R, C]: the static leading extents fold into batch 8, and the leading
// offsets [g, 2] into the batch index g * 4 + 2.
// CHECK-LABEL: func.func @rank4_folded_batch
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i8>, %[[G:.*]]: index {nz.range = array<i64: 0, 2>}) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C131072:.*]] = arith.constant 131072 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C8192:.*]] = arith.constant 8192 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C8]], %[[C16]], %[[C16]], %[[C16]], %[[C32]], %[[C131072]], %[[C8192]], %[[C512]], %[[C32]], %[[C1]])
// CHECK: %[[GE:.*]] = arith.muli %[[G]], %[[C4]] : index
// CHECK: %[[B:.*]] = arith.addi %[[GE]], %[[C2]] : index
// CHECK: "pto.partition_view"(%[[TV]], %[[B]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
func.func @rank4_folded_batch(%p: !pto.ptr<i8>, %g: index {nz.range = array<i64: 0, 2>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c131072 = arith.constant 131072 : index
  %c524288 = arith.constant 524288 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c4, %c256, %c512, %c524288, %c131072, %c512, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 4, 4>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %g, %c2, %c0, %c0, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4>} : (!pto.tensor_view<?x?x?x?xi8>, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// A block-index row offset (get_block_idx * 256) and a pipelined k0 column offset are
// proved aligned and non-negative, then divided whole with arith.floordivsi.
// CHECK-LABEL: func.func @symbolic_offsets
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[BLK:.*]] = "pto.get_block_idx"() {nz.range = array<i64: 0, 8>} : () -> i64
// CHECK: %[[BLKX:.*]] = arith.index_cast %[[BLK]] : i64 to index
// CHECK: %[[N0:.*]] = arith.muli %[[BLKX]], %{{.*}} : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// The loop-invariant row offset is divided before the loop.
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : index
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[COL:.*]] = arith.floordivsi %[[K0]], %[[C32]] : index
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]], %[[C0]], %[[COL]], %[[ROW]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK: "pto.tload"(%[[PV]],
func.func @symbolic_offsets(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %bi = "pto.get_block_idx"() {nz.range = array<i64: 0, 8>} : () -> i64
  %blk = arith.index_cast %bi : i64 to index
  %n0 = arith.muli %blk, %c256 : index
  %tv = "pto.make_tensor_view"(%p, %c2048, %c2048, %c2048, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  scf.for %k0 = %c0 to %c2048 step %c512 {
    %pv = "pto.partition_view"(%tv, %n0, %k0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// i32 offsets are divided in i32 (never cast, never reassociated: the IR wraps at 32 bits).
// CHECK-LABEL: func.func @i32_offsets
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : i32
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: %[[COL:.*]] = arith.floordivsi %[[K0]], %[[C32]] : i32
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %[[COL]], %[[ROW]],
// CHECK-SAME: (!pto.tensor_view<?x?x?x?x?xi8>, index, i32, i32, index, index, index, index, index, index, index)
func.func @i32_offsets(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %c0_i32 = arith.constant 0 : i32
  %c256_i32 = arith.constant 256 : i32
  %c512_i32 = arith.constant 512 : i32
  %c2048_i32 = arith.constant 2048 : i32
  %bi = "pto.get_block_idx"() {nz.range = array<i64: 0, 8>} : () -> i64
  %blk = arith.index_cast %bi : i64 to index
  %blk_i32 = arith.index_cast %blk : index to i32
  %n0 = arith.muli %blk_i32, %c256_i32 : i32
  %tv = "pto.make_tensor_view"(%p, %c2048, %c2048, %c2048, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  scf.for %k0 = %c0_i32 to %c2048_i32 step %c512_i32 : i32 {
    %pv = "pto.partition_view"(%tv, %n0, %k0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, i32, i32, index, index) -> !pto.partition_tensor_view<256x512xi8>
    "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  }
  return
}

// NZ stated only by a #pto.layout<nz> type parameter (as PTOAS 0.61 may print it): blocked
// all the same, the parameter kept in the view and in the partition types.
// CHECK-LABEL: func.func @layout_type_parameter
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// CHECK-SAME: {operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>
// CHECK: "pto.partition_view"(%[[TV]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>
func.func @layout_type_parameter(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8, #pto.layout<nz>>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8, #pto.layout<nz>>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8, #pto.layout<nz>>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8, #pto.layout<nz>>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// IR as PTOAS prints it: properties <{...}>, the compact tile_buf spelling, a tload with
// no operandSegmentSizes. The rebuilt ops carry their attributes as {...}.
// CHECK-LABEL: func.func @ptoas_printed_properties
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// CHECK-SAME: {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xf16>
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]],
// CHECK-SAME: {operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-SAME: -> !pto.partition_tensor_view<1x8x16x16x16xf16>
// CHECK: %[[T:.*]] = "pto.alloc_tile"
// CHECK: "pto.tload"(%[[PV]], %[[T]])
func.func @ptoas_printed_properties(%arg0: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %0 = "pto.make_tensor_view"(%arg0, %c256, %c128, %c128, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %1 = "pto.partition_view"(%0, %c0, %c0, %c256, %c128) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<256x128xf16>
  %2 = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  "pto.tload"(%1, %2) : (!pto.partition_tensor_view<256x128xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  return
}

// The FP32 Acc write-back of nz-semantics section 4: a 64x16 tile into a logical [64, 16]
// target, offsets [0, 0, 0, 0, 0], partition [1, 2, 4, 16, 8]; stPhase is kept.
// CHECK-LABEL: func.func @acc_store_64x16
// CHECK-SAME: (%[[P:[^:]*]]: !pto.ptr<f32>, {{.*}}) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C2]], %[[C4]], %[[C16]], %[[C8]], %[[C1024]], %[[C512]], %[[C128]], %[[C8]], %[[C1]])
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C2]], %[[C4]], %[[C16]], %[[C8]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x2x4x16x8xf32>
// CHECK: %[[ACC:.*]] = "pto.alloc_tile"
// CHECK: "pto.tstore"(%[[ACC]], %[[PV]])
// CHECK-SAME: stPhase = #pto<st_phase final>
func.func @acc_store_64x16(%p: !pto.ptr<f32>, %w292ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w292mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  %w292l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w292r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w292ml, %w292l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w292mr, %w292r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w292l, %w292r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) -> ()
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// One N split of a [64, 32] output at column 16 (PTOAS-printed, with the "off" atomic and
// relu values): column offset 16 is column block 2, the rows stay whole.
// CHECK-LABEL: func.func @acc_store_column_split
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"(%{{.*}}, %[[C1]], %[[C4]], %[[C4]], %[[C16]], %[[C8]],
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[TV]], %[[C0]], %[[C2]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C2]], %[[C4]], %[[C16]], %[[C8]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x2x4x16x8xf32>
// CHECK: "pto.tstore"(%{{.*}}, %[[PV]])
func.func @acc_store_column_split(%p: !pto.ptr<f32>, %w319ml: !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %w319mr: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c32, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c16, %c64, %c16) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<64x16xf32>
  %acc = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<acc, 64x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %w319l = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %w319r = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  "pto.tmov"(%w319ml, %w319l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) -> ()
  "pto.tmov"(%w319mr, %w319r) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> ()
  "pto.tmatmul"(%w319l, %w319r, %acc) : (!pto.tile_buf<loc=left, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<acc, 64x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) -> ()
  "pto.tstore"(%acc, %pv) <{atomicType = #pto<atomic_type atomic_none>, reluPreMode = #pto<relu_pre_mode no_relu>, stPhase = #pto<st_phase final>}> : (!pto.tile_buf<acc, 64x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<64x16xf32>) -> ()
  return
}

// ND and DN views, and an NZ view already of rank 5, are left alone; nothing changed, so the
// function is not marked.
// CHECK-LABEL: func.func @untouched_nd_dn_rank5(
// CHECK-NOT: nz_tensor_views_blocked
// CHECK: %[[ND:.*]] = "pto.make_tensor_view"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {layout = #pto.layout<nd>
// CHECK: "pto.partition_view"(%[[ND]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-SAME: -> !pto.partition_tensor_view<16x128xf16>
// CHECK: "pto.make_tensor_view"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {layout = #pto.layout<dn>
// CHECK: %[[NZ:.*]] = "pto.make_tensor_view"
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: "pto.partition_view"(%[[NZ]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK-NOT: arith.floordivsi
// CHECK: return
func.func @untouched_nd_dn_rank5(%a: !pto.ptr<f16>, %p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %nd = "pto.make_tensor_view"(%a, %c128, %c128, %c128, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %ndp = "pto.partition_view"(%nd, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<16x128xf16>
  %dn = "pto.make_tensor_view"(%a, %c128, %c128, %c1, %c128) {layout = #pto.layout<dn>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %nz = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %nzp = "pto.partition_view"(%nz, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}

// The GM-gap guard's boundary: 65536 rows, 16 loaded, two column blocks: a gap of 65520
// blocks fits the 16-bit field, so the load is accepted.
// CHECK-LABEL: func.func @gm_gap_at_limit
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// CHECK: %[[TV:.*]] = "pto.make_tensor_view"
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: "pto.partition_view"(%[[TV]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x2x1x16x32xi8>
func.func @gm_gap_at_limit(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65536 = arith.constant 65536 : index
  %tv = "pto.make_tensor_view"(%p, %c65536, %c64, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<16x64xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<16x64xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// A pointer with an address space (newer PTOAS) and properties split across `<{...}>`
// and `{...}`: the element type is the pointer's first parameter, and every attribute of
// the rebuilt view survives (`my.tag` lives only in the properties). A GM pointer reads
// to its one spelling, `!pto.ptr<i8>`.
// CHECK-LABEL: func.func @ptr_address_space_mixed_attributes
// CHECK: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>, my.tag = 3 : i64, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, {{.*}}) -> !pto.tensor_view<?x?x?x?x?xi8>
func.func @ptr_address_space_mixed_attributes(%p: !pto.ptr<i8, gm>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) <{layout = #pto.layout<nz>, my.tag = 3}> {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8, gm>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  return
}

// A prefill weight of a dynamic row count R with declared facts (a multiple of 128 in
// [128, 8192]): R/16 is divided whole and the two outer strides are products of R (PTOAS 0.61
// takes dynamic strides); the loop up to R in steps of 128 keeps every 128-row window inside R
// (iv < R, both multiples of 128, so iv <= R - 128), and the worst-case #317 gap 8192 - 128 fits.
// CHECK-LABEL: func.func @dynamic_rows_prefill
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i8>, %[[R:.*]]: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C160:.*]] = arith.constant 160 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C5120:.*]] = arith.constant 5120 : index
// CHECK: %[[RF:.*]] = arith.floordivsi %[[R]], %[[C16]] : index
// CHECK-NEXT: %[[S0:.*]] = arith.muli %[[R]], %[[C5120]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.muli %[[R]], %[[C32]] : index
// CHECK-NEXT: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C160]], %[[RF]], %[[C16]], %[[C32]], %[[S0]], %[[S1]], %[[C512]], %[[C32]], %[[C1]])
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: scf.for %[[N0:.*]] = %[[C0]] to %[[R]] step
// CHECK-NEXT: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : index
// CHECK-NEXT: %[[PV:.*]] = "pto.partition_view"(%[[TV]], %[[C0]], %[[C16]], %[[ROW]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C8]], %[[C16]], %[[C32]])
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x8x16x32xi8>
func.func @dynamic_rows_prefill(%w: !pto.ptr<i8>, %arg7: index {nz.multiple_of = 128 : i64, nz.range = array<i64: 128, 8193>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c5120_index = arith.constant 5120 : index
  %tv = pto.make_tensor_view %w, shape = [%arg7, %c5120_index], strides = [%c5120_index, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %n0 = %c0 to %arg7 step %c128 {
    %pv = pto.partition_view %tv, offsets = [%n0, %c512], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  }
  return
}

// Rank 3 with a dynamic batch and a dynamic row count: the given batch stride must be the
// row-major R * C (here arith.muli %r, 256), proved as the same value times the same constant;
// the batch operand is kept, the window at row 0 of 64 rows fits because R >= 64.
// CHECK-LABEL: func.func @dynamic_rows_rank3
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>, %[[B:.*]]: index, %[[R:.*]]: index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[RF:.*]] = arith.floordivsi %[[R]], %[[C16]] : index
// CHECK-NEXT: %[[S0:.*]] = arith.muli %[[R]], %[[C256]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.muli %[[R]], %[[C16]] : index
// CHECK-NEXT: %[[TV:.*]] = "pto.make_tensor_view"(%[[P]], %[[B]], %[[C16]], %[[RF]], %[[C16]], %[[C16]], %[[S0]], %[[S1]], %[[C256]], %[[C16]], %{{.*}})
// CHECK: "pto.partition_view"(%[[TV]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x4x16x16xf16>
func.func @dynamic_rows_rank3(%p: !pto.ptr<f16>, %b: index, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 64, 4097>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %s0 = arith.muli %r, %c256 : index
  %tv = "pto.make_tensor_view"(%p, %b, %r, %c256, %s0, %c256, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.ptr<f16>, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c1, %c64, %c256) {operandSegmentSizes = array<i32: 1, 3, 3>} : (!pto.tensor_view<?x?x?xf16>, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x64x256xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x64x256xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// One column block per load is exempt from the #317 gap: a row count up to 2^20 (gap far past
// 65535) is accepted for a 32-column INT8 window, walked in 16-row steps up to R.
// CHECK-LABEL: func.func @dynamic_rows_one_column_block
// CHECK: "pto.make_tensor_view"
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: "pto.partition_view"
// CHECK-SAME: -> !pto.partition_tensor_view<1x1x1x16x32xi8>
func.func @dynamic_rows_one_column_block(%w: !pto.ptr<i8>, %r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 1048577>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %w, shape = [%r, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %n0 = %c0 to %r step %c16 {
    %pv = pto.partition_view %tv, offsets = [%n0, %c32], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x32xi8>
    %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    pto.tload ins(%pv : !pto.partition_tensor_view<16x32xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  }
  return
}

// The tile's valid region comes from its pto.alloc_tile operands, as PyPTO writes it
// (`v_row=?, v_col=?` in the type): constants equal to the partition's sizes are the
// partition's region. The tile is re-allocated at each iteration of the loop.
// CHECK-LABEL: func.func @valid_region_from_alloc_constants
// CHECK: "pto.alloc_tile"(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-SAME: v_row=?, v_col=?
// CHECK: "pto.partition_view"
// CHECK-SAME: -> !pto.partition_tensor_view<1x8x8x16x16xbf16>
func.func @valid_region_from_alloc_constants(%w: !pto.ptr<bf16>) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %tv = pto.make_tensor_view %w, shape = [%c512, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xbf16>
  scf.for %kb = %c0 to %c4 step %c1 {
    %k0 = arith.muli %kb, %c128 : index
    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c128 valid_col = %c128 : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %pv = pto.partition_view %tv, offsets = [%k0, %c0], sizes = [%c128, %c128] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<128x128xbf16>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x128xbf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  }
  return
}

// A tile allocated before the loop reaches the load through scf.for iter_args; every alloc
// that flows into it (the init and the one yielded) gives the same valid_row and valid_col.
// CHECK-LABEL: func.func @valid_region_through_iter_args
// CHECK: "pto.partition_view"
// CHECK-SAME: -> !pto.partition_tensor_view<1x4x4x16x32xi8>
func.func @valid_region_through_iter_args(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %w, shape = [%c256, %c128], strides = [%c128, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %t0 = pto.alloc_tile valid_row = %c64 valid_col = %c128 : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %t0) -> (!pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    %n0 = arith.muli %i, %c64 : index
    %pv = pto.partition_view %tv, offsets = [%n0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x128xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<64x128xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %next = pto.alloc_tile valid_row = %c64 valid_col = %c128 : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    scf.yield %next : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  return
}

// Valid operands computed with arith ops, or an argument whose declared facts pin it: the
// offset analysis proves each equal to the partition's size. The operands may be i32.
// CHECK-LABEL: func.func @valid_region_from_arith_and_facts
// CHECK: "pto.partition_view"
// CHECK-SAME: -> !pto.partition_tensor_view<1x2x2x16x32xi8>
func.func @valid_region_from_arith_and_facts(%w: !pto.ptr<i8>, %vc: index {nz.range = array<i64: 64, 65>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c32_i32 = arith.constant 32 : i32
  %c64_i32 = arith.constant 64 : i32
  %tv = pto.make_tensor_view %w, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %vr = arith.muli %c2, %c16 : index
  %pv = pto.partition_view %tv, offsets = [%c32, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t = pto.alloc_tile valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  %pv2 = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %t2 = "pto.alloc_tile"(%c32_i32, %c64_i32) {operandSegmentSizes = array<i32: 0, 1, 1>} : (i32, i32) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv2 : !pto.partition_tensor_view<32x64xi8>) outs(%t2 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// pto.set_validshape right before the load, in its block, gives the valid region the load
// sees (the alloc's operands are overridden), and scf.if results are followed to allocs.
// CHECK-LABEL: func.func @valid_region_set_validshape_and_if
// CHECK-COUNT-2: -> !pto.partition_tensor_view<1x2x2x16x32xi8>
func.func @valid_region_set_validshape_and_if(%w: !pto.ptr<i8>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = pto.make_tensor_view %w, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  pto.set_validshape %t, %c32, %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  %u = scf.if %flag -> (!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    %a = pto.alloc_tile valid_row = %c32 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    scf.yield %a : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  } else {
    %b = pto.alloc_tile valid_row = %c32 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    scf.yield %b : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  }
  %pv2 = pto.partition_view %tv, offsets = [%c32, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  pto.tload ins(%pv2 : !pto.partition_tensor_view<32x64xi8>) outs(%u : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// Properties are read back from the op's own text: an arrow (a function type) or an
// affine constraint `>=` in them closes no bracket, and the blocked view keeps them.
// CHECK-LABEL: func.func @properties_with_arrows
// CHECK: "pto.make_tensor_view"
// CHECK-SAME: {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>, set = #{{[a-z0-9_]+}}, sig = (i32) -> i32}
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xi8>
func.func @properties_with_arrows(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>, sig = (i32) -> i32, set = affine_set<(d0) : (d0 - 1 >= 0)>}> : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<256x512xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<256x512xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
