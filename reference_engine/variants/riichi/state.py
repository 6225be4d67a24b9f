"""What a riichi hand in play keeps beside the core's state (python-chess keeps a variant's
extra board state the same way): the counters and sticks brought to the table, the dora
indicators turned over, each seat's furiten, ippatsu chance, double riichi and whether one of
its discards was called (every tile it discarded, called ones too, is the core's
``GameState.discards``), and whether the first go-around has been interrupted, and who is
liable for whose yakuman (pao)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reference_engine.play.state import GameState
from spec.seats import Seat
from spec.tiles import Tile


@dataclass(frozen=True)
class RiichiState:
    honba: int
    sticks: int
    indicators: int
    furiten: tuple[bool, ...]
    ippatsu: tuple[bool, ...]
    double_ready: tuple[bool, ...]
    called_from: tuple[bool, ...]
    interrupted: bool = False
    pending_indicators: int = 0  # claimed or added kans' indicators waiting for a discard
    liable: tuple[tuple[tuple[str, Seat], ...], ...] = ()  # per seat: (yakuman, liable seat)

    @classmethod
    def start(cls, players: int, honba: int, sticks: int) -> RiichiState:
        """A hand's start: one indicator turned over (riichi.play.dead-wall)."""
        no = (False,) * players
        return cls(honba, sticks, 1, no, no, no, no, liable=((),) * players)

    def evolve(self, **changes: Any) -> RiichiState:
        """A copy with some fields changed, without re-running ``__init__`` (the record is
        immutable and replaced whole in the mutable ``GameState``: a snapshot shares it)."""
        new = object.__new__(RiichiState)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def indicators_turned(self) -> RiichiState:
        """The indicators waiting for a discard turned over (riichi.house.open-kan-dora)."""
        if not self.pending_indicators:
            return self
        return self.evolve(
            indicators=self.indicators + self.pending_indicators, pending_indicators=0
        )

    def interrupt(self) -> RiichiState:
        """A call, a kong or a North: every ippatsu chance and the first go-around end
        (riichi.play.ippatsu, sanma.play.north-interrupts)."""
        return self.evolve(ippatsu=(False,) * len(self.ippatsu), interrupted=True)


def riichi_state(state: GameState) -> RiichiState:
    """The riichi part of a game state."""
    extra = state.extra
    assert isinstance(extra, RiichiState)
    return extra


def indicator_tiles(state: GameState) -> tuple[Tile, ...]:
    """The dora indicators turned over: the first tiles of the wall's tail, one more per kong."""
    start = len(state.wall) - state.tail
    return state.wall[start : start + riichi_state(state).indicators]


def ura_indicator_tiles(state: GameState) -> tuple[Tile, ...]:
    """The ura-dora indicators under the turned ones: the second half of the tail."""
    start = len(state.wall) - state.tail // 2
    return state.wall[start : start + riichi_state(state).indicators]
