"""The riichi core: yaku, dora, fu, limits and payments, shared by the four-player profile and
the JoyPip three-player profile (which changes the tile set, dora order, seats and payments)."""
