"""The "What is a hand worth?" pages: one per ruleset, from the committed data of
:mod:`frogspec.worth`, with a chart drawn here as inline SVG (offline, at build time).

>>> pages = worth_pages()
>>> "worth/index.md" in pages and "worth/foster-1909.md" in pages
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from frogspec.rulesets import RULESETS, get_ruleset
from frogspec.worth import FEATURES, WorthData, WorthRow, load, overall, table

__all__ = ["chart_svg", "worth_index_page", "worth_page", "worth_pages"]

#: The bidder's place among the three who play, as the tables by seat show it.
_SEAT_SHOWN = ("eldest", "second", "third")
#: Groups with fewer deals than this are left out of the chart (their intervals are wide).
CHART_MIN_DEALS = 5
_COLOURS = ("#2e7d32", "#c62828", "#1565c0")


def _percent(row: WorthRow) -> str:
    low, high = row.win_interval
    return f"{100 * row.win_rate:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def _payment(row: WorthRow) -> str:
    low, high = row.payment_interval
    if math.isinf(low):
        return f"{row.mean_payment:+.1f} (one deal)"
    return f"{row.mean_payment:+.1f} ({low:+.1f} to {high:+.1f})"


def chart_svg(series: list[tuple[str, list[tuple[int, WorthRow]]]], x_label: str) -> str:
    """A chart of win rates (with their 95% intervals) against a feature's values, one
    series a contract, as inline SVG: the legend above the plot, both axes labelled, as
    wide as the page allows (its text is set larger on a phone by the site's stylesheet)."""
    width, height, left, bottom, top, right = 480, 300, 64, 46, 40, 14
    values = sorted({v for _, rows in series for v, r in rows if r.samples >= CHART_MIN_DEALS})
    if not values:
        return ""
    lo, hi = values[0], values[-1]
    span = max(hi - lo, 1)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(v: float) -> float:
        return left + plot_w * (v - lo) / span

    def y(rate: float) -> float:
        return top + plot_h * (1 - rate)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" class="frogspec-worth-chart">',
        f"<title>Win rate by {escape(x_label.lower())}, with 95% intervals</title>",
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        out.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="currentColor">{int(tick * 100)}%</text>'
        )
    for v in values:
        out.append(
            f'<text x="{x(v):.1f}" y="{top + plot_h + 16}" text-anchor="middle" font-size="11" '
            f'fill="currentColor">{v}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        f'font-size="12" fill="currentColor" class="fs-axis">{escape(x_label)}</text>'
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" '
        'text-anchor="middle" font-size="12" fill="currentColor" class="fs-axis">'
        "bidder wins</text>"
    )
    for number, (name, rows) in enumerate(series):
        colour = _COLOURS[number % len(_COLOURS)]
        shift = (number - (len(series) - 1) / 2) * 4
        shown = [(v, r) for v, r in rows if r.samples >= CHART_MIN_DEALS]
        path = " ".join(f"{x(v) + shift:.1f},{y(r.win_rate):.1f}" for v, r in shown)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for v, r in shown:
            cx = x(v) + shift
            low, high = r.win_interval
            out.append(
                f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(low):.1f}" y2="{y(high):.1f}" '
                f'stroke="{colour}" stroke-width="1.5"/>'
                f'<circle cx="{cx:.1f}" cy="{y(r.win_rate):.1f}" r="3" fill="{colour}">'
                f"<title>{escape(name)}, {v}: {escape(_percent(r))}, {r.samples} deals</title>"
                "</circle>"
            )
        lx = left + number * (plot_w / max(len(series), 1))
        out.append(
            f'<line x1="{lx:.1f}" x2="{lx + 18:.1f}" y1="14" y2="14" stroke="{colour}" '
            'stroke-width="2"/>'
            f'<text x="{lx + 22:.1f}" y="18" font-size="12" fill="currentColor">'
            f"{escape(name)}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def _rows_table(label: str, rows: list[tuple[int, WorthRow]], unit: str) -> list[str]:
    lines = [
        f"| {label} | deals | bidder wins (95% interval) | payment, {unit} (95% interval) "
        "| card points, double-dummy | card points, bots |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for value, row in rows:
        lines.append(
            f"| {value} | {row.samples} | {_percent(row)} | {_payment(row)} "
            f"| {row.mean_points:.1f} | {row.bot_mean_points:.1f} |"
        )
    return lines


def _run_facts(data: WorthData) -> list[str]:
    return [
        f"- **Deals solved:** {data.deals:,}"
        + ("" if data.deals >= 2000 else " (fewer than 2,000, so the intervals are wide)")
        + ".",
        f"- **Seed:** {data.seed}; **started:** {data.date}.",
        f"- **Command:** `{data.command}` (resumable; the data file holds the deals done "
        f"from the first on, so `--deals {data.deals}` gives these figures again).",
        "- **Data:** `frogspec/data/worth.json`, shipped with the package and read by "
        "`frogspec.worth` (one row a deal: eldest's hand, then the bidder's card points in "
        "each play, double-dummy and by the bots).",
    ]


def _seats_run_facts() -> list[str]:
    # The second run: every seat and table size, strong hands oversampled and weighted back.
    from frogspec.worth import load_seats, seats_deals
    from frogspec.worth_design import WEAK_DRAW_WEIGHT, is_strong

    data = load_seats()
    deals = seats_deals(data)
    strong = sum(1 for d in deals if is_strong(d.hand))
    return [
        "A second run puts the bidder in every seat (eldest, second, third to speak) at "
        "tables of three, four and five (at four and five the cards still go to three; the "
        "others sit out and settle). Random deals seldom give the hands players bid, so it "
        "deals them more often: a hand with a suit of five or more, or five Aces and Tens or "
        f"more, is kept whenever dealt, any other one time in {WEAK_DRAW_WEIGHT}, and each "
        "deal carries its weight back to deals as they come (stored with it; every average "
        "and the estimate's fit count it). Each hand is played twice, the unseen cards dealt "
        "anew, which measures how much the unseen cards move a hand's points.",
        "",
        f"- **Deals solved:** {data.deals:,} ({len({d.hand_number for d in deals}):,} hands, "
        f"{strong:,} deals of strong hands); far fewer than the first run's, so its "
        "intervals are wider.",
        f"- **Seed:** {data.seed}; **started:** {data.date}; **command:** `{data.command}`.",
        "- **Data:** `frogspec/data/worth-seats.json` (one row a deal: the bidder's hand, "
        "his card points in each play, double-dummy and by the bots, his seat, the table's "
        "size, the deal's draw weight, the hands dealt to keep it, the hand's number).",
    ]


def _hidden_card_comparison() -> str:
    # What the committed run of benchmarks.overrating found, in a sentence.
    import json
    from importlib import resources

    text = resources.files("frogspec").joinpath("data", "overrating.json").read_text("utf-8")
    run = json.loads(text)
    gaps = []
    for row in run["contracts"].values():
        found = row["sampling"]["overrating_points"]
        gaps.append(
            f"{-found['mean']:.1f} ({-found['high']:.1f} to {-found['low']:.1f}) in a "
            f"{escape(row['name'])}"
        )
    return (
        "Played out from the same kind of positions with hidden cards, by the sampling "
        "computer player (`frogspec.sampling_bot`) at every seat, the bidder took more card "
        "points than the double-dummy value, not fewer: on average "
        + ", ".join(gaps)
        + f" (95% intervals; `{run['command']}`, {run['deals']} deals, {run['date']}). "
        "Hidden-card defence gives away more than the bidder loses by not seeing; so "
        "against players of that strength these tables understate the bidder; against "
        "stronger players the figures are not measured: the measure is of that player, "
        "not of expert play."
    )


def _assumptions(ruleset_id: str) -> list[str]:
    rs = get_ruleset(ruleset_id)
    contracts = ", ".join(rs.contract_name(c) for c in rs.rules.contracts())
    return [
        '!!! warning "Analysis, not rules"',
        "    Nothing on this page is a rule, and no source says any of it: it is what a "
        "computer finds when it plays the cards. It assumes the rules of the ruleset "
        f"[`{rs.id}`](../rulesets/{rs.id}.md) ({escape(rs.name)}): its contracts "
        f"({contracts}), its Chico trumps and its rates, the other hands and the widow dealt "
        "at random. The tables by feature are of three players, the bidder sitting eldest (he "
        "leads the first trick); the section by seat and table size, and the estimate, cover "
        "every seat at tables of three to five where the ruleset allows.",
        "",
        '!!! note "Double-dummy figures, and play with hidden cards"',
        "    Each deal is solved *double-dummy*: every player plays knowing every card "
        "(`frogspec.solve`), and the bidder's trump is chosen knowing the unseen cards too. "
        "**The Frog's figures are a lower bound**: its lay-away is the best of three "
        "candidates, not of every lay-away, and trying every lay-away raised the value on "
        "5 of 6 deals measured (by 1 to 12 points). "
        + _hidden_card_comparison()
        + " The last columns give the "
        "same positions played by the rulebook's simpler computer players "
        "(`frogspec.bots.Bot`) at every seat.",
        "",
    ]


def _estimate_section(ruleset_id: str) -> list[str]:
    # The estimate from every feature together (frogspec.estimate): how it was fitted, how
    # it fared on the deals it was not fitted on, and against the sampled odds.
    from frogspec.estimate import MODEL_FEATURES, load_model, model_key

    rs = get_ruleset(ruleset_id)
    document = load_model()
    out = [
        "## One estimate from every feature together",
        "",
        "The tables below take one feature at a time. `frogspec odds HAND --ruleset "
        f"{rs.id} --quick` gives one answer for a hand instead, and the Play page's hint gives "
        "the same (one function, `frogspec.estimate.estimate`): for each contract the "
        "bidder's card points as a straight line in the features together ("
        + ", ".join(f.replace("_", " ") for f in MODEL_FEATURES)
        + "), fitted by weighted least squares to both runs' deals (each deal by its weight, "
        "below), a deal's points taken as spread normally about the hand's own value; from "
        "that, the chance of winning and the expected payment by this ruleset's rates at the "
        "table's size. It was fitted on four deals in five and measured on the fifth, which "
        "it never saw (both deals of a hand fall alike).",
        "",
        "**What its 95% ranges are of.** Not of the fit alone: of what `frogspec odds` would "
        "find for the hand by sampling. They count the fit's own uncertainty, how far the "
        "features miss a hand's own value (*between*: every deal's spread about a line "
        "fitted without it, the deals cut into five parts by hand and each part measured on "
        "the fit of the other four, less the rest), and, for a count of samples, how much "
        "the unseen cards move one deal's points (*within*: from the pairs of deals of one "
        "hand in the second run). Both are taken for the kind of hand: *strong* (a suit of "
        "five or more, or five Aces and Tens or more) or *weak*; the unseen cards move a "
        "strong hand's points further. *between* was measured by seat and by table size "
        "too (below): the bidder's seat's is taken where it is larger than his kind of "
        "hand's (a seat's few hands can show that the features miss more there, not "
        "reliably less); the table's is not taken, since the table's size moves no card "
        "points (the cards go to three). `--quick` and the hint give the range of the "
        "hand's own value (samples without end); the check below states it for the samples "
        "it ran.",
        "",
        "| contract | held-out deals | Brier score | Brier, one rate for all | log score "
        "| mean error, card points | between, strong / weak (by seat) | within, strong / "
        "weak (pairs) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    calibration = []
    measured = []
    for contract in rs.rules.contracts():
        model = document["models"][model_key(rs.id, contract)]
        held = model["held_out"]
        name = escape(rs.contract_name(contract))
        out.append(
            f"| {name} | {held['deals']} | {held['brier']:.3f} | "
            f"{held['brier_of_the_base_rate']:.3f} | {held['log']:.3f} | "
            f"{held['mean_absolute_error_points']:.1f} | "
            f"{_kinds(model['between'], '.1f')} "
            f"({', '.join(f'{b:.1f}' for b in model['between_by_seat'])}) | "
            f"{_kinds(model['within'], '.1f')} "
            f"({_kinds(model['pairs'], 'd')}) |"
        )
        measured.append(_between_row(name, model))
        for group in held["calibration"]:
            calibration.append(
                f"| {name} | {100 * group['from']:.0f}-{100 * group['to']:.0f}% | "
                f"{group['deals']} | {100 * group['predicted']:.0f}% | {100 * group['won']:.0f}% |"
            )
    out += [
        "",
        "*between* as measured in each group of deals, card points (hands in brackets; the "
        "first run's deals are all eldest's at three; zero where the deals' spread is no "
        "more than *within* and the line's own uncertainty explain):",
        "",
        "| contract | strong | weak | eldest | second | third | table of three | of four "
        "| of five |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *measured,
        "",
        "Calibration on the held-out deals: the deals grouped by the chance the estimate "
        "gave, and the share the bidder won (each deal by its weight).",
        "",
        "| contract | estimated chance | deals | mean estimate | won |",
        "|---|---|---:|---:|---:|",
        *calibration,
        "",
        *_check_section(rs.id),
    ]
    return out


def _kinds(values: dict[str, Any], form: str) -> str:
    # A spread (or count) for each kind of hand, strong first.
    return " / ".join(f"{values[kind]:{form}}" for kind in ("strong", "weak"))


def _between_row(name: str, model: dict[str, Any]) -> str:
    # One contract's *between* measured by kind of hand, seat and table size, with the
    # hands it rests on.
    groups = model["between_measured"]
    cells = [groups["by_kind"].get(kind) for kind in ("strong", "weak")]
    cells += [groups["by_seat"].get(str(seat)) for seat in range(3)]
    cells += [groups["by_table"].get(str(size)) for size in (3, 4, 5)]
    shown = [f"{c['between']:.1f} ({c['hands']})" if c else "" for c in cells]
    return f"| {name} | {' | '.join(shown)} |"


def _check_section(ruleset_id: str) -> list[str]:
    # What the committed run of benchmarks.estimate_check found: the estimate's ranges
    # against the sampled odds of hands no fit read.
    import json
    from importlib import resources

    path = resources.files("frogspec").joinpath("data", "estimate_check.json")
    if not path.is_file():
        return []
    run = json.loads(path.read_text("utf-8"))
    win, pay = run["win_interval"], run["payment_interval"]

    def verdict(found: dict[str, object]) -> str:
        share = float(found["share"])  # type: ignore[arg-type]
        met = "met" if found["met"] else "**not met**"
        return (
            f"{found['held']} of {found['intervals']} ({100 * share:.0f}%; the target 95%: {met})"
        )

    out = [
        "### Against the sampled odds",
        "",
        f"`python -m benchmarks.estimate_check` ({run['date']}) took {run['hands']} hands no "
        f"fit read (seed {run['check_seed']} of the second design: {run['strong_hands']} strong, "
        f"the rest weak, seats {', '.join(f'{k} {v}' for k, v in run['seats'].items())}; "
        f"tables {', '.join(f'of {k}: {v}' for k, v in run['players'].items())}), sampled the "
        f"odds of each ({', '.join(map(str, run['samples']))} samples, seed 0, ruleset "
        f"{', '.join(run['ruleset'])}) and asked whether the estimate's 95% range for that many "
        f"samples held the sampled answer. The range of the chance of winning held the sampled "
        f"share won in {verdict(win)}; the range of the payment held the sampled mean payment "
        f"in {verdict(pay)}. Counted as hands are dealt (each by its draw weight, the strong "
        f"ones no longer oversampled): {100 * run['as_deals_come']['win_interval']:.0f}% and "
        f"{100 * run['as_deals_come']['payment_interval']:.0f}%. The same check's "
        "calibration: the hands by the chance estimated, "
        "and the share of their samples won; the Brier and log scores are over every sample.",
        "",
        "| contract | ranges held (win) | ranges held (payment) | Brier | log score |",
        "|---|---:|---:|---:|---:|",
    ]
    bins = []
    for name, found in run["contracts"].items():
        out.append(
            f"| {escape(name)} | {found['win_interval']['held']} of "
            f"{found['win_interval']['intervals']} | {found['payment_interval']['held']} of "
            f"{found['payment_interval']['intervals']} | {found['brier']:.3f} | {found['log']:.3f} |"
        )
        for group in found["calibration"]:
            bins.append(
                f"| {escape(name)} | {100 * group['from']:.0f}-{100 * group['to']:.0f}% | "
                f"{group['hands']} | {100 * group['predicted']:.0f}% | "
                f"{100 * group['observed']:.0f}% |"
            )
    out += [
        "",
        "| contract | estimated chance | hands | mean estimate | share of samples won |",
        "|---|---|---:|---:|---:|",
        *bins,
        "",
        f"The check played {', '.join(run['ruleset'])}; its payments are that ruleset's, the "
        "chances of winning every ruleset's.",
    ]
    earlier = run.get("earlier")
    if earlier:
        out += [
            "",
            f"**The earlier check.** On {earlier['date']}, {earlier['hands']} hands of seed "
            f"{earlier['check_seed']} ({', '.join(map(str, earlier['samples']))} samples) held "
            f"the estimate as it then stood (fitted on a smaller second run) to the same test: "
            f"the range of the chance of winning held in {verdict(earlier['win_interval'])}, "
            f"the range of the payment in {verdict(earlier['payment_interval'])}. Those hands "
            "were looked at to find what to change, so the estimate as it now stands is judged "
            "on the fresh hands above, not on them.",
        ]
    return out


def _seats_section(ruleset_id: str) -> list[str]:
    # The second run's figures by seat and table size, weighted back to deals as they come.
    from frogspec.worth import by_seat, load_seats, seats_deals
    from frogspec.worth_design import WEAK_DRAW_WEIGHT

    rs = get_ruleset(ruleset_id)
    data = load_seats()
    hands = len({deal.hand_number for deal in seats_deals(data)})
    out = [
        "## By seat and table size",
        "",
        f"The second run (`{data.command}`, {data.deals:,} deals of {hands:,} hands, "
        f"seed {data.seed}) puts the bidder in every seat, at tables of three to five where "
        "the ruleset allows (at four and five the cards still go to three; the others sit "
        "out, and settle by the ruleset's rates). Random deals seldom give the hands players "
        "bid, so it deals them more often: a hand with a suit of five or more, or five Aces "
        "and Tens or more, is kept whenever dealt, any other one time in "
        f"{WEAK_DRAW_WEIGHT}; each deal carries that weight (with the data, "
        "`frogspec/data/worth-seats.json`), and every average here and in the fit counts it "
        "back, so the figures are those of deals as they come. Each hand is played twice, the "
        "unseen cards dealt anew. Fewer deals than the first run's: the intervals are wider, "
        "and honest about it (Wilson's and the mean's, at the weights' effective count). The "
        "seats are the bidder's place among the three who play: eldest, second, third (at "
        "three players the dealer; `--seat dealer` to `frogspec odds`).",
        "",
        f"| contract | seat | players | deals | bidder wins (95% interval) | payment, {rs.unit} "
        "(95% interval) | card points, double-dummy |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for contract in rs.rules.contracts():
        for (seat, players), row in by_seat(ruleset_id, contract, data):
            out.append(
                f"| {escape(row.name)} | {_SEAT_SHOWN[seat]} | {players} | {row.samples} "
                f"| {_percent(row)} | {_payment(row)} | {row.mean_points:.1f} |"
            )
    return [*out, "", *_trumps_by_seat(ruleset_id)]


#: A group of the table of trumps by seat is shown with at least this many deals.
_LEAST_SHOWN = 10


def _trumps_by_seat(ruleset_id: str) -> list[str]:
    # The second run's deals by seat and trumps held, the table sizes together (the cards
    # play alike at any size, so the chance and the card points do; the payments do not,
    # and are left out), each deal by its weight.
    from frogspec.worth import _features, _summarise, load_seats, seats_deals

    rs = get_ruleset(ruleset_id)
    data = load_seats()
    out = [
        "Trumps held, by seat (the second run; tables of every size together, since the "
        "cards play alike at any size: the chance of winning and the card points, not the "
        "payments, which are each table's; each deal by its weight; groups of fewer than "
        f"{_LEAST_SHOWN} deals left out). Few deals a group: read the intervals.",
        "",
        "| contract | seat | trumps held | deals | bidder wins (95% interval) "
        "| card points, double-dummy |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for contract in rs.rules.contracts():
        groups: dict[tuple[int, int], list[tuple[tuple[int, ...], float]]] = {}
        for deal in seats_deals(data):
            trumps = _features(ruleset_id, contract, deal.hand).trumps
            groups.setdefault((deal.seat, trumps), []).append((deal.row, deal.weight))
        for (seat, trumps), deals in sorted(groups.items()):
            if len(deals) < _LEAST_SHOWN:
                continue
            row = _summarise(
                ruleset_id,
                contract,
                [r for r, _ in deals],
                data,
                f"seat {seat}, {trumps} trumps",
                [w for _, w in deals],
            )
            out.append(
                f"| {escape(row.name)} | {_SEAT_SHOWN[seat]} | {trumps} | {row.samples} "
                f"| {_percent(row)} | {row.mean_points:.1f} |"
            )
    return out


def worth_page(ruleset_id: str, data: WorthData | None = None) -> str:
    """The page for one ruleset, every figure computed from ``data`` (the committed data by
    default)."""
    data = data or load()
    rs = get_ruleset(ruleset_id)
    unit = rs.unit
    out = [f"# What is a hand worth? {escape(rs.name)}", "", *_assumptions(ruleset_id)]
    out += ["## The run", "", *_run_facts(data), ""]
    out += [
        "## Every deal",
        "",
        f"The bidder's chance of winning (more than 60 card points) and his net payment per "
        f"deal in {unit} (negative: he pays), over every deal of the run, bidding the "
        "contract whatever he holds. Intervals: Wilson's for the rates; for the payments "
        "Student's t under 30 deals, else the normal approximation, kept inside the "
        "contract's range of payments (where every deal of a group agrees, the share that "
        "might not is bounded as a rate seen in none).",
        "",
        f"| contract | deals | bidder wins (95% interval) | payment, {unit} (95% interval) "
        "| card points, double-dummy | card points, bots |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    gaps = []
    for contract in rs.rules.contracts():
        row = overall(ruleset_id, contract, data)
        out.append(
            f"| {escape(row.name)} | {row.samples} | {_percent(row)} | {_payment(row)} "
            f"| {row.mean_points:.1f} | {row.bot_mean_points:.1f} |"
        )
        gaps.append(f"{row.bot_mean_points - row.mean_points:+.1f} in a {escape(row.name)}")
    out += [
        "",
        "The bidder's mean card points when the bots play the same positions, less the "
        "double-dummy value: " + ", ".join(gaps) + ".",
    ]
    out += ["", *_estimate_section(ruleset_id)]
    out += ["", *_seats_section(ruleset_id)]
    out += ["", "## Win rate by trumps held", ""]
    out += [
        "The trumps are hearts in a Frog and a Grand; in a Chico, the suit the hand is "
        "longest in among those the ruleset lets the bidder name (the solver itself plays "
        f"each of them and keeps the best). Points drawn for groups of {CHART_MIN_DEALS} "
        "deals or more; the bars are the 95% intervals.",
        "",
    ]
    series = [
        (rs.contract_name(c), table(ruleset_id, c, "trumps", data)) for c in rs.rules.contracts()
    ]
    chart = chart_svg(series, FEATURES["trumps"])
    out += [chart or f"(No group holds {CHART_MIN_DEALS} deals yet: no chart.)", ""]
    for contract in rs.rules.contracts():
        name = rs.contract_name(contract)
        out += [f"## {escape(name)}", ""]
        for feature, label in FEATURES.items():
            phrase = label if label.startswith("Aces") else label.lower()
            out += [f"### {escape(name)} by {phrase}", ""]
            out += _rows_table(label, table(ruleset_id, contract, feature, data), unit)
            out.append("")
    return "\n".join(out)


def worth_index_page(data: WorthData | None = None) -> str:
    """The section's front page: what the pages show and how the run was made."""
    data = data or load()
    out = [
        "# What is a hand worth?",
        "",
        '!!! warning "Analysis, not rules"',
        "    These pages are analysis: what a double-dummy solver finds over random deals. "
        "They cite no source, and nothing on them is a rule of the game; each names the "
        "ruleset whose rules it assumes.",
        "",
        "For each ruleset, the chance that the bidder wins each contract and what he can "
        "expect to be paid, by the features players count: trumps held, Aces and Tens, "
        "voids, and the length of the longest suit.",
        "",
        "## How the figures are made",
        "",
        "Every ruleset plays alike to the solver: a Frog is a hearts game with the widow "
        "taken and three cards laid away; a Chico a game in the named trump with the widow "
        "untouched; a Grand (and a Chico in hearts) a hearts game with the widow untouched. "
        "How the cards are dealt, whether the widow is shown, the auction and the size of "
        "the table change nothing the solver sees. So each deal is solved once for each of "
        "these plays, and each ruleset takes the plays of its own contracts (its Chico the "
        "best of the trumps it allows) and applies its own rates.",
        "",
        "A Frog bidder's lay-away is the best, for the solver, of three candidates: the "
        "side cards worth most that are not Aces; the cards of his shortest side suits "
        "(Aces last); his weakest side cards. The Frog's figures are therefore a lower "
        "bound on its double-dummy value: the best of every lay-away is as high or higher "
        "(`python -m benchmarks.lay_away`, 2026-12-03: higher on 5 of the first 6 deals of "
        "this data, by 1 to 12 card points; `frogspec odds --lay-aways every` tries every "
        "lay-away, about ten times slower).",
        "",
        *_run_facts(data),
        "",
        *_seats_run_facts(),
        "",
        "The same analysis for one hand: `frogspec odds HAND --ruleset R` (see the "
        "[CLI](../cli.md)).",
        "",
        "| ruleset | contracts |",
        "|---|---|",
    ]
    for ruleset_id, rs in RULESETS.items():
        contracts = ", ".join(rs.contract_name(c) for c in rs.rules.contracts())
        out.append(f"| [{escape(rs.name)}]({ruleset_id}.md) (`{ruleset_id}`) | {contracts} |")
    return "\n".join(out) + "\n"


def worth_pages(data: WorthData | None = None) -> dict[str, str]:
    """Every page of the section, by its path under ``docs/``."""
    pages = {"worth/index.md": worth_index_page(data)}
    for ruleset_id in RULESETS:
        pages[f"worth/{ruleset_id}.md"] = worth_page(ruleset_id, data)
    return pages
