// A pipeline that names an unknown pass or does not parse is a diagnostic in mlir-opt's form, located in the pipeline text with a caret (exit 1, no input is processed).
// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse,foo)' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=UNKNOWN
// UNKNOWN: MLIR Textual PassPipeline Parser:1:20: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: {{^}}builtin.module(cse,foo)
// UNKNOWN-NEXT: {{^                   \^$}}
// UNKNOWN-NOT: {{.}}

// RUN: not nzpass-opt %s -p 'test-emit-diagnostics,canonicalize,foo-bar' 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: MLIR Textual PassPipeline Parser:1:36: error: 'foo-bar' does not refer to a registered pass or pass pipeline

// An unknown pass nested under an anchor is found by the upstream parser; its column is moved into the whole text.
// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(func.func(cse,nope))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: MLIR Textual PassPipeline Parser:1:30: error: 'nope' does not refer to a registered pass or pass pipeline

// The pipeline is checked before the input is read: a missing input is not even opened.
// RUN: not nzpass-opt %t.does-not-exist.mlir -p foo 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: error: 'foo' does not refer to a registered pass or pass pipeline
// FIRST-NOT: cannot open input file

// RUN: not nzpass-opt %s --pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=NO-ANCHOR
// NO-ANCHOR: MLIR Textual PassPipeline Parser:1:1: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not nzpass-opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=WRONG-ANCHOR
// WRONG-ANCHOR: MLIR Textual PassPipeline Parser:1:1: error: the pipeline runs on the module: anchor it on 'builtin.module' or 'any', not 'func.func'

// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: MLIR Textual PassPipeline Parser:1:19: error: expected ',' or ')', found the end of the pipeline

// RUN: not nzpass-opt %s --pass-pipeline='builtin.module(cse) extra' 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: MLIR Textual PassPipeline Parser:1:21: error: unexpected 'e' after the pipeline

// RUN: not nzpass-opt %s -p 'cse,,canonicalize' 2>&1 | FileCheck %s --check-prefix=EMPTY-NAME
// EMPTY-NAME: MLIR Textual PassPipeline Parser:1:5: error: expected a pass name

// RUN: not nzpass-opt %s -p 'cse canonicalize' 2>&1 | FileCheck %s --check-prefix=NO-COMMA
// NO-COMMA: MLIR Textual PassPipeline Parser:1:5: error: expected ',' or the end of the pipeline, found 'c'

// RUN: not nzpass-opt %s -p 'test-emit-diagnostics{repeat=2' 2>&1 | FileCheck %s --check-prefix=OPEN-OPTIONS
// OPEN-OPTIONS: MLIR Textual PassPipeline Parser:1:22: error: unterminated options of 'test-emit-diagnostics'

func.func @untouched() {
  return
}
