"""Odds for a hand: each contract's chance of winning and expected payment, double-dummy.

``frogspec odds HAND --ruleset R --seat eldest`` deals the cards the bidder cannot see
(the rest of the pack) uniformly at random to the other two hands and the widow, many
times, and for each contract of the ruleset builds the play position through the engine
(:func:`~frogspec.engine.new_deal` with a deck that gives those hands, the bids applied,
the lay-away or the trump) and solves it with every hand open
(:func:`frogspec.solve.solve`). It is analysis, not rules.

- **Frog**: the bidder takes the widow and lays three cards away. Which three is a choice
  of play: by default the best of three candidates is kept (:func:`lay_away_candidates`:
  the side cards worth most that are not Aces; the cards of the shortest side suits; the
  weakest side cards), which makes the Frog's figures a **lower bound** on its
  double-dummy value; ``lay_aways="every"`` (``--lay-aways every``) tries every lay-away
  (:func:`every_lay_away`) and is exact, about ten times slower (:data:`THREE_LAY_AWAYS`).
- **Chico**: each trump the ruleset allows is tried and the best kept.
- **Grand**: hearts are trumps.

Plays that look alike to the solver are solved once: a Chico in hearts (where the ruleset
allows it) is a Grand's play, and the rates come after. A contract needs only its best
play's exact value, so of its candidates (trumps, lay-aways) one is solved exactly and each
other only tested (:func:`frogspec.solve.sure_of`, one null-window search) for beating it,
and solved if it does (:func:`solve_contracts`; the same answers as solving all,
:func:`solve_plays_exhaustively`). The likely best is tried first: trumps by
:func:`trump_order`, lay-aways by :func:`lay_away_order`.

Each sample is drawn by its own ``random.Random`` seeded by the run's seed and the sample's
index, so the same seed gives the same numbers on any number of worker processes.

**How far double-dummy odds are from play with hidden cards** is measured, not assumed
(``python -m benchmarks.overrating``, 80 random foster-1909 deals, the data in
``frogspec/data/overrating.json``): on the positions these odds build (each contract's play
with the lay-away or trump chosen double-dummy), the double-dummy value was compared with
the card points the bidder took when :class:`frogspec.sampling_bot.SamplingBot` (which sees
only its own cards) played every seat. On average the double-dummy value was *below* what
he took: by 8.0 (Frog; 95% interval 5.1 to 10.9), 10.0 (Chico; 7.5 to 12.5) and 11.3 card
points (Grand; 8.7 to 13.8), and its win rate 20, 14 and 11 points lower: hidden-card
defence gives away more than the bidder loses by not seeing. Where the double-dummy bidder
wins (40 positions of 240) he took 3.4 points more in play (95% interval -1.0 to 7.7) but
won 33 of them (83%; Frog 17 of 19, Chico 10 of 14, Grand 6 of 7): a double-dummy win there
is a win in play about five times in six. A stronger hidden-card defence would take more
from him. :class:`ContractOdds` also gives the points when the rulebook's computer players
(:class:`frogspec.bots.Bot`) play the same positions; their defence is weaker still.

The package, by concern, the command line above the rest:

- :mod:`frogspec.odds.positions`: the sampled deals, the plays and their positions;
- :mod:`frogspec.odds.lay_aways`: a Frog bidder's lay-aways, three candidates or every one;
- :mod:`frogspec.odds.solving`: the positions solved, the best of each contract's plays;
- :mod:`frogspec.odds.stats`: the intervals of a rate and of a mean;
- :mod:`frogspec.odds.sampling`: a run over the samples (:func:`hand_odds`, :class:`Odds`);
- :mod:`frogspec.odds.report`: the odds in words (:func:`format_odds`);
- :mod:`frogspec.odds.command`: ``frogspec odds``.

>>> from frogspec.rules.cards import CardSet
>>> hand = CardSet.parse("AH 10H KH QH JH 9H AS 10S AC 10C AD").mask
>>> odds = hand_odds(hand, "foster-1909", "eldest", samples=2, seed=1, workers=1,
...                  solver=points_now_solver)
>>> [row.name for row in odds.contracts]
['Frog', 'Chico', 'Grand']
"""

from frogspec.odds.lay_aways import (
    EVERY_LAY_AWAY,
    LAY_AWAY_CHOICES,
    THREE_LAY_AWAYS,
    every_lay_away,
    lay_away_candidates,
    lay_away_order,
)
from frogspec.odds.positions import (
    DEALER,
    FROG,
    PLAYERS,
    SEATS,
    Play,
    Solver,
    SureTest,
    bot_points,
    contract_plays,
    parse_hand,
    play_position,
    points_now_solver,
    sample_deal,
    solver_points,
)
from frogspec.odds.report import (
    FOOTER,
    LOWER_BOUND_NOTE,
    ProgressBar,
    format_estimate,
    format_odds,
)
from frogspec.odds.sampling import (
    DEFAULT_SECONDS,
    MAX_SAMPLES,
    STOPPED_BY_INTERRUPT,
    STOPPED_BY_TIME,
    ContractOdds,
    Odds,
    hand_odds,
    max_workers,
)
from frogspec.odds.solving import (
    best_positions,
    solve_contracts,
    solve_plays,
    solve_plays_exhaustively,
    solver_sure_of,
    trump_order,
)
from frogspec.odds.stats import (
    mean_interval,
    wilson_interval,
)

__all__ = [
    "DEALER",
    "DEFAULT_SECONDS",
    "EVERY_LAY_AWAY",
    "FOOTER",
    "FROG",
    "LAY_AWAY_CHOICES",
    "LOWER_BOUND_NOTE",
    "MAX_SAMPLES",
    "PLAYERS",
    "SEATS",
    "STOPPED_BY_INTERRUPT",
    "STOPPED_BY_TIME",
    "THREE_LAY_AWAYS",
    "ContractOdds",
    "Odds",
    "Play",
    "ProgressBar",
    "Solver",
    "SureTest",
    "best_positions",
    "bot_points",
    "contract_plays",
    "every_lay_away",
    "format_estimate",
    "format_odds",
    "hand_odds",
    "lay_away_candidates",
    "lay_away_order",
    "max_workers",
    "mean_interval",
    "parse_hand",
    "play_position",
    "points_now_solver",
    "sample_deal",
    "solve_contracts",
    "solve_plays",
    "solve_plays_exhaustively",
    "solver_points",
    "solver_sure_of",
    "trump_order",
    "wilson_interval",
]
