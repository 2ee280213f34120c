"""What the metrics cost a move: the instruments a move touches, timed against the bot's CPU per move.

    python -m bench.metrics [--repeats 5]

A person's move touches two instruments (`coalbaron_moves_stored_total` once, and
`coalbaron_interaction_seconds` once when its interaction is handled); a computer's adds its think time.
Timed here a million times each, in this process, against a floor measured in the same run: a call to a
function that does nothing. The bot's CPU per move comes from `python -m bench.bare` (about 13 ms on the
development machine: docs/development.md); the ratio printed is the instruments' share of it.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.service.metrics import Metrics

N = 1_000_000
BOT_CPU_PER_MOVE = 0.013  # seconds: bench.bare (13.06 ms, the median of six runs, docs/scale.md)


def timed(fn) -> float:
    started = time.process_time()
    for _ in range(N):
        fn()
    return (time.process_time() - started) / N


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.metrics", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    m = Metrics()
    interaction = m.interactions.labels("command")
    think = m.think.labels("normal")

    def nothing() -> None:
        pass

    def person_move() -> None:
        m.moves.inc()
        interaction.observe(0.012)

    def computer_move() -> None:
        m.moves.inc()
        think.observe(0.4)

    rows: dict[str, list[float]] = {
        "floor (a call that does nothing)": [],
        "a person's move": [],
        "a computer's move": [],
    }
    for _ in range(args.repeats):
        rows["floor (a call that does nothing)"].append(timed(nothing))
        rows["a person's move"].append(timed(person_move))
        rows["a computer's move"].append(timed(computer_move))
    floor = statistics.median(rows["floor (a call that does nothing)"])
    for name, values in rows.items():
        cost = statistics.median(values)
        print(
            f"{name}: {cost * 1e9:.0f} ns of CPU ({cost / floor:.1f}x the floor;"
            f" {cost / BOT_CPU_PER_MOVE * 100:.4f} % of the bot's CPU per move)"
        )


if __name__ == "__main__":
    main()
