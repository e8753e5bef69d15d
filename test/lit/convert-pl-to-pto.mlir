// The lowering reuses the constants already there (pl-to-pto.mlir also runs verify-pto-nz on
// this file's output).
// RUN: nzpass-opt %s -p convert-pl-to-pto | FileCheck %s

// nz-semantics section 6: the blocked rank-2 INT8 [256, 512] weight becomes a rank-5 NZ view,
// a 1x16x16x16x32 partition and an NZ-configured Mat tile.
// CHECK-LABEL: func.func @spec_section6
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i8>)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[S0:.*]] = arith.constant 131072 : index
// CHECK-DAG: %[[S1:.*]] = arith.constant 8192 : index
// CHECK-DAG: %[[S2:.*]] = arith.constant 512 : index
// CHECK: %[[V:.*]] = "pto.make_tensor_view"(%[[P]], %[[C1]], %[[C16]], %[[C16]], %[[C16]], %[[C32]], %[[S0]], %[[S1]], %[[S2]], %[[C32]], %[[C1]]) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
// CHECK-NEXT: %[[PV:.*]] = "pto.partition_view"(%[[V]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 5, 5>} : {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK-NEXT: %[[T:.*]] = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: "pto.tload"(%[[PV]], %[[T]]) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}
// CHECK-NEXT: return
func.func @spec_section6(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 512, 32, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 512, 32, 1]>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// A dynamic batch becomes a trailing index argument feeding the view's shape.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>, %[[B:.*]]: index)
// CHECK: "pto.make_tensor_view"(%[[P]], %[[B]],
// CHECK-SAME: -> !pto.tensor_view<?x?x?x?x?xf16>
func.func @dynamic_batch(%w: tensor<?x32x16x16x16xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c1, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<?x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<256x256xf16, mat>
  return
}

// An ND load into Vec: ND view, rank-2 partition, default (ND) tile configuration.
// CHECK-LABEL: func.func @nd_vec_load
// CHECK: "pto.make_tensor_view"({{.*}}) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
// CHECK-NEXT: "pto.partition_view"{{.*}} -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: "pto.alloc_tile"{{.*}} !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: "pto.tload"
func.func @nd_vec_load(%x: tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c16, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  return
}

// The load's own attributes stay on the pto.tload (target_memory becomes the tile_buf's loc);
// on an NZ load verify-pto-nz refuses them (Inputs/nz-load-attribute.mlir).
// CHECK-LABEL: func.func @load_keeps_user_attributes
// CHECK: "pto.tload"
// CHECK-SAME: note = "kept"
// CHECK-NOT: target_memory
func.func @load_keeps_user_attributes(%x: tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c16, %c0, %c16, %c64) {note = "kept", operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  return
}

// A ragged last tile: the partition uses the valid window and the tile takes
// valid_row / valid_col operands (logical rows = blocked row fractals * 16); the
// argument's facts bound the rows to the tile (verify-pto-nz proves it).
// CHECK-LABEL: func.func @ragged_tile
// CHECK-SAME: %[[P:.*]]: !pto.ptr<i8>, %[[ROWS:.*]]: index
// CHECK: %[[RF:.*]] = arith.floordivsi %[[ROWS]], %{{.*}} : index
// CHECK-NEXT: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x16x?x16x32xi8>
// CHECK-NEXT: %[[VR:.*]] = arith.muli %[[RF]], %{{.*}} : index
// CHECK-NEXT: "pto.alloc_tile"(%[[VR]], %{{.*}}) {operandSegmentSizes = array<i32: 0, 1, 1>} : (index, index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
func.func @ragged_tile(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz>>, %rows: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 0, 257>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %rf = arith.floordivsi %rows, %c16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32, %c1, %c16, %rf, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5, 5>, target_memory = "mat"} : (tensor<1x16x16x16x32xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat, valid = ?x?>
  return
}

// A leading-axis slice adds its batch offset to the load's partition offsets.
// CHECK-LABEL: func.func @slice_then_load
// CHECK-SAME: %[[P:.*]]: !pto.ptr<i8>, %[[L:.*]]: index
// CHECK: %[[V:.*]] = "pto.make_tensor_view"(%[[P]],
// CHECK-NOT: pl.tensor.slice
// CHECK: "pto.partition_view"(%[[V]], %[[L]],
// CHECK-SAME: -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK-NOT: pl.tensor.slice
func.func @slice_then_load(%w: tensor<3x16x16x16x32xi8, #pl.layout<nz>>, %layer: index {nz.range = array<i64: 0, 3>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %s = "pl.tensor.slice"(%w, %layer, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<3x16x16x16x32xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x16x16x16x32xi8, #pl.layout<nz>>
  %t = "pl.tile.load"(%s, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<1x16x16x16x32xi8, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<256x512xi8, mat>
  return
}

// The FP32 Acc store into NZ: an Acc tile_buf (fractal 1024), the explicit
// rank-5 partition, st_phase carried over as stPhase, the alias replaced by the pointer.
// CHECK-LABEL: func.func @acc_store
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f32>) -> !pto.ptr<f32>
// CHECK: %[[ACC:.*]] = "pl.tile.zeros"() : () -> !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK: %[[PV:.*]] = "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<1x2x4x16x8xf32>
// CHECK-NEXT: "pto.tstore"(%[[ACC]], %[[PV]]) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>}
// CHECK-NEXT: return %[[P]] : !pto.ptr<f32>
func.func @acc_store(%o: tensor<1x2x4x16x8xf32, #pl.layout<nz>>) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>> {
  %acc = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>, st_phase = "final"} : (!pl.tile<64x16xf32, acc>, tensor<1x2x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>>
  return %r : tensor<1x2x4x16x8xf32, #pl.layout<nz>>
}

// ND store attributes map to their pto spelling; unknown attributes are kept.
// CHECK-LABEL: func.func @nd_store_attributes
// CHECK: "pto.partition_view"({{.*}}) {{.*}} -> !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT: "pto.tstore"({{.*}}) {atomicType = #pto<atomic_type atomic_add>, my.tag = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0>, reluPreMode = #pto<relu_pre_mode normal_relu>}
func.func @nd_store_attributes(%o: tensor<64x16xf32>, %acc: !pl.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic, pre_relu = "normal_relu", my.tag = 7} : (!pl.tile<16x16xf32, acc>, tensor<64x16xf32>, index, index) -> tensor<64x16xf32>
  return
}

// Properties (`<{...}>`) of an ND store are its attributes like any other: mapped and kept.
// CHECK-LABEL: func.func @nd_store_properties
// CHECK: "pto.tstore"({{.*}}) {atomicType = #pto<atomic_type atomic_add>, my.tag = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0>}
func.func @nd_store_properties(%o: tensor<64x16xf32>, %acc: !pl.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic, my.tag = 7}> : (!pl.tile<16x16xf32, acc>, tensor<64x16xf32>, index, index) -> tensor<64x16xf32>
  return
}

// A copy kernel: the stored tile is the loaded one, which the lowering has already replaced
// by its pto.alloc_tile when it reaches the store (what the store writes back was read
// before anything was rewritten).
// CHECK-LABEL: func.func @copy_tile
// CHECK: %[[T:.*]] = "pto.alloc_tile"
// CHECK: "pto.tload"(%{{.*}}, %[[T]])
// CHECK: "pto.tstore"(%[[T]], %{{.*}})
func.func @copy_tile(%x: tensor<16x64xf32>, %out: tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  %s = "pl.tile.store"(%a, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x64xf32, vec>, tensor<16x64xf32>, index, index) -> tensor<16x64xf32>
  return
}

// Ops off the memory path pass through; their tile operands become tile_bufs.
// CHECK-LABEL: func.func @pass_through
// CHECK: %[[A:.*]] = "pto.alloc_tile"
// CHECK: "pl.tile.relu"(%[[A]]) : (!pto.tile_buf<loc=vec, {{.*}}>) -> !pto.tile_buf<loc=vec, {{.*}}>
func.func @pass_through(%x: tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  %r = "pl.tile.relu"(%t) : (!pl.tile<16x64xf32, vec>) -> !pl.tile<16x64xf32, vec>
  return
}

// A function off the memory path (no GM tensor, no pl memory op, its tile already a
// tile_buf) is left as it is.
// CHECK-LABEL: func.func @negative_no_memory_path
// CHECK-SAME: (%[[A:.*]]: index, %{{.*}}: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> index {
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %[[C16]] : index
// CHECK-NEXT: return %[[B]] : index
// CHECK-NEXT: }
func.func @negative_no_memory_path(%a: index, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> index {
  %c16 = arith.constant 16 : index
  %b = arith.muli %a, %c16 : index
  return %b : index
}

// An ND slice that drops its batch axis: the load's [row, col] offsets and sizes are put
// back on the view's three axes (batch offset 2, size 1). They were paired with the view's
// first two axes, so the batch offset became a row offset.
// CHECK-LABEL: func.func @nd_slice_dropping_an_axis
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[V:.*]] = "pto.make_tensor_view"
// CHECK: "pto.partition_view"(%[[V]], %[[C2]], %[[C16]], %[[C0]], %[[C1]], %[[C32]], %[[C32]]) {operandSegmentSizes = array<i32: 1, 3, 3>} : {{.*}} -> !pto.partition_tensor_view<1x32x32xf16>
func.func @nd_slice_dropping_an_axis(%x: tensor<4x64x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %s = "pl.tensor.slice"(%x, %c2, %c0, %c0, %c1, %c64, %c32) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0>} : (tensor<4x64x32xf16>, index, index, index, index, index, index) -> tensor<64x32xf16>
  %t = "pl.tile.load"(%s, %c16, %c0, %c32, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x32xf16>, index, index, index, index) -> !pl.tile<32x32xf16, vec>
  return
}

// A DN (column-major) tensor's `?` strides are the column-major products of the extents:
// stride[1] is the dynamic row count, not the row-major 1 (found by red team: the view got
// strides [1, 1], so every column read the first one).
// CHECK-LABEL: func.func @dn_dynamic_rows
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>, %[[R:.*]]: index)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: "pto.make_tensor_view"(%[[P]], %[[R]], %[[C512]], %[[C1]], %[[R]]) {layout = #pto.layout<dn>
func.func @dn_dynamic_rows(%x: tensor<?x512xf16, #pl.layout<dn, stride = [1, ?]>>) {
  return
}

// A rank-3 DN tensor is column-major over every axis (docs/ir.md, as PTOAS infers DN and
// materialize-tensor-strides writes it): strides [1, B, B*64], not [1, B, 512].
// CHECK-LABEL: func.func @dn_rank3_dynamic_batch
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f16>, %[[B:.*]]: index)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: %[[S2:.*]] = arith.muli %[[B]], %[[C64]] : index
// CHECK-NEXT: "pto.make_tensor_view"(%[[P]], %[[B]], %[[C64]], %[[C512]], %[[C1]], %[[B]], %[[S2]]) {layout = #pto.layout<dn>
func.func @dn_rank3_dynamic_batch(%x: tensor<?x64x512xf16, #pl.layout<dn, stride = [1, ?, ?]>>) {
  return
}

// The static rank-3 DN strides are the materialised ones, [1, 3, 192].
// CHECK-LABEL: func.func @dn_rank3_static
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: "pto.make_tensor_view"(%{{.*}}, %[[C3]], %[[C64]], %[[C512]], %[[C1]], %[[C3]], %[[C192]]) {layout = #pto.layout<dn>
func.func @dn_rank3_static(%x: tensor<3x64x512xf16, #pl.layout<dn>>) {
  return
}

// An ND tensor with two dynamic extents: stride[0] is the product of the inner ones.
// CHECK-LABEL: func.func @nd_dynamic_rows_and_columns
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<f32>, %[[B:.*]]: index, %[[R:.*]]: index)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[S0:.*]] = arith.muli %[[C16]], %[[R]] : index
// CHECK-NEXT: "pto.make_tensor_view"(%[[P]], %[[B]], %[[R]], %[[C16]], %[[S0]], %[[C16]], %[[C1]]) {layout = #pto.layout<nd>
func.func @nd_dynamic_rows_and_columns(%x: tensor<?x?x16xf32, #pl.layout<nd, stride = [?, 16, 1]>>) {
  return
}

// An ND load's dynamic valid rows proved inside the tile by the argument's range: the
// partition takes them and so does the tile's valid_row operand.
// CHECK-LABEL: func.func @nd_valid_rows_bounded
// CHECK-SAME: %[[ROWS:[^:]*]]: index
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ROWS]], %{{.*}}) {{.*}} -> !pto.partition_tensor_view<?x128xf16>
// CHECK-NEXT: "pto.alloc_tile"(%[[ROWS]]) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=vec, dtype=f16, rows=64, cols=128, v_row=?, v_col=128,
func.func @nd_valid_rows_bounded(%x: tensor<64x512xf16>, %rows: index {nz.range = array<i64: 0, 65>}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128, %rows, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index, index, index) -> !pl.tile<64x128xf16, vec, valid = ?x128>
  return
}

// A ragged tail stored back: the store's partition is the tile's valid region (16 x the
// loaded columns), the same value the tile was allocated with; TStoreUb2gmNd2nd moves the
// partition's rows at a pitch of its columns, so the physical 16 x 128 would misplace
// every row after the first (found by red team).
// CHECK-LABEL: func.func @ragged_columns_store
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[VC:.*]] = arith.minsi %[[N]], %[[C128]] : index
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[C16]], %[[VC]]) {{.*}} -> !pto.partition_tensor_view<16x?xf16>
// CHECK-NEXT: %[[T:.*]] = "pto.alloc_tile"(%[[VC]])
// CHECK-NEXT: "pto.tload"
// CHECK-NEXT: %[[SP:.*]] = "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[C16]], %[[VC]]) {{.*}} -> !pto.partition_tensor_view<16x?xf16>
// CHECK-NEXT: "pto.tstore"(%[[T]], %[[SP]])
func.func @ragged_columns_store(%x: tensor<64x128xf16>, %out: tensor<64x128xf16>, %n: index {nz.range = array<i64: 1, 129>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %vc = arith.minsi %n, %c128 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c128, %c16, %vc) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index, index, index) -> !pl.tile<16x128xf16, vec, valid = 16x?>
  %r = "pl.tile.store"(%t, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec, valid = 16x?>, tensor<64x128xf16>, index, index) -> tensor<64x128xf16>
  return
}

// Ragged rows, from an i32 count: the store's partition takes the tile's valid rows (the
// index_cast the tile was allocated with), so the stale rows past them are not written.
// CHECK-LABEL: func.func @ragged_rows_store
// CHECK: %[[VR:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[VR]], %[[C128:[^)]*]]) {{.*}} -> !pto.partition_tensor_view<?x128xf16>
// CHECK-NEXT: %[[T:.*]] = "pto.alloc_tile"(%[[VR]])
// CHECK-NEXT: "pto.tload"
// CHECK-NEXT: %[[SP:.*]] = "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}, %[[VR]], %[[C128]]) {{.*}} -> !pto.partition_tensor_view<?x128xf16>
// CHECK-NEXT: "pto.tstore"(%[[T]], %[[SP]])
func.func @ragged_rows_store(%x: tensor<64x128xf16>, %out: tensor<64x128xf16>, %n: i32 {nz.range = array<i64: 1, 17>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c16i = arith.constant 16 : i32
  %vr = arith.minsi %n, %c16i : i32
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c128, %vr, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index, i32, index) -> !pl.tile<16x128xf16, vec, valid = ?x128>
  %r = "pl.tile.store"(%t, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec, valid = ?x128>, tensor<64x128xf16>, index, index) -> tensor<64x128xf16>
  return
}

// A static partial valid region: the store's partition is 16 x 96 (PTOAS's verifier
// compares its element count with the tile's valid one).
// CHECK-LABEL: func.func @static_valid_store
// CHECK: "pto.tload"
// CHECK-NEXT: "pto.partition_view"{{.*}} -> !pto.partition_tensor_view<16x96xf16>
// CHECK-NEXT: "pto.tstore"
func.func @static_valid_store(%x: tensor<64x128xf16>, %out: tensor<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c128, %c16, %c96) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index, index, index) -> !pl.tile<16x128xf16, vec, valid = 16x96>
  %r = "pl.tile.store"(%t, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec, valid = 16x96>, tensor<64x128xf16>, index, index) -> tensor<64x128xf16>
  return
}

// A ragged tail inside a static tensor is proved inside it: min(1000 - n0, 128) columns at
// n0 end at 1000 (the relational bound of the sum), so the window is accepted.
// CHECK-LABEL: func.func @ragged_tail_inside
// CHECK: "pto.tstore"
func.func @ragged_tail_inside(%x: tensor<16x1000xf16>, %out: tensor<16x1000xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  scf.for %n0 = %c0 to %c1000 step %c128 {
    %rest = arith.subi %c1000, %n0 : index
    %vc = arith.minsi %rest, %c128 : index
    %t = "pl.tile.load"(%x, %c0, %n0, %c16, %c128, %c16, %vc) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<16x1000xf16>, index, index, index, index, index, index) -> !pl.tile<16x128xf16, vec, valid = 16x?>
    %r = "pl.tile.store"(%t, %out, %c0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec, valid = 16x?>, tensor<16x1000xf16>, index, index) -> tensor<16x1000xf16>
  }
  return
}

// Windows bounded by a dynamic slice's own size are kept, on the parent's view at the
// slice's offset (red team, session 21).

// CHECK-LABEL: func.func @dynamic_slice_rows
// CHECK-SAME: (%[[X:.*]]: !pto.ptr<f16>, %[[N:.*]]: index {{.*}}, %[[A:.*]]: index
// CHECK: %[[V:.*]] = "pto.make_tensor_view"(%[[X]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]] step
// CHECK: %[[ROW:.*]] = arith.addi %[[A]], %[[I]] : index
// CHECK: "pto.partition_view"(%[[V]], %[[ROW]],
func.func @dynamic_slice_rows(%x: tensor<64x512xf16>,
    %n: index {nz.range = array<i64: 16, 33>, nz.multiple_of = 16 : i64},
    %a: index {nz.range = array<i64: 0, 33>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %s = "pl.tensor.slice"(%x, %a, %c0, %n, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>}
      : (tensor<64x512xf16>, index, index, index, index) -> tensor<?x512xf16>
  scf.for %i = %c0 to %n step %c16 {
    %t = "pl.tile.load"(%s, %i, %c0, %c16, %c128)
        {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}
        : (tensor<?x512xf16>, index, index, index, index) -> !pl.tile<16x128xf16, vec>
  }
  return
}

// -----

// f32 Acc into bf16 (and f16) ND: a real fixpipe conversion (F322BF16), lowered.
// CHECK-LABEL: func.func @acc_store_f32_into_bf16
// CHECK: %[[PV:.*]] = "pto.partition_view"
// CHECK-SAME: -> !pto.partition_tensor_view<16x16xbf16>
// CHECK: "pto.tstore"(%{{.*}}, %[[PV]])
func.func @acc_store_f32_into_bf16(%acc: !pl.tile<16x16xf32, acc>, %o: tensor<16x16xbf16>) {
  %c0 = arith.constant 0 : index
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x16xf32, acc>, tensor<16x16xbf16>, index, index) -> tensor<16x16xbf16>
  return
}
