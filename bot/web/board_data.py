"""What a board page receives: the game as its viewer may see it (`rules.view` for their seat, a spectator's
for anyone else) and nothing else — no hidden card, no deck order, no seed — with what the viewer may do
now, each choice worded and costed in their language. Worked out from the view alone, so nothing hidden
can leak into a label: the choices come from `rules.legal_actions` of the view, which the rules decide the
same as of the whole state (what is hidden changes no choice).

`tables()` is what never changes (the pieces' tables and every name), sent once a language.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import speaking
from bot.words import board as words
from bot.words.choices import label
from bot.words.common import marks, workers
from bot.words.rules import at_level, card_name, colour_name, cubes, level_name, space_name, tile_name, vehicle_name
from games import Game
from games.choices import choices_for
from games.computers import is_computer, level_to_move
from rendering import palette
from rendering.icons import MARKS
from rules import (
    Action,
    CageTo,
    ChooseDrawn,
    Fill,
    GameState,
    Mine,
    MinePlanner,
    legal_actions,
    parse_plan,
    placement_space,
    view,
)
from rules.components import (
    CART_COST,
    CLOCK,
    ELEMENTS_SCORED,
    LOCKED,
    ORDER_CARDS,
    SEAT_COLOURS,
    SPACES,
    TILES,
    VEHICLES,
)
from rules.mining import MineStep


def viewer_of(game: Game, user_id: int | None) -> str | None:
    """The seat name a person plays in the game (a computer standing in for them included); None: a spectator."""
    seat = game.seat_of_user(user_id) if user_id is not None else None
    return seat.name if seat is not None else None


def tables(lang: str) -> dict[str, Any]:
    """The game's fixed tables and every name the page shows, in `lang`."""
    with speaking(lang):
        return {
            "lang": lang,
            "tiles": [
                {"id": t.id, "colour": t.colour, "carts": t.carts, "dark": t.dark, "price": t.price} for t in TILES
            ],
            "cards": [{"id": c.id, "vehicle": c.vehicle, "vp": c.vp, "spots": list(c.spots)} for c in ORDER_CARDS],
            "spaces": [{"index": s.index, "group": s.group, "value": s.value} for s in SPACES],
            "clock": [
                {"number": e.number, "kind": e.kind, "which": e.which, "first": e.first, "second": e.second}
                for e in CLOCK
            ],
            "scored": ELEMENTS_SCORED,
            "locked": {str(n): sorted(spaces) for n, spaces in LOCKED.items()},
            "seat_colours": list(SEAT_COLOURS),
            "cart_cost": list(CART_COST),
            "palette": {  # the images' colours and the coal's marks, so the board and the images agree
                "coal": [_hex(c) for c in palette.COAL],
                "ink": [_hex(c) for c in palette.COAL_INK],
                "edge": [_hex(c) for c in palette.COAL_EDGE],
                "seats": {name: _hex(rgb) for name, rgb in palette.SEAT_RGB.items()},
                "marks": list(MARKS),
            },
            "names": {
                "colours": [colour_name(c) for c in range(4)],
                "levels": [level_name(k) for k in range(5)],
                "vehicles": [vehicle_name(v) for v in VEHICLES],
                "spaces": [space_name(s.key) for s in SPACES],
                "tiles": [tile_name(t.id) for t in TILES],
                "cards": [card_name(c.id) for c in ORDER_CARDS],
                "prices": [marks(t.price) for t in TILES],
                "clock": words.clock_names(),
                "cubes": [[cubes(colour, n) for n in range(6)] for colour in range(4)],
                "at_level": [at_level(k) for k in range(5)],
            },
            "help": words.help_topics(),
            "words": words.page_words(),
        }


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def board_data(game: Game, user_id: int | None, lang: str, *, paused: bool = False) -> dict[str, Any]:
    """The game as `user_id` may see it, and what they may do now, in `lang` (`tables` has the rest)."""
    state = game.started_state
    you = viewer_of(game, user_id)
    seen = view(state, you)
    own = you is not None and game.to_move_user == user_id and not paused and level_to_move(game) is None
    with speaking(lang):
        choices = choices_for(seen, you) if own and you is not None else []
        drawn = (
            [a for a in legal_actions(seen, you) if isinstance(a, ChooseDrawn)]
            if own and you is not None and seen.phase == "draw"
            else []
        )
        data: dict[str, Any] = {
            "game": game.id,
            "version": game.version,
            "status": game.status,
            "you": you,
            "your_turn": own,
            "to_move": seen.to_move,
            "computer_to_move": is_computer(game.to_move_user) or level_to_move(game) is not None,
            "deadline": game.deadline,
            "paused": paused,
            "timer": game.options.timer,
            "view": seen.model_dump(mode="json"),
            "seats": [{"name": s.name, "colour": s.colour, "computer": is_computer(s.user_id)} for s in game.seats],
            "costs": [workers(n + 1) for n in seen.space_workers],  # a space costs one more than is on it
            "choices": [
                {
                    "command": c.command,
                    "value": c.value,
                    "action": str(c.action),
                    "label": label(seen, c),
                    "space": _space_index(c.action),
                }
                for c in choices
            ]
            + [_draw_choice(seen, a) for a in drawn],
            "status_line": words.status_line(game, seen, you, paused),
        }
    return data


def mining(state: GameState, you: str, steps: int, plan_text: str, lang: str) -> dict[str, Any]:
    """The mining plan so far on the viewer's own pit (from their view): the pit after it, the steps left
    and the legal next steps, each with its text form and words; a refused plan says why."""
    seat = state.seat_of(you)
    planner = MinePlanner(state, steps, seat)
    with speaking(lang):
        if plan_text.strip():
            for step in parse_plan(plan_text):
                planner.push(step)
        nxt = planner.next_steps()
        return {
            "steps": steps,
            "left": planner.steps_left,
            "plan": [str(s) for s in planner.plan],
            "pit": planner.pit.model_dump(mode="json"),
            "next": [_step(planner, s) for s in nxt],
            "action": str(Mine(steps=planner.steps, plan=tuple(planner.plan))),
        }


def _space_index(action: Action) -> int | None:
    """The index in `SPACES` of the worker space an action places on; None for the bank and the draft."""
    space = placement_space(action)
    return None if space is None else space.index


def _draw_choice(state: GameState, action: ChooseDrawn) -> dict[str, Any]:
    text = str(action)
    return {"command": "keep", "value": text, "action": text, "label": words.draw_label(state, action), "space": None}


def _step(planner: MinePlanner, step: MineStep) -> dict[str, Any]:
    """A legal next mining step: its text form, its words, and what on the pit it is done to (the page's
    targets: a level for the cage, a level's carts for a load, the storage, an order's spot)."""
    out: dict[str, Any] = {"step": str(step), "label": words.step_label(planner, step), "op": step.op}
    if isinstance(step, CageTo):
        out["level"] = step.level
    elif isinstance(step, Fill):
        out |= {"order": step.order, "spot": step.spot, "cubes": list(step.cubes), "sources": list(step.sources)}
    else:
        out["colour"] = step.colour
    return out
