"""The docs are for readers: the README fits on a few screens, says on its first screen what the
application is (both games), holds CI's test command verbatim, and links every page of docs/; no doc
speaks in the first person or names an issue number."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = [README, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
FIRST_PERSON = re.compile(r"\b(?:we|our|ours|us|my|me)\b|(?<!key )\bI (?!am ready)[a-z]+", re.I)
ISSUE = re.compile(r"\bissues? \d+|(?<![\w&])#\d+\b", re.I)


def test_the_readme_is_short_and_says_what_the_application_is() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250
    first_screen = " ".join(lines[:12])
    assert "Tortuga 1667" in first_screen and "dice game" in first_screen
    text = "\n".join(lines)
    assert "docs/screenshot.png" in text and "docs/t1667-table-4.png" in text
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in text, page.name
    assert "(CONTRIBUTING.md)" in text and "(LICENSE)" in text


def test_the_readme_holds_the_ci_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line.split(" || ")[0] for line in ci.splitlines() if "pytest" in line and "&&" in line)
    assert command.startswith("python3 -m venv .venv && ")
    assert f"\n{command}\n" in README.read_text(encoding="utf-8")


def test_no_doc_speaks_in_the_first_person_or_names_an_issue() -> None:
    problems = []
    for doc in DOCS:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for pattern in (FIRST_PERSON, ISSUE):
                if (m := pattern.search(line)) is not None:
                    problems.append(f"{doc.relative_to(ROOT)}:{n}: {m.group(0)!r} in {line.strip()[:80]!r}")
    assert not problems, "\n".join(problems)
