// RUN: nzpass-opt %s -p convert-pl-to-pto --split-input-file --verify-diagnostics

// The L0C holds 128 KiB on A2/A3: a 64 x 1024 FP32 Acc tile (256 KiB) cannot be
// stored in one piece; the fix is an N split, each covering every row.
func.func @negative_acc_tile_exceeds_l0c(%o: tensor<1x128x4x16x8xf32, #pl.layout<nz>>, %acc: !pl.tile<64x1024xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{NZ accumulator store: Acc tile 64x1024xf32 takes 262144 bytes (256 KiB), over the 128 KiB L0C of A2/A3: split the output along N into pieces of at most 512 columns (64x512xf32 fits), keeping every split covering the whole row axis}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c0, %c0, %c1, %c128, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>} : (!pl.tile<64x1024xf32, acc>, tensor<1x128x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x128x4x16x8xf32, #pl.layout<nz>>
  return
}

// -----

// The store instruction's column field holds at most 4095 columns (4080 aligned).
func.func @negative_acc_store_too_many_columns(%o: tensor<1x512x1x16x8xf32, #pl.layout<nz>>, %acc: !pl.tile<16x4096xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{NZ accumulator store of 4096 valid columns exceeds the TSTORE limit of 4095 columns (4080 when 16-aligned): split the output along N into pieces of at most 4080 columns}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c0, %c0, %c1, %c512, %c1, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>} : (!pl.tile<16x4096xf32, acc>, tensor<1x512x1x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x512x1x16x8xf32, #pl.layout<nz>>
  return
}

// -----

// The store instruction's row field holds at most 65535 rows (65520 aligned).
func.func @negative_acc_store_too_many_rows(%o: tensor<1x2x4097x16x8xf32, #pl.layout<nz>>, %acc: !pl.tile<65552x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c4097 = arith.constant 4097 : index
  // expected-error @+1 {{NZ accumulator store of 65552 valid rows exceeds the TSTORE limit of 65535 rows (65520 when 16-aligned): splitting the output along N does not reduce the rows}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4097, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>} : (!pl.tile<65552x16xf32, acc>, tensor<1x2x4097x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x2x4097x16x8xf32, #pl.layout<nz>>
  return
}

// -----

// On A5 the L0C holds 256 KiB, so the 64 x 1024 tile fits; 64 x 2048 does not.
module attributes {pl.backend = "a5"} {
  func.func @negative_acc_tile_exceeds_a5_l0c(%o: tensor<1x256x4x16x8xf32, #pl.layout<nz>>, %acc: !pl.tile<64x2048xf32, acc>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    // expected-error @+1 {{over the 256 KiB L0C of A5: split the output along N into pieces of at most 1024 columns}}
    %r = "pl.tile.store"(%acc, %o, %c0, %c0, %c0, %c0, %c0, %c1, %c256, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>} : (!pl.tile<64x2048xf32, acc>, tensor<1x256x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x256x4x16x8xf32, #pl.layout<nz>>
    return
  }
}

// -----

// A GM tensor carried through a loop would change type on one side only.
func.func @negative_tensor_iter_arg(%w: tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' passes a GM tensor: convert-pl-to-pto lowers tensors to pointers at the kernel boundary only}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %w) -> (tensor<64x64xf32>) {
    scf.yield %t : tensor<64x64xf32>
  }
  return
}

// -----

// A tensor made by some other op has no pointer to view.
func.func @negative_tensor_from_unknown_op() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = "pl.tensor.create"() : () -> tensor<16x16xf32>
  // expected-error @+1 {{'pl.tile.load' uses a GM tensor that is neither a function argument nor a slice of one}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x16xf32>, index, index, index, index) -> !pl.tile<16x16xf32, vec>
  return
}

// -----

// A malformed tile type is a diagnostic, not a crash.
func.func @negative_bad_tile_type(%x: tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{malformed type: '!pl.tile<16x16xf32, lds>': unknown memory space 'lds'}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x16xf32>, index, index, index, index) -> !pl.tile<16x16xf32, lds>
  return
}

// -----

// A malformed tile type off the memory path is reported too, before anything changes.
func.func @negative_bad_tile_type_elsewhere() {
  // expected-error @+1 {{malformed type: '!pl.tile<16x16xq7, vec>': unknown element type 'q7'}}
  %t = "pl.tile.zeros"() : () -> !pl.tile<16x16xq7, vec>
  return
}

// -----

// Returning the alias of a store into a slice: the slice has no pointer of its own.
func.func @negative_return_slice_alias(%o: tensor<2x2x4x16x8xf32, #pl.layout<nz>>, %acc: !pl.tile<64x16xf32, acc>) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %s = "pl.tensor.slice"(%o, %c1, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<2x2x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>>
  %r = "pl.tile.store"(%acc, %s, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c4, %c16, %c8) {operandSegmentSizes = array<i32: 1, 1, 5, 5>} : (!pl.tile<64x16xf32, acc>, tensor<1x2x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x2x4x16x8xf32, #pl.layout<nz>>
  // expected-error @+1 {{the function returns a slice of a GM tensor}}
  return %r : tensor<1x2x4x16x8xf32, #pl.layout<nz>>
}

// -----

// The lowering erases each memory op: a region it (wrongly) holds would be
// dropped with it.
func.func @negative_load_with_region(%x: tensor<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pl.tile.load' op must have no regions (it has 1): rewriting it would drop what they hold}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c16) ({
    "test.inner"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x64xf16>, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}

// -----

// Explicit strides are folded into index constants: a span beyond i64 (here
// axis 0, whose stride is the span of axis 1) cannot be addressed.
// expected-error @+1 {{axis 0 spans 18446744073709551616 elements (stride 4611686018427387904 x extent 4), more than a 64-bit index addresses}}
func.func @negative_stride_span_overflows(%x: tensor<4x2xf32, #pl.layout<nd, stride = [?, 2305843009213693952]>>) {
  return
}

// -----

// An ND load whose sizes disagree with its result tile is refused at the pl op, in pl terms
// (not later by verify-pto-nz in pto terms).
func.func @negative_nd_sizes_disagree_with_tile(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' sizes [64, 128] disagree with its 64x256 result tile}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x256xf16, mat>
  return
}

// -----

// One store flag in both spellings: the lowering writes one atomicType, so one of
// the two (here the atomic add) would be dropped. Refused, whichever is first.
func.func @negative_store_flag_in_both_spellings(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' op: 'atomic' and 'atomicType' both state the store's atomic flag; keep one spelling}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, atomic = "atomic_add", atomicType = #pto<atomic_type atomic_none>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32>, index, index) -> tensor<64x16xf32>
  return
}

// -----

// Even two spellings that agree: each flag is stated once.
func.func @negative_relu_flag_in_both_spellings(%acc: !pl.tile<64x16xf32, acc>, %o: tensor<64x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' op: 'pre_relu' and 'reluPreMode' both state the store's pre_relu flag; keep one spelling}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pre_relu = "normal_relu", reluPreMode = #pto<relu_pre_mode normal_relu>} : (!pl.tile<64x16xf32, acc>, tensor<64x16xf32>, index, index) -> tensor<64x16xf32>
  return
}

// -----

// A pl op directly in the module body: in no function, so never lowered.
%c0 = arith.constant 0 : index
// expected-error @+1 {{'pl.tile.zeros' is not in a func.func of the module}}
%z = "pl.tile.zeros"() : () -> !pl.tile<16x16xf32, acc>

// -----

// An ND store's window has one offset per axis of its destination: two offsets on a rank-3
// tensor would lower to a rank-2 partition of a rank-3 view.
func.func @negative_nd_store_offsets_of_another_rank(%a: !pl.tile<16x64xf32, vec>, %out: tensor<2x16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pl.tile.store' op has 2 offsets for a rank-3 tensor}}
  %s = "pl.tile.store"(%a, %out, %c16, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x64xf32, vec>, tensor<2x16x64xf32>, index, index) -> tensor<2x16x64xf32>
  return
}

// -----

// A shapes group, when given, has one extent per axis too.
func.func @negative_nd_store_shapes_of_another_rank(%a: !pl.tile<16x64xf32, vec>, %out: tensor<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pl.tile.store' op has 1 shapes for a rank-2 tensor}}
  %s = "pl.tile.store"(%a, %out, %c16, %c0, %c1) {operandSegmentSizes = array<i32: 1, 1, 2, 1>} : (!pl.tile<16x64xf32, vec>, tensor<32x64xf32>, index, index, index) -> tensor<32x64xf32>
  return
}

// -----

// A call passing a GM tensor made by another op: the callee's tensor argument becomes a
// pointer and its dynamic extent a trailing index argument, which the call would not pass.
func.func private @callee_of_a_made_tensor(%x: tensor<?x512xf16>) {
  return
}
func.func @negative_call_passes_a_made_tensor() {
  %t = "test.make"() : () -> tensor<?x512xf16>
  // expected-error @+1 {{'func.call' passes a GM tensor: convert-pl-to-pto lowers tensors to pointers at the kernel boundary only}}
  func.call @callee_of_a_made_tensor(%t) : (tensor<?x512xf16>) -> ()
  return
}

// -----

// A returned GM tensor that another op made: the result type becomes a pointer, which only
// kernel arguments and the tensors stores return have.
func.func @negative_return_of_a_made_tensor() -> tensor<256x512xf16> {
  %t = "test.make"() : () -> tensor<256x512xf16>
  // expected-error @+1 {{the function returns a GM tensor that is the result of 'test.make', not a kernel argument or what a store returns}}
  return %t : tensor<256x512xf16>
}

// -----

// An ND slice whose type claims 256 rows of a 128-row window: the load at row 192 would
// read the next batch (found by red team). Every slice's type is its window.
func.func @negative_nd_slice_type_not_its_window(%x: tensor<2x256x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' result type tensor<256x512xf16> disagrees with its window}}
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c1, %c128, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0>} : (tensor<2x256x512xf16>, index, index, index, index, index, index) -> tensor<256x512xf16>
  %t = "pl.tile.load"(%s, %c192, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<256x512xf16>, index, index, index, index) -> !pl.tile<16x16xf16, vec>
  return
}

// -----

// An ND store whose result is typed with another shape: its users would measure 128 rows
// of a 64-row tensor.
func.func @negative_nd_store_result_other_shape(%x: tensor<64x16xf32>, %a: !pl.tile<64x16xf32, vec>) -> tensor<128x16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' result type (tensor<128x16xf32>) is not its destination's type tensor<64x16xf32>}}
  %s = "pl.tile.store"(%a, %x, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x16xf32, vec>, tensor<64x16xf32>, index, index) -> tensor<128x16xf32>
  return %s : tensor<128x16xf32>
}

// -----

// An ND tensor valid in its first 32 rows only: a pto tensor view has no valid region, so
// lowering it would drop the region and the load at row 48 would read what the tensor does
// not hold (found by red team: it was dropped silently).
// expected-error @+1 {{states valid_shape [32, 512], not its whole shape}}
func.func @negative_nd_partial_valid_shape(%x: tensor<64x512xf16, #pl.layout<nd, valid_shape = [32, 512]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %t = "pl.tile.load"(%x, %c48, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16, #pl.layout<nd, valid_shape = [32, 512]>>, index, index, index, index) -> !pl.tile<16x16xf16, vec>
  return
}

// -----

// A DN [64, ?] tensor's stride[1] is 64 (column-major): a `?` there has no value to lower
// (found by red team: user-written `?` strides were lowered as the dense product).
// expected-error @+1 {{tensor shape [64, ?] states stride [1, ?]: the dynamic stride of axis 1 is not the DN dense product of the extents ([1, 64])}}
func.func @negative_dn_dynamic_stride_over_static_product(%x: tensor<64x?xf16, #pl.layout<dn, stride = [1, ?]>>) {
  return
}

// -----

// The same on ND, for convert-pl-to-pto run without materialize-tensor-strides.
// expected-error @+1 {{states stride [?, 1]: the dynamic stride of axis 0 is not the ND dense product}}
func.func @negative_nd_dynamic_stride_over_static_product(%x: tensor<64x512xf16, #pl.layout<nd, stride = [?, 1]>>) {
  return
}

// -----

// An ND load's dynamic valid rows must be proved inside the tile: 96 rows into a 64-row
// tile would write past it (found by red team; the NZ path proved this, the ND one not).
func.func @negative_nd_valid_rows_past_the_tile(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{cannot prove that the 'pl.tile.load' valid rows lie inside [0, 64], the tile's rows ('arith.constant' yields a value proved [96, 96]}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128, %c96, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index, index, index) -> !pl.tile<64x128xf16, vec, valid = ?x128>
  return
}

// -----

// An argument without facts can be any index: not provably inside the tile.
func.func @negative_nd_valid_rows_unbounded(%x: tensor<64x512xf16>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{cannot prove that the 'pl.tile.load' valid rows lie inside [0, 64], the tile's rows (argument 1 of the function is proved}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128, %rows, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index, index, index) -> !pl.tile<64x128xf16, vec, valid = ?x128>
  return
}

// -----

// A leading valid extent sizes the lowered window too: 2 would stack two batches into
// the tile.
func.func @negative_nd_leading_valid_extent(%x: tensor<4x64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' valid_shape [2] disagree with its leading sizes [1] on axis 0}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c0, %c1, %c64, %c128, %c2, %c64, %c128) {operandSegmentSizes = array<i32: 1, 3, 3, 3>, target_memory = "vec"} : (tensor<4x64x128xf16>, index, index, index, index, index, index, index, index, index) -> !pl.tile<64x128xf16, vec, valid = 64x?>
  return
}

// -----

// target_memory = "vec" on a Mat tile: the lowering moves the tile the type says.
func.func @negative_target_memory_contradicts_tile(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' target_memory = "vec" contradicts its mat result tile}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
  return
}

// -----

// An ND store's shapes smaller than its tile: the write would overrun the window.
func.func @negative_nd_store_shapes_smaller_than_tile(%y: tensor<64x256xf32>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.store' shapes [32, 128] disagree with its 64x128 tile}}
  %r = "pl.tile.store"(%acc, %y, %c0, %c0, %c32, %c128) {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!pl.tile<64x128xf32, acc>, tensor<64x256xf32>, index, index, index, index) -> tensor<64x256xf32>
  return
}

// -----

// Shapes larger than the tile claim bytes the store never writes.
func.func @negative_nd_store_shapes_larger_than_tile(%y: tensor<64x256xf32>, %acc: !pl.tile<64x128xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  // expected-error @+1 {{'pl.tile.store' shapes [64, 256] disagree with its 64x128 tile}}
  %r = "pl.tile.store"(%acc, %y, %c0, %c0, %c64, %c256) {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!pl.tile<64x128xf32, acc>, tensor<64x256xf32>, index, index, index, index) -> tensor<64x256xf32>
  return
}

// -----

// drop_dims of an axis of size 2: the result would keep only its first index, unsaid
// (found by red team).
func.func @negative_slice_drops_a_wide_axis(%x: tensor<4x64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' drop_dims drops axis 0, of size 2 in its rank-3 window}}
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c2, %c64, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0>} : (tensor<4x64x512xf16>, index, index, index, index, index, index) -> tensor<64x512xf16>
  return
}

// -----

// drop_dims of an axis the window does not have.
func.func @negative_slice_drops_a_missing_axis(%x: tensor<4x64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' drop_dims drops axis 7, that does not exist in its rank-3 window}}
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c1, %c64, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0, 7>} : (tensor<4x64x512xf16>, index, index, index, index, index, index) -> tensor<64x512xf16>
  return
}

// -----

// A slice's narrower valid_shape: a pto view has no valid region to carry it.
func.func @negative_nd_slice_valid_shape(%x: tensor<4x64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' valid_shape [1, 16, 512] is not its window [1, 64, 512]}}
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c1, %c64, %c512, %c1, %c16, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 3>} : (tensor<4x64x512xf16>, index, index, index, index, index, index, index, index, index) -> tensor<1x64x512xf16>
  return
}

// -----

// An attribute the slice's lowering does not read would be dropped.
func.func @negative_slice_unknown_attribute(%x: tensor<4x64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' attribute 'foo' is not one the lowering carries}}
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c1, %c64, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, foo = "bar"} : (tensor<4x64x512xf16>, index, index, index, index, index, index) -> tensor<1x64x512xf16>
  return
}

// -----

// A signed-integer offset: arith.index_cast takes signless integers only, so the lowering
// made IR MLIR's verifier rejects (found by red team).
func.func @negative_si16_load_offset(%x: tensor<64x512xf16>, %r: si16) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' offsets operand has type si16: coordinates are index or integer values}}
  %t = "pl.tile.load"(%x, %r, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, si16, index, index, index) -> !pl.tile<64x128xf16, vec>
  return
}

// -----

// An unsigned store offset, the same.
func.func @negative_ui16_store_offset(%y: tensor<64x256xf32>, %acc: !pl.tile<64x128xf32, acc>, %c: ui16) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' offsets operand has type ui16: coordinates are index or integer values}}
  %r = "pl.tile.store"(%acc, %y, %c0, %c) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x128xf32, acc>, tensor<64x256xf32>, index, ui16) -> tensor<64x256xf32>
  return
}

// -----

// A floating-point slice offset is no coordinate at all.
func.func @negative_f32_slice_offset(%x: tensor<4x64x512xf16>, %b: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' offsets operand has type f32: coordinates are index or integer values}}
  %s = "pl.tensor.slice"(%x, %b, %c0, %c0, %c1, %c64, %c512) {operandSegmentSizes = array<i32: 1, 3, 3, 0>} : (tensor<4x64x512xf16>, f32, index, index, index, index, index) -> tensor<1x64x512xf16>
  return
}

// -----

// TLOAD writes L1 (Mat) or UB (Vec), never L0A: an ND load into a Left tile was accepted (found by red team).
func.func @negative_nd_load_into_left(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{TLOAD ND -> Left is not a transfer A2/A3 supports}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "left"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x128xf16, left>
  return
}

// -----

// Nor L0B.
func.func @negative_nd_load_into_right(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{TLOAD ND -> Right is not a transfer A2/A3 supports}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "right"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x128xf16, right>
  return
}

// -----

// Nor L0C.
func.func @negative_nd_load_into_acc(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{TLOAD ND -> Acc is not a transfer A2/A3 supports}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "acc"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x128xf16, acc>
  return
}

// -----

// DN -> NZ is no TLOAD mode (its DN path fills zN or DN tiles, which nzpass never makes).
func.func @negative_dn_load_into_mat(%x: tensor<64x512xf16, #pl.layout<dn>>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{TLOAD DN -> Mat is not a transfer A2/A3 supports}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x512xf16, #pl.layout<dn>>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
  return
}

// -----

// A Vec TLOAD copies matching layouts only, and nzpass's Vec tile is row-major (ND).
func.func @negative_dn_load_into_vec(%x: tensor<64x512xf16, #pl.layout<dn>>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{TLOAD DN -> Vec is not a transfer A2/A3 supports}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16, #pl.layout<dn>>, index, index, index, index) -> !pl.tile<64x128xf16, vec>
  return
}

// -----

// A Mat tile is no TSTORE source on A2/A3 (found by red team).
func.func @negative_store_from_mat(%y: tensor<64x512xf16>, %t: !pl.tile<64x128xf16, mat>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{TSTORE Mat -> ND is not a transfer A2/A3 supports}}
  %r = "pl.tile.store"(%t, %y, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x128xf16, mat>, tensor<64x512xf16>, index, index) -> tensor<64x512xf16>
  return
}

// -----

// No store writes DN: the byte model has none, and nzpass's Vec tile is row-major.
func.func @negative_store_into_dn(%y: tensor<64x512xf16, #pl.layout<dn>>, %t: !pl.tile<64x128xf16, vec>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{TSTORE Vec -> DN is not a transfer A2/A3 supports}}
  %r = "pl.tile.store"(%t, %y, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x128xf16, vec>, tensor<64x512xf16, #pl.layout<dn>>, index, index) -> tensor<64x512xf16, #pl.layout<dn>>
  return
}

// -----

// A 65536 x 65536 f16 NZ weight: its batch stride 2^32 is no index PTOAS's int32_t holds
// (it would read as 0 on the device), so the view is not written.
// expected-error @+1 {{the rewrite needs the index constant 4294967296, which PTOAS's 32-bit index (int32_t) cannot hold}}
func.func @negative_stride_past_32_bit_index(%w: tensor<1x4096x4096x16x16xf16, #pl.layout<nz, stride = [4294967296, 1048576, 256, 16, 1]>>) attributes {nz_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c1, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<1x4096x4096x16x16xf16, #pl.layout<nz, stride = [4294967296, 1048576, 256, 16, 1]>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}

// -----

// No ND transfer reads the innermost stride: pto-isa moves each row as one contiguous run
// from p + r * stride[-2], so column-major bytes spelled as ND with strides [1, 64] would be
// read as rows (found by red team).
func.func @negative_nd_load_inner_stride_vec(%x: tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{TLOAD ND -> Vec of tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>: its innermost stride is 64, not 1: no ND transfer reads that stride}}
  %t = "pl.tile.load"(%x, %c0, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>, index, index, index, index) -> !pl.tile<16x16xf16, vec>
  return
}

// -----

// The same into Mat: TLoadGm2L1Nd2nz reads row r at p + r * srcDValue (gStride3) only.
func.func @negative_nd_load_inner_stride_mat(%x: tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{TLOAD ND -> Mat of tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>: its innermost stride is 64, not 1: no ND transfer reads that stride}}
  %t = "pl.tile.load"(%x, %c0, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}

// -----

// A slice is offsets on its parent's view: the strides the device reads are the parent's,
// whatever the slice's own type says.
func.func @negative_nd_slice_of_inner_strided(%x: tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %s = "pl.tensor.slice"(%x, %c0, %c0, %c32, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<64x64xf16, #pl.layout<nd, stride = [1, 64]>>, index, index, index, index) -> tensor<32x32xf16>
  // expected-error @+1 {{its innermost stride is 64, not 1: no ND transfer reads that stride}}
  %t = "pl.tile.load"(%s, %c0, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<32x32xf16>, index, index, index, index) -> !pl.tile<16x16xf16, vec>
  return
}

// -----

// Rows 16 elements apart, a window 32 wide: the Vec burst gap (stride - columns) is
// negative, and pto-isa's uint32 gmGap wraps it (found by red team).
func.func @negative_nd_load_overlapping_rows(%x: tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{its row stride 16 is less than the window's 32 columns: the rows overlap}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>, index, index, index, index) -> !pl.tile<16x32xf16, vec>
  return
}

// -----

// TStoreUb2gmNd2nd computes the same gap: the Vec store is refused too.
func.func @negative_nd_store_overlapping_rows(%x: tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>, %v: !pl.tile<16x32xf16, vec>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{TSTORE Vec -> ND of tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>: its row stride 16 is less than the window's 32 columns: the rows overlap}}
  %r = "pl.tile.store"(%v, %x, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x32xf16, vec>, tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>, index, index) -> tensor<64x64xf16, #pl.layout<nd, stride = [16, 1]>>
  return
}

// -----

// TLoadGm2L1Nd2nz keeps the row stride in a uint16_t srcDValue (a PTO_ASSERT only): 65600
// wraps in release builds (found by red team).
func.func @negative_nd_to_mat_row_stride(%x: tensor<32x65600xf16>) {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{its row stride 65600 exceeds 65535, the 16-bit srcDValue field of the ND->NZ load}}
  %t = "pl.tile.load"(%x, %c16, %c64, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<32x65600xf16>, index, index, index, index) -> !pl.tile<16x64xf16, mat>
  return
}

// -----

// A dynamic column count is the row stride, which nothing bounds below 65536.
func.func @negative_nd_to_mat_dynamic_row_stride(%x: tensor<32x?xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{its row stride is dynamic, so it cannot be proved at most 65535, the 16-bit srcDValue field of the ND->NZ load}}
  %t = "pl.tile.load"(%x, %c16, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<32x?xf16>, index, index, index, index) -> !pl.tile<16x64xf16, mat>
  return
}

// -----

// TStoreAccNz2nd packs the columns as nSize & 0xfff, like the NZ store: 4096 columns become
// 0 (found by red team). (A tile the function is given is made, and checked, elsewhere: an
// 8-row pl.tile.zeros would be no whole 16 x 16 Acc boxes, a 16-row one past L0C.)
func.func @negative_acc_nd_store_too_many_columns(%out: tensor<16x4096xf32>, %z: !pl.tile<16x4096xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{ND accumulator store of 4096 valid columns exceeds the TSTORE limit of 4095 columns (4080 when 16-aligned): split the output along N into pieces of at most 4080 columns}}
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x4096xf32, acc>, tensor<16x4096xf32>, index, index) -> tensor<16x4096xf32>
  return
}

// -----

// A5's Acc->ND store packs the columns in the same 12 bits.
module attributes {pl.backend = "a5"} {
  func.func @negative_acc_nd_store_too_many_columns_a5(%out: tensor<16x4096xf32>) {
    %c0 = arith.constant 0 : index
    %z = "pl.tile.zeros"() : () -> !pl.tile<16x4096xf32, acc>
    // expected-error @+1 {{ND accumulator store of 4096 valid columns exceeds the TSTORE limit of 4095 columns}}
    %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x4096xf32, acc>, tensor<16x4096xf32>, index, index) -> tensor<16x4096xf32>
    return
  }
}

// -----

// TStoreAccNz2nd asserts validRow in [1, 8192] (include/pto/npu/a2a3/TStore.hpp).
func.func @negative_acc_nd_store_too_many_rows(%out: tensor<8208x16xf32>, %acc: !pl.tile<8208x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{ND accumulator store of 8208 valid rows exceeds the TSTORE limit of 8192 rows (8192 when 16-aligned): split the output along M into stores of at most 8192 rows}}
  %st = "pl.tile.store"(%acc, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<8208x16xf32, acc>, tensor<8208x16xf32>, index, index) -> tensor<8208x16xf32>
  return
}

// -----

// An Acc tile of pl reaches no pto.alloc_tile: the ND store checks its L0C capacity, as
// the NZ store does, for a tile the function is given.
func.func @negative_acc_nd_store_exceeds_l0c(%out: tensor<64x1024xf32>, %z: !pl.tile<64x1024xf32, acc>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{ND accumulator store: Acc tile 64x1024xf32 takes 262144 bytes (256 KiB), over the 128 KiB L0C of A2/A3: split the output into smaller Acc tiles (along N into pieces of at most 512 columns, or along M into fewer rows)}}
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<64x1024xf32, acc>, tensor<64x1024xf32>, index, index) -> tensor<64x1024xf32>
  return
}

// -----

// A transfer moves the view's last two axes as the tile's rows and columns: dropping the
// last axis of a [16, 32, 1] view would load 32 rows of 1 column into a 16 x 32 tile.
func.func @negative_slice_drops_an_inner_axis(%x: tensor<16x32x1xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pl.tensor.slice' drop_dims drops axis 2, one of the last two axes of its rank-3 source}}
  %s = "pl.tensor.slice"(%x, %c0, %c0, %c0, %c16, %c32, %c1) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 2>} : (tensor<16x32x1xf16>, index, index, index, index, index, index) -> tensor<16x32xf16>
  %t = "pl.tile.load"(%s, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x32xf16>, index, index, index, index) -> !pl.tile<16x32xf16, mat>
  return
}

// -----

// An ND window past a static extent moves the next rows unchecked: rows 60..75 of a
// 64-row tensor (found by red team).
func.func @negative_nd_load_rows_past_the_tensor(%x: tensor<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c60 = arith.constant 60 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' row window may leave the axis: offset + 16 can reach 76, past the extent 64}}
  %t = "pl.tile.load"(%x, %c60, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, vec>
  return
}

// -----

// A loop offset the analysis bounds: n0 up to 240 plus 32 columns ends at 272 > 256.
func.func @negative_nd_load_columns_past_the_tensor(%x: tensor<16x256xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  scf.for %n0 = %c0 to %c256 step %c16 {
    // expected-error @+1 {{'pl.tile.load' column window may leave the axis: offset + 32 can reach 272, past the extent 256}}
    %t = "pl.tile.load"(%x, %c0, %n0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x256xf16>, index, index, index, index) -> !pl.tile<16x32xf16, mat>
  }
  return
}

// -----

func.func @negative_nd_load_negative_row(%x: tensor<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cm16 = arith.constant -16 : index
  %c128 = arith.constant 128 : index
  // expected-error @+1 {{'pl.tile.load' row offset may be negative ('arith.constant' yields a value proved [-16, -16], a multiple of 16): the window would start before the tensor}}
  %t = "pl.tile.load"(%x, %cm16, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, vec>
  return
}

// -----

// A 16 x 256 Acc tile into a 16 x 128 tensor writes 128 columns into the next rows.
func.func @negative_nd_store_wider_than_the_tensor(%out: tensor<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %z = "pl.tile.zeros"() : () -> !pl.tile<16x256xf32, acc>
  // expected-error @+1 {{'pl.tile.store' column window may leave the axis: offset + 256 can reach 256, past the extent 128}}
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x256xf32, acc>, tensor<16x128xf32>, index, index) -> tensor<16x128xf32>
  return
}

// -----

// A slice is a window of its parent: leading index 4 of a 4-batch tensor.
func.func @negative_nd_slice_past_its_parent(%x: tensor<4x16x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pl.tensor.slice' leading axis 0 window may leave the axis: offset + 1 can reach 5, past the extent 4}}
  %s = "pl.tensor.slice"(%x, %c4, %c0, %c0, %c1, %c16, %c64) {operandSegmentSizes = array<i32: 1, 3, 3, 0>} : (tensor<4x16x64xf16>, index, index, index, index, index, index) -> tensor<1x16x64xf16>
  return
}

// -----

// The store's partition must be the tile's valid region, and only a loaded tile's dynamic
// extent is a value the lowering holds.
func.func @negative_nd_store_of_a_dynamic_valid_tile_not_loaded(%out: tensor<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %z = "pl.tile.zeros"() : () -> !pl.tile<16x128xf32, acc, valid = 16x?>
  // expected-error @+1 {{'pl.tile.store' of a tile whose valid columns are dynamic and not those of a pl.tile.load}}
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf32, acc, valid = 16x?>, tensor<16x128xf32>, index, index) -> tensor<16x128xf32>
  return
}

// -----

// Explicit shapes are the valid region the store writes, not the physical tile.
func.func @negative_nd_store_shapes_not_the_valid_region(%x: tensor<64x128xf16>, %out: tensor<64x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c128, %c16, %c96) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x128xf16>, index, index, index, index, index, index) -> !pl.tile<16x128xf16, vec, valid = 16x96>
  // expected-error @+1 {{'pl.tile.store' shapes [16, 128] disagree with its 16x128 tile's valid 16x96 region}}
  %r = "pl.tile.store"(%t, %out, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!pl.tile<16x128xf16, vec, valid = 16x96>, tensor<64x128xf16>, index, index, index, index) -> tensor<64x128xf16>
  return
}

// -----

// A module inside another op's region (red team rt_verify): its functions are none of those
// the passes rewrite, its calls and target are checked by no one, and PTOAS builds it for the
// target it states itself.
"test.container"() ({
  // expected-error @+1 {{'builtin.module' inside 'test.container' is not directly in a builtin.module}}
  module attributes {pl.backend = "a5"} {
    func.func @negative_module_in_another_op(%w: tensor<64x512xf16>) {
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
    func.func @hidden(%w: tensor<64x512xf16>) {
      return
    }
  }
  return
}

// -----

// An empty ND window moves nothing (pto-isa requires every extent of a transfer > 0), as
// the NZ path refuses one: a load whose valid rows are 0 sizes its partition 0 rows.
func.func @negative_nd_load_of_no_rows(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pl.tile.load' row size must be positive (0)}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64, %c0, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index, index, index) -> !pl.tile<16x64xf16, vec, valid = ?x64>
  return
}

// -----

// A tile a pl op makes must fit its memory where it is made, as verify-pto-nz refuses one
// in pto IR (found by red team: a 128x512 f32 pl.tile.zeros, 256 KiB against the 128 KiB
// L0C of A2/A3).
func.func @negative_zeros_tile_exceeds_l0c(%out: tensor<128x512xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.zeros' tile does not fit the 128 KiB L0C (loc=acc) of a2a3: its 262144 bytes exceed the memory's 131072}}
  %z = "pl.tile.zeros"() : () -> !pl.tile<128x512xf32, acc>
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<128x512xf32, acc>, tensor<128x512xf32>, index, index) -> tensor<128x512xf32>
  return
}

// -----

// A tile a pl op makes is, as the tile_buf it becomes, a layout PTOAS and pto-isa build
// (nz/tile_rules.py; found by red team): M = 20 makes a 20-row Acc tile, not whole 16 x 16
// boxes.
func.func @negative_acc_tile_of_20_rows(%out: tensor<20x128xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.zeros' tile 20x128 f32 (loc=acc, blayout=col_major, slayout=row_major, fractal=1024) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x16 inner boxes}}
  %z = "pl.tile.zeros"() : () -> !pl.tile<20x128xf32, acc>
  %st = "pl.tile.store"(%z, %out, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<20x128xf32, acc>, tensor<20x128xf32>, index, index) -> tensor<20x128xf32>
  return
}

// -----

// An ND -> NZ load into a Mat tile of 120 f16 columns: not whole 16-column C0 lines.
func.func @negative_mat_tile_columns_not_whole_c0_lines(%x: tensor<64x520xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c120 = arith.constant 120 : index
  // expected-error @+1 {{'pl.tile.load' tile 64x120 f16 (loc=mat, blayout=col_major, slayout=row_major, fractal=512) is not a layout PTOAS and pto-isa build: it is not a whole number of its 16x16 inner boxes}}
  %xt = "pl.tile.load"(%x, %c0, %c0, %c64, %c120) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x520xf16>, index, index, index, index) -> !pl.tile<64x120xf16, mat>
  return
}

// -----

// A Vec tile of 60 f16 columns has rows of 120 bytes, not whole 32-byte lines (pto-isa
// static_asserts them).
func.func @negative_vec_tile_rows_not_32_byte_lines(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c60 = arith.constant 60 : index
  // expected-error @+1 {{'pl.tile.load' tile 16x60 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build: its rows are 120 bytes, not whole 32-byte lines}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c60) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<16x60xf16, vec>
  return
}

// -----

// A 0-row Vec tile on the ND path, refused as the NZ path refuses an empty window.
func.func @negative_empty_vec_tile(%x: tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pl.tile.load' tile 0x64 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build: its rows and columns must be positive}}
  %t = "pl.tile.load"(%x, %c0, %c0, %c0, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<0x64xf16, vec>
  return
}

// -----

// A compute op's tile result is made there too (found by red team): pl.tile.relu results
// of 1 MiB in the 192 KiB UB, and of 120-byte rows, are refused at the pl op.
func.func @negative_pass_through_tiles(%x: tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  // expected-error @+1 {{'pl.tile.relu' tile does not fit the 192 KiB UB (loc=vec) of a2a3}}
  %r = "pl.tile.relu"(%t) : (!pl.tile<16x64xf32, vec>) -> !pl.tile<512x512xf32, vec>
  return
}

// -----

// The same for a compute op's tile of 120-byte rows.
func.func @negative_pass_through_tile_layout(%x: tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  // expected-error @+1 {{'pl.tile.relu' tile 16x60 f16 (loc=vec, blayout=row_major, slayout=none_box, fractal=512) is not a layout PTOAS and pto-isa build}}
  %r2 = "pl.tile.relu"(%t) : (!pl.tile<16x64xf32, vec>) -> !pl.tile<16x60xf16, vec>
  return
}

// -----

// A pl.tile.matmul result is a fresh tile of the valid region its type states, which every
// later check and store trust; mad writes only A's valid rows of it (red team pl, mm2: A of
// 1..64 valid rows, the result typed fully valid, the store wrote stale L0C).
func.func @negative_matmul_claims_rows_mad_did_not_write(%x: tensor<64x128xf16>, %w: tensor<16x128xf16>, %m: index {nz.range = array<i64: 1, 65>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c64, %c128, %m, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<64x128xf16>, index, index, index, index, index, index) -> !pl.tile<64x128xf16, mat, valid = ?x128>
  %b = "pl.tile.load"(%w, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, mat>
  // expected-error @+1 {{'pl.tile.matmul' result tile claims 64 valid rows but mad writes only its A operand's valid rows (1 to 64) and leaves the rows past them what L0C held before, which a store writes out as data}}
  %c = "pl.tile.matmul"(%a, %b) : (!pl.tile<64x128xf16, mat, valid = ?x128>, !pl.tile<16x128xf16, mat>) -> !pl.tile<64x16xf32, acc>
  return
}

// -----

// In place, pl.tile.matmul_acc keeps the accumulator past the product, but the product's
// last 16-row box is computed from A's stale rows when A's valid rows are no multiple of 16.
func.func @negative_matmul_acc_ragged_box(%x: tensor<64x128xf16>, %w: tensor<16x128xf16>, %m: index {nz.range = array<i64: 1, 65>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c64, %c128, %m, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<64x128xf16>, index, index, index, index, index, index) -> !pl.tile<64x128xf16, mat, valid = ?x128>
  %b = "pl.tile.load"(%w, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, mat>
  %z = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc>
  // expected-error @+1 {{'pl.tile.matmul_acc' result tile claims 64 valid rows but mad writes its A operand's valid rows (1 to 64) in whole 16 x 16 boxes, the rest of the last box computed from the operand's stale rows past its valid ones}}
  %c = "pl.tile.matmul_acc"(%z, %a, %b) : (!pl.tile<64x16xf32, acc>, !pl.tile<64x128xf16, mat, valid = ?x128>, !pl.tile<16x128xf16, mat>) -> !pl.tile<64x16xf32, acc>
  return
}

// -----

// What the accumulator does not hold, adding to it does not make logical.
func.func @negative_matmul_acc_claims_more_than_its_accumulator(%x: tensor<64x128xf16>, %w: tensor<16x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x128xf16>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
  %b = "pl.tile.load"(%w, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, mat>
  %z = "pl.tile.zeros"() : () -> !pl.tile<64x16xf32, acc, valid = 32x16>
  // expected-error @+1 {{'pl.tile.matmul_acc' result tile claims 64 valid rows but its accumulator's valid rows are 32: adding to what the accumulator does not hold makes nothing logical}}
  %c = "pl.tile.matmul_acc"(%z, %a, %b) : (!pl.tile<64x16xf32, acc, valid = 32x16>, !pl.tile<64x128xf16, mat>, !pl.tile<16x128xf16, mat>) -> !pl.tile<64x16xf32, acc>
  return
}

// -----

// mad sums over A's valid columns of both operands.
func.func @negative_matmul_k_past_b_valid_columns(%x: tensor<64x128xf16>, %w: tensor<16x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x128xf16>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
  %b = "pl.tile.load"(%w, %c0, %c0, %c16, %c128, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<16x128xf16>, index, index, index, index, index, index) -> !pl.tile<16x128xf16, mat, valid = 16x64>
  // expected-error @+1 {{'pl.tile.matmul' sums over its A operand's valid columns (128) but its B operand's valid columns are 64}}
  %c = "pl.tile.matmul"(%a, %b) : (!pl.tile<64x128xf16, mat>, !pl.tile<16x128xf16, mat, valid = 16x64>) -> !pl.tile<64x16xf32, acc>
  return
}

// -----

// mad has no bound of its destination.
func.func @negative_matmul_product_past_the_result_tile(%x: tensor<64x128xf16>, %w: tensor<16x128xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = "pl.tile.load"(%x, %c0, %c0, %c64, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x128xf16>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
  %b = "pl.tile.load"(%w, %c0, %c0, %c16, %c128) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<16x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, mat>
  // expected-error @+1 {{'pl.tile.matmul' writes up to 64 rows (its A operand's valid rows) into its 32x16 result tile: mad has no bound of its destination}}
  %c = "pl.tile.matmul"(%a, %b) : (!pl.tile<64x128xf16, mat>, !pl.tile<16x128xf16, mat>) -> !pl.tile<32x16xf32, acc>
  return
}

// -----

// A slice is a window of its parent: the lowering moves it through the parent's view, so a
// type stating other strides is one its users read and the bytes do not follow (red team
// pl, s1).
func.func @negative_slice_strides_not_the_parents(%x: tensor<64x512xf16, #pl.layout<nd, stride = [512, 1]>>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  // expected-error @+1 {{'pl.tensor.slice' result type tensor<32x512xf16, #pl.layout<nd, stride = [1024, 1]>> states strides [1024, 1] but the slice is a window of tensor<64x512xf16, #pl.layout<nd, stride = [512, 1]>>, whose strides on the axes it keeps are [512, 1]}}
  %s = "pl.tensor.slice"(%x, %c0, %c0, %c32, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<64x512xf16, #pl.layout<nd, stride = [512, 1]>>, index, index, index, index) -> tensor<32x512xf16, #pl.layout<nd, stride = [1024, 1]>>
  %t = "pl.tile.load"(%s, %c0, %c0, %c32, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<32x512xf16, #pl.layout<nd, stride = [1024, 1]>>, index, index, index, index) -> !pl.tile<32x512xf16, vec>
  return
}

// -----

// An integer width PTOAS has no C type for: its EmitC lowering spells i24 as a 4-byte
// int32_t (GM) and float (tile), while every rule counts 3 bytes an element.
// expected-error @+1 {{has element type i24, which has no C type of its width in PTOAS}}
func.func @negative_i24_elements(%x: tensor<1x1x1x1x16x64xi24>) {
  return
}

// -----

func.func @negative_f8e8m0_tile() {
  // expected-error @+1 {{tile !pl.tile<16x64xf8E8M0FNU, vec> has element type f8E8M0FNU, which has no C type of its width in PTOAS}}
  %z = "pl.tile.zeros"() : () -> !pl.tile<16x64xf8E8M0FNU, vec>
  return
}

// -----

// A load past a slice of dynamic extent, inside its parent: the slice is offsets on the
// parent's view, so the window is proved against the slice's size operand.
func.func @negative_load_past_dynamic_slice(%x: tensor<64x512xf16>,
    %n: index {nz.range = array<i64: 16, 33>}, %r: index {nz.range = array<i64: 0, 48>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %s = "pl.tensor.slice"(%x, %c0, %c0, %n, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>}
      : (tensor<64x512xf16>, index, index, index, index) -> tensor<?x512xf16>
  // expected-error @+1 {{'pl.tile.load' row window may leave the axis: offset + 16 can reach 63, past the dynamic extent}}
  %t = "pl.tile.load"(%s, %r, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}
      : (tensor<?x512xf16>, index, index, index, index) -> !pl.tile<16x128xf16, vec>
  return
}

// -----

// A store past a slice of dynamic extent.
func.func @negative_store_past_dynamic_slice(%t: !pl.tile<16x128xf16, vec>, %o: tensor<64x512xf16>,
    %n: index {nz.range = array<i64: 16, 33>}, %r: index {nz.range = array<i64: 0, 48>}) {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %s = "pl.tensor.slice"(%o, %c0, %c0, %n, %c512) {operandSegmentSizes = array<i32: 1, 2, 2, 0>}
      : (tensor<64x512xf16>, index, index, index, index) -> tensor<?x512xf16>
  // expected-error @+1 {{'pl.tile.store' row window may leave the axis}}
  %st = "pl.tile.store"(%t, %s, %r, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : (!pl.tile<16x128xf16, vec>, tensor<?x512xf16>, index, index) -> tensor<?x512xf16>
  return
}

// -----

// An f32 Acc tile stored into an i32 ND tensor: the fixpipe converts f32 to f16 or bf16
// only (pto-isa GetCastPreQuantMode); NoQuant writes the floats' 32-bit L0C words.
func.func @negative_acc_store_f32_into_i32(%acc: !pl.tile<16x16xf32, acc>, %o: tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' of a tile of f32 (acc) into a tensor of i32: the fixpipe converts f32 to f16 or bf16 only: an Acc tile of f32 stored into i32 writes the 32-bit L0C words as they are, which are no i32 values}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x16xf32, acc>, tensor<16x16xi32>, index, index) -> tensor<16x16xi32>
  return
}

// -----

// An i32 Acc tile (an int8 matmul) stored into f16: no conversion without a quantisation
// scale, and the fixpipe's 32-bit output is no f16 value.
func.func @negative_acc_store_i32_into_f16(%acc: !pl.tile<16x16xi32, acc>, %o: tensor<16x16xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' of a tile of i32 (acc) into a tensor of f16: the fixpipe converts f32 to f16 or bf16 only}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x16xi32, acc>, tensor<16x16xf16>, index, index) -> tensor<16x16xf16>
  return
}

// -----

// A Vec store copies bytes (TStoreUb2gmNd2nd): an f32 tile into an i32 tensor writes the
// floats' bit patterns.
func.func @negative_vec_store_f32_into_i32(%x: tensor<16x64xf32>, %o: tensor<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<16x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  // expected-error @+1 {{'pl.tile.store' of a tile of f32 (vec) into a tensor of i32: a vec tile stores its bytes as they are (no conversion), so its f32 elements would be read as i32}}
  %s = "pl.tile.store"(%t, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!pl.tile<16x64xf32, vec>, tensor<16x64xi32>, index, index) -> tensor<16x64xi32>
  return
}

// -----

// pre_quant on an ND store: the lowering has no scale to give pto.tstore (preQuantScalar,
// fp), and PTOAS stores an unknown attribute's op unquantised.
func.func @negative_nd_store_pre_quant(%acc: !pl.tile<16x16xf32, acc>, %o: tensor<16x16xbf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pl.tile.store' with pre_quant: the lowering gives pto.tstore no quantisation operand (preQuantScalar, fp), and PTOAS stores without one unquantised, so the flag would be dropped}}
  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pre_quant} : (!pl.tile<16x16xf32, acc>, tensor<16x16xbf16>, index, index) -> tensor<16x16xbf16>
  return
}
// -----

// An op off the memory path kept reading a lowered tensor would read a bare pointer.
func.func @negative_remote_load_reads_a_pointer(%r: tensor<32x64xf16, #pl.layout<nd, stride = [128, 1], distributed>>) {
  // expected-error @+1 {{'pl.remote_load' reads the GM tensor tensor<32x64xf16, #pl.layout<nd, stride = [128, 1], distributed>>, which convert-pl-to-pto lowers to a bare !pto.ptr}}
  %t = "pl.remote_load"(%r) : (tensor<32x64xf16, #pl.layout<nd, stride = [128, 1], distributed>>) -> !pl.tile<16x64xf16, vec>
  return
}

// -----

// Only a whole dense flatten says by its type which bytes it covers.
func.func @negative_flatten_of_a_strided_tensor(%x: tensor<32x64xf16, #pl.layout<nd, stride = [128, 1]>>) {
  %n = arith.constant 2048 : index
  // expected-error @+1 {{a reshape kept reading it says by its type alone which bytes it covers}}
  %f = "pl.tensor.reshape"(%x, %n) : (tensor<32x64xf16, #pl.layout<nd, stride = [128, 1]>>, index) -> tensor<2048xf16>
  "pl.prefetch.async_prefetch"(%f) : (tensor<2048xf16>) -> ()
  return
}

// -----

// A window written in blocked coordinates (block-nz-tensor-views skips a function with the
// blocked mark) must be the one planning emits: a load starting inside a fractal
// (offset[3] = 5) would move the fractal rows after row 5 as if they were row 0.
func.func @negative_blocked_load_inside_a_fractal(%w: tensor<1x32x16x16x16xf16, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{NZ load of a blocked NZ tensor has offset[3] = 5, not 0: a blocked window starts on a fractal boundary}}
  %t = "pl.tile.load"(%w, %c0, %c8, %c8, %c5, %c3, %c1, %c8, %c8, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<1x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<128x128xf16, mat>
  return
}

// -----

// Sizes of half a C0 line: the partition would move 8 of every 16 columns into a 128 x 64
// tile, whose blocked window is [1, 4, 8, 16, 16].
func.func @negative_blocked_load_half_a_c0_line(%w: tensor<1x32x16x16x16xf16, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{NZ load of a blocked NZ tensor has sizes [1, 8, 8, 16, 8], not the blocked form [1, 4, 8, 16, 16] of its 128 x 64 tile: a blocked window is one batch of whole fractals}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c8, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5, 0>, target_memory = "mat"} : (tensor<1x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<128x64xf16, mat>
  return
}

// -----

// A blocked NZ store with no shapes would be lowered to a rank-0 partition.
func.func @negative_blocked_store_without_shapes(%o: tensor<1x32x4x16x8xf32, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %z = "pl.tile.zeros"() : () -> !pl.tile<64x128xf32, acc>
  // expected-error @+1 {{NZ accumulator store of a blocked NZ tensor has shapes [], not the blocked form [1, 16, 4, 16, 8] of its 64 x 128 tile}}
  %s = "pl.tile.store"(%z, %o, %c0, %c0, %c0, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 5, 0>} : (!pl.tile<64x128xf32, acc>, tensor<1x32x4x16x8xf32, #pl.layout<nz>>, index, index, index, index, index) -> tensor<1x32x4x16x8xf32, #pl.layout<nz>>
  return
}

// -----

// A blocked NZ slice of column blocks 24..40 of 32: lowered as offsets on the parent's view,
// a load inside the slice would read past the tensor's column blocks.
func.func @negative_blocked_slice_of_column_blocks(%w: tensor<1x32x16x16x16xf16, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  // expected-error @+1 {{NZ slice of a blocked NZ tensor has sizes [1, 16, 16, 16, 16], not the blocked form [1, 32, 16, 16, 16] of its parent's batches: a blocked slice takes whole batches (axis 0) only}}
  %s = "pl.tensor.slice"(%w, %c0, %c24, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<1x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<1x16x16x16x16xf16, #pl.layout<nz>>
  return
}

// -----

// A blocked valid_shape may leave only row fractals and column blocks partly valid: 8 of
// the 16 columns inside each C0 line is no blocked window.
func.func @negative_blocked_valid_shape_inside_the_fractal(%w: tensor<1x32x16x16x16xf16, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{NZ load valid_shape of a blocked NZ tensor narrows axis 4: only the row fractals (axis 2) and column blocks (axis 1) of a blocked window may be partly valid}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c8, %c16, %c16, %c1, %c8, %c8, %c16, %c8) {operandSegmentSizes = array<i32: 1, 5, 5, 5>, target_memory = "mat"} : (tensor<1x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<128x128xf16, mat, valid = 128x?>
  return
}

// -----

// The valid_shape is what the lowering moves and the tile type states its own region: 8 row
// fractals (128 rows) moved into a tile whose valid region is 64 rows.
func.func @negative_blocked_valid_shape_other_than_the_tiles(%w: tensor<1x32x16x16x16xf16, #pl.layout<nz>>) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{NZ load valid_shape of a blocked NZ tensor gives row fractals 8 but the tile's valid region has 64 rows: the lowering moves the valid_shape and the tile describes its own, so they must agree}}
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c0, %c0, %c1, %c8, %c8, %c16, %c16, %c1, %c8, %c8, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 5>, target_memory = "mat"} : (tensor<1x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> !pl.tile<128x128xf16, mat, valid = 64x128>
  return
}

// -----

// A blocked slice takes a known number of whole batches: %n batches is no window the
// lowering can prove its loads against.
func.func @negative_blocked_slice_of_a_dynamic_batch_count(%w: tensor<4x32x16x16x16xf16, #pl.layout<nz>>, %n: index) attributes {nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{NZ slice of a blocked NZ tensor has a batch size that is not a positive arith.constant: a blocked slice takes a known number of whole batches}}
  %s = "pl.tensor.slice"(%w, %c0, %c0, %c0, %c0, %c0, %n, %c32, %c16, %c16, %c16) {operandSegmentSizes = array<i32: 1, 5, 5, 0>} : (tensor<4x32x16x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index, index, index, index, index) -> tensor<?x32x16x16x16xf16, #pl.layout<nz>>
  return
}
