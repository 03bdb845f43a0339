"""A rule's examples are its conformance vectors: every rule's section shows the cases of
``spec/vectors/`` that exercise it, each run against the reference when the page is built,
and no second set of examples exists."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from frogspec.registry import TOPICS, all_rules
from frogspec.site.pages import rule_section, topic_page
from frogspec.site.rule_vectors import (
    SHOWN_IN_FULL,
    MissingVectorError,
    VectorMismatchError,
    cases_of_rule,
    vector_runs,
    vectors_block,
)
from frogspec.vectors import default_vectors_dir


def _sections(page: str) -> dict[str, str]:
    """The Markdown of each rule's section of a topic page, by rule id."""
    parts = page.split('## <a id="')[1:]
    return {part.partition('"')[0]: part for part in parts}


def test_every_rule_has_a_hand_written_vector() -> None:
    missing = [entry.id for entry in all_rules() if not cases_of_rule(entry.id)]
    assert missing == []


def test_every_rule_page_shows_the_vectors_of_each_of_its_rules() -> None:
    problems = []
    for topic in TOPICS:
        sections = _sections(topic_page(topic))
        for entry in all_rules():
            if entry.topic != topic:
                continue
            section = sections[entry.id]
            if "**Vectors**" not in section:
                problems.append(f"{entry.id}: no vectors")
            for run in cases_of_rule(entry.id):
                where = f" ({run.case.file}.json)"
                if (
                    f"{run.case.id}{where}" not in section
                    and f"`{run.case.id}`{where}" not in section
                ):
                    problems.append(f"{entry.id}: case {run.case.id} not shown")
    assert problems == []


def test_the_first_cases_are_shown_in_full_with_request_and_response() -> None:
    section = rule_section(next(e for e in all_rules() if e.id == "play.must-trump"))
    shown = section.count('??? example "')
    assert shown == SHOWN_IN_FULL + 1  # the cases in full, then the list of the others
    first = cases_of_rule("play.must-trump")[0]
    assert json.dumps(first.case.request, ensure_ascii=False) in section
    assert json.dumps(first.case.response, ensure_ascii=False) in section


def test_every_case_is_answered_by_the_reference_as_written() -> None:
    runs = vector_runs()
    assert len(runs) > 1000
    assert [run.case.id for run in runs if not run.agrees] == []


def test_a_case_the_reference_answers_otherwise_stops_the_build(tmp_path: Path) -> None:
    vectors = tmp_path / "vectors"
    shutil.copytree(default_vectors_dir(), vectors)
    path = vectors / "trump.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    case = next(c for c in data["cases"] if "trump.chico-not-hearts" in c["rules"])
    case["response"]["result"]["legal"] = ["trump H"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(VectorMismatchError, match=rf"trump\.chico-not-hearts.*{case['id']}"):
        vectors_block("trump.chico-not-hearts", vectors)


def test_a_rule_no_case_names_stops_the_build() -> None:
    with pytest.raises(MissingVectorError, match=r"play\.no-such-rule has no vector"):
        vectors_block("play.no-such-rule")


def test_no_second_set_of_examples_exists() -> None:
    assert importlib.util.find_spec("frogspec.site.examples") is None
    for topic in TOPICS:
        assert 'exec="on"' not in topic_page(topic), topic
