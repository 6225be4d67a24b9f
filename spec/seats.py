"""Seats and turn order: a seat is named by its wind for the hand being played."""

from __future__ import annotations

from spec.enums import IdentityEnum
from spec.errors import RuleError


class Seat(IdentityEnum):
    """A seat, named by its wind for the hand being played (the dealer sits East by default)."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"


SEATS: tuple[Seat, ...] = tuple(Seat)


def next_seat(seat: Seat, steps: int = 1, players: int = 4) -> Seat:
    """The seat ``steps`` places later in turn order (east -> south -> west -> north)."""
    return SEATS[(SEATS.index(seat) + steps) % players]


def parse_seat(value: object, path: tuple[str | int, ...]) -> Seat:
    """A seat named in a request at ``path``; ``invalid-request`` otherwise."""
    try:
        return Seat(value)
    except ValueError:
        raise RuleError("invalid-request", f"unknown seat {value!r}", path=path) from None
