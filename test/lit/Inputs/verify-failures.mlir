// Input of tools/verify-diagnostics-failures.mlir: expectations that the diagnostics do not meet.
func.func @failures() {
  "test.op"() {test.diag = "error: surprise"} : () -> ()
  // expected-error @+1 {{never reported}}
  "test.op"() : () -> ()
  // expected-error @+1 {{wrong severity}}
  "test.op"() {test.diag = "warning: wrong severity"} : () -> ()
  // expected-error-re @+1 {{bad {{[}} regex}}
  "test.op"() : () -> ()
  "test.op"() {test.diag = "remark: lost"} : () -> () loc(unknown)
  // expected-warning @unknown {{not at all}}
  return
}

// -----

func.func @second_chunk() {
  "test.op"() {test.diag = "error: in the second chunk"} : () -> ()
  return
}
