"""The running of each table's game (:class:`Runner`): a seated person's actions and table talk (after
the seat, turn and stale checks), every seat's and watcher's updates, the computer players (their
decisions in a thread pool, tables taking turns, one decision per table at a time, each answer held
as its game paces it) and what they say."""

from __future__ import annotations

import asyncio
import collections
import functools
import math
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from tortuga_desktop.net import games as G
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.conns import Conn
from tortuga_desktop.net.core import ServerCore, logger
from tortuga_desktop.net.games import ActionIllegal, ActionMalformed, GameRun
from tortuga_desktop.net.lobby import TableChat
from tortuga_desktop.net.persist import Persistence
from tortuga_desktop.net.table import SeatSlot, Table

#: Events per :class:`.protocol.Update` when a whole log is sent again (keeps frames small).
EVENT_CHUNK = 150


class Runner:
    """Runs the tables' games: moves, updates, computer players and their talk, and the pace of
    their answers. ``on_game_over(table)`` is told when a table's game ends (the lobby archives it
    later)."""

    def __init__(self, core: ServerCore, persist: Persistence, chat: TableChat) -> None:
        self.core = core
        self.config = core.config
        self.persist = persist
        self.chat = chat
        self.on_game_over: Callable[[Table], None] = lambda table: None
        self._executor: Executor = ThreadPoolExecutor(self.config.bot_threads, thread_name_prefix="net-bot")
        #: each computer seat's player and its level (kept while the level stays)
        self._bots: dict[tuple[str, int], tuple[str, Any]] = {}
        #: tables waiting for a bot thread, in turn (round robin), and the decisions running
        self._bot_queue: collections.OrderedDict[str, Table] = collections.OrderedDict()
        self._bots_running = 0
        #: a stand-in for every game's own pacing of computer answers (tests); None: the game's
        self.pacing: Any = None
        self.actions_applied = 0
        #: lines of table talk the games carried out (people's and computer players')
        self.talk_applied = 0

    # ------------------------------------------------------------ a table's game
    def start(self, table: Table) -> None:
        """Deal the table's game (its seed drawn now unless it has one)."""
        seed = table.seed if table.seed is not None else secrets.randbits(63)
        table.seed = seed
        table.game = G.adapter(table.kind).new_run(table.players, seed, names=[s.name for s in table.slots],
                                                   options=table.options)
        self.refresh_decisions(table)
        logger.info("table %s starts", table.id)  # never the seed: it tells every hidden tile and roll

    def resume(self, table: Table) -> None:
        """A table brought back from its save with its game: its decisions are due again."""
        self.refresh_decisions(table)

    def forget(self, table: Table) -> None:
        """A table taken off the server: its computer players and its turn for a bot thread go."""
        self._bot_queue.pop(table.id, None)
        for slot in table.slots:
            self._bots.pop((table.id, slot.index), None)

    def close(self) -> None:
        """The server stops: no more thinking (what runs is left to finish unseen)."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _playing(self, conn: Conn, seat: int, ref: int, *, over_code: str,
                 seat_message: str) -> tuple[Table, GameRun] | None:
        """The checks an action and a line of talk share: ``seat`` is this connection's, its game
        has started and is not over (refused with ``over_code``). None: refused (answered)."""
        table, game = conn.table, conn.table.game if conn.table else None
        if table is None or seat not in conn.seats:
            self.core.error(conn, "seat", seat_message, ref)
            return None
        if game is None:
            self.core.error(conn, "order", "the game has not started", ref)
            return None
        if game.is_over:
            self.core.error(conn, over_code, "the game is over", ref)
            return None
        return table, game

    def _carried_out(self, conn: Conn, ref: int, carry_out: Callable[[], object], *, illegal_code: str) -> bool:
        """Run ``carry_out`` (the game applying an action or a line of talk): False when the game refused
        it, answered as ``malformed`` (no action or line of the game) or ``illegal_code`` (the rules
        refuse it: ``illegal`` for an action, ``talk`` for a line)."""
        try:
            carry_out()
        except ActionMalformed as exc:
            self.core.error(conn, "malformed", str(exc), ref)
            return False
        except ActionIllegal as exc:
            self.core.error(conn, illegal_code, str(exc), ref)
            return False
        return True

    def on_act(self, conn: Conn, msg: P.Act) -> None:
        """A person's action: checked (seat, turn, stale) and carried out by the game."""
        playing = self._playing(conn, msg.seat, msg.id, over_code="turn",
                                seat_message="this connection does not play that seat")
        if playing is None:
            return
        table, game = playing
        error = self.core.error
        slot = table.slots[msg.seat]
        if slot.bot_level is not None:
            error(conn, "turn", "a computer player plays this seat now", msg.id)
            return
        if msg.decisions > game.decisions or msg.decisions < slot.pending_since:
            error(conn, "stale", f"this action answers an old view of the game (decision {msg.decisions}; "
                                 f"this seat's decision is due since {slot.pending_since}, "
                                 f"the game is at {game.decisions})", msg.id)
            return
        if slot.decision_key is None:
            error(conn, "turn", "this seat has nothing to decide now", msg.id)
            return
        if not self._carried_out(conn, msg.id, lambda: game.apply_text(msg.seat, msg.action),
                                 illegal_code="illegal"):
            return
        conn.refund()  # accepted actions do not count against the rate: play can be fast
        self.after_action(table, msg.seat, conn, msg.id)

    def on_talk(self, conn: Conn, msg: P.Talk) -> None:
        """A person's line of table talk (:class:`.protocol.Talk`): checked as chat is (its seat, its
        rate), carried out by the game as an event every seat and watcher is sent. No stale check:
        talk answers no decision."""
        playing = self._playing(conn, msg.seat, msg.id, over_code="talk",
                                seat_message="this connection does not play that seat (watchers cannot talk)")
        if playing is None:
            return
        table, game = playing
        error = self.core.error
        if not isinstance(game, G.TalkRun):
            error(conn, "talk", "this table's game has no table talk", msg.id)
            return
        if table.slots[msg.seat].bot_level is not None:
            error(conn, "talk", "a computer player plays this seat now: it does not speak in your name", msg.id)
            return
        if not conn.chat.take():
            error(conn, "chat_rate", f"too much said: wait {max(1, math.ceil(conn.chat.wait()))} s", msg.id)
            return
        if not self._carried_out(conn, msg.id, lambda: game.say_text(msg.seat, msg.line), illegal_code="talk"):
            return
        self.talk_applied += 1
        chat = self.bot_talk(table)  # the computer players hear it (and may answer)
        self.send_updates(table, conn, msg.id)
        self.send_bot_chat(table, chat)
        self.persist.autosave(table)

    # ------------------------------------------------------------ after a change
    def after_action(self, table: Table, seat: int, conn: Conn | None, ack: int) -> None:
        """An action of ``seat`` was carried out (``conn``'s, acknowledged with ``ack``; None: a
        computer player's): the decisions due, the updates, the computer players' talk, the end."""
        self.actions_applied += 1
        game = table.game
        assert game is not None
        table.slots[seat].decision_key = None  # the actor's decision is new even when of the same kind
        self.refresh_decisions(table)
        # the computer players speak of what they heard before the next decision is asked (the seat that
        # decides has spoken); their talk moves go out with this update, their chat lines after it
        chat = self.bot_talk(table)
        self.send_updates(table, conn, ack)
        self.send_bot_chat(table, chat)
        if game.is_over:
            self.on_game_over(table)
        self.schedule_bots(table)
        self.persist.autosave(table)

    def refresh_decisions(self, table: Table) -> None:
        game = table.game
        assert game is not None
        for slot in table.slots:
            key = game.decision_key(slot.index)
            if key != slot.decision_key:
                slot.decision_key = key
                slot.pending_since = game.decisions

    def send_updates(self, table: Table, actor: Conn | None, ack: int) -> None:
        """Every connected seat's and watcher's update, built together by the game (what several
        of them share is built once)."""
        if table.game is None or not table.conns:
            return
        slots = [slot for slot in table.slots if slot.conn is not None]
        watchers = [c for c in table.conns if c.watching]
        viewers: list[int | None] = [slot.index for slot in slots]
        viewers += [None] * len(watchers)
        cursors = [(s.sent_raw, s.sent_visible) for s in slots] + [(c.watch_raw, c.watch_visible) for c in watchers]
        data = table.game.updates(viewers, cursors)
        for slot, d in zip(slots, data, strict=False):
            self.send_seat(table, slot, ack if slot.conn is actor else -1, d)
        for c, d in zip(watchers, data[len(slots):], strict=True):
            self.send_watcher(table, c, d)

    def send_seat(self, table: Table, slot: SeatSlot, ack: int, data: G.SeatData | None = None) -> None:
        """Send ``slot``'s view and its new events (``data``: built already) to its connection."""
        game, conn = table.game, slot.conn
        if game is None or conn is None:
            return
        if data is None:
            data = game.updates([slot.index], [(slot.sent_raw, slot.sent_visible)])[0]
        slot.sent_raw, slot.sent_visible = data.cursor
        self._send_chunks(table, conn, slot.index, data, ack)

    def send_watcher(self, table: Table, conn: Conn, data: G.SeatData | None = None) -> None:
        """A watcher's update: the public view and the public events it has not had yet
        (``data``: built already)."""
        game = table.game
        if game is None:
            return
        if data is None:
            data = game.updates([None], [(conn.watch_raw, conn.watch_visible)])[0]
        conn.watch_raw, conn.watch_visible = data.cursor
        self._send_chunks(table, conn, P.SPECTATOR, data, -1)

    def _send_chunks(self, table: Table, conn: Conn, seat: int, data: G.SeatData, ack: int) -> None:
        """An update in frames of at most :data:`EVENT_CHUNK` events (the view, and the decision
        counter and legal actions of a game whose view does not hold them, with each; ``ack`` with
        the last)."""
        dicts, first = data.events, data.first
        chunks = [dicts[i:i + EVENT_CHUNK] for i in range(0, len(dicts), EVENT_CHUNK)] or [[]]
        for n, chunk in enumerate(chunks):
            last = n == len(chunks) - 1
            raw = P.encode(P.Update(table=table.id, seat=seat, view=data.view, events=chunk, first=first,
                                    ack=ack if last else -1, decisions=data.decisions,
                                    legal=None if seat == P.SPECTATOR else data.legal))
            first += len(chunk)
            if table.capture is not None:
                table.capture(table, seat, raw)
            conn.send(raw)

    # ------------------------------------------------------------ what the computer players say
    def bot_talk(self, table: Table) -> list[tuple[int, str]]:
        """Each computer seat that is not deciding just now says what its game's computer player
        says of what its seat has seen (:meth:`.games.GameRun.bot_talk`). A line its game keeps as a
        move (:class:`.games.TalkMove`) is carried out now (an event of the game: the caller sends
        the updates); the other lines are returned as ``(seat, text)`` for the table's chat (the
        caller sends them after the updates, so a reaction never comes before what it reacts to).
        Only ``computer`` seats talk: a person's seat played by a computer while its player is away
        keeps quiet (nobody speaks in a person's name)."""
        game = table.game
        chat: list[tuple[int, str]] = []
        if game is None or self.core.stopping:
            return chat
        for slot in table.slots:
            if slot.kind != "computer" or slot.bot_level is None or slot.thinking:
                continue
            try:
                lines = game.bot_talk(self._bot(table, slot), slot.index)
            except Exception as exc:  # a fault of the game's talk: the game goes on (never its message)
                self.core.internal_errors += 1
                logger.error("table %s: the computer player of seat %d could not talk: %s", table.id, slot.index,
                             type(exc).__name__)
                continue
            for line in lines:
                if isinstance(line, G.TalkMove):
                    self._bot_say(table, game, slot.index, line.text)
                elif not line or len(line) > P.MAX_CHAT or P.clean_chat(line) != line:
                    self.core.internal_errors += 1  # a fault of the game: the line is not sent (never its text)
                    logger.error("table %s: the computer player of seat %d said a line that is no chat entry",
                                 table.id, slot.index)
                else:
                    chat.append((slot.index, line))
        return chat

    def _bot_say(self, table: Table, game: GameRun, seat: int, text: str) -> None:
        """A computer seat's line of its game's talk, carried out (a refused line: a fault of its talk,
        logged without the line; the game goes on)."""
        if game.is_over:
            return  # the game has ended: nothing more is said into it
        if not isinstance(game, G.TalkRun):
            self.core.internal_errors += 1
            logger.error("table %s: the computer player of seat %d said a talk move its game does not take",
                         table.id, seat)
            return
        try:
            game.say_text(seat, text)
        except (ActionMalformed, ActionIllegal) as exc:
            self.core.internal_errors += 1
            logger.error("table %s: the computer player of seat %d said a line the game refused (%s)", table.id,
                         seat, type(exc).__name__)
            return
        self.talk_applied += 1

    def send_bot_chat(self, table: Table, lines: list[tuple[int, str]]) -> None:
        """The computer players' chat lines (:meth:`bot_talk`), each stamped as its seat."""
        for seat, text in lines:
            self.chat.note(table, seat, "bot", text)

    # ------------------------------------------------------------ computer players
    def _bot(self, table: Table, slot: SeatSlot) -> Any:
        """The computer player of ``slot`` (the game's; made again when the level changes)."""
        assert slot.bot_level is not None and table.game is not None
        key = (table.id, slot.index)
        held = self._bots.get(key)
        if held is None or held[0] != slot.bot_level:
            held = self._bots[key] = (slot.bot_level, table.game.make_bot(slot.index, slot.bot_level,
                                                                          budget_s=self.config.hard_budget))
        return held[1]

    def _bot_due(self, table: Table) -> SeatSlot | None:
        """The first seat of ``table`` a computer player must decide for now (None: none, or the
        table may not go on: nobody is connected to it)."""
        game = table.game
        if game is None or game.is_over or self.core.stopping or not table.person_here():
            return None
        for slot in table.slots:
            if slot.bot_level is not None and not slot.thinking and slot.decision_key is not None:
                return slot
        return None

    def schedule_bots(self, table: Table) -> None:
        """Queue the table for a bot thread when one of its computer players must decide. The
        tables take turns (round robin), one decision per table at a time, so a table of
        computer players cannot keep the threads from another table's."""
        if table.bot_busy or table.id in self._bot_queue or self.core.tables.get(table.id) is not table:
            return
        if self._bot_due(table) is not None:
            self._bot_queue[table.id] = table
        self._pump_bots()

    def bot_budget(self) -> float:
        """Hard's thinking time for the next decision: ``hard_budget``, cut down in proportion
        when more tables wait for the bot threads than there are threads (so one round of the
        queue takes about ``hard_budget``), never under a tenth of a second."""
        threads = max(1, self.config.bot_threads)
        waiting = len(self._bot_queue) + self._bots_running
        return max(0.1, self.config.hard_budget * min(1.0, threads / max(1, waiting)))

    def _pump_bots(self) -> None:
        loop = self.core.running_loop()
        while self._bot_queue and self._bots_running < max(1, self.config.bot_threads):
            _, table = self._bot_queue.popitem(last=False)
            slot = self._bot_due(table)
            game = table.game
            if slot is None or game is None:
                continue
            bot = self._bot(table, slot)
            slot.thinking = True
            table.bot_busy = True
            self._bots_running += 1
            release = self._release_time(game, slot, loop.time())
            # what the seat may see is taken now, on the loop; the thinking runs off it
            job = game.bot_job(bot, slot.index, budget_s=min(self.config.hard_budget, self.bot_budget()),
                               release_in=None if release is None else release - loop.time())
            fut = loop.run_in_executor(self._executor, job)
            self.core.track(fut)
            fut.add_done_callback(functools.partial(self._bot_done, table, slot, slot.pending_since, release))

    def _release_time(self, game: GameRun, slot: SeatSlot, now: float) -> float | None:
        """When the answer of ``slot``'s computer player may be shown, as its game paces it (the
        dice game's R9.1: for a decision that can be forced, a moment drawn now from one
        distribution for forced and chosen decisions alike, without looking at the options);
        None: when it is ready."""
        if not self.config.pace_bots:
            return None
        hold = game.release_hold(slot.index, str(slot.bot_level), self.pacing)
        return None if hold is None else now + hold

    def _bot_done(self, table: Table, slot: SeatSlot, since: int, release: float | None,
                  fut: asyncio.Future[Any]) -> None:
        self.core.tasks.discard(fut)
        self._bots_running -= 1  # the thread is free for other tables at once
        loop = self.core.running_loop()
        wait = release - loop.time() if release is not None else 0.0
        if wait > 0 and not self.core.stopping:
            # the seat keeps "thinking" until its release time, forced or chosen (R9.1)
            loop.call_later(wait, self._bot_release, table, slot, since, fut)
            self._pump_bots()
            return
        self._bot_release(table, slot, since, fut)

    def _bot_release(self, table: Table, slot: SeatSlot, since: int, fut: asyncio.Future[Any]) -> None:
        slot.thinking = False
        table.bot_busy = False
        try:
            self._bot_result(table, slot, since, fut)
        finally:
            if not self.core.stopping:
                self.schedule_bots(table)  # back in the queue, at its end
                self._pump_bots()

    def _bot_result(self, table: Table, slot: SeatSlot, since: int, fut: asyncio.Future[Any]) -> None:
        game = table.game
        if (fut.cancelled() or game is None or game.is_over or self.core.stopping
                or self.core.tables.get(table.id) is not table):
            return
        exc = fut.exception()
        if exc is not None:
            self.core.internal_errors += 1
            logger.error("table %s: computer player of seat %d failed", table.id, slot.index, exc_info=exc)
            return
        if slot.bot_level is not None and slot.decision_key is not None and slot.pending_since == since:
            try:
                game.apply_bot(slot.index, fut.result())
            except (ActionMalformed, ActionIllegal):  # never the action in the log: it may be secret
                self.core.internal_errors += 1
                logger.error("table %s: computer player of seat %d chose an action the rules refused", table.id,
                             slot.index)
                return
            self.after_action(table, slot.index, None, -1)
