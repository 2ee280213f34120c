"""`/coal help`: how to play, one topic per action."""

from __future__ import annotations

HELP: dict[str, str] = {
    "overview": (
        "**Coal Baron** — 3 shifts. On your turn place workers on one space and take its action: "
        "an empty space takes 1 worker; a space with N workers takes N + 1 and sends those N to the canteen. "
        "Buy tunnel tiles (`/coal factory`), mine coal onto your orders (`/coal mine`), deliver complete orders "
        "(`/coal deliver`), take money (`/coal money`) or orders (`/coal order`), "
        "or 1 mark at the bank (`/coal bank`). "
        "A shift ends when all workers are placed; majorities on the shift clock score. "
        "`/coal help topic:` board, factory, mine, plan, deliver, money, order, bank, scoring, language."
    ),
    "factory": (
        "`/coal factory space:` 1–8 buys that tunnel tile: pay 1/2/3/4 marks per yellow/brown/grey/black cart; "
        "the carts arrive full of coal on your pit's matching level (light or dark side). "
        "`space:draw` shows you alone the top 5 tiles: keep one you can pay for (or none), "
        "the rest go back on top or at the bottom."
    ),
    "mine": (
        "`/coal mine steps:` 4, 6, 8 or 10 work steps. Without `plan` a private mining console opens: "
        "press steps one by one, Undo, then Confirm (nothing happens before Confirm; Cancel places no workers). "
        "Each step: move the cage up or down (any distance), load 1 cube from a cart at the cage's level "
        "(the cage holds 5), at the surface put 1 cube on a matching order spot or into storage, "
        "or put 1 cube from storage on an order. Two cubes of any colour may fill a spot (2 steps)."
    ),
    "plan": (
        "`plan` is a comma-separated list of steps: `cage L` (surface, yellow, brown, grey, black), `load C`, "
        "`fill O.S C` (order O as numbered in `/coal pit`, spot S), `fill O.S C+C` (two cubes, 2 steps), "
        "`store C`, `fill O.S C from storage`. Example: `/coal mine steps:8 plan:cage grey, load grey, "
        "load grey, cage surface, fill 1.1 grey, fill 1.2 grey`."
    ),
    "deliver": (
        "`/coal deliver vehicle:` delivers **all** your complete orders of that vehicle: their VP at once, "
        "their cubes back to the supply, the cards face down in front of you (they count at every shift scoring)."
    ),
    "money": "`/coal money amount:` 3, 4, 5 or 6 marks.",
    "order": (
        "`/coal order space:` 1–4 takes that order card. `space:draw` shows you alone the top 5 cards: "
        "keep one (or none), the rest go back on top or at the bottom."
    ),
    "bank": "`/coal bank`: always possible while you have a worker — exactly 1 worker, 1 mark.",
    "scoring": (
        "After shift 1 the clock scores elements 1–4 (delivered yellow, brown, grey, black spots), after shift 2 "
        "also 5–8 (spots delivered by wheelbarrow, carriage, truck, train), after shift 3 also 9–12 (empty carts "
        "per level). Majorities get first/second place VP; ties share first and then nobody is second; with 2 "
        "players there is no second place. The game ends with: 1 VP per 5 marks, 1 VP per 3 cubes, −1 VP per "
        "outstanding order, −2 VP per tile of difference between your light and dark sides."
    ),
    "language": (
        "I speak English, Deutsch, italiano, español and 日本語: a game's channel in the language chosen with "
        "`/coal new language:`, your private replies and the commands in your Discord language. No native "
        "speaker has read every sentence yet: if one reads wrong, copy it, say what a player of your language "
        "would write instead, and send both to the people who run this bot (the link in its profile). The "
        "words we most want checked are listed in the project's docs/languages.md."
    ),
}

# `/coal help topic:board` is the board's labelled picture and its key (bot.words.board_key), not a text here
BOARD = "board"
TOPICS = ("overview", BOARD, *(topic for topic in HELP if topic != "overview"))
