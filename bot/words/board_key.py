"""The board's key in words: what each number on the labelled picture (`rendering.board_key`) is, and the
coal marks that stand for the colours everywhere."""

from __future__ import annotations

from bot.i18n import N_, _

HEAD = N_("🗺️ **The board, part by part** — the numbers on the picture:")
# one line a part, in the order of rendering.board_key.PARTS; each names the part, then what it does
PARTS = {
    "factory": N_(
        "**Factory of carts**: buy the tunnel tile shown for the marks at its top; **?** draws from the tile"
        " stack (the number: tiles left)."
    ),
    "order": N_("**New orders**: take the order card shown; **?** draws from the order stack."),
    "deliver": N_(
        "**Delivery**, a space per vehicle (wheelbarrow, carriage, truck, train): deliver your complete orders"
        " of that vehicle."
    ),
    "mine": N_("**Mining**: the number is the work steps the worker gets."),
    "money": N_("**Money**: take the marks shown; the **bank** (🏛) gives 1 mark for exactly 1 worker."),
    "locked": N_("A **locked** space: closed at this number of players."),
    "clock": N_(
        "**Shift clock**: a row per shift (1–3 at the left); each element shows what it counts and the VP"
        " its majority scores. The framed elements score at the end of this shift."
    ),
    "table": N_("**Table**: each player's VP (★), marks, workers in hand, on the bank and in the canteen."),
    "header": N_(
        "**A pit's row**: seat, name, VP, marks, workers in hand, orders outstanding and delivered;"
        " ➤ shows whose turn it is, the flag the start player."
    ),
    "levels": N_(
        "**Tunnel levels**, yellow to black from the top (the coal mark at the left): carts on the light side"
        " left of the shaft, on the dark side right of it."
    ),
    "shaft": N_("**Shaft and cage**: where the cage is and what it holds (5 places)."),
    "storage": N_("**Storage** at the surface: cubes kept for later orders."),
    "balance": N_(
        "**Tunnel balance**: tiles on the light side and on the dark side; −2 VP at the end per tile of difference."
    ),
    "orders": N_("**Orders**, numbered as plans use them, with their spots to fill; below, the orders delivered."),
}
LINE = N_("**{number}** {part}")  # a numbered line of the key: the number on the picture, then its part
# the coal marks, the same on cubes, carts, order spots and the clock (rendering.icons)
MARKS = N_("Coal marks, the same everywhere: ● yellow, ▲ brown, ▬ grey, ✚ black.")
ALT = N_("The board with its parts numbered from 1 to {count}, as listed in the message.")


def key_lines(parts: tuple[str, ...]) -> list[str]:
    """The key: its head, a numbered line per part (in the picture's order), then the coal marks."""
    lines = [_(HEAD)]
    lines += [_(LINE).format(number=k, part=_(PARTS[part])) for k, part in enumerate(parts, start=1)]
    lines.append(_(MARKS))
    return lines


def key_text(parts: tuple[str, ...]) -> str:
    return "\n".join(key_lines(parts))


def key_alt(parts: tuple[str, ...]) -> str:
    """The picture's description (its alt text)."""
    return _(ALT).format(count=len(parts))
