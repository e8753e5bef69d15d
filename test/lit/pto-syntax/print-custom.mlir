// RUN: nzpass-opt %s --pto-syntax=custom | FileCheck %s
// RUN: nzpass-opt %s --pto-syntax=custom | nzpass-opt --pto-syntax=custom | FileCheck %s
// RUN: nzpass-opt %s | FileCheck %s --check-prefix=DEFAULT

// Generic pto ops print in PTOAS's custom form with --pto-syntax=custom.
// Properties `<{...}>` join the attribute dictionary; operandSegmentSizes is
// left out (the custom form states the groups); groups without
// operandSegmentSizes are derived as docs/ir.md section 2 says.

// DEFAULT-NOT: pto.make_tensor_view %
// DEFAULT-NOT: pto.tload ins

// CHECK-LABEL: func.func @ptoas_printed
// CHECK: %[[TV:[0-9]+]] = pto.make_tensor_view %arg0, shape = [%c1, %c8, %c16, %c16, %c16], strides = [%c32768, %c4096, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>{{$}}
// CHECK: %[[PV:[0-9]+]] = pto.partition_view %[[TV]], offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c8, %c16, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x8x16x16x16xf16>{{$}}
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>{{$}}
// CHECK: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<1x8x16x16x16xf16>) outs(%[[T]] : !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>){{$}}
// CHECK: %[[D:[0-9]+]] = pto.alloc_tile valid_row = %arg1 : !pto.tile_buf<vec, 16x16xf32, valid=?x16>{{$}}
// CHECK: pto.tstore ins(%[[D]] : {{.*}}) outs(%{{.*}} : {{.*}}) {stPhase = #pto<st_phase final>}{{$}}
func.func @ptoas_printed(%arg0: !pto.ptr<f16>, %arg1: index, %out: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c32768 = arith.constant 32768 : index
  %0 = "pto.make_tensor_view"(%arg0, %c1, %c8, %c16, %c16, %c16, %c32768, %c4096, %c256, %c16, %c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, index) -> !pto.tensor_view<?x?x?x?x?xf16>
  %1 = "pto.partition_view"(%0, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c16, %c16, %c16) : (!pto.tensor_view<?x?x?x?x?xf16>, index, index, index, index, index, index, index, index, index, index) -> !pto.partition_tensor_view<1x8x16x16x16xf16>
  %2 = "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>
  "pto.tload"(%1, %2) : (!pto.partition_tensor_view<1x8x16x16x16xf16>, !pto.tile_buf<mat, 256x128xf16, blayout=col_major, slayout=row_major>) -> ()
  %3 = "pto.alloc_tile"(%arg1) : (index) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tstore"(%3, %out) <{stPhase = #pto<st_phase final>}> : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<16x16xf32>) -> ()
  return
}

// What the custom form cannot state stays generic: an op whose types differ
// from those its definition fixes (get_block_idx returns i64, offsets are
// index, addr is i64), a tile op given operandSegmentSizes it does not have,
// and an op PTOAS does not define; the ops in its region still print custom.
// A load's optional operand prints as its clause.
// CHECK-LABEL: func.func @stays_generic
// CHECK: "pto.get_block_idx"() : () -> index
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x16xf16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) init_condition = %arg2 : i1{{$}}
// CHECK: "pto.partition_view"(%{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pto.tensor_view<?xf16>, i32, index)
// CHECK: "pto.alloc_tile"(%{{.*}}) {operandSegmentSizes = array<i32: 1, 0, 0>} : (index)
// CHECK: "pto.tadd"(%{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 1>}
// CHECK: "pto.section"() ({
// CHECK-NEXT: pto.texp ins(
func.func @stays_generic(%pv: !pto.partition_tensor_view<16x16xf16>, %tv: !pto.tensor_view<?xf16>, %flag: i1, %i: i32, %n: index) {
  %b = "pto.get_block_idx"() : () -> index
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tload"(%pv, %t, %flag) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!pto.partition_tensor_view<16x16xf16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i1) -> ()
  %p = "pto.partition_view"(%tv, %i, %n) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pto.tensor_view<?xf16>, i32, index) -> !pto.partition_tensor_view<?xf16>
  %u = "pto.alloc_tile"(%n) {operandSegmentSizes = array<i32: 1, 0, 0>} : (index) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  "pto.tadd"(%t, %t, %t) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
  "pto.section"() ({
    "pto.texp"(%t, %t) : (!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> ()
    "pto.end"() : () -> ()
  }) : () -> ()
  return
}
