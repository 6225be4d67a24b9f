"""The game: a deterministic state machine for one hand, its actions, the wall, and matches.

``legal_actions(state, seat)`` lists every legal action; ``apply(state, action)``
returns the next state or raises a coded ``illegal-action`` error. Variants
plug in through :class:`reference_engine.play.rules.PlayRules` hooks.
"""
