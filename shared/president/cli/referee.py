"""`president referee`: placeholder until the rules engine lands."""
