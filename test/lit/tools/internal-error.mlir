// A bug in nzpass (here a pass that raises) prints `internal error:` with a one-line reproducer command, exits 3, and shows no Python traceback; the reproducer file holds the chunk being processed.
// RUN: %exitcode nzpass-opt %s --split-input-file -p 'cse,test-internal-error' 2>&1 | FileCheck %s
// RUN: not nzpass-opt - -p test-internal-error < %s 2>&1 | FileCheck %s --check-prefix=STDIN

// CHECK: internal error: nzpass.passes.testing.test_internal_error.SimulatedBug: test-internal-error ran: simulated bug in a pass
// CHECK-NEXT: this is a bug in nzpass; please report it with the reproducer:
// CHECK-NEXT: {{^  }}nzpass-opt [[REPRO:.*nzpass-repro-.*\.mlir]] --split-input-file -p cse,test-internal-error{{$}}
// CHECK-NEXT: exit code: 3
// CHECK-NOT: Traceback
// STDIN: internal error:
// STDIN-NEXT: this is a bug in nzpass
// STDIN-NEXT: {{^  }}nzpass-opt {{.*nzpass-repro-.*\.mlir}} -p test-internal-error{{$}}
// STDIN-NOT: Traceback

func.func @crashes() {
  return
}
