"""The game log: reasons on their moves' lines, repeats folded, lines grouped by round and phase."""

from __future__ import annotations

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import events as ev
from tortuga_desktop.games.dice.table import words
from tortuga_desktop.games.dice.table.eventtext import log_rows, reason_text
from tortuga_desktop.games.dice.table.gamelog import build_log
from tortuga_desktop.shell import i18n

NAMES = ("Anna", "Ben", "Cleo")
VALUABLE = Reason("valuable")


def _move_phase_events() -> list[ev.Event]:
    """Round 2's move phase: three seats' arrangements appear together once all are made (decision 40)."""
    return [
        ev.RoundStarted(2, 30, 1),
        ev.PhaseStarted(2, 33, "actions"),
        ev.ActionTotals(2, 33, 0, ((0, 7), (1, 5)), 0, 1),
        ev.TokenMoved(2, 34, 0, "boat", 3, 5, "fleet"),
        ev.TokenMoved(2, 35, 1, "boat", 2, 3, "fleet"),
        ev.PhaseStarted(2, 35, "move"),
        ev.ChestsArranged(2, 40, 0, "fleet", (0,)),
        ev.ChestsArranged(2, 40, 0, "crew", (1,)),
        ev.ChestsArranged(2, 40, 1, "fleet", (2,)),
        ev.ChestsArranged(2, 40, 2, "fleet", (1,)),
    ]


def test_reasons_sit_on_their_moves_lines_naming_the_seat() -> None:
    i18n.set_language("en")
    helps = Reason("helps", (("action", 0),))
    lines = build_log(_move_phase_events(), NAMES, {34: (0, helps), 35: (1, Reason("random"))})
    by_decision = {ln.event.decision: ln for ln in lines if ln.reason is not None}
    assert by_decision[34].event.seat == 0 and by_decision[34].reason == helps and by_decision[34].seats == (0,)
    assert by_decision[35].event.seat == 1 and by_decision[35].seats == (1,)
    rows = log_rows(lines, NAMES)
    i = rows.index(("event", "Anna expands the fleet: boat 3 -> 5."))
    assert rows[i + 1] == ("reason", "Anna: “Expand fleet helps”")  # right under its own move, named
    assert rows[i + 2] == ("event", "Ben expands the fleet: boat 2 -> 3.")


def test_repeated_reasons_fold_into_one_line_naming_every_seat() -> None:
    i18n.set_language("en")
    # Each seat arranges fleet and crew (two decisions each): six identical reasons.
    reasons = {36: (0, VALUABLE), 37: (0, VALUABLE), 38: (1, VALUABLE), 39: (2, VALUABLE)}
    lines = build_log(_move_phase_events(), NAMES, reasons)
    with_reason = [ln for ln in lines if ln.reason is not None]
    assert len(with_reason) == 1
    assert with_reason[0].seats == (0, 1, 2) and with_reason[0].event.seat == 2
    rows = log_rows(lines, NAMES)
    assert [r for r in rows if r[0] == "reason"] == [("reason", "Anna, Ben, Cleo: “keeps the most valuable chests”")]


def test_a_different_reason_or_a_new_phase_breaks_the_fold() -> None:
    i18n.set_language("en")
    reasons = {36: (0, VALUABLE), 38: (1, Reason("random")), 39: (2, VALUABLE)}
    lines = build_log(_move_phase_events(), NAMES, reasons)
    assert [ln.seats for ln in lines if ln.reason is not None] == [(0,), (1,), (2,)]


def test_log_is_grouped_by_round_and_phase() -> None:
    i18n.set_language("en")
    lines = build_log(_move_phase_events(), NAMES, {})
    assert [ln.phase for ln in lines] == ["dice", "actions", "actions", "actions", "move", "move", "move", "move"]
    rows = log_rows(lines, NAMES)
    headers = [r for r in rows if r[0] in ("round", "phase")]
    assert headers == [("round", "— Round 2 —"), ("phase", "Dice"), ("phase", "Actions"), ("phase", "Move")]
    assert not any("resolve" in t or t == "Chests move." for _s, t in rows)  # phase starts are headers now


def test_reasons_after_the_shown_moment_are_left_out() -> None:
    lines = build_log(_move_phase_events(), NAMES, {34: (0, Reason("random")), 35: (1, Reason("random"))}, upto=34)
    assert [ln.event.decision for ln in lines if ln.reason is not None] == [34]


def test_forfeit_reason_never_claims_nothing_was_worth_taking() -> None:
    for code in ("en", "de", "nl", "es"):
        i18n.set_language(code)
        for a in range(5):
            text = reason_text(Reason("forfeit", (("action", a),)), NAMES)
            assert text and text != i18n.tr("reason.forfeit", action=words.action_name(a))
            assert words.action_name(a) in text
    i18n.set_language("en")
    assert reason_text(Reason("forfeit", (("action", 0),)), NAMES) == "passes on Expand fleet this time"
