"""The hooks a variant implements to be played (python-chess style: override what differs)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from reference_engine.analysis.counted import CountedHand
from reference_engine.hand import WinningHand
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.state import EndReason, GameState, HandEnd, PlayTable
from spec.actions import Action, ActionKind
from spec.catalogue import first_ending, rule_ids
from spec.errors import RuleError
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy


def _neighbours(tile: Tile) -> frozenset[Tile]:
    steps = (tile.shifted(step) for step in (-2, -1, 1, 2))
    return frozenset({tile, *(near for near in steps if near is not None)})


_NEIGHBOURS: dict[Tile, frozenset[Tile]] = {tile: _neighbours(tile) for tile in Tile}


def candidate_tiles(concealed: tuple[Tile, ...]) -> list[Tile]:
    """The tiles that could complete a set with these: a tile held, or within two ranks of
    one in its suit."""
    return sorted(set().union(*(_NEIGHBOURS[t.normal] for t in concealed)))


def without(tiles: tuple[Tile, ...], tile: Tile, count: int = 1) -> tuple[Tile, ...]:
    """``tiles`` less ``count`` copies of ``tile``."""
    out = list(tiles)
    for _ in range(count):
        out.remove(tile)
    return tuple(out)


def winning_hand(state: GameState, seat: Seat, by: WinBy) -> WinningHand:
    """The winner's tiles with the winning tile last (the drawn tile, or the one claimed)."""
    index = SEATS.index(seat)
    hand = state.hand(seat)
    if by is WinBy.SELF_DRAW:
        assert state.drawn is not None
        concealed = (*without(hand, state.drawn), state.drawn)
    elif by.on_anothers_tile:
        assert state.pending is not None
        concealed = (*hand, state.pending)
    else:
        concealed = hand
    return WinningHand(
        seat, concealed, state.melds_of(seat), state.flowers[index], state.ready[index]
    )


class PlayRules(ABC):
    """What the game state machine asks of a variant. The class attributes are facts of
    the family: a ``reserve`` never drawn and a ``tail`` kept at the wall's end; a
    ``kong_box`` of tiles set aside for kong replacements (cc.play.kong-box); flowers
    replaced from the front of the live wall (``flowers_from_front``, cc.play.flowers)
    rather than the back; declarations each seat makes in turn before the first discard
    (``declarations_first``: :meth:`declarations`). ``refusal_rules``, ``action_rules`` and
    ``end_rules`` name the rules that refuse an action (:mod:`~reference_engine.play.refusal`):
    for the refusals the core finds, for an action of a kind that is not legal now, and for
    any action once the hand has ended that way.

    The state is a mutable table: the hooks that return a :class:`GameState`
    (:meth:`let_pass`, :meth:`variant_action`, :meth:`after_shown`, :meth:`after_win`)
    change the state they are given in place and return it; every other hook only reads
    it. The ``on_*`` hooks return the family's new record (``GameState.extra``), which the
    core stores."""

    players: int = 4
    dealer_is_east: bool = False
    hand_size: int = 13
    reserve: int = 0
    tail: int = 0
    chow_allowed: bool = True
    calls_on_last_discard: bool = True
    original_ready: bool = False
    kong_box: int = 0
    flowers_from_front: bool = False
    declarations_first: bool = False
    refusal_rules: ClassVar[Mapping[Refused, tuple[str, ...]]] = MappingProxyType({})
    action_rules: ClassVar[Mapping[ActionKind, tuple[str, ...]]] = MappingProxyType({})
    end_rules: ClassVar[Mapping[EndReason, tuple[str, ...]]] = MappingProxyType({})

    profile: Profile
    own_hooks: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Which of the :data:`NEUTRAL_HOOKS` (a default that changes nothing) the family
        overrides (``own_hooks``), noted once per class: the core asks only those and
        skips the others, whose answer it knows."""
        super().__init_subclass__(**kwargs)
        cls.own_hooks = frozenset(
            name for name in NEUTRAL_HOOKS if getattr(cls, name) is not getattr(PlayRules, name)
        )

    def rule_id(self, suffixes: Sequence[str]) -> str | None:
        """The id of the profile's rule ending with the first of ``suffixes`` that one
        ends with (:mod:`spec.catalogue`)."""
        return first_ending(rule_ids(self.profile.variant), suffixes)

    def tile_set(self) -> list[Tile]:
        """Every tile of the set, in canonical order (the seeded wall shuffles this list)."""
        return list(self.profile.tiles.full_set())

    @abstractmethod
    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """Do these tiles (with the winning tile among ``concealed``) form a winning hand?"""

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        """The kinds of tile that would complete these tiles, one short of a hand. Only a
        tile already held, or within two ranks of one in its suit, can complete a set, so
        only those are tried; variants override this with table look-ups."""
        return frozenset(
            t for t in candidate_tiles(concealed) if self.is_complete((*concealed, t), melds)
        )

    def counted_waits(
        self, counted: CountedHand, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]
    ) -> frozenset[Tile]:
        """:meth:`waits`, with the concealed tiles also given as counts (``counted``, flowers
        aside) kept by the game: the same answer, which a family may find from the counts
        (the tests hold it to :meth:`waits`). By default :meth:`waits` itself."""
        return self.waits(concealed, melds)

    def is_ready(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """Is one tile enough to complete the hand?"""
        return bool(self.waits(concealed, melds))

    def flower_win(
        self, flowers: Sequence[tuple[Tile, ...]], shower_index: int
    ) -> tuple[int, int | None] | None:
        """After the player at ``shower_index`` shows a flower: ``(winner, payer)`` of an instant
        flower win (``payer`` None when every rival pays), or None."""
        return None

    # --- hooks with the Taiwanese behaviour as default ----------------------------------

    def table_of(self, given: Mapping[str, Any]) -> PlayTable:
        """The table of a play request (round wind, counters, sticks); none by default."""
        return PlayTable()

    def may_win(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """May ``seat`` win on ``tile`` now? tw.play.passed-win-restriction: not on a tile it
        declined since its last discard, even by self-draw."""
        index = SEATS.index(seat)
        if tile in state.restricted[index]:
            return False
        if by.on_anothers_tile:
            return tile.normal in state.waits[index]
        return self.is_complete(state.hands[index], state.melds[index])

    def let_pass(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> GameState:
        """``seat`` did not win on ``tile`` (another's discard or kong): a seat that could have
        won may not win on that tile until it discards (tw.play.passed-win-restriction).
        Asked only of the seats whose waits hold the tile (any other could not have won)."""
        if not self.may_win(state, seat, tile, by):
            return state
        index = SEATS.index(seat)
        state.restricted[index] = state.restricted[index] | {tile}
        return state

    def may_declare_ready(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """May ``seat`` discard ``tile`` declaring a ready hand (``original_ready`` families)?
        tw.play.original-ready: on the seat's first discard, before any call at the table;
        the tiles kept must be the initial ones (a non-dealer discards the tile it just
        drew) and ready."""
        index = SEATS.index(seat)
        if state.has_discarded[index] or state.calls_made:
            return False
        if seat is not state.dealer and tile != state.drawn:
            return False
        return self.is_ready(without(state.hand(seat), tile), state.melds_of(seat))

    def declarations(self, state: GameState, seat: Seat) -> list[Action]:
        """What ``seat`` may declare before the first discard, when ``declarations_first``:
        asked in turn from the dealer while this is not empty (cc.play.initial-kongs: its
        concealed kongs or ``pass``; sc.void.choice: its void suit). A ``pass`` moves on
        to the next seat, a concealed kong is the core's, any other action the family's
        (:meth:`variant_action`)."""
        return []

    def may_rob_concealed_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """May ``seat`` win on the tile of another's concealed kong? Not by default."""
        return False

    def turn_extras(self, state: GameState, seat: Seat) -> list[Action]:
        """Variant actions on one's turn besides discards, kongs and the win."""
        return []

    def variant_action(self, state: GameState, action: Action) -> GameState:
        """Apply one of the family's own turn actions (offered by :meth:`turn_extras`:
        riichi's North set aside, the nine-terminals abortive draw)."""
        raise RuleError("illegal-action", f"{action.notation!r} is not an action of this game")

    def after_shown(self, state: GameState, source: Seat) -> GameState:
        """Nobody won on a tile shown for a win only (``GameState.win_only``): play goes on
        as the family says."""
        raise RuleError("illegal-action", "this game shows no tile for a win only")

    # --- the family's own state (GameState.extra) ---------------------------------------

    def start_extra(self, players: int, table: PlayTable) -> object:
        """The family's own state at the deal (None: it keeps none)."""
        return None

    def on_discard(self, state: GameState, action: Action) -> object:
        """The family's state after a discard (``action``, read on the state before it)."""
        return state.extra

    def on_call(self, state: GameState, caller: Seat, meld: Meld) -> object:
        """The family's state after ``caller`` claims a discard for ``meld`` (now among its
        melds; ``meld.claimed_from`` is the discarder)."""
        return state.extra

    def on_kong(self, state: GameState, kong: Meld) -> object:
        """The family's state after any kong (``kong``, as it now stands among the maker's
        melds; the maker is on turn), before its replacement is drawn."""
        return state.extra

    def refusal(self, state: GameState, action: Action) -> Refusal | None:
        """A family's own reason why ``action`` is refused now, with its rules (asked before
        the core's reasons but for the end of the hand)."""
        return None

    def ended_by(self, end: HandEnd) -> tuple[str, ...]:
        """The rules that ended the hand as ``end`` says (:attr:`end_rules`)."""
        return self.end_rules.get(end.reason, ())

    def state_view(self, state: GameState) -> dict[str, Any]:
        """The family's state fields that a play fixture may check (``extra``, as JSON)."""
        return {}

    def end_view(self, state: GameState) -> dict[str, Any]:
        """The family's fields of a play result, at the end of the hand (JSON)."""
        return {}

    def may_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """May ``seat`` make a kong of ``tile`` now (any kind)?"""
        return True

    def may_pung(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """May ``seat`` pung ``tile`` (holding two) now?"""
        return True

    def discardable(self, state: GameState, seat: Seat, tiles: list[Tile]) -> list[Tile]:
        """Which of the distinct ``tiles`` held ``seat`` may discard now: all of them by
        default."""
        return tiles

    def after_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> GameState:
        """What a win does to the hand: by default it ends, settled by :meth:`settle_win`.
        A family whose hand goes on after a win (Sichuan's bloody battle) records the
        settlement in its state and lets the winners leave
        (:func:`~reference_engine.play.moves.continue_after_win`)."""
        return state.ended(self.settle_win(state, winners, by, source))

    @abstractmethod
    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """Score and pay the winners of the hand (main winner first)."""

    def exhaustive_draw(self, state: GameState) -> HandEnd:
        """The wall is exhausted: nothing moves (tw.play.last-16-reserved)."""
        return HandEnd(None, EndReason.EXHAUSTIVE)

    def abortive_draw(self, state: GameState, reason: EndReason) -> HandEnd:
        """A hand ended without a win before the wall ran out: nothing moves."""
        return HandEnd(None, reason)

    def abort_after_discard(self, state: GameState) -> HandEnd | None:
        """A discard nobody won on may end the hand (riichi's four kongs); None to go on."""
        return None


NEUTRAL_HOOKS = ("on_discard", "discardable", "turn_extras", "abort_after_discard")
"""The hooks whose default changes nothing (the family's record kept, every tile
discardable, no extra action, no abortive draw): skipped for a family that keeps them
(:attr:`PlayRules.own_hooks`)."""
