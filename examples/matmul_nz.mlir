// A grouped-matmul style kernel: an ND activation x [64, 512] times an NZ
// weight w [256, 512] (bytes already in fractal order), one 64 x 128 output
// panel per block, written back from the accumulator into an NZ output.
//
//   nzpass-opt examples/matmul_nz.mlir -p pl-to-pto
module attributes {pl.backend = "a2a3"} {
  func.func @matmul_nz(%x: tensor<64x512xf16>,
                       %w: tensor<256x512xf16, #pl.layout<nz>>,
                       %out: tensor<64x256xf32, #pl.layout<nz>>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    // spmd: block nb owns output columns [nb * 128, nb * 128 + 128); the host
    // launches 2 blocks, stated as a fact the passes prove the windows with
    %nb = "pl.tile.get_block_idx"() {nz.range = array<i64: 0, 2>} : () -> index
    %n0 = arith.muli %nb, %c128 : index
    %zero = "pl.tile.zeros"() : () -> !pl.tile<64x128xf32, acc>
    // pipelined K loop: k0 = 0, 128, 256, 384
    %acc = scf.for %k0 = %c0 to %c512 step %c128
        iter_args(%partial = %zero) -> (!pl.tile<64x128xf32, acc>) {
      %xt = "pl.tile.load"(%x, %c0, %k0, %c64, %c128)
          {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"}
          : (tensor<64x512xf16>, index, index, index, index) -> !pl.tile<64x128xf16, mat>
      %wt = "pl.tile.load"(%w, %n0, %k0, %c128, %c128)
          {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"}
          : (tensor<256x512xf16, #pl.layout<nz>>, index, index, index, index)
          -> !pl.tile<128x128xf16, mat>
      %next = "pl.tile.matmul"(%xt, %wt, %partial)
          : (!pl.tile<64x128xf16, mat>, !pl.tile<128x128xf16, mat>, !pl.tile<64x128xf32, acc>)
          -> !pl.tile<64x128xf32, acc>
      scf.yield %next : !pl.tile<64x128xf32, acc>
    }
    %stored = "pl.tile.store"(%acc, %out, %c0, %n0)
        {operandSegmentSizes = array<i32: 1, 1, 2, 0>, st_phase = "final"}
        : (!pl.tile<64x128xf32, acc>, tensor<64x256xf32, #pl.layout<nz>>, index, index)
        -> tensor<64x256xf32, #pl.layout<nz>>
    return
  }
}
