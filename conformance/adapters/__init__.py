"""Adapters: third-party engines behind the mjspec engine interface (one module each).

Each adapter translates mjspec requests into its package's calls and the package's
answers back into mjspec outcomes, faithfully: a difference between the package and the
rules must show as a failing fixture, never be smoothed over. An adapter whose package
is not installed fails to load with a clear message (the package is an optional extra).
"""
