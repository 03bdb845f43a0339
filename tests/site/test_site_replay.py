"""The replay page's data (frogspec.site.replay), the Play session's replay link, and the
1922 names of the contracts where the rulebook speaks of a 1922 ruleset."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping

import pytest

from frogspec import web_table
from frogspec.bots import Bot, RandomBot, play_deal, replay_link
from frogspec.notation import REPLAY_PATH, parse_deal
from frogspec.prng import deal_deck
from frogspec.rules.auction import Contract
from frogspec.rules.cards import parse_card
from frogspec.rulesets import RULESETS, Ruleset
from frogspec.site.annotated import DEALS, DealSpec, deal_data, own_words, play_annotated_deal
from frogspec.site.learn import how_to_play_page, rules_card_page
from frogspec.site.pages import ruleset_page
from frogspec.site.replay import REPLAY_PAGE, example_link, replay_data, replay_page, rule_path

ONE_922 = [rs for rs in RULESETS.values() if rs.contract_name(Contract.GRAND) == "Heart Solo"]


def _deck(number: int) -> list[int]:
    return [parse_card(c) for c in deal_deck(number)]


@pytest.mark.parametrize("spec", DEALS, ids=[spec.slug for spec in DEALS])
def test_a_replayed_deal_to_read_gives_the_views_data_of_its_page(spec: DealSpec) -> None:
    # The same code at build time and from a link: every step and the settlement agree.
    deal = play_annotated_deal(spec)
    built = deal_data(deal)
    replayed = replay_data(example_link(deal))
    for key in ("steps", "result", "rules", "order", "widow", "widow_name", "options"):
        assert replayed[key] == built[key], key
    assert replayed["deal_number"] == built["deal_number"]
    assert replayed["link"] == example_link(deal)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_table_of_every_ruleset_replays_to_the_views_data(ruleset: str) -> None:
    rng = random.Random(ruleset)
    rs = RULESETS[ruleset]
    for players in rs.rules.player_count():
        for seed in range(4):
            options: dict[str, object] = {o.name: rng.choice(list(o.choices)) for o in rs.options}
            number = rng.randrange(10**6)
            policy = RandomBot(seed) if seed % 2 else Bot(seed)
            dealer = rng.randrange(players)
            deal = play_deal(ruleset, players, dealer, _deck(number), policy, options)
            data = replay_data(replay_link(deal, number))
            steps = data["steps"]
            assert isinstance(steps, list) and len(steps) == len(deal.actions) + 1
            assert steps[-1]["phase"] == "over"
            result = data["result"]
            assert isinstance(result, dict) and result["payments"] == list(deal.result.payments)


def test_the_data_carries_the_rules_addresses_and_the_link() -> None:
    deal = play_deal("modern", 4, 3, _deck(71), Bot(5))  # a Chico
    data = replay_data(replay_link(deal, 71))
    assert isinstance(data["rules"], dict) and isinstance(data["rule_urls"], dict)
    assert set(data["rule_urls"]) == set(data["rules"])
    assert data["rule_urls"]["play.eleven-tricks"] == "rules/play/#play-eleven-tricks"
    assert rule_path("auction.all-pass") == "rules/auction/#auction-all-pass"
    steps = data["steps"]
    assert isinstance(steps, list) and len(steps) == len(deal.actions) + 1
    assert [s["next"] for s in steps[:-1]] == [str(a) for a in deal.actions]
    assert data["ruleset_name"] == RULESETS["modern"].name
    assert "deal 71, 4 players, seat 3 deals" in str(data["title"])
    json.dumps(data)  # what the page receives


def test_a_deal_given_card_by_card_has_no_deal_number() -> None:
    deal = play_deal("foster-1909", 3, 0, _deck(3), Bot(1))
    link = replay_link(deal)
    assert "&deck=" in link and "&deal=" not in link
    data = replay_data(link)
    assert data["deal_number"] is None
    assert "deal " not in str(data["title"]).split(":")[1]


def test_a_deal_everyone_passed_keeps_the_widow_down() -> None:
    deal = next(
        d
        for d in (play_deal("foster-1909", 3, 0, _deck(n), Bot(1)) for n in range(50))
        if d.final.bidder is None
    )
    data = replay_data(replay_link(deal))
    steps = data["steps"]
    assert isinstance(steps, list)
    assert {s["widow"] for s in steps} == {"down"}
    result = data["result"]
    assert isinstance(result, dict)
    assert result["count"] == [] and result["payments"] == [0, 0, 0]
    assert "everyone passes" in str(data["title"])


def test_the_page_is_generated_beside_the_deals(site_pages: Mapping[str, str]) -> None:
    assert REPLAY_PAGE == "deals/replay.md" and REPLAY_PATH == "deals/replay/"
    page = site_pages[REPLAY_PAGE]
    assert page == replay_page()
    assert '<div id="frog-replay">' in page and 'class="fs-stepper fr-stepper"' in page
    # The example link on the page replays a deal to read.
    example = re.search(r'<a href="\./#([^"]+)">', page)
    assert example is not None and replay_data(example.group(1))["steps"]
    assert "[Replay a deal](replay.md)" in site_pages["deals/index.md"]


def test_the_play_session_replays_a_link_and_refuses_a_bad_one() -> None:
    deal = play_deal("gamerules", 3, 0, _deck(11), Bot(2))
    link = replay_link(deal, 11)
    answer = json.loads(web_table.call("replay", link))
    assert answer["deal"]["link"] == link.split("#")[1]
    tampered = link.replace("actions=", "actions=play+AS,", 1)
    refused = json.loads(web_table.call("replay", tampered))["refused"]
    assert refused["rule"]["id"] == "deal.actions-by-phase"
    assert refused["message"].startswith("action 1, 'play AS': ")
    assert refused["rule"]["url"] == "rules/deal/#deal-actions-by-phase"
    malformed = json.loads(web_table.call("replay", link.replace("deal=11", "deal=x")))
    assert malformed["refused"]["rule"] is None
    assert "deal: want a whole number" in malformed["refused"]["message"]


def test_the_play_page_offers_the_replay_of_each_finished_deal() -> None:
    table = web_table.PlayTable("official-1922-solo", 3, seed=40)
    assert table.view()["result"] is None
    while table.view()["phase"] != "over":
        table.act(table.view()["legal"][0])
    view = table.view()
    link = view["result"]["replay"]
    assert link.startswith(f"{REPLAY_PATH}#ruleset=official-1922-solo&players=3&dealer=2&deal=40&")
    assert table.record()["replay"] == link
    assert parse_deal(link).states()[-1] == table.state


# ----------------------------------------------------------------------------- 1922 names


def test_the_1922_rulesets_name_their_contracts_and_widow() -> None:
    assert [rs.id for rs in ONE_922] == [
        "official-1922-solo",
        "official-1922-straight",
        "official-1922-coeur-dalene",
    ]
    for rs in RULESETS.values():
        names = [rs.contract_name(c) for c in Contract]
        if rs in ONE_922:
            assert names == ["Frog", "Simple Solo", "Heart Solo"] and rs.widow_name() == "slough"
        else:
            assert names == ["Frog", "Chico", "Grand"] and rs.widow_name() == "widow"
    assert own_words(ONE_922[0], "a Chico or a Grand, not Grandpa") == (
        "a Simple Solo or a Heart Solo, not Grandpa"
    )


def _box(page: str) -> str:
    start = page.index('"What this ruleset does differently from the others"')
    return page[start : page.index("\n## ", start)]


@pytest.mark.parametrize("rs", ONE_922, ids=[rs.id for rs in ONE_922])
def test_the_differences_box_of_a_1922_ruleset_uses_its_names(rs: Ruleset) -> None:
    box = _box(how_to_play_page(rs.id))
    words = re.sub(r"\[[a-z]+\.[a-z0-9-]+\]\([^)]*\)", "", box)  # the rule ids keep theirs
    assert "Chico" not in words and "Grand" not in words, words
    assert "Which suits may a Simple Solo bidder name?" in words
    assert "Simple Solo trumps: any suit **[ruling]** (gamerules)" in words
    # Foster's page keeps Foster's names.
    assert "Which suits may a Chico bidder name?" in _box(how_to_play_page("foster-1909"))


def test_the_rules_card_of_a_1922_ruleset_explains_its_words_in_its_names() -> None:
    card = rules_card_page("official-1922-solo")
    words = card[card.index("**Words.**") :]
    assert "(hearts in Frog and Heart Solo; in a Simple Solo, the suit the bidder names)" in words
    assert "Chico" not in words and "Grand" not in words
    assert "hearts in Frog and Grand; in a Chico" in rules_card_page("foster-1909")


def test_the_ruleset_page_of_a_1922_ruleset_names_the_contracts() -> None:
    page = ruleset_page("official-1922-solo")
    payments = page[page.index("## What a deal pays") :]
    assert "| Heart Solo (`grand`) | 75 |" in payments and "| Frog (" not in payments
    assert "| frog | 75 |" in payments
    assert "Which suits may a Simple Solo bidder name?" in page
    assert "| grand | 75 |" in ruleset_page("foster-1909")


def test_the_play_page_gives_the_1922_names() -> None:
    view = web_table.PlayTable("official-1922-coeur-dalene", 3, seed=40).view()
    assert view["contract_names"] == {
        "frog": "Frog",
        "chico": "Simple Solo",
        "grand": "Heart Solo",
    }
    assert view["widow_name"] == "slough"
    assert web_table.PlayTable("modern", 3, seed=40).view()["contract_names"]["chico"] == "Chico"
    # A bot's bid in the log carries the name beside the protocol's code.
    for seed in range(60):
        table = web_table.PlayTable("official-1922-straight", 3, seed=seed)
        table.act("pass")  # you are eldest; the bots bid after you
        bids = [e for e in table.log if e["action"] in ("chico", "grand")]
        if bids:
            names = {"chico": "Simple Solo", "grand": "Heart Solo"}
            assert all(e["label"] == names[e["action"]] for e in bids)
            break
    else:
        pytest.fail("no bot bid in 60 deals")


def test_the_step_through_view_of_a_1922_deal_uses_its_names() -> None:
    number = 12350  # a Heart Solo, bid over a Frog
    deal = play_deal("official-1922-solo", 4, 1, _deck(number), Bot(3))
    assert deal.final.contract == Contract.GRAND
    data = replay_data(replay_link(deal, number))
    # Every word the view shows; the rule ids (and the rules' own statements) keep theirs.
    shown = " ".join(_words({k: v for k, v in data.items() if k not in ("rules", "rule_urls")}))
    assert "Heart Solo" in shown and "Simple Solo" in shown and "slough" in shown
    assert "Grand" not in shown and "Chico" not in shown and "widow" not in shown


def _words(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [w for key, v in value.items() if key != "rule" for w in _words(v)]
    if isinstance(value, list):
        return [w for v in value for w in _words(v)]
    return []
