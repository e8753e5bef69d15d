// The main job on the bundled example (README): the named pipeline pl-to-pto blocks
// the NZ weight and output, lowers the memory path to pto and verifies the result.
// RUN: nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto | FileCheck %s
// The named pipeline is exactly its four passes in order.
// RUN: nzpass-opt %examples/matmul_nz.mlir --pass-pipeline='builtin.module(block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto,verify-pto-nz)' | FileCheck %s
// End to end on the single-pass goldens' inputs: every block-nz-tensor-views example lowers
// through pl-to-pto to rank-5 NZ views and partitions, except where a GM tensor crosses a
// call (expected-error); and verify-pto-nz accepts what convert-pl-to-pto and
// pto-block-nz-views make.
// RUN: nzpass-opt %S/block-nz-tensor-views.mlir --split-input-file --verify-diagnostics -p pl-to-pto | FileCheck %S/block-nz-tensor-views.mlir --check-prefix=E2E
// RUN: nzpass-opt %S/convert-pl-to-pto.mlir -p convert-pl-to-pto,verify-pto-nz | FileCheck %S/convert-pl-to-pto.mlir
// An attribute on an NZ load is carried to the pto.tload and refused there, at the pl line.
// RUN: not nzpass-opt %S/Inputs/nz-load-attribute.mlir -p pl-to-pto 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: nz-load-attribute.mlir:7:8: error: NZ load with prefetch_hint = 2 : i64: only a plain NZ->NZ copy is proved
// RUN: nzpass-opt %S/pto-block-nz-views.mlir -p pto-block-nz-views,verify-pto-nz | FileCheck %S/pto-block-nz-views.mlir --enable-var-scope

// The output is tidy as canonicalize,cse,loop-invariant-code-motion would leave it: one
// constant per value at the function entry (the user's own reused), the views right after
// them, and the loop-invariant row offset n0 / 16 divided before the K loop.
// CHECK-LABEL: func.func @matmul_nz
// CHECK-SAME: (%[[X:.*]]: !pto.ptr<f16>, %[[W:.*]]: !pto.ptr<f16>, %[[O:.*]]: !pto.ptr<f32>) attributes {nz_tensor_views_blocked}
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK-NEXT: %[[C131072:.*]] = arith.constant 131072 : index
// CHECK-NEXT: %[[C16384:.*]] = arith.constant 16384 : index
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[C512:.*]] = arith.constant 512 : index
// CHECK-NEXT: %[[XV:.*]] = "pto.make_tensor_view"(%[[X]], %[[C64]], %[[C512]], %[[C512]], %[[C1]]) {layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}
// CHECK-NEXT: %[[WV:.*]] = "pto.make_tensor_view"(%[[W]], %[[C1]], %[[C32]], %[[C16]], %[[C16]], %[[C16]], %[[C131072]], %[[C4096]], %[[C256]], %[[C16]], %[[C1]]) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-NEXT: %[[OV:.*]] = "pto.make_tensor_view"(%[[O]], %[[C1]], %[[C32]], %[[C4]], %[[C16]], %[[C8]], %[[C16384]], %[[C512]], %[[C128]], %[[C8]], %[[C1]]) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
// CHECK-NEXT: %[[NB:.*]] = "pl.tile.get_block_idx"
// CHECK-NEXT: %[[N0:.*]] = arith.muli %[[NB]], %[[C128]] : index
// CHECK-NEXT: "pl.tile.zeros"
// CHECK-NEXT: %[[NF:.*]] = arith.floordivsi %[[N0]], %[[C16]] : index
// CHECK-NEXT: scf.for %[[K0:.*]] = %[[C0]] to %[[C512]] step %[[C128]] iter_args
// The ND activation goes ND -> NZ into Mat.
// CHECK-NEXT: "pto.partition_view"(%[[XV]], %[[C0]], %[[K0]], %[[C64]], %[[C128]]) {{.*}} -> !pto.partition_tensor_view<64x128xf16>
// CHECK-NEXT: "pto.alloc_tile"
// CHECK-NEXT: "pto.tload"
// The NZ weight: column offset k0 / 16 divided in the loop, the row offset n0 / 16 before it.
// CHECK-NEXT: %[[KB:.*]] = arith.floordivsi %[[K0]], %[[C16]] : index
// CHECK-NEXT: "pto.partition_view"(%[[WV]], %[[C0]], %[[KB]], %[[NF]], %[[C0]], %[[C0]], %[[C1]], %[[C8]], %[[C8]], %[[C16]], %[[C16]]) {{.*}} -> !pto.partition_tensor_view<1x8x8x16x16xf16>
// CHECK-NEXT: "pto.alloc_tile"() {{.*}} -> !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-NEXT: "pto.tload"
// CHECK-NEXT: "pl.tile.matmul_acc"(
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// The Acc write-back: column offset n0 / 8, partition [1, 128/8, 64/16, 16, 8].
// CHECK-NEXT: %[[NC:.*]] = arith.floordivsi %[[N0]], %[[C8]] : index
// CHECK-NEXT: %[[PV:.*]] = "pto.partition_view"(%[[OV]], %[[C0]], %[[NC]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C16]], %[[C4]], %[[C16]], %[[C8]]) {{.*}} -> !pto.partition_tensor_view<1x16x4x16x8xf32>
// CHECK-NEXT: "pto.tstore"(%{{.*}}, %[[PV]]) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, stPhase = #pto<st_phase final>}
// CHECK-NEXT: return
