"""A scripted player that decides only from what the bot shows: messages, autocomplete, consoles.

It never reads the database: whose turn it is comes from the ping in the channel, what is
legal from autocomplete, the pit from the mining console's panel. Good enough to complete
orders, deliver them, buy tiles and use both draw spaces.
"""

from __future__ import annotations

import random
import re

from .driver import components_of, custom_ids, enabled, labels, lobby_button, menu, open_lobby, panel_text

COLOURS = ["yellow", "brown", "grey", "black"]
MENTION = re.compile(r"<@(\d+)>")


def pending_member(w):
    """The member the latest turn message pings, and what for ('turn', 'pick'); None at the end.

    Read from the messages' form, not their words, so it works in every language: the newest post
    with an image, a ping and the turn's buttons names the player to move last (after a scored shift
    that post is the scoring, which comes after the move and ends with the ping); a scoring image
    without a turn's buttons (Rematch, Replay and Review at most) newer than any of them is the final scoring.
    """
    for message in reversed(w.channel.history()):
        files = [a.filename for a in message.attachments]
        pinged = MENTION.findall(message.content)
        final = ("coal:rematch:", "coal:replay:", "coal:review:")
        if "scoring.png" in files and all(c.startswith(final) for c in custom_ids(message)):
            return None, "over", message  # the final scores: no turn's buttons, Rematch, Replay and Review at most
        if files and pinged and custom_ids(message):
            member = next(x for x in w.players if x.id == int(pinged[-1]))
            picking = any(c.startswith("coal-menu:draft") for c in custom_ids(message))
            return member, "pick" if picking else "turn", message
    raise AssertionError("no turn message found")


class ScriptedPlayer:
    def __init__(self, w, rng: random.Random):
        self.w = w
        self.rng = rng
        self.used = {"console": 0, "plan": 0, "factory_draw": 0, "order_draw": 0, "deliver": 0, "draft_menu": 0}

    async def suggest(self, member, command: str, option: str) -> list[dict]:
        return await member.autocomplete(self.w.channel, command, option, "")

    async def pick(self, member, message) -> None:
        if self.rng.random() < 0.5:
            draft = menu(message, "coal-menu:draft")
            option = self.rng.choice(draft.options)
            r = await member.select(message, [option.value], custom_id=draft.custom_id)
            self.used["draft_menu"] += 1
        else:
            offered = await self.suggest(member, "coal draft", "card")
            r = await member.slash(self.w.channel, "coal draft", card=self.rng.choice(offered)["value"])
        assert r.acknowledged and not r.ephemeral, r.response.content

    async def turn(self, member) -> None:
        delivers = await self.suggest(member, "coal deliver", "vehicle")
        if delivers:
            await self.slash(member, "coal deliver", vehicle=delivers[0]["value"])
            self.used["deliver"] += 1
            return
        roll = self.rng.random()
        if roll < 0.6 and await self.mine(member):
            return
        if roll < 0.75:
            orders = await self.suggest(member, "coal order", "space")
            cheap = [o for o in orders if o["name"].endswith("— 1 worker")]
            if cheap:
                choice = self.rng.choice(cheap)
                await self.slash(member, "coal order", space=choice["value"])
                return
        tiles = [t for t in await self.suggest(member, "coal factory", "space") if t["name"].endswith("1 worker")]
        if tiles and roll < 0.9:
            await self.slash(member, "coal factory", space=self.rng.choice(tiles)["value"])
            return
        money = await self.suggest(member, "coal money", "amount")
        cheap = [m for m in money if m["name"].endswith("— 1 worker")]
        if cheap:
            await self.slash(member, "coal money", amount=cheap[-1]["value"])
            return
        await self.slash(member, "coal bank")

    async def slash(self, member, command: str, **options) -> None:
        r = await member.slash(self.w.channel, command, **options)
        assert r.acknowledged and not r.ephemeral, (command, options, r.response.content)
        if r.followups and r.followups[0].ephemeral:  # a draw space: the private choice
            await self.choose_drawn(member, r.followups[0], command)

    async def choose_drawn(self, member, private, command: str) -> None:
        self.used["factory_draw" if "factory" in command else "order_draw"] += 1
        pick = menu(private, "coal-menu:pick")
        value = self.rng.choice(pick.options).value
        await member.select(private, [value], custom_id=pick.custom_id)
        r = await member.click(private, label=self.rng.choice(["Rest on top", "Rest at the bottom"]))
        assert r.response.content.startswith("You kept"), r.response.content

    # --- mining with the console ---------------------------------------------------------------

    async def mine(self, member) -> bool:
        options = await self.suggest(member, "coal mine", "steps")
        one = [o for o in options if o["name"].endswith("— 1 worker")]
        if not one:
            return False
        steps = max(o["value"] for o in one)
        r = await member.slash(self.w.channel, "coal mine", steps=steps)
        assert r.ephemeral, r.response.content
        console = r.response
        text = panel_text(console)
        for _ in range(12):
            nxt = await self.step(member, console, text)
            if nxt is None:
                break
            text = nxt
        plan = re.search(r"Plan: (.*)", text).group(1)
        if plan == "no step yet":
            await member.click(console, label="Cancel")
            return False
        if self.rng.random() < 0.3:  # the same plan typed as text
            await member.click(console, label="Cancel")
            await self.slash(member, "coal mine", steps=steps, plan=plan)
            self.used["plan"] += 1
            return True
        r = await member.click(console, label="Confirm")
        assert panel_text(r.response).startswith("Mined:"), panel_text(r.response)
        self.used["console"] += 1
        return True

    async def step(self, member, console, text: str) -> str | None:
        """Take one sensible console step; the console's new text, or None to stop."""
        fills = [c for c in components_of(console) if c.custom_id.startswith("coal-menu:mcfill")]
        if fills:
            singles = [o for o in fills[0].options if "+" not in o.label]
            if singles:
                r = await member.select(console, [singles[0].value], custom_id=fills[0].custom_id)
                return panel_text(r.response)
        loads = [x for x in labels(console) if x.startswith("Load ") and enabled(console, x)]
        wanted = set(re.findall(r"\d+\.\d+ (\w+) \(empty\)", text))
        useful = [x for x in loads if x.split()[1] in wanted]
        if useful:
            return panel_text((await member.click(console, label=useful[0])).response)
        holding = re.search(r"Cage at the (\w+)(?: level)?, (?:holding (.*?)|empty)\.", text)
        level, held = holding.group(1), holding.group(2) or "nothing"
        if level != "surface" and held != "nothing" and enabled(console, "Cage surface"):
            return panel_text((await member.click(console, label="Cage surface")).response)
        carts = dict(re.findall(r"(\w+) level, \d+ carts?: ([^;.]*)", text))
        for colour in COLOURS:
            if colour in wanted and colour in carts.get(colour, "") and enabled(console, f"Cage {colour}"):
                return panel_text((await member.click(console, label=f"Cage {colour}")).response)
        return None


async def play_to_the_end(w, players: int, seed: int, monkeypatch, lobby=None) -> tuple[ScriptedPlayer, int]:
    """A game opened with `/coal new` (or the `lobby` message given, alice's, in `w.channel`), joined
    and started with the lobby's buttons, then played by scripted players to its final scores; the
    policy (what it used) and the number of moves."""
    monkeypatch.setattr("games.lobbies.secrets.randbits", lambda bits: seed)  # the deal's seed
    if lobby is None:
        lobby = await open_lobby(w, players)
    else:
        for member in w.players[1:players]:
            await member.click(lobby, custom_id=lobby_button(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    policy = ScriptedPlayer(w, random.Random(seed))
    moves = 0
    while True:
        member, what, message = pending_member(w)
        if member is None:
            break
        # the turn message carries the board (after a scored shift, the scoring: the move's board is just above)
        assert message.attachments and message.attachments[0].filename in ("board.png", "scoring.png"), message.content
        if what == "pick":
            await policy.pick(member, message)
        else:
            await policy.turn(member)
        moves += 1
        assert moves < 400, "the game does not end"
    return policy, moves
