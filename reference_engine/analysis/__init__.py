"""Family-free hand analysis: decompositions into sets, readings with their waits, the waits
of a hand one tile short, and shanten. No rule family's numbers are read here."""
