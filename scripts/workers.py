# SPDX-License-Identifier: GPL-3.0-or-later
"""The loop that plays queued games, on worker threads that each keep their own engines.

Owns the game loop of ``matchlib.run_games`` (``match.py``, ``sprt.py``, ``ladder.py``) and of
``stress.py`` (every mode, and ``--rss`` in the calling thread): :func:`play_queue` takes tasks
until the queue is empty or a stop is asked for, and :class:`Workers` runs it on threads and hands
the results back in completion order.  What a game is, and what its engines are, is the caller's:
``play(task, engines)`` plays one; ``new_engines()`` makes a thread's engine set (any object with
``close()``).  A game that raises is reported as a :class:`Failure` and the loop goes on.
Standard library only.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable, Iterable, Iterator, List, NamedTuple


class Failure(NamedTuple):
    """A game that raised instead of returning a result (a harness error)."""

    task: Any
    error: Exception


def play_queue(todo: "queue.Queue[Any]", engines: Any, play: Callable[[Any, Any], Any],
               report: Callable[[Any], None], stop: threading.Event) -> None:
    """Play tasks from ``todo`` with ``engines`` until it is empty or ``stop`` is set.

    ``report`` gets each game's result, or a :class:`Failure`, before the next task is taken."""
    while not stop.is_set():
        try:
            task = todo.get_nowait()
        except queue.Empty:
            return
        try:
            result = play(task, engines)
        except Exception as err:  # noqa: BLE001 - a harness bug: report it, go on
            result = Failure(task, err)
        report(result)


def task_queue(tasks: Iterable[Any]) -> "queue.Queue[Any]":
    todo: "queue.Queue[Any]" = queue.Queue()
    for task in tasks:
        todo.put(task)
    return todo


_END = object()  #: a worker has finished


class Workers:
    """``concurrency`` threads (at most one a task) playing ``tasks``; started at once."""

    def __init__(self, tasks: List[Any], new_engines: Callable[[], Any], play: Callable[[Any, Any], Any],
                 concurrency: int, name: str = "game-worker"):
        self.todo = task_queue(tasks)
        self.done: "queue.Queue[Any]" = queue.Queue()
        self.stop = threading.Event()  #: set: no further game is started
        self.engine_sets: List[Any] = []
        self.new_engines, self.play = new_engines, play
        self.running = max(1, min(concurrency, len(tasks)))
        for i in range(self.running):
            threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True).start()

    def _work(self) -> None:
        engines = self.new_engines()
        self.engine_sets.append(engines)
        try:
            play_queue(self.todo, engines, self.play, self.done.put, self.stop)
        finally:
            engines.close()
            self.done.put(_END)

    def results(self) -> Iterator[Any]:
        """Results and :class:`Failure` s as the games end, until every worker has finished.

        Safe to call again after an interruption (Ctrl-C): it goes on where it was."""
        while self.running:
            try:  # a blocking get() would not see Ctrl-C
                item = self.done.get(timeout=0.2)
            except queue.Empty:
                continue
            if item is _END:
                self.running -= 1
            else:
                yield item

    def close_engines(self) -> None:
        """Quit every worker's engines now (games still running lose theirs)."""
        for engines in self.engine_sets:
            engines.close()
