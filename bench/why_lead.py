"""How far a hint's expected lead can be trusted, shift by shift: why Why? names a margin only in the last.

    python -m bench.why_lead [--games 3] [--lookaheads 300] [--seed 1000]

Two `hard` computers play `--games` two-player games; before every decision of the turn phase the mover's
best hint is computed (`players.hints`, `--lookaheads` look-aheads, so the figures are the same on every
machine). Printed per shift: how much the hint's expected lead moves between a seat's consecutive decisions
(median and 90th percentile, VP) and how far it is from the margin the seat really finished with over its
rival. Measured 2026-12-02, 3 games, 300 look-aheads: swing median 6.7 / 4.9 / 1.3 VP (p90 16.5 / 16.4 /
7.3) and error median 30.5 / 19.8 / 7.3 VP (p90 92 / 66 / 22) in shifts 1 / 2 / 3: only in the third does
the number mean a final margin (`players.Hint.settled`).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from players import by_level, decision_seed, hints
from rules import apply, new_game, view

NAMES = ["Anna", "Bert"]


def leads_of_a_game(game_seed: int, lookaheads: int) -> list[tuple[int, float, float]]:
    """(shift, swing from the seat's previous hint, error against the real final margin) per decision."""
    state = new_game(NAMES, game_seed)
    movers = [by_level("hard"), by_level("hard")]
    seen_leads: dict[int, list[tuple[int, float]]] = {0: [], 1: []}
    while state.phase != "over":
        seat = state.current
        seen = view(state, NAMES[seat])
        if state.phase == "turn":
            best = hints(seen, decision_seed(game_seed, state), n=1, budget=None, lookaheads=lookaheads)
            if best:
                seen_leads[seat].append((state.shift, best[0].expected_lead))
        state, _ = apply(state, movers[seat].choose(seen, decision_seed(game_seed, state)))
    rows = []
    for seat, leads in seen_leads.items():
        final = state.players[seat].vp - state.players[1 - seat].vp
        for (_, before), (shift, lead) in zip(leads, leads[1:], strict=False):
            rows.append((shift, abs(lead - before), abs(lead - final)))
    return rows


def p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * len(values))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--lookaheads", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    by_shift: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for game in range(args.games):
        for shift, swing, error in leads_of_a_game(args.seed + game, args.lookaheads):
            by_shift[shift].append((swing, error))
    for shift in sorted(by_shift):
        swings = [s for s, _ in by_shift[shift]]
        errors = [e for _, e in by_shift[shift]]
        print(
            f"shift {shift}: {len(swings)} decisions; swing median {statistics.median(swings):.1f} VP,"
            f" p90 {p90(swings):.1f}; |lead - final margin| median {statistics.median(errors):.1f} VP,"
            f" p90 {p90(errors):.1f}"
        )


if __name__ == "__main__":
    main()
