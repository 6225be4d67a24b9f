"""The game core: a deterministic state machine for one hand that knows no variant.

It deals, takes turns, draws (from the front, replacements from the back), discards,
opens claim windows and grants claims (:mod:`~reference_engine.play.claims`), makes kongs
and ends hands. ``legal_actions(rules, state, seat)`` lists every legal action;
``apply(rules, state, action)`` changes the state in place and returns it, or raises a
coded ``illegal-action`` error and leaves it as it was (``state.snapshot()`` keeps a state
for later). Everything a rule family decides goes through the hooks of
:class:`~reference_engine.play.rules.PlayRules`, and what it keeps besides the core's state
lives in ``GameState.extra``.
"""
