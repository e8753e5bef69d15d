"""Small views over the unregistered `pl` and `pto` dialects: op names, operand
groups, attributes and the opaque type/attribute spellings, so passes never
spell an op-name string or take type text apart themselves."""
