// RUN: nzpass-opt %s --split-input-file -p block-nz-tensor-views | FileCheck %s --enable-var-scope
// Blocking twice must equal blocking once: the mark makes the second run skip.
// RUN: nzpass-opt %s --split-input-file -p block-nz-tensor-views,block-nz-tensor-views | FileCheck %s --enable-var-scope
// The E2E lines say what each example becomes through pl-to-pto: pl-to-pto.mlir runs that.

// Spec example: a rank-3 INT8 weight keeps its batch; c0 = 32 blocks the plane.
// CHECK-LABEL: func.func @rank3_int8_weight
// CHECK-SAME: (%{{.*}}: tensor<32x128x128x16x32xi8, #pl.layout<nz>>)
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// E2E-LABEL: func.func @rank3_int8_weight
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @rank3_int8_weight(%w: tensor<32x2048x4096xi8, #pl.layout<nz>>) {
  return
}

// -----

// Spec example: a rank-2 weight materialises batch 1; a whole-tensor load is all zero offsets.
// CHECK-LABEL: func.func @rank2_int8_whole_load
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x16x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"
// CHECK-SAME: -> !pl.tile<256x512xi8, mat>
// E2E-LABEL: func.func @rank2_int8_whole_load
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @rank2_int8_whole_load(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Spec example: w[1:2, 256:512, 512:1024] of an [E, N, K] weight -> [1, 16, 16, 0, 0].
// CHECK-LABEL: func.func @expert_weight_window
// CHECK-SAME: (%[[W:.*]]: tensor<4x128x128x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: "pl.tile.load"(%[[W]], %[[C1]], %[[C16]], %[[C16]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: -> !pl.tile<256x512xi8, mat>
// E2E-LABEL: func.func @expert_weight_window
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @expert_weight_window(%w: tensor<4x2048x4096xi8, #pl.layout<nz>>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %wt = "pl.tile.load"(%w, %c1, %c256, %c512, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<4x2048x4096xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// An spmd row offset nb * 256 is divided whole (never reassociated to nb * 16).
// CHECK-LABEL: func.func @spmd_row_offset
// CHECK-SAME: (%[[W:.*]]: tensor<1x128x128x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[NB:.*]] = "pl.tile.get_block_idx"()
// CHECK: %[[N0:.*]] = arith.muli %[[NB]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[ROW]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @spmd_row_offset
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @spmd_row_offset(%w: tensor<2048x4096xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // The host launches at most 8 blocks: rows [nb * 256, nb * 256 + 256) stay inside.
  %nb = "pl.tile.get_block_idx"() {nz.range = array<i64: 0, 8>} : () -> index
  %n0 = arith.muli %nb, %c256 : index
  %wt = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x4096xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Rewrites run in IR order and reuse the constants that dominate them: the second load
// shares the first one's constants instead of creating duplicates.
// CHECK-LABEL: func.func @loads_share_constants
// CHECK-SAME: (%[[W:.*]]: tensor<1x128x128x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[C16]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-NOT: arith.constant
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[C32]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// E2E-LABEL: func.func @loads_share_constants
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @loads_share_constants(%w: tensor<2048x4096xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %a = "pl.tile.load"(%w, %c256, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x4096xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  %b = "pl.tile.load"(%w, %c512, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x4096xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A pipelined k0 (start and step multiples of c0, non-negative) is a column-block offset.
// CHECK-LABEL: func.func @pipelined_k0_column_offset
// CHECK-SAME: (%[[W:.*]]: tensor<1x128x16x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[COL:.*]] = arith.floordivsi %[[K0]], %[[C32]] : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[C0]], %[[COL]], %[[C0]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @pipelined_k0_column_offset
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @pipelined_k0_column_offset(%w: tensor<256x4096xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  scf.for %k0 = %c512 to %c4096 step %c512 {
    %wt = "pl.tile.load"(%w, %c0, %k0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x4096xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// Split-K (blk % 2) * 512: the remainder is non-negative, the 512 carries the alignment.
// CHECK-LABEL: func.func @split_k_remainder_offset
// CHECK-SAME: (%[[W:.*]]: tensor<1x32x16x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[K0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.floordivsi %[[K0]], %[[C32]] : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[C0]], %[[COL]], %[[C0]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @split_k_remainder_offset
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @split_k_remainder_offset(%w: tensor<256x1024xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %blk = "pl.tile.get_block_idx"() : () -> index
  %half = arith.remsi %blk, %c2 : index
  %k0 = arith.muli %half, %c512 : index
  %wt = "pl.tile.load"(%w, %c0, %k0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x1024xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A strided loop starting at the block index: the proof recurses into start and step.
// CHECK-LABEL: func.func @strided_loop_from_block_index
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x128x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[ROW]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @strided_loop_from_block_index
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @strided_loop_from_block_index(%w: tensor<2048x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %blk = "pl.tile.get_block_idx"() : () -> index
  %cores = "pl.tile.get_block_num"() : () -> index
  scf.for %ob = %blk to %c8 step %cores {
    %n0 = arith.muli %ob, %c256 : index
    %wt = "pl.tile.load"(%w, %n0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// A ragged last tile: min(800 - o0, 256) rows are a provable multiple of 16, so the
// valid row fractal count is rows floordiv 16.
// CHECK-LABEL: func.func @ragged_tail_min_rows
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x50x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[O0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[ROWS:.*]] = arith.minsi
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[O0]], %[[C16]] : index
// CHECK-NEXT: %[[VROWS:.*]] = arith.floordivsi %[[ROWS]], %[[C16]] : index
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[ROW]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]], %[[C1]], %[[C16]], %[[VROWS]], %[[C16]], %[[C32]])
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 5, 5, 5>
// CHECK-SAME: -> !pl.tile<256x512xi8, mat, valid = ?x512>
// E2E-LABEL: func.func @ragged_tail_min_rows
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x?x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @ragged_tail_min_rows(%w: tensor<800x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c800 = arith.constant 800 : index
  scf.for %o0 = %c0 to %c800 step %c256 {
    %rest = arith.subi %c800, %o0 : index
    %rows = arith.minsi %rest, %c256 : index
    %wt = "pl.tile.load"(%w, %o0, %c0, %c256, %c512, %rows, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<800x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat, valid = ?x512>
  }
  return
}

// -----

// FP16 and BF16 hold 16 elements per C0 line: column 128 is column block 8.
// CHECK-LABEL: func.func @fp16_c0
// CHECK-SAME: (%[[W:.*]]: tensor<1x32x16x16x16xf16, #pl.layout<nz>>, %{{.*}}: tensor<1x2x4x16x16xbf16, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C8]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C8]], %[[C16]], %[[C16]], %[[C16]])
// CHECK-SAME: -> !pl.tile<256x128xf16, mat>
// E2E-LABEL: func.func @fp16_c0
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x8x16x16x16xf16>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @fp16_c0(%w: tensor<256x512xf16, #pl.layout<nz>>, %b: tensor<64x32xbf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %wt = "pl.tile.load"(%w, %c0, %c128, %c256, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xf16, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x128xf16, mat>
  return
}

// -----

// FP32 holds 8 elements per C0 line: [16, 64] is row fractal 1, column block 8.
// CHECK-LABEL: func.func @fp32_c0
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x4x16x8xf32, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C8]], %[[C1]], %[[C0]], %[[C0]], %[[C1]], %[[C8]], %[[C1]], %[[C16]], %[[C8]])
// CHECK-SAME: -> !pl.tile<16x64xf32, mat>
// E2E-LABEL: func.func @fp32_c0
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x8x1x16x8xf32>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @fp32_c0(%w: tensor<64x128xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %wt = "pl.tile.load"(%w, %c16, %c64, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x128xf32, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x64xf32, mat>
  return
}

// -----

// Rank 4 folds [G, E] into the batch (2 * 4 = 8); constant [1, 2, 0, 0] on E = 4 folds to 6.
// CHECK-LABEL: func.func @rank4_fold_constant
// CHECK-SAME: (%[[W:.*]]: tensor<8x16x16x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-NOT: arith.muli
// CHECK: "pl.tile.load"(%[[W]], %[[C6]], %[[C0]], %[[C0]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @rank4_fold_constant
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @rank4_fold_constant(%w: tensor<2x4x256x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %wt = "pl.tile.load"(%w, %c1, %c2, %c0, %c0, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4, 0>, target_memory = "mat"} : (tensor<2x4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A symbolic [g, e, 0, 0] folds exactly to g * E + e in index: no division; the facts
// bound g and e, so the fold cannot wrap (and stay visible in the output).
// CHECK-LABEL: func.func @rank4_fold_symbolic
// CHECK-SAME: (%[[W:.*]]: tensor<8x16x16x16x32xi8, #pl.layout<nz>>, %[[G:.*]]: index {nz.range = array<i64: 0, 2>}, %[[E:.*]]: index {nz.range = array<i64: 0, 4>})
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[GE:.*]] = arith.muli %[[G]], %[[C4]] : index
// CHECK: %[[B:.*]] = arith.addi %[[GE]], %[[E]] : index
// CHECK: "pl.tile.load"(%[[W]], %[[B]], %[[C0]], %[[C0]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @rank4_fold_symbolic
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @rank4_fold_symbolic(%w: tensor<2x4x256x512xi8, #pl.layout<nz>>, %g: index {nz.range = array<i64: 0, 2>}, %e: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %wt = "pl.tile.load"(%w, %g, %e, %c0, %c0, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4, 0>, target_memory = "mat"} : (tensor<2x4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Rank 3 keeps a dynamic batch; a symbolic batch offset, proved non-negative, is used as is.
// CHECK-LABEL: func.func @rank3_dynamic_batch
// CHECK-SAME: (%[[W:[^:]*]]: tensor<?x32x16x16x16xf16, #pl.layout<nz>>, %[[B:[^:]*]]: index {nz.range = array<i64: 0, 64>})
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: "pl.tile.load"(%[[W]], %[[B]], %[[C16]], %[[C0]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @rank3_dynamic_batch
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x16xf16>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @rank3_dynamic_batch(%w: tensor<?x256x512xf16, #pl.layout<nz>>, %b: index {nz.range = array<i64: 0, 64>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  // The batch offset is proved non-negative; its end against the dynamic batch count is
  // the caller's to keep inside (no bound exists to prove it against).
  // expected-warning @+2 {{NZ load leading axis 0 window cannot be bounded against a dynamic extent}}
  // expected-warning @+1 {{NZ partition offset[0] (batches) + size[0] can reach 64}}
  %wt = "pl.tile.load"(%w, %b, %c0, %c256, %c1, %c256, %c256) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<?x256x512xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<256x256xf16, mat>
  return
}

// -----

// A leading-axis slice w[l] is blocked like a load; drop_dims is gone (the fold absorbs
// the dropped axis) and the load of the slice sees the blocked result type.
// CHECK-LABEL: func.func @leading_axis_slice
// CHECK-SAME: (%[[W:[^:]*]]: tensor<4x16x16x16x32xi8, #pl.layout<nz>>, %[[L:[^:]*]]: index {nz.range = array<i64: 0, 4>})
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[S:.*]] = "pl.tensor.slice"(%[[W]], %[[L]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-NOT: drop_dims
// CHECK-SAME: {operandSegmentSizes = array<i32: 1, 5, 5, 0>}
// CHECK-SAME: -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK: "pl.tile.load"(%[[S]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]])
// CHECK-SAME: (tensor<1x16x16x16x32xi8, #pl.layout<nz>>,
// E2E-LABEL: func.func @leading_axis_slice
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @leading_axis_slice(%w: tensor<4x256x512xi8, #pl.layout<nz>>, %l: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %s = "pl.tensor.slice"(%w, %l, %c0, %c0, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0>} : (tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index) -> tensor<256x512xi8, #pl.layout<nz>>
  %wt = "pl.tile.load"(%s, %c0, %c0, %c256, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A whole-tensor flatten is layout-independent: kept as is, its ND result prefetched.
// CHECK-LABEL: func.func @whole_tensor_flatten
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x16x16x32xi8, #pl.layout<nz>>)
// CHECK: %[[FLAT:.*]] = "pl.tensor.reshape"(%[[W]], %{{.*}}) : (tensor<1x16x16x16x32xi8, #pl.layout<nz>>, index) -> tensor<131072xi8>
// CHECK: "pl.prefetch.async_prefetch"(%[[FLAT]]) : (tensor<131072xi8>) -> ()
// E2E-LABEL: func.func @whole_tensor_flatten
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @whole_tensor_flatten(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  %n = arith.constant 131072 : index
  %flat = "pl.tensor.reshape"(%w, %n) : (tensor<256x512xi8, #pl.layout<nz>>, index) -> tensor<131072xi8>
  "pl.prefetch.async_prefetch"(%flat) : (tensor<131072xi8>) -> ()
  return
}

// -----

// GM gap R - TR = 65536 - 16 = 65520 fits the 16-bit field (pto-isa#317 guard).
// CHECK-LABEL: func.func @gm_gap_65520_accepted
// CHECK-SAME: tensor<1x2x4096x16x32xi8, #pl.layout<nz>>
// CHECK: "pl.tile.load"
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 5, 5, 0>
// E2E-LABEL: func.func @gm_gap_65520_accepted
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x2x1x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @gm_gap_65520_accepted(%w: tensor<65536x64xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %wt = "pl.tile.load"(%w, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<65536x64xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x64xi8, mat>
  return
}

// -----

// A taller row tile shrinks the gap: 65552 - 32 = 65520 fits.
// CHECK-LABEL: func.func @gm_gap_taller_tile_accepted
// CHECK-SAME: tensor<1x2x4097x16x32xi8, #pl.layout<nz>>
// CHECK: "pl.tile.load"
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 5, 5, 0>
// E2E-LABEL: func.func @gm_gap_taller_tile_accepted
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x2x2x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @gm_gap_taller_tile_accepted(%w: tensor<65552x64xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %wt = "pl.tile.load"(%w, %c0, %c0, %c32, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<65552x64xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<32x64xi8, mat>
  return
}

// -----

// A single column-block load never reads the gap field: gap 65536 is exempt.
// CHECK-LABEL: func.func @gm_gap_single_column_block_exempt
// CHECK-SAME: tensor<1x1x4097x16x32xi8, #pl.layout<nz>>
// CHECK: "pl.tile.load"
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 5, 5, 0>
// E2E-LABEL: func.func @gm_gap_single_column_block_exempt
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x1x1x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @gm_gap_single_column_block_exempt(%w: tensor<65552x32xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %wt = "pl.tile.load"(%w, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<65552x32xi8, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// Spec example: a 64x16 Acc tile into [64, 16] FP32 NZ gets offsets [0, 0, 0, 0, 0] and an
// explicit partition [1, 2, 4, 16, 8]; st_phase is kept and the result still aliases the
// destination (it is what the function returns).
// CHECK-LABEL: func.func @acc_store_64x16
// CHECK-SAME: (%[[O:.*]]: tensor<1x2x4x16x8xf32, #pl.layout<nz>>) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>>
// CHECK-DAG: %[[ACC:.*]] = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[R:.*]] = "pl.tile.store"(%[[ACC]], %[[O]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C2]], %[[C4]], %[[C16]], %[[C8]])
// CHECK-SAME: {operandSegmentSizes = array<i32: 1, 1, 5, 5>, st_phase = "Final"}
// CHECK-SAME: -> tensor<1x2x4x16x8xf32, #pl.layout<nz>>
// CHECK: return %[[R]] : tensor<1x2x4x16x8xf32, #pl.layout<nz>>
// E2E-LABEL: func.func @acc_store_64x16
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x2x4x16x8xf32>
// E2E: "pto.tstore"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @acc_store_64x16(%o: tensor<64x16xf32, #pl.layout<nz>>) -> tensor<64x16xf32, #pl.layout<nz>> {
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  %c0 = arith.constant 0 : index
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, st_phase = "Final"} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32, #pl.layout<nz>>, index, index) -> tensor<64x16xf32, #pl.layout<nz>>
  return %r : tensor<64x16xf32, #pl.layout<nz>>
}

// -----

// An output split along N: each store covers every row, at column ni blocked to ni / 8,
// with partition [1, 512/8, 64/16, 16, 8].
// CHECK-LABEL: func.func @acc_store_column_split
// CHECK-SAME: (%[[O:.*]]: tensor<1x128x4x16x8xf32, #pl.layout<nz>>)
// CHECK-DAG: %[[ACC:.*]] = "pl.tile.zeros"() : () -> !pl.tile<64x512xf32, acc>
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[NI:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[COL:.*]] = arith.floordivsi %[[NI]], %[[C8]] : index
// CHECK-NEXT: "pl.tile.store"(%[[ACC]], %[[O]], %[[C0]], %[[COL]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C64]], %[[C4]], %[[C16]], %[[C8]])
// E2E-LABEL: func.func @acc_store_column_split
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x64x4x16x8xf32>
// E2E: "pto.tstore"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @acc_store_column_split(%o: tensor<64x1024xf32, #pl.layout<nz>>) {
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x512xf32, acc>
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.for %ni = %c0 to %c1024 step %c512 {
    %r = "pl.tile.store"(%acc, %o, %c0, %ni) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x512xf32, acc>, tensor<64x1024xf32, #pl.layout<nz>>, index, index) -> tensor<64x1024xf32, #pl.layout<nz>>
  }
  return
}

// -----

// Panels stacked on a leading axis: one panel per store at a non-zero batch offset; the
// explicit shapes group [1, 64, 16] becomes the blocked partition.
// CHECK-LABEL: func.func @acc_store_panel
// CHECK-SAME: (%[[O:.*]]: tensor<3x2x4x16x8xf32, #pl.layout<nz>>)
// CHECK-DAG: %[[ACC:.*]] = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: "pl.tile.store"(%[[ACC]], %[[O]], %[[C2]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C2]], %[[C4]], %[[C16]], %[[C8]])
// CHECK-SAME: st_phase = "Final"
// E2E-LABEL: func.func @acc_store_panel
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x2x4x16x8xf32>
// E2E: "pto.tstore"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @acc_store_panel(%o: tensor<3x64x16xf32, #pl.layout<nz>>) {
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %r = "pl.tile.store"(%acc, %o, %c2, %c0, %c0, %c1, %c64, %c16) {operandSegmentSizes = array<i32: 1, 1, 3, 3>, st_phase = "Final"} : (!pl.tile<64x16xf32, acc>, tensor<3x64x16xf32, #pl.layout<nz>>, index, index, index, index, index, index) -> tensor<3x64x16xf32, #pl.layout<nz>>
  return
}

// -----

// An i32 x * 256 wraps at 32 bits: it is divided whole in i32, (x * 256) floordiv 16, and
// no reassociated x * 16 appears anywhere.
// CHECK-LABEL: func.func @i32_offset_divided_whole
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x128x16x32xi8, #pl.layout<nz>>)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i32
// CHECK: scf.for %[[X:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: %[[N0:.*]] = arith.muli %[[X]], %[[C256]] : i32
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.muli
// CHECK: %[[ROW:.*]] = arith.floordivsi %[[N0]], %[[C16]] : i32
// CHECK-NOT: arith.muli
// CHECK: "pl.tile.load"(%[[W]], %{{.*}}, %[[Z]], %[[ROW]],
// CHECK-SAME: (tensor<1x16x128x16x32xi8, #pl.layout<nz>>, index, i32, i32, index, index,
// CHECK-NOT: arith.muli
// CHECK: return
// E2E-LABEL: func.func @i32_offset_divided_whole
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @i32_offset_divided_whole(%w: tensor<2048x512xi8, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c256 = arith.constant 256 : i32
  %s256 = arith.constant 256 : index
  %s512 = arith.constant 512 : index
  scf.for %x = %c0 to %c8 step %c1 : i32 {
    %n0 = arith.muli %x, %c256 : i32
    %wt = "pl.tile.load"(%w, %n0, %c0, %s256, %s512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<2048x512xi8, #pl.layout<nz>>, i32, i32, index, index) -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// Declarations, function results, call operands and results, op results, iter_args and
// loop results are all blocked; calls, loops and yields only pass the tensor on.
// CHECK-LABEL: func.func private @external
// CHECK-SAME: (tensor<1x16x16x16x32xi8, #pl.layout<nz>>) -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK-SAME: attributes {nz_tensor_views_blocked}
// CHECK-LABEL: func.func @types_everywhere
// CHECK-SAME: (%[[W:.*]]: tensor<1x16x16x16x32xi8, #pl.layout<nz>>) -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK: %[[R:.*]] = call @external(%[[W]]) : (tensor<1x16x16x16x32xi8, #pl.layout<nz>>) -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK: %[[L:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[R]]) -> (tensor<1x16x16x16x32xi8, #pl.layout<nz>>)
// CHECK: %[[N:.*]] = "pl.tensor.create"() : () -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK: scf.yield %[[N]] : tensor<1x16x16x16x32xi8, #pl.layout<nz>>
// CHECK: return %[[L]] : tensor<1x16x16x16x32xi8, #pl.layout<nz>>
func.func private @external(tensor<256x512xi8, #pl.layout<nz>>) -> tensor<256x512xi8, #pl.layout<nz>>
func.func @types_everywhere(%w: tensor<256x512xi8, #pl.layout<nz>>) -> tensor<256x512xi8, #pl.layout<nz>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'func.call' passes a GM tensor}}
  %r = func.call @external(%w) : (tensor<256x512xi8, #pl.layout<nz>>) -> tensor<256x512xi8, #pl.layout<nz>>
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %r) -> (tensor<256x512xi8, #pl.layout<nz>>) {
    %n = "pl.tensor.create"() : () -> tensor<256x512xi8, #pl.layout<nz>>
    scf.yield %n : tensor<256x512xi8, #pl.layout<nz>>
  }
  return %l : tensor<256x512xi8, #pl.layout<nz>>
}

// -----

// A function without NZ tensors is left alone and not marked.
// CHECK-LABEL: func.func @negative_nd_only
// CHECK-SAME: (%[[X:.*]]: tensor<64x512xf16>) {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[C512:.*]] = arith.constant 512 : index
// CHECK-NEXT: "pl.tile.load"(%[[X]], %[[C0]], %[[C0]], %[[C64]], %[[C512]]) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x512xf16, vec>
// CHECK-NEXT: return
// E2E-LABEL: func.func @negative_nd_only
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nd>
// E2E: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<64x512xf16>
// E2E: "pto.tload"
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @negative_nd_only(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x512xf16, vec>
  return
}

// -----

// A marked function is already blocked: its [..., 16, 32] shape is not blocked again.
// CHECK-LABEL: func.func @negative_already_blocked
// CHECK-SAME: (%{{.*}}: tensor<1x16x16x16x32xi8, #pl.layout<nz>>) attributes {nz_tensor_views_blocked}
// CHECK-NEXT: return
// E2E-LABEL: func.func @negative_already_blocked
// E2E: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nz>
// E2E-NOT: "pl.tile.{{load|store}}"
func.func @negative_already_blocked(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  return
}

// -----

// Leading offsets of two integer types fold in index: each is cast exactly (the facts
// prove it non-negative and inside its axis), so an i32 offset cannot wrap the fold.
// CHECK-LABEL: func.func @rank4_fold_mixed_types
// CHECK-SAME: (%[[W:.*]]: tensor<8x16x16x16x32xi8, #pl.layout<nz>>, %[[G:.*]]: i32 {nz.range = array<i64: 0, 2>}, %[[E:.*]]: index {nz.range = array<i64: 0, 4>})
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[GI:.*]] = arith.index_cast %[[G]] : i32 to index
// CHECK-NEXT: %[[GE:.*]] = arith.muli %[[GI]], %[[C4]] : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[GE]], %[[E]] : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[B]],
// E2E-LABEL: func.func @rank4_fold_mixed_types
// E2E: "pto.tload"
func.func @rank4_fold_mixed_types(%w: tensor<2x4x256x512xi8, #pl.layout<nz>>, %g: i32 {nz.range = array<i64: 0, 2>}, %e: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %wt = "pl.tile.load"(%w, %g, %e, %c0, %c0, %c1, %c1, %c256, %c512) {operandSegmentSizes = array<i32: 1, 4, 4, 0>, target_memory = "mat"} : (tensor<2x4x256x512xi8, #pl.layout<nz>>, i32, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// Integer constants of any width read exactly: one beyond 64 bits, unused, is kept
// (reading it through IntegerAttr.value aborted the process), one of 16 : i128 is a
// row offset like any other, and a bool selects between two provable offsets.
// CHECK-LABEL: func.func @wide_and_bool_constants
// CHECK-SAME: (%[[W:.*]]: tensor<1x4x4x16x8xf32, #pl.layout<nz>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %{{.*}} = arith.constant 18446744073709551632 : i128
// CHECK: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[C1]], %[[C0]], %[[C0]],
// CHECK: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[S:.*]] = arith.select %[[T]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[Q:.*]] = arith.floordivsi %[[S]], %{{.*}} : index
// CHECK-NEXT: "pl.tile.load"(%[[W]], %[[C0]], %[[C0]], %[[Q]], %[[C0]], %[[C0]],
// E2E-LABEL: func.func @wide_and_bool_constants
// E2E-COUNT-2: "pto.tload"
func.func @wide_and_bool_constants(%w: tensor<64x32xf32, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %unused = arith.constant 18446744073709551632 : i128
  %w16 = arith.constant 16 : i128
  %r = arith.index_cast %w16 : i128 to index
  %t = "pl.tile.load"(%w, %r, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x32xf32, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xf32, mat>
  %true = arith.constant true
  %s = arith.select %true, %c48, %c16 : index
  %u = "pl.tile.load"(%w, %s, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x32xf32, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xf32, mat>
  return
}

// -----

// A logical [B, 1, 1, 16, c0] tensor blocks to its own shape: the declaration is marked all
// the same, which materialize-tensor-strides reads as "blocked".
// CHECK-LABEL: func.func private @identity_blocked(tensor<2x1x1x16x32xi8, #pl.layout<nz>>)
// CHECK-SAME: attributes {nz_tensor_views_blocked}
func.func private @identity_blocked(tensor<2x1x1x16x32xi8, #pl.layout<nz>>)
