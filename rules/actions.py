"""Actions a player can take, each with a short text form that `parse_action` reads back.

Text forms (case-insensitive when read):

    draft 3                      take face-up card 3 in the opening draft
    factory 3 | factory draw     buy the tile on factory space 3 / look at the top 5 tiles
    factory 3 with grey          ... choosing the substitute colour when coal runs short (R-FAC-2)
    factory 3 with none          ... or leaving the cart the supply cannot fill empty
    factory 3 with grey none     ... one colour per such cart (2 carts short)
    mine 8                       mining 8 without using a step
    mine 8: cage grey, load grey, cage surface, fill 1.1 grey, fill 1.2 grey+yellow,
            store brown, fill 2.1 black from storage, fill 2.2 grey+brown from cage+storage
    deliver carriage             wheelbarrow, carriage, truck or train
    money 5                      3, 4, 5 or 6
    order 2 | order draw         take order card 2 / look at the top 5 cards
    bank                         1 worker on the bank, 1 mark
    keep 2, rest bottom          after a draw: keep drawn item 2, the rest to the bottom
    keep none, rest top 3 1 2 5 4  keep nothing, the rest on top in this order (first on top)
    keep 2 with grey, rest top   a kept tile with the substitute colour for its carts
    keep 2 with none, rest top   ... or with its short cart left empty

Mining steps follow the plan grammar of `docs/commands.md`: `cage L`, `load C`,
`fill O.S C`, `fill O.S C+C`, `store C`, `fill O.S C from storage`. A plan after the colon
needs at least one step. Text that is not an action raises `ActionSyntaxError`.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from .components import COLOUR_NAMES, LEVEL_NAMES, NO_COAL, VEHICLES, colour_from_word, level_from_word
from .errors import ActionSyntaxError, RulesReason, quote

Source = Literal["cage", "storage"]
VehicleName = Literal["wheelbarrow", "carriage", "truck", "train"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)

    def __str__(self) -> str:  # each subclass writes its own text form
        raise NotImplementedError


def _colours_text(colours: tuple[int, ...]) -> str:
    return "+".join(COLOUR_NAMES[c] for c in colours)


def _substitutes_text(colours: tuple[int, ...]) -> str:
    """ " with grey none": R-FAC-2's choice for each short cart, `none` to leave it empty."""
    if not colours:
        return ""
    return " with " + " ".join("none" if c == NO_COAL else COLOUR_NAMES[c] for c in colours)


# --- mining steps -----------------------------------------------------------------------


class CageTo(_Frozen):
    """Move the cage up or down to a level (R-MINE-1, R-MINE-2): 1 step."""

    op: Literal["cage"] = "cage"
    level: int = Field(ge=0, le=4)

    def __str__(self) -> str:
        return f"cage {LEVEL_NAMES[self.level]}"


class Load(_Frozen):
    """Move one cube from a cart at the cage's level into the cage (R-MINE-3): 1 step."""

    op: Literal["load"] = "load"
    colour: int = Field(ge=0, le=3)

    def __str__(self) -> str:
        return f"load {COLOUR_NAMES[self.colour]}"


class Store(_Frozen):
    """Move one cube from the cage (at the surface) to private storage (R-MINE-5): 1 step."""

    op: Literal["store"] = "store"
    colour: int = Field(ge=0, le=3)

    def __str__(self) -> str:
        return f"store {COLOUR_NAMES[self.colour]}"


class Fill(_Frozen):
    """Put one cube (or two, R-MINE-7) on an order spot, from the cage or storage.

    `order` and `spot` count from 1 as shown in the pit. One cube must match the spot's
    colour (R-MINE-4, R-MINE-6); two cubes of any colour cost 2 steps (R-MINE-7).
    """

    op: Literal["fill"] = "fill"
    order: int = Field(ge=1)
    spot: int = Field(ge=1)
    cubes: tuple[int, ...] = Field(min_length=1, max_length=2)
    sources: tuple[Source, ...] = Field(min_length=1, max_length=2)

    @property
    def cost(self) -> int:
        return len(self.cubes)

    def __str__(self) -> str:
        text = f"fill {self.order}.{self.spot} {_colours_text(self.cubes)}"
        if all(s == "cage" for s in self.sources):
            return text
        if all(s == "storage" for s in self.sources):
            return text + " from storage"
        return text + " from " + "+".join(self.sources)


Step = Annotated[CageTo | Load | Store | Fill, Field(discriminator="op")]


def step_cost(step: CageTo | Load | Store | Fill) -> int:
    return step.cost if isinstance(step, Fill) else 1


# --- actions ------------------------------------------------------------------------------


class DraftPick(_Frozen):
    """Take face-up card `card` (1-based) in the opening draft (R-SETUP-5)."""

    kind: Literal["draft"] = "draft"
    card: int = Field(ge=1)

    def __str__(self) -> str:
        return f"draft {self.card}"


class PlaceFactory(_Frozen):
    """Workers on a minecart factory space: buy its tile (R-FAC-1) or draw 5 (R-FAC-5)."""

    kind: Literal["factory"] = "factory"
    space: int | Literal["draw"]
    # R-FAC-2: for the carts the supply cannot fill, a colour each or NO_COAL (leave it
    # empty); () takes the most plentiful colours automatically.
    substitutes: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"factory {self.space}{_substitutes_text(self.substitutes)}"


class Mine(_Frozen):
    """Workers on a mining space and the work steps taken there (R-MINE-1..8)."""

    kind: Literal["mine"] = "mine"
    steps: Literal[4, 6, 8, 10]
    plan: tuple[Step, ...] = ()

    def __str__(self) -> str:
        if not self.plan:
            return f"mine {self.steps}"
        return f"mine {self.steps}: " + ", ".join(str(s) for s in self.plan)


class Deliver(_Frozen):
    """Workers on a delivery space: deliver all complete orders of the vehicle (R-DEL-1)."""

    kind: Literal["deliver"] = "deliver"
    vehicle: VehicleName

    def __str__(self) -> str:
        return f"deliver {self.vehicle}"


class TakeMoney(_Frozen):
    """Workers on a money space: take that many marks."""

    kind: Literal["money"] = "money"
    amount: Literal[3, 4, 5, 6]

    def __str__(self) -> str:
        return f"money {self.amount}"


class TakeOrder(_Frozen):
    """Workers on an order space: take its card (R-ORD-1) or draw 5 (R-ORD-2)."""

    kind: Literal["order"] = "order"
    space: int | Literal["draw"]

    def __str__(self) -> str:
        return f"order {self.space}"


class UseBank(_Frozen):
    """One worker on the bank for 1 mark (R-TURN-4)."""

    kind: Literal["bank"] = "bank"

    def __str__(self) -> str:
        return "bank"


class ChooseDrawn(_Frozen):
    """After a draw space: keep one drawn item or none, the rest on top or bottom.

    `pick` is the drawn item's position (1-based) or None. `order` lists the positions of
    the returned items, the one that ends up nearest the top first; None keeps the
    drawn order.
    """

    kind: Literal["keep"] = "keep"
    pick: int | None = Field(default=None, ge=1)
    to: Literal["top", "bottom"] = "bottom"
    order: tuple[int, ...] | None = None
    substitutes: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"keep {self.pick if self.pick is not None else 'none'}{_substitutes_text(self.substitutes)}"
        text += f", rest {self.to}"
        if self.order is not None:
            text += " " + " ".join(str(k) for k in self.order)
        return text


Action = Annotated[
    DraftPick | PlaceFactory | Mine | Deliver | TakeMoney | TakeOrder | UseBank | ChooseDrawn,
    Field(discriminator="kind"),
]

# --- reading the text form -------------------------------------------------------------------


def _bad(text: str, reason: RulesReason, **params: int | str) -> ActionSyntaxError:
    return ActionSyntaxError(reason, text=quote(text), **params)


def _colour(word: str, text: str) -> int:
    colour = colour_from_word(word)
    if colour is None:
        raise _bad(text, RulesReason.NOT_A_COLOUR, word=quote(word))
    return colour


def _substitutes(words: str, text: str) -> tuple[int, ...]:
    return tuple(NO_COAL if w == "none" else _colour(w, text) for w in words.split())


_FILL = re.compile(
    r"fill\s+(\d+)\s*\.\s*(\d+)\s+([a-z]+)(?:\s*\+\s*([a-z]+))?"
    r"(?:\s+from\s+(cage|storage)(?:\s*\+\s*(cage|storage))?)?$"
)


def parse_step(text: str) -> CageTo | Load | Store | Fill:
    """Read one mining step (`cage grey`, `load grey`, `fill 1.2 grey+brown`, ...).

    Raises ActionSyntaxError for text that is not a step.
    """
    t = " ".join(text.strip().lower().split())
    word, _, rest = t.partition(" ")
    if word == "cage" and rest:
        level = level_from_word(rest)
        if level is None:
            raise _bad(text, RulesReason.NOT_A_LEVEL, word=quote(rest))
        return CageTo(level=level)
    if word in ("load", "store") and rest:
        cls = Load if word == "load" else Store
        return cls(colour=_colour(rest, text))
    if word == "fill":
        m = _FILL.match(t)
        if not m:
            raise _bad(text, RulesReason.BAD_FILL)
        order, spot, c1, c2, s1, s2 = m.groups()
        cubes = (_colour(c1, text),) + ((_colour(c2, text),) if c2 else ())
        sources: tuple[Source, ...]
        if s1 is None:
            cage: Source = "cage"
            sources = (cage,) * len(cubes)
        elif s2 is None:
            sources = (cast(Source, s1),) * len(cubes)
        else:
            if len(cubes) != 2:
                raise _bad(text, RulesReason.TWO_SOURCES)
            sources = (cast(Source, s1), cast(Source, s2))
        if int(order) < 1 or int(spot) < 1:
            raise _bad(text, RulesReason.NUMBERED_FROM_ONE)
        return Fill(order=int(order), spot=int(spot), cubes=cubes, sources=sources)
    raise _bad(text, RulesReason.NOT_A_STEP)


def parse_plan(text: str) -> tuple[CageTo | Load | Store | Fill, ...]:
    """Read a comma-separated mining plan of at least one step.

    Raises ActionSyntaxError: EMPTY_PLAN, or the bad step's reason with `step` (its number).
    """
    steps = []
    for k, part in enumerate(p for p in text.split(",") if p.strip()):
        try:
            steps.append(parse_step(part.strip()))
        except ActionSyntaxError as err:
            raise err.in_step(k + 1) from None
    if not steps:
        raise _bad(text, RulesReason.EMPTY_PLAN)
    return tuple(steps)


def _space(word: str, text: str, top: int) -> int | Literal["draw"]:
    if word == "draw":
        return "draw"
    if word.isdigit() and 1 <= int(word) <= top:
        return int(word)
    raise _bad(text, RulesReason.BAD_SPACE, top=top)


def parse_action(text: str) -> Action:
    """Read an action from its text form (see the module docstring); inverse of `str`.

    Raises ActionSyntaxError (a reason code, and the start of the text) for text that is
    not an action; whether the action is allowed now is for `apply` to judge.
    """
    t = " ".join(text.strip().lower().split())
    word, _, rest = t.partition(" ")
    try:
        if word == "draft" and rest.isdigit():
            return DraftPick(card=int(rest))
        if word == "factory" and rest:
            space_word, _, more = rest.partition(" ")
            subs: tuple[int, ...] = ()
            if more:
                if not more.startswith("with "):
                    raise _bad(text, RulesReason.ONLY_WITH)
                subs = _substitutes(more[5:], text)
            return PlaceFactory(space=_space(space_word, text, 8), substitutes=subs)
        if word == "mine":
            head, colon, plan = rest.partition(":")
            head = head.strip()
            if head not in ("4", "6", "8", "10"):
                raise _bad(text, RulesReason.BAD_MINE_STEPS)
            steps = cast(Literal[4, 6, 8, 10], int(head))
            return Mine(steps=steps, plan=parse_plan(plan) if colon else ())
        if word == "deliver":
            if rest not in VEHICLES:
                raise _bad(text, RulesReason.BAD_VEHICLE)
            return Deliver(vehicle=cast(VehicleName, rest))
        if word == "money":
            if rest not in ("3", "4", "5", "6"):
                raise _bad(text, RulesReason.BAD_AMOUNT)
            return TakeMoney(amount=cast(Literal[3, 4, 5, 6], int(rest)))
        if word == "order" and rest:
            return TakeOrder(space=_space(rest, text, 4))
        if t == "bank":
            return UseBank()
        if word == "keep":
            return _parse_keep(t, text)
    except ActionSyntaxError:
        raise
    except ValueError as err:  # pydantic's range checks
        raise _bad(text, RulesReason.OUT_OF_RANGE) from err
    raise _bad(text, RulesReason.NOT_AN_ACTION_TEXT)


_KEEP = re.compile(r"keep\s+(none|\d+)(?:\s+with\s+([a-z ]+?))?\s*,\s*rest\s+(top|bottom)((?:\s+\d+)*)$")


def _parse_keep(t: str, text: str) -> ChooseDrawn:
    m = _KEEP.match(t)
    if not m:
        raise _bad(text, RulesReason.BAD_KEEP)
    pick, subs, to, order = m.groups()
    return ChooseDrawn(
        pick=None if pick == "none" else int(pick),
        substitutes=_substitutes(subs, text) if subs else (),
        to=cast(Literal["top", "bottom"], to),
        order=tuple(int(k) for k in order.split()) if order.strip() else None,
    )
