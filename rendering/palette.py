"""The colours of the images: seats, coal (with a mark each, for colour-blind players: `icons.MARKS`), board and pit.

Every colour is an RGB tuple so tests can compare probed pixels with these constants.
"""

from __future__ import annotations

from rules.components import SEAT_COLOURS as SEAT_COLOUR_NAMES

RGB = tuple[int, int, int]


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


# Players' worker colours, keyed by the rules' seat colour names; SEAT_COLOURS is by seat.
SEAT_RGB: dict[str, RGB] = {
    "red": hex_rgb("#d94841"),
    "blue": hex_rgb("#3b7dd8"),
    "green": hex_rgb("#3fa34d"),
    "purple": hex_rgb("#8e5cc9"),
}
SEAT_COLOURS: tuple[RGB, ...] = tuple(SEAT_RGB[name] for name in SEAT_COLOUR_NAMES)

# Coal by colour index (yellow, brown, grey, black): the cube's fill, and its mark's colour (`COAL_INK`).
COAL: tuple[RGB, ...] = (hex_rgb("#f2c230"), hex_rgb("#8b5a2b"), hex_rgb("#a9afb6"), hex_rgb("#161616"))
COAL_INK: tuple[RGB, ...] = (hex_rgb("#3a2c00"), hex_rgb("#ffffff"), hex_rgb("#15181c"), hex_rgb("#ffffff"))
COAL_EDGE: tuple[RGB, ...] = (hex_rgb("#9c7a10"), hex_rgb("#4e3015"), hex_rgb("#6c727a"), hex_rgb("#8a8a8a"))
COAL_SHADE: tuple[RGB, ...] = (hex_rgb("#c99a12"), hex_rgb("#6a4220"), hex_rgb("#878d95"), hex_rgb("#000000"))
# The ring of an empty coal spot on an order card (a spot that asks for that colour).
SPOT_RING: tuple[RGB, ...] = (hex_rgb("#e0a800"), hex_rgb("#8b5a2b"), hex_rgb("#7f868e"), hex_rgb("#161616"))

# Page and board.
PAGE = hex_rgb("#1d2026")
PANEL = hex_rgb("#2a2f37")
PANEL_EDGE = hex_rgb("#434a56")
CELL = hex_rgb("#363c47")
CELL_EDGE = hex_rgb("#505866")
TEXT = hex_rgb("#f2f2f2")
TEXT_DIM = hex_rgb("#9aa3ad")
LABEL_INK = hex_rgb("#d7dce4")  # space numbers on the board
HIGHLIGHT = hex_rgb("#ffd54a")  # whose turn, what scores now
LAST = hex_rgb("#4fd8ff")  # what the last move used and changed (turn image)
LOCKED = hex_rgb("#4a3f35")  # lock tile over a space the player count closes
LOCK_EDGE = hex_rgb("#5d5044")
LOCK_ICON = hex_rgb("#b9a58a")
EMPTY_WORKER = hex_rgb("#4b5260")  # outline of a free worker spot

# Group tints of the board's worker spaces.
GROUP_TINT = {
    "factory": hex_rgb("#3a3631"),
    "order": hex_rgb("#33393f"),
    "deliver": hex_rgb("#2f3a36"),
    "mine": hex_rgb("#3a3339"),
    "money": hex_rgb("#3b3a2e"),
    "bank": hex_rgb("#303643"),
}

# Tiles, carts and the pit.
TILE_LIGHT = hex_rgb("#dcc893")
TILE_LIGHT_EDGE = hex_rgb("#a8935c")
TILE_DARK = hex_rgb("#262b35")
TILE_DARK_EDGE = hex_rgb("#8a93a3")
LANTERN = hex_rgb("#ffcf3f")
LANTERN_FRAME = hex_rgb("#5a4a2a")
CART = hex_rgb("#7d858f")
CART_EDGE = hex_rgb("#3d434b")
CART_EMPTY = hex_rgb("#2c3037")  # the inside of an empty cart, where a cube would sit
WHEEL = hex_rgb("#15171a")
ROCK = hex_rgb("#3b322b")
ROCK_EDGE = hex_rgb("#55483d")
LIGHT_ROCK = hex_rgb("#4a3e32")  # the light side of a level
DARK_ROCK = hex_rgb("#28221e")  # the dark side of a level
SURFACE_SKY = hex_rgb("#2c3846")
SURFACE_GROUND = hex_rgb("#4b5a3f")
LANDING = hex_rgb("#22252a")  # where a level meets the shaft
SHAFT = hex_rgb("#121417")
RAIL = hex_rgb("#5f6670")
CABLE = hex_rgb("#8c949e")
CAGE = hex_rgb("#c9ccd1")  # the cage's frame
CAGE_EDGE = hex_rgb("#5a5e64")
CAGE_SLOT = hex_rgb("#2a2e35")  # a free place in the cage
STORAGE = hex_rgb("#2e3540")

# Cards.
CARD = hex_rgb("#efe6d2")
CARD_EDGE = hex_rgb("#8d7f63")
CARD_INK = hex_rgb("#2a2622")
CARD_SPOT = hex_rgb("#e2d8c2")  # the inside of an empty coal spot on a card
CARD_BACK = hex_rgb("#6b3f2a")
CARD_BACK_EDGE = hex_rgb("#c89f6a")
TILE_BACK = hex_rgb("#4b4f58")
TILE_BACK_EDGE = hex_rgb("#8f96a3")
VEHICLE_TINT: tuple[RGB, ...] = (hex_rgb("#c9a66b"), hex_rgb("#7fa7c9"), hex_rgb("#c97f7f"), hex_rgb("#8fbf8a"))

# Icons and signs.
PENALTY = hex_rgb("#eb786e")  # negative VP
TICK = hex_rgb("#6ec878")  # delivered
GOLD = hex_rgb("#e8b93a")
GOLD_EDGE = hex_rgb("#8a6a12")
STAR = hex_rgb("#ffd54a")
STAR_EDGE = hex_rgb("#a07f10")
