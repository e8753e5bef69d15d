// RUN: nzpass-opt %s --verify-diagnostics
// RUN: not nzpass-opt %s 2>&1 | FileCheck %s
// RUN: not nzpass-opt %s --pto-syntax=custom 2>&1 | FileCheck %s

// An op whose generic operands PTOAS versions read in different orders, and that
// its custom form does not print (an indexed tscatter with a mask pattern: PTOAS's
// parser refuses the pair), is refused where it is written, in either syntax,
// rather than written in a text one version reads as other operands.

!t = !pto.tile_buf<vec, 16x64xi32>
func.func @mask_and_indexes(%a: !t, %b: !t, %c: !t) {
  // CHECK: generic-order-invalid.mlir:[[@LINE+1]]:3: error: cannot write 'pto.tscatter': PTOAS versions read its generic operands in different orders (tonibohnlein/PTOAS: src, dst, indexes?; hw-native-sys/PTOAS: src, indexes, dst)
  "pto.tscatter"(%a, %b, %c) {maskPattern = #pto.mask_pattern<P0101>} : (!t, !t, !t) -> ()
  // expected-error@-1 {{cannot write 'pto.tscatter': PTOAS versions read its generic operands in different orders}}
  // The same op without indexes reads alike in every version: written generic.
  "pto.tscatter"(%a, %b) {maskPattern = #pto.mask_pattern<P0101>} : (!t, !t) -> ()
  return
}
