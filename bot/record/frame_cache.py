"""The replay viewer's drawn frames, kept: a step back to a frame already seen costs no drawing.

Keyed by game, the version the viewer shows the game at (the moves there were when it was opened:
a record cut there never changes), the players' names as stored (a forgotten player's name is
replaced: the old frames are not shown again), the frame and who sees it (a seat, a spectator,
everyone once the game is over), and for a scoring frame, whose column key is in words, the language.
The frames' list of a game is kept beside them. Least recently used first out; about 60 KB a frame.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

KEPT_FRAMES = 300  # ~18 MB of PNG
KEPT_LISTS = 100


class FrameCache:
    """Drawn frames and frame lists, each an LRU; `hits` and `misses` count the frames asked for."""

    def __init__(self, frames: int = KEPT_FRAMES, lists: int = KEPT_LISTS) -> None:
        self._images: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lists: OrderedDict[Hashable, list[Any]] = OrderedDict()
        self._sizes = (frames, lists)
        self.hits = 0
        self.misses = 0

    def image(self, key: Hashable) -> bytes | None:
        found = self._images.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._images.move_to_end(key)
        return found

    def keep_image(self, key: Hashable, data: bytes) -> None:
        self._keep(self._images, key, data, self._sizes[0])

    def frames(self, key: Hashable) -> list[Any] | None:
        found = self._lists.get(key)
        if found is not None:
            self._lists.move_to_end(key)
        return found

    def keep_frames(self, key: Hashable, frames: list[Any]) -> None:
        self._keep(self._lists, key, frames, self._sizes[1])

    @staticmethod
    def _keep(store: OrderedDict, key: Hashable, value: Any, size: int) -> None:
        store[key] = value
        store.move_to_end(key)
        while len(store) > size:
            store.popitem(last=False)
