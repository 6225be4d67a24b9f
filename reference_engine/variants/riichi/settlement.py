"""Who pays whom when a riichi hand ends: the winners' payments with the riichi sticks to the
first winner, the deposits of the declarers, and a drawn hand's noten payments or nagashi
mangan (sanma.payments.*, sanma.draws.*)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from reference_engine.outcome import Settlement, WinnerResult
from reference_engine.play.state import EndReason, GameState, HandEnd
from reference_engine.variants.riichi.context import RiichiNumbers
from reference_engine.variants.riichi.scoring import RiichiScore
from reference_engine.variants.riichi.state import riichi_state
from spec.seats import SEATS, Seat
from spec.tiles import TERMINALS_AND_HONOURS
from spec.wins import WinBy


def win_end(
    state: GameState,
    scores: Sequence[tuple[Seat, RiichiScore]],
    deposits: dict[Seat, int],
    deposit: int,
) -> HandEnd:
    """The winners' payments, each by its best reading (``scores``, main winner first), and
    the declarers' ``deposits`` (:func:`declared`), the sticks put down and those already on
    the table (``deposit`` points each) going to the first winner (convention for a double
    ron, Tenhou)."""
    payments = dict.fromkeys(state.seats, 0)
    for _, best in scores:
        for payer, amount in best.payments.items():
            payments[payer] += amount
    collected = sum(-amount for amount in deposits.values())
    deposits[scores[0][0]] += collected + riichi_state(state).sticks * deposit
    results = tuple(_winner_result(seat, best) for seat, best in scores)
    return HandEnd(
        Settlement(results, MappingProxyType(payments)), EndReason.WIN, deposits=deposits
    )


def _winner_result(seat: Seat, best: RiichiScore) -> WinnerResult:
    figures: dict[str, int | str | None] = {
        "han": best.han,
        "fu": best.fu,
        "yakuman": best.yakuman,
        "limit": best.points.limit,
        "base": best.points.base,
    }
    return WinnerResult(seat, MappingProxyType(dict(best.patterns)), MappingProxyType(figures))


def declared(state: GameState, by: WinBy, source: Seat | None, deposit: int) -> dict[Seat, int]:
    """The ``deposit`` each declarer put down; a riichi discard won on is not paid
    (convention, Tenhou and WRC: the declaration fails)."""
    deposits = dict.fromkeys(state.seats, 0)
    ippatsu = riichi_state(state).ippatsu
    for seat in state.seats:
        index = SEATS.index(seat)
        failed = by is WinBy.DISCARD and seat is source and ippatsu[index]
        if state.ready[index] and not (failed and not state.win_only):
            deposits[seat] -= deposit
    return deposits


def drawn_end(
    state: GameState,
    reason: EndReason,
    payments: Mapping[Seat, int],
    tenpai: tuple[Seat, ...],
    deposit: int,
) -> HandEnd:
    """A hand drawn as ``reason`` says, with its ``payments``: the declarers' sticks stay on
    the table (sanma.draws.abortive-no-points)."""
    deposits = declared(state, WinBy.SELF_DRAW, None, deposit)
    placed = sum(-amount for amount in deposits.values()) // deposit
    return HandEnd(
        None,
        reason,
        payments=payments,
        tenpai=tenpai,
        deposits=deposits,
        sticks_left=riichi_state(state).sticks + placed,
    )


def draw_payments(
    state: GameState, tenpai: tuple[Seat, ...], numbers: RiichiNumbers, noten_total: int
) -> dict[Seat, int]:
    """sanma.draws.noten-payments and sanma.draws.nagashi-mangan (which replaces them):
    the payments of an exhaustive draw, ``tenpai`` the seats ready."""
    payments = dict.fromkeys(state.seats, 0)
    nagashi = [seat for seat in state.seats if _is_nagashi(state, seat, numbers)]
    for seat in nagashi:
        for payer in state.seats:
            if payer is not seat:
                factor = 2 if Seat.EAST in (seat, payer) else 1
                payments[payer] -= numbers.base_cap * factor
                payments[seat] += numbers.base_cap * factor
    if not nagashi and 0 < len(tenpai) < state.players:
        noten = [seat for seat in state.seats if seat not in tenpai]
        for seat in noten:
            payments[seat] -= noten_total // len(noten)
        for seat in tenpai:
            payments[seat] += noten_total // len(tenpai)
    return payments


def _is_nagashi(state: GameState, seat: Seat, numbers: RiichiNumbers) -> bool:
    """sanma.draws.nagashi-mangan: every discard a terminal or honour, none called (at a
    table that plays it, riichi.house.nagashi-mangan)."""
    if not numbers.house.nagashi_mangan:
        return False
    index = SEATS.index(seat)
    extra = riichi_state(state)
    discards = state.discards[index]
    return (
        bool(discards)
        and not extra.called_from[index]
        and all(t.normal in TERMINALS_AND_HONOURS for t in discards)
    )
