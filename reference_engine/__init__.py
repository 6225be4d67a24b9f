"""mjspec's reference engine: tiles and notation, hand analysis, scoring, one module per variant.

It reads the rule data in :mod:`spec` and never imports :mod:`conformance`.
"""

__version__ = "0.1.0"
