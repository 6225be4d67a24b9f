"""Differential fuzzing: random valid scenarios, an engine against the reference, and
disagreements shrunk into proposed fixtures."""
