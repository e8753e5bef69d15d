// --nz-explain on hand-written pto IR: one case per verdict. The words go to
// stderr, the IR to stdout untouched. (The refused cases are refused by verify-pto-nz too.)
// RUN: nzpass-opt %s --nz-explain -o %t.mlir 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: nzpass-opt %t.mlir | FileCheck %s --check-prefix=STDOUT
// STDOUT: func.func @weight_window

// A [128, 128] window at rows 128, columns 256 of an f16 [256, 512] weight:
// eight column blocks, each skipping 128 rows of GM between them.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 18]]:3: nz-explain: @weight_window #0: pto.tload of an NZ f16 view into a mat tile 128x128xf16
// CHECK-NEXT:  plane: logical [256, 512] f16 (c0 = 16) = blocked [1, 32, 16, 16, 16], column blocks 256 rows apart
// CHECK-NEXT:  window: rows [128, 256) x columns [256, 384) of batch 0 -> partition offsets [0, 16, 8, 0, 0], sizes [1, 8, 8, 16, 16]
// CHECK-NEXT:  touches: column blocks [16, 24) of 32, row fractals [8, 16) of 16
// CHECK-NEXT:  GM gap: 256 - 128 = 128 32-byte blocks between column blocks
// CHECK-NEXT:  #317: fits: 128 <= 65535
func.func @weight_window(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c32, %c16, %c16, %c16, %c131072, %c4096, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c16, %c8, %c0, %c0, %c1, %c8, %c8, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x8x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x8x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// The last 16 rows of a [65552, 16] f16 tensor: a gap of 65536 blocks, but one
// column block is one burst, so the gap field is never read.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 17]]:3: nz-explain: @single_column_block #0: pto.tload of an NZ f16 view into a mat tile 16x16xf16
// CHECK-NEXT:  plane: logical [65552, 16] f16 (c0 = 16) = blocked [1, 1, 4097, 16, 16], column blocks 65552 rows apart
// CHECK-NEXT:  window: rows [65536, 65552) x columns [0, 16) of batch 0 -> partition offsets [0, 0, 4096, 0, 0], sizes [1, 1, 1, 16, 16]
// CHECK-NEXT:  touches: column blocks [0, 1) of 1, row fractals [4096, 4097) of 4097
// CHECK-NEXT:  GM gap: 65552 - 16 = 65536 32-byte blocks between column blocks
// CHECK-NEXT:  #317: exempt: a single column block (the gap field is never read)
func.func @single_column_block(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c4097 = arith.constant 4097 : index
  %c1048832 = arith.constant 1048832 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c1, %c4097, %c16, %c16, %c1048832, %c1048832, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4096, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x1x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x1x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// The same rows over two column blocks: the gap of 65536 wraps in the 16-bit
// field (pto-isa#317), the guard would refuse it.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 19]]:3: nz-explain: @gap_refused #0: pto.tload of an NZ f16 view into a mat tile 16x32xf16
// CHECK-NEXT:  plane: logical [65552, 32] f16 (c0 = 16) = blocked [1, 2, 4097, 16, 16], column blocks 65552 rows apart
// CHECK-NEXT:  window: rows [65536, 65552) x columns [0, 32) of batch 0 -> partition offsets [0, 0, 4096, 0, 0], sizes [1, 2, 1, 16, 16]
// CHECK-NEXT:  touches: column blocks [0, 2) of 2, row fractals [4096, 4097) of 4097
// CHECK-NEXT:  GM gap: 65552 - 16 = 65536 32-byte blocks between column blocks
// CHECK-NEXT:  #317: would be refused: gap 65536 > 65535; the 16-bit gap field of the A2/A3 NZ load wraps and the load silently reads the wrong fractal
func.func @gap_refused(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c4097 = arith.constant 4097 : index
  %c1048832 = arith.constant 1048832 : index
  %c2097664 = arith.constant 2097664 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4097, %c16, %c16, %c2097664, %c1048832, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c4096, %c0, %c0, %c1, %c2, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x1x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x1x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// A symbolic number of row fractals: the guard judges the gap at its worst
// case (0 rows loaded), 65552 > 65535.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 19]]:3: nz-explain: @symbolic_rows #0: pto.tload of an NZ f16 view into a mat tile 256x32xf16
// CHECK-NEXT:  plane: logical [65552, 32] f16 (c0 = 16) = blocked [1, 2, 4097, 16, 16], column blocks 65552 rows apart
// CHECK-NEXT:  window: rows [0, ?) x columns [0, 32) of batch 0 -> partition offsets [0, 0, 0, 0, 0], sizes [1, 2, ?, 16, 16]
// CHECK-NEXT:  touches: column blocks [0, 2) of 2, row fractals [0, ?) of 4097
// CHECK-NEXT:  GM gap: 65552 - 0 (rows ?, worst case) = 65552 32-byte blocks between column blocks
// CHECK-NEXT:  #317: would be refused: gap 65552 > 65535; the 16-bit gap field of the A2/A3 NZ load wraps and the load silently reads the wrong fractal
func.func @symbolic_rows(%p: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4097 = arith.constant 4097 : index
  %c1048832 = arith.constant 1048832 : index
  %c2097664 = arith.constant 2097664 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c4097, %c16, %c16, %c2097664, %c1048832, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %n, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x?x16x16xf16>
  %rows = arith.muli %n, %c16 : index
  %t = "pto.alloc_tile"(%rows) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=?, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x2x?x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=?, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// A symbolic column offset: its blocks are [?, ?+8); the gap needs only the rows.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 18]]:3: nz-explain: @symbolic_offset #0: pto.tload of an NZ f16 view into a mat tile 256x128xf16
// CHECK-NEXT:  plane: logical [256, 512] f16 (c0 = 16) = blocked [1, 32, 16, 16, 16], column blocks 256 rows apart
// CHECK-NEXT:  window: rows [0, 256) x columns [?, ?+128) of batch 0 -> partition offsets [0, ?, 0, 0, 0], sizes [1, 8, 16, 16, 16]
// CHECK-NEXT:  touches: column blocks [?, ?+8) of 32, row fractals [0, 16) of 16
// CHECK-NEXT:  GM gap: 256 - 256 = 0 32-byte blocks between column blocks
// CHECK-NEXT:  #317: fits: 0 <= 65535
func.func @symbolic_offset(%p: !pto.ptr<f16>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c32, %c16, %c16, %c16, %c131072, %c4096, %c256, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %k, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=128, v_row=256, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=128, v_row=256, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}

// The FP32 Acc write-back of nz-semantics section 4 (64x16 into [64, 16]):
// the partition covers every row, so its height is the parent's pitch.
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 18]]:3: nz-explain: @acc_store_whole_rows #0: pto.tstore of an NZ f32 view from an acc tile 64x16xf32
// CHECK-NEXT:  plane: logical [64, 16] f32 (c0 = 8) = blocked [1, 2, 4, 16, 8], column blocks 64 rows apart
// CHECK-NEXT:  window: rows [0, 64) x columns [0, 16) of batch 0 -> partition offsets [0, 0, 0, 0, 0], sizes [1, 2, 4, 16, 8]
// CHECK-NEXT:  touches: column blocks [0, 2) of 2, row fractals [0, 4) of 4
// CHECK-NEXT:  Acc pitch: column blocks written 64 rows apart (partition height 16 x 4), parent column blocks 64 rows apart: every column block lands in its own column block of the parent
func.func @acc_store_whole_rows(%p: !pto.ptr<f32>) {
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
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// The same tile into the first 64 of 256 rows: the store steps column blocks by
// the partition height (64), so block 1 lands under block 0, in rows [64, 128).
// CHECK:{{.*}}nz-explain-pto.mlir:[[# @LINE + 18]]:3: nz-explain: @acc_store_partial_rows #0: pto.tstore of an NZ f32 view from an acc tile 64x16xf32
// CHECK-NEXT:  plane: logical [256, 16] f32 (c0 = 8) = blocked [1, 2, 16, 16, 8], column blocks 256 rows apart
// CHECK-NEXT:  window: rows [0, 64) x columns [0, 16) of batch 0 -> partition offsets [0, 0, 0, 0, 0], sizes [1, 2, 4, 16, 8]
// CHECK-NEXT:  touches: column blocks [0, 2) of 2, row fractals [0, 4) of 16
// CHECK-NEXT:  Acc pitch: column blocks written 64 rows apart (partition height 16 x 4), parent column blocks 256 rows apart: misplaced, would be refused (the store must cover every row): block 1 lands in column block 0 rows [64, 128)
func.func @acc_store_partial_rows(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c16, %c16, %c8, %c4096, %c2048, %c128, %c8, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<f32>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf32>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %acc = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  "pto.tstore"(%acc, %pv) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>} : (!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.partition_tensor_view<1x2x4x16x8xf32>) -> ()
  return
}

// An ND load is not an NZ op: nothing is said about it.
// CHECK-NOT: @nd_load
func.func @nd_load(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c64, %c64, %c64, %c1) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c64, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<64x64xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<64x64xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
