// --nz-explain and --nz-picture on the bundled example: after pl-to-pto (pto
// IR), after block-nz-tensor-views alone (blocked pl IR), and before blocking.
// The example's offsets are SSA values (the block index, the K loop): `?`.

// RUN: nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto --nz-explain -o %t.pto.mlir 2>&1 | FileCheck %s --check-prefixes=CHECK,PTO --match-full-lines --strict-whitespace
// RUN: nzpass-opt %examples/matmul_nz.mlir -p block-nz-tensor-views --nz-explain -o %t.mlir 2>&1 | FileCheck %s --check-prefixes=CHECK,PL --match-full-lines --strict-whitespace

// PTO:{{.*}}matmul_nz.mlir:26:13: nz-explain: @matmul_nz #0: pto.tload of an NZ f16 view into a mat tile 128x128xf16
// PL:{{.*}}matmul_nz.mlir:26:13: nz-explain: @matmul_nz #0: pl.tile.load of an NZ f16 view into a mat tile 128x128xf16
// CHECK-NEXT:  plane: logical [256, 512] f16 (c0 = 16) = blocked [1, 32, 16, 16, 16], column blocks 256 rows apart
// CHECK-NEXT:  window: rows [?, ?+128) x columns [?, ?+128) of batch 0 -> partition offsets [0, ?, ?, 0, 0], sizes [1, 8, 8, 16, 16]
// CHECK-NEXT:  touches: column blocks [?, ?+8) of 32, row fractals [?, ?+8) of 16
// CHECK-NEXT:  GM gap: 256 - 128 = 128 32-byte blocks between column blocks
// CHECK-NEXT:  #317: fits: 128 <= 65535
// PTO-NEXT:{{.*}}matmul_nz.mlir:36:15: nz-explain: @matmul_nz #1: pto.tstore of an NZ f32 view from an acc tile 64x128xf32
// PL-NEXT:{{.*}}matmul_nz.mlir:36:15: nz-explain: @matmul_nz #1: pl.tile.store of an NZ f32 view from an acc tile 64x128xf32
// CHECK-NEXT:  plane: logical [64, 256] f32 (c0 = 8) = blocked [1, 32, 4, 16, 8], column blocks 64 rows apart
// CHECK-NEXT:  window: rows [0, 64) x columns [?, ?+128) of batch 0 -> partition offsets [0, ?, 0, 0, 0], sizes [1, 16, 4, 16, 8]
// CHECK-NEXT:  touches: column blocks [?, ?+16) of 32, row fractals [0, 4) of 4
// CHECK-NEXT:  Acc pitch: column blocks written 64 rows apart (partition height 16 x 4), parent column blocks 64 rows apart: every column block lands in its own column block of the parent
// CHECK-NOT:{{.}}

// Logical pl IR has no blocked coordinates yet: say so and how to get them.
// RUN: nzpass-opt %examples/matmul_nz.mlir --nz-explain -o %t.mlir 2>&1 | FileCheck %s --check-prefix=LOGICAL
// LOGICAL: matmul_nz.mlir:26:13: nz-explain: @matmul_nz #0: pl.tile.load: cannot explain: its NZ tensor has logical coordinates: run block-nz-tensor-views (or the pl-to-pto pipeline) first
// LOGICAL: matmul_nz.mlir:36:15: nz-explain: @matmul_nz #1: pl.tile.store: cannot explain:

// Without the flags nothing is said; the IR is the same with and without them.
// RUN: nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto -o %t.plain.mlir 2>&1 | count 0
// RUN: diff %t.pto.mlir %t.plain.mlir

// One SVG per NZ op, named <function>.<index>.svg; only the pictures are written
// (no words without --nz-explain).
// RUN: rm -rf %t.pictures
// RUN: nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto --nz-picture %t.pictures -o %t.mlir 2>&1 | count 0
// RUN: %PYTHON -c "import os, sys; print(sorted(os.listdir(sys.argv[1])))" %t.pictures | FileCheck %s --check-prefix=FILES
// FILES: ['matmul_nz.0.svg', 'matmul_nz.1.svg']

// A directory that cannot be made is a tool error with exit code 1.
// RUN: echo > %t.file
// RUN: %exitcode nzpass-opt %examples/matmul_nz.mlir -p pl-to-pto --nz-picture %t.file/pictures -o %t.mlir 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: nzpass-opt: error: cannot write picture '{{.*}}.file/pictures/matmul_nz.0.svg': Not a directory
// UNWRITABLE: exit code: 1
