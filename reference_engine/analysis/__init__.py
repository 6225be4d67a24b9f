"""Family-free hand analysis: decompositions into sets, readings with their waits, the waits
of a hand one tile short, shanten, suit keys with their facts by look-up, and counted hands
changed one tile at a time. No rule family's numbers are read here."""
