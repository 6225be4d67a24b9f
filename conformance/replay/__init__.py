"""Replaying other engines' game logs on the reference play engine (``mjspec replay``)."""
