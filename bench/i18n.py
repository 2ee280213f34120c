"""Cost of the words in five languages: a catalogue look-up and a localized mining plan, each as a
ratio to its baseline measured in the same run, and the one-off load of the catalogues.

    python -m bench.i18n

Baselines: a plain dict look-up of the same English text (what the bot pays today), and
`parse_plan` of the English plan. Target: a look-up costs microseconds, far under anything
`bench.bot` can see (a turn is milliseconds).
"""

from __future__ import annotations

import time
import timeit

from bot import i18n
from bot.play.plan_words import to_english_plan
from rules import parse_plan
from scripts.extract_messages import help_topics

HELP = help_topics()

ENGLISH = "cage grey, load grey, load grey, cage surface, fill 1.1 grey, fill 1.2 grey+brown, store black"
JAPANESE = "ケージ 灰、積む 灰、積む 灰、ケージ 地上、注文 1.1 灰、注文 1.2 灰+茶、倉庫 黒"


def per_call(fn, number: int) -> float:
    """Best of 5 runs, in microseconds per call."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def main() -> None:
    i18n.translator.cache_clear()
    i18n._entries.cache_clear()
    t0 = time.perf_counter()
    i18n.load_all()
    load = time.perf_counter() - t0
    print(f"load every catalogue: {load * 1000:.0f} ms once ({len(i18n.SUPPORTED) - 1} catalogues)")

    text = HELP["mine"]
    table = {text: text}
    ja = i18n.translator("ja")
    base = per_call(lambda: table.get(text), 200_000)
    look = per_call(lambda: ja.pgettext("help", text), 200_000)
    print(f"look-up: dict {base:.2f} µs, pgettext {look:.2f} µs ({look / base:.1f}x)")
    plural = per_call(lambda: ja.npgettext("units", "{count} worker", "{count} workers", 3), 200_000)
    print(f"plural look-up: {plural:.2f} µs ({plural / base:.1f}x the dict)")

    base = per_call(lambda: parse_plan(ENGLISH), 5_000)
    local = per_call(lambda: parse_plan(to_english_plan(JAPANESE, "ja")), 5_000)
    print(f"mining plan: English {base:.1f} µs, Japanese {local:.1f} µs ({local / base:.2f}x)")


if __name__ == "__main__":
    main()
