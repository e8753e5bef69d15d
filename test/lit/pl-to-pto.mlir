// The main job on the bundled example (README): the named pipeline pl-to-pto blocks
// the NZ weight and output, lowers the memory path to pto and verifies the result.
// RUN: nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto | FileCheck %s
// The named pipeline is exactly its four passes in order.
// RUN: nzpass-opt %examples/matmul_nz.mlir --pass-pipeline='builtin.module(block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto,verify-pto-nz)' | FileCheck %s

// CHECK-LABEL: func.func @matmul_nz
// CHECK-SAME: (%[[X:.*]]: !pto.ptr<f16>, %[[W:.*]]: !pto.ptr<f16>, %[[O:.*]]: !pto.ptr<f32>) attributes {nz_tensor_views_blocked}
// CHECK-DAG: %[[XV:.*]] = "pto.make_tensor_view"(%[[X]], {{.*}}) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
// CHECK-DAG: %[[WV:.*]] = "pto.make_tensor_view"(%[[W]], {{.*}}) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-DAG: %[[OV:.*]] = "pto.make_tensor_view"(%[[O]], {{.*}}) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK: %[[NB:.*]] = "pl.tile.get_block_idx"
// CHECK: %[[N0:.*]] = arith.muli %[[NB]], %{{.*}} : index
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// The ND activation goes ND -> NZ into Mat.
// CHECK: "pto.partition_view"(%[[XV]], %{{.*}}, %[[K0]], {{.*}} -> !pto.partition_tensor_view<64x128xf16>
// CHECK: "pto.tload"
// The NZ weight: column offset k0 / 16 and row offset n0 / 16, each divided whole.
// CHECK: %[[KB:.*]] = arith.floordivsi %[[K0]], %{{.*}} : index
// CHECK: %[[NF:.*]] = arith.floordivsi %[[N0]], %{{.*}} : index
// CHECK: "pto.partition_view"(%[[WV]], %{{.*}}, %[[KB]], %[[NF]], {{.*}} -> !pto.partition_tensor_view<1x8x8x16x16xf16>
// CHECK: "pto.alloc_tile"() {{.*}} -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: "pto.tload"
// CHECK: "pl.tile.matmul_acc"(
// The Acc write-back: column offset n0 / 8, partition [1, 128/8, 64/16, 16, 8].
// CHECK: %[[NC:.*]] = arith.floordivsi %[[N0]], %{{.*}} : index
// CHECK: %[[PV:.*]] = "pto.partition_view"(%[[OV]], %{{.*}}, %[[NC]], {{.*}} -> !pto.partition_tensor_view<1x16x4x16x8xf32>
// CHECK: "pto.tstore"(%{{.*}}, %[[PV]]) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>}
// CHECK-NOT: "pl.tile.load"
// CHECK-NOT: "pl.tile.store"
