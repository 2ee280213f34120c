"""The post-game review in words: how far it is, the race's key, where each player's points came from,
their turning points and accuracy (the figures: `players.review`; the picture: `rendering.review_chart`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Nn_, Np_, _
from bot.words.choices import action_usage
from bot.words.common import decimal, listing, percent, plural, shown
from bot.words.computers import reason_in_game_terms
from bot.words.rules import vehicle_name
from bot.words.turns import SCORE
from players.review import Verdict

REVIEW_BUTTON = N_("Review")
REVIEW_BUTTON_AT = N_("Review — {percent}…")  # the button while the review is worked out: "Review — 40 %…"
ANALYSING = N_(
    "📈 The review of this game is being worked out: {percent} done. It is posted in the game's channel when ready."
)
NOT_OVER = N_("A review is made once the game has ended: it never helps during play.")
HEAD = N_("📈 **Review of game {game}** — where it was won and lost")
CHART_KEY = N_(
    "The picture: each player's VP (solid line) and the final VP the expert expected for them after every"
    " move (dashed, with the player's mark); the dotted lines are the shift scorings."
)
ALT = N_(
    "The race of game {game}: each player's VP and the final VP the expert expected for them, move by move,"
    " the three shift scorings marked; at the end {players}."
)
POINTS_HEAD = N_("**Where the points came from**")
POINTS = N_(
    "**{player}**, {vp} VP: deliveries {deliveries} VP ({vehicles}); shift scorings {shifts}; the end {end} VP"
    " ({parts})."
)
VEHICLE_VP = N_("{vehicle}: {vp}")  # a vehicle and the VP its deliveries scored, in a list: "truck: 16"
NO_DELIVERY = Np_("delivered vehicles", "none")  # no vehicle delivered
SHIFT_VP = N_("{shift}: {vp}")  # a shift and its scoring's VP, in a list: "1: 9"
END_PARTS = N_("marks {marks}, coal {cubes}, orders left {orders}, tunnel balance {balance}")
PLAYER_HEAD = N_("**{player}** — turning points")
ACCURACY = Nn_(
    "Accuracy: {loss} expected VP lost per decision, on average over {n} decision (0 is the expert's own play;"
    " each decision judged from what the player could see then).",
    "Accuracy: {loss} expected VP lost per decision, on average over {n} decisions (0 is the expert's own play;"
    " each decision judged from what the player could see then).",
)
NO_LOSS = N_("No decision lost anything by the expert's measure.")
TURNING = N_("{rank}. Move {move}: `{played}` — the expert would have played `{best}`, {loss} VP better.")
TURNING_BUTTON = N_("{player}: move {move}")  # a button opening the replay at a turning point


def _done_share(judged: int, total: int) -> str:
    """How much of a review is done, as a percent the language writes (Babel's)."""
    return percent(judged / total if total else 0)


def button_at(judged: int, total: int) -> str:
    """Review's label while it is worked out, in the channel's language."""
    return _(REVIEW_BUTTON_AT).format(percent=_done_share(judged, total))


def analysing(judged: int, total: int) -> str:
    return _(ANALYSING).format(percent=_done_share(judged, total))


def points_line(player: str, vp: int, delivered: dict[str, int], shifts: Sequence[int], end: dict[str, int]) -> str:
    """One player's points by where they came from: deliveries by vehicle, each shift scoring, the end."""
    vehicles = listing(_(VEHICLE_VP).format(vehicle=vehicle_name(v), vp=p) for v, p in delivered.items() if p)
    scorings = listing(_(SHIFT_VP).format(shift=k, vp=p) for k, p in enumerate(shifts, start=1))
    total_end = sum(end.values())
    return _(POINTS).format(
        player=shown(player),
        vp=vp,
        deliveries=sum(delivered.values()),
        vehicles=vehicles or _(NO_DELIVERY),
        shifts=scorings,
        end=total_end,
        parts=_(END_PARTS).format(**end),
    )


def turning_line(rank: int, move: int, verdict: Verdict) -> str:
    """A turning point: the move, the expert's alternative, the VP it expected to lose, and why."""
    line = _(TURNING).format(
        rank=rank,
        move=move,
        played=action_usage(verdict.played),
        best=action_usage(verdict.best),
        loss=decimal(verdict.loss),
    )
    why = reason_in_game_terms(verdict.why) if verdict.why is not None else ""
    return f"{line} {why}".strip()


def accuracy_line(loss: float | None, n: int) -> str:
    if loss is None or n == 0:
        return _(NO_LOSS)
    return plural(n, *ACCURACY, loss=decimal(loss))


def alt_text(game_id: int, finals: Sequence[tuple[str, int]]) -> str:
    """The picture's description: what it shows, and the final scores (names, never mentions)."""
    players = listing(_(SCORE).format(player=name, vp=vp) for name, vp in finals)
    return _(ALT).format(game=game_id, players=players)[:1000]
