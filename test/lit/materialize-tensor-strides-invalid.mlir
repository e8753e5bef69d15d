// RUN: nzpass-opt %s -p materialize-tensor-strides --split-input-file --verify-diagnostics

// An NZ tensor that block-nz-tensor-views has not blocked is a pass-ordering
// bug, reported as an internal invariant, naming the missing pass.
// expected-error @+1 {{internal invariant violated: NZ tensor tensor<256x512xi8, #pl.layout<nz>> is not in the blocked rank-5 form: run block-nz-tensor-views before materialize-tensor-strides}}
func.func @negative_logical_nz(%w: tensor<256x512xi8, #pl.layout<nz>>) {
  return
}

// -----

// A rank-5 shape ending in [16, c0] is not trusted as blocked without the mark.
// expected-error @+1 {{is not in the blocked rank-5 form}}
func.func @negative_unmarked_rank5(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz>>) {
  return
}

// -----

// A blocked NZ tensor whose strides are not row-major is an internal invariant violation.
// expected-error @+1 {{internal invariant violated: blocked NZ tensor}}
func.func @negative_nz_bad_strides(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 511, 32, 1]>>) attributes {nz_tensor_views_blocked} {
  return
}

// -----

// A malformed layout attribute is a user error at the argument.
// expected-error @+1 {{unknown layout 'zz'}}
func.func @negative_bad_layout(%w: tensor<256x512xi8, #pl.layout<zz>>) {
  return
}

// -----

// A pl op directly in the module body: in no function, so never lowered.
%c0 = arith.constant 0 : index
// expected-error @+1 {{'pl.tile.zeros' is not in a func.func of the module}}
%z = "pl.tile.zeros"() : () -> !pl.tile<16x16xf32, acc>

// -----

// A `?` stride has no value in the IR: where the dense stride is static (512), it
// would be lowered as 512 whatever the user meant (found by red team).
// expected-error @+1 {{tensor shape [64, 512] states stride [?, 1]: the dynamic stride of axis 0 is not the ND dense product of the extents ([512, 1])}}
func.func @negative_dynamic_stride_over_static_product(%x: tensor<64x512xf16, #pl.layout<nd, stride = [?, 1]>>) {
  return
}

// -----

// Both strides dynamic: neither is the dense product the lowering would build.
// expected-error @+1 {{states stride [?, ?]: the dynamic stride of axis 0 is not the ND dense product of the extents}}
func.func @negative_both_strides_dynamic(%x: tensor<64x512xf16, #pl.layout<nd, stride = [?, ?]>>) {
  return
}

// -----

// Padded rows (row stride 32 for 16 columns) with a dynamic batch stride: the `?` is not the
// dense product R*16 of this stride list, and nothing in the IR holds R*32.
// expected-error @+1 {{states stride [?, 32, 1]: the dynamic stride of axis 0 is not the ND dense product}}
func.func @negative_dynamic_stride_with_padded_rows(%x: tensor<?x?x16xf32, #pl.layout<nd, stride = [?, 32, 1]>>) {
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
