"""The registry: permanent ids, the id file, lookups with helpful errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from frogspec.errors import UnknownRuleError
from frogspec.questions import Question
from frogspec.registry import TOPICS, all_rules, editorial, get_rule, rule, rule_for_function
from frogspec.rulesets import RULESETS, rules_of, rulesets_using

ID_FILE = Path(__file__).resolve().parents[1] / "spec" / "rule-ids.txt"


def _issued() -> list[str]:
    lines = ID_FILE.read_text(encoding="utf-8").splitlines()
    return [line.split()[0] for line in lines if line and not line.startswith("#")]


def test_every_registered_id_was_issued_in_the_id_file() -> None:
    issued = _issued()
    missing = [r.id for r in all_rules() if r.id not in issued]
    assert not missing, f"add these ids to spec/rule-ids.txt: {missing}"


def test_no_issued_id_disappears_or_appears_twice() -> None:
    issued = _issued()
    assert len(issued) == len(set(issued)), "an id is listed twice in spec/rule-ids.txt"
    registered = {r.id for r in all_rules()}
    retired = {
        line.split()[0]
        for line in ID_FILE.read_text(encoding="utf-8").splitlines()
        if line.endswith(" retired")
    }
    gone = [i for i in issued if i not in registered and i not in retired]
    assert not gone, f"issued ids no longer registered (mark them retired): {gone}"


def test_ids_are_dotted_under_a_topic() -> None:
    for entry in all_rules():
        assert entry.topic in TOPICS
        assert entry.id.count(".") >= 1


def test_rules_come_topic_by_topic() -> None:
    topics = [r.topic for r in all_rules()]
    order = list(TOPICS)
    assert topics == sorted(topics, key=order.index)


def test_get_rule_suggests_the_nearest_ids() -> None:
    with pytest.raises(UnknownRuleError) as info:
        get_rule("play.must-trumps")
    assert "play.must-trump" in info.value.nearest
    assert "did you mean" in str(info.value)


def test_rule_for_function_finds_the_rule() -> None:
    from frogspec.rules import play

    assert rule_for_function(play.must_trump) is get_rule("play.must-trump")
    assert rule_for_function(print) is None


def test_registration_refuses_bad_entries() -> None:
    with pytest.raises(ValueError, match="malformed"):
        editorial("Play.Bad", "A statement.", "reasoning")(lambda: None)
    with pytest.raises(ValueError, match="unknown topic"):
        editorial("nowhere.thing", "A statement.", "reasoning")(lambda: None)
    with pytest.raises(ValueError, match="twice"):
        editorial("play.must-trump", "A statement.", "reasoning")(lambda: None)
    with pytest.raises(ValueError, match="needs a citation"):
        rule("play.uncited-thing", "A statement.")
    with pytest.raises(ValueError, match="ending in"):
        editorial("play.no-full-stop", "No full stop", "reasoning")(lambda: None)


def test_every_rule_is_used_by_some_ruleset() -> None:
    unused = [r.id for r in all_rules() if not rulesets_using(r.id)]
    assert not unused


def test_every_rival_reading_answers_a_question_of_the_rulesets() -> None:
    for entry in all_rules():
        if entry.question is not None:
            assert isinstance(entry.question, Question), entry.id


def test_each_ruleset_uses_exactly_one_reading_per_question() -> None:
    for ruleset in RULESETS.values():
        used = list(rules_of(ruleset))
        for question in Question:
            readings = [r for r in used if r.question is question]
            chosen = ruleset.choice(question)
            if ruleset.moot_reason(chosen.id) is not None:  # the question cannot arise
                assert readings == [], (ruleset.id, question)
                continue
            # an option may add readings (the 1922 systems of payment); the default is used
            assert chosen in readings, (ruleset.id, question)
            if question != "sitting_out":
                assert len(readings) == 1, (ruleset.id, question, [r.id for r in readings])
