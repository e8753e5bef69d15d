// Pass options `name{key=value}` are typed: bools, ints and strings parse; an unknown option, a bad int or a bad bool is a diagnostic at the option in the pipeline text (exit 1); bad upstream options are reported the same way.
// RUN: nzpass-opt %s -p 'test-emit-diagnostics{with-note=true repeat=2 prefix="P: "}' 2>&1 | FileCheck %s --check-prefix=GOOD
// RUN: nzpass-opt %s -p 'test-emit-diagnostics{with-note repeat=0x1}' 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: nzpass-opt %s -p 'test-emit-diagnostics{with-note=false}' 2>&1 | FileCheck %s --check-prefix=OFF

// GOOD: pass-options.mlir:[[#OP:]]:3: warning: P: watch out
// GOOD: pass-options.mlir:[[#OP-1]]:1: note: in this function
// GOOD: pass-options.mlir:[[#OP]]:3: warning: P: watch out
// GOOD: pass-options.mlir:[[#OP-1]]:1: note: in this function
// GOOD-NOT: : warning:
// BARE: warning: watch out
// BARE-NEXT: {{.*}}"test.op"
// BARE-NEXT: ^
// BARE-NEXT: {{.*}}: note: in this function
// BARE-NOT: : warning:
// OFF: warning: watch out
// OFF-NOT: note

// RUN: not nzpass-opt %s -p 'cse,test-emit-diagnostics{repeat=2 bogus=1}' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=UNKNOWN
// UNKNOWN: MLIR Textual PassPipeline Parser:1:36: error: pass 'test-emit-diagnostics' has no option 'bogus' (its options: with-note, prefix, repeat)
// UNKNOWN-NEXT: cse,test-emit-diagnostics{repeat=2 bogus=1}
// UNKNOWN-NEXT: {{^                                   \^$}}

// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(test-emit-diagnostics{repeat=many})' 2>&1 | FileCheck %s --check-prefix=BADINT
// BADINT: MLIR Textual PassPipeline Parser:1:38: error: option 'repeat' of pass 'test-emit-diagnostics' expects an integer; got 'many'
// RUN: not nzpass-opt %s -p 'test-emit-diagnostics{repeat=1_000}' 2>&1 | FileCheck %s --check-prefix=UNDERSCORE
// UNDERSCORE: error: option 'repeat' of pass 'test-emit-diagnostics' expects an integer; got '1_000'
func.func @options() {
  "test.op"() {test.diag = "warning: watch out"} : () -> ()
  return
}

// RUN: not nzpass-opt %s -p 'test-emit-diagnostics{with-note=yes}' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: MLIR Textual PassPipeline Parser:1:23: error: option 'with-note' of pass 'test-emit-diagnostics' expects true or false; got 'yes'

// RUN: not nzpass-opt %s -p 'test-emit-diagnostics{prefix="unterminated}' 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: MLIR Textual PassPipeline Parser:1:30: error: unterminated quoted option value

// RUN: not nzpass-opt %s -p 'canonicalize{max-iterations=lots}' 2>&1 | FileCheck %s --check-prefix=UPSTREAM-INT
// UPSTREAM-INT: MLIR Textual PassPipeline Parser:1:1: error: failed to add `canonicalize` with options `max-iterations=lots`: for the --max-iterations option: 'lots' value invalid for long argument!
// RUN: not nzpass-opt %s -p 'canonicalize{no-such-option=1}' 2>&1 | FileCheck %s --check-prefix=UPSTREAM-UNKNOWN
// UPSTREAM-UNKNOWN: MLIR Textual PassPipeline Parser:1:1: error: failed to add `canonicalize` with options `no-such-option=1`: no such option no-such-option
