"""The glossary: every word of the game defined once, with the source that uses it.

:data:`TERMS` is the one glossary. :func:`glossary_page` writes it as a page, and
:func:`link_terms` explains the terms where they appear on every other page: the first
use of each term on a page becomes a link to its entry, with the definition as the
link's title (shown when the reader points at it). Code, headings, links and the like are
left alone.

>>> entry = term("eldest hand")
>>> entry.anchor
'eldest-hand'
>>> print(link_terms("<h2>The widow</h2><p>The widow, the <code>widow</code>: the widow.</p>", "rules/"))
<h2>The widow</h2><p>The <a class="fs-term" href="../glossary/#widow" title="The three cards dealt face down to the table, apart from the hands; they count for the bidder at the end. [reading]">widow</a>, the <code>widow</code>: the widow.</p>
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from functools import cache

from frogspec.rulesets import Ruleset
from frogspec.site.annotated import own_phrasing
from frogspec.site.markup import (
    admonition,
    escape,
    kind_marks,
    marks_legend,
    relative,
    rule_link,
)
from frogspec.sources import (
    FOSTER_1909,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    Citation,
    cite,
)

__all__ = ["TERMS", "Term", "glossary_page", "hover_text", "link_terms", "term"]


@dataclass(frozen=True, slots=True)
class Term:
    """One word of the game.

    ``forms`` are the spellings the text uses (plural, past tense); the first use of any
    of them on a page is linked. ``case_sensitive`` keeps a contract's name (Grand) from
    matching the ordinary word. ``citation`` quotes a source that uses the word, verbatim;
    ``None`` marks a word of this rulebook's own. ``rule`` is the rule that says most about
    it. ``states`` are the rules the definition states: the marks of those that are
    rulings or readings (:func:`~frogspec.site.markup.kind_marks`) print with it.
    """

    name: str
    definition: str
    citation: Citation | None
    forms: tuple[str, ...] = ()
    rule: str | None = None
    case_sensitive: bool = False
    linked: bool = True
    states: tuple[str, ...] = ()

    @property
    def marks(self) -> str:
        """The printed marks of the rulings and readings the definition states, or ``""``."""
        return kind_marks(self.states)

    @property
    def anchor(self) -> str:
        """The term's anchor on the glossary page."""
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling that is linked: the name and its forms."""
        return (self.name, *self.forms)


def _foster(quote: str) -> Citation:
    return cite(FOSTER_1909, "441–442", quote)


def _wikipedia(quote: str) -> Citation:
    return cite(WIKIPEDIA_FROG, None, quote)


def _official(quote: str) -> Citation:
    return cite(OFFICIAL_RULES_1922, "213–216", quote, reported_by=WIKIPEDIA_FROG)


#: The glossary, in alphabetical order.
TERMS: tuple[Term, ...] = tuple(
    sorted(
        (
            Term(
                "active player",
                "One of the three players who take part in a deal; with four or more at the "
                "table the others sit out.",
                _wikipedia("there are only ever three active players at one time"),
                ("active players", "active seats", "active seat"),
                rule="seats.active-foster",
            ),
            Term(
                "auction",
                "The bidding at the start of a deal, which decides who plays alone and which "
                "game he plays.",
                _wikipedia('The winner of the auction is called the "bidder"'),
                ("auctions",),
                rule="auction.highest-bid-wins",
            ),
            Term(
                "bank",
                "What each player starts the game with, in some rulesets (120 chips in the "
                "1922 rules, 150 points on the modern web page); Foster's game has none.",
                None,
                ("banks",),
                rule="match.bank-120-chips",
                states=("match.counters-no-bank",),
            ),
            Term(
                "bid",
                "An offer, in the auction, to play one of the games (Frog, Chico, Grand) alone "
                "against the other two; also called an offer.",
                _foster("A player cannot increase his own bid unless he is overbid."),
                ("bids",),
                rule="auction.contract-order",
            ),
            Term(
                "bidder",
                "The player who won the auction and plays alone against the other two active "
                "players; Foster calls him the single player.",
                _foster("The highest bidder becomes the single player, opposed to the two others."),
                ("bidders", "single player"),
                rule="auction.highest-bid-wins",
            ),
            Term(
                "blind",
                "The widow, in British rules.",
                _wikipedia("as the widow (or blind in British rules)"),
                linked=False,
            ),
            Term(
                "card points",
                "What a card is worth when the tricks are counted: Ace 11, Ten 10, King 4, "
                "Queen 3, Jack 2, the rest nothing; 120 in the pack.",
                _wikipedia("players count up their card points"),
                ("card point",),
                rule="cards.points",
            ),
            Term(
                "Chico",
                "The middle game: the bidder names trumps (not hearts, in most rulesets) and "
                "leaves the widow untouched. The 1922 rules call it Simple Solo.",
                _foster("Chico outbids Frog."),
                ("Chicos",),
                rule="trump.chico-not-hearts",
                case_sensitive=True,
                states=("widow.untouched-in-chico-and-grand",),
            ),
            Term(
                "chip",
                "A token to pay with; the modern and 1922 rules pay in chips.",
                _wikipedia("he scores 1 chip for every point above 60 from each active player"),
                ("chips",),
                rule="match.bank-120-chips",
            ),
            Term(
                "contract",
                "The game the bidder undertakes to play: Frog, Chico or Grand.",
                _wikipedia(
                    "The bidder may not play a higher contract than that which won the auction."
                ),
                ("contracts",),
                rule="auction.contracts-frog-chico-grand",
            ),
            Term(
                "counter",
                "A token to pay with, in Foster's rules: each point over or under 60 is worth "
                "one, two or four counters.",
                _foster("he must be paid a counter by each of the others who held cards"),
                ("counters",),
                rule="settlement.rates-1-2-4",
            ),
            Term(
                "dealer",
                "The player who deals the cards; the deal passes to the left after each deal. "
                "With four or more at the table he may sit out and still deal.",
                _foster("If four play, the dealer takes no cards."),
                ("dealers",),
                rule="deal.rotation-left",
            ),
            Term(
                "hand",
                "The cards a player holds: eleven for each active player once the deal is done.",
                _foster("so that there are three hands of eleven cards each"),
                ("hands",),
                rule="deal.packets-3-3-4-4",
                linked=False,
            ),
            Term(
                "pack",
                "The 36 cards the game is played with: an ordinary pack without its 2s, 3s, 4s "
                "and 5s.",
                _foster("There are thirty-six cards in the pack, which rank: A 10 K Q J 9 8 7 6."),
                rule="cards.pack",
                linked=False,
            ),
            Term(
                "pass",
                "To make no bid in the auction; a player who passes takes no further part in it.",
                _wikipedia("players may pass or bid for one of the following games"),
                ("passes", "passed"),
                rule="auction.pass-is-final",
                linked=False,
                states=("auction.pass-is-final",),
            ),
            Term(
                "rank",
                "The order of the cards within a suit, highest first: A 10 K Q J 9 8 7 6.",
                _foster("There are thirty-six cards in the pack, which rank: A 10 K Q J 9 8 7 6."),
                ("ranks",),
                rule="cards.rank-order",
                linked=False,
            ),
            Term(
                "side",
                "The bidder alone, or his two opponents together: each side counts the card "
                "points in the tricks it took.",
                _foster("each side turns over the cards taken in and counts the points"),
                ("sides",),
                rule="scoring.count-card-points",
                linked=False,
            ),
            Term(
                "suit",
                "Hearts, spades, diamonds or clubs: nine cards each in the pack.",
                _wikipedia(
                    "Players must follow suit if able; if unable to follow, they must trump if "
                    "possible."
                ),
                ("suits",),
                rule="play.follow-suit",
                linked=False,
            ),
            Term(
                "eldest hand",
                "The first active player on the dealer's left: he is dealt to first, bids "
                "first and leads to the first trick.",
                _wikipedia("beginning with eldest hand to the left"),
                ("eldest",),
                rule="seats.eldest-hand",
            ),
            Term(
                "editorial ruling",
                "A rule of this rulebook's own, made where no source says what to do or a "
                "source cannot be played as written; it always gives its reasoning.",
                None,
                ("editorial rulings",),
            ),
            Term(
                "follow suit",
                "To play a card of the suit that was led; a player who can must.",
                _foster("The others must follow suit if they can"),
                ("follows suit", "following suit", "followed suit"),
                rule="play.follow-suit",
            ),
            Term(
                "Frog",
                "The lowest game: hearts are trumps, and the bidder takes the widow into his "
                "hand and lays away three cards. Also the name of the whole game.",
                _foster("Frog. In this, hearts must be trumps."),
                rule="widow.frog-take-and-discard",
                case_sensitive=True,
                linked=False,
                states=("widow.frog-take-and-discard",),
            ),
            Term(
                "Grand",
                "The highest game: hearts are trumps and the widow stays untouched. The 1922 "
                "rules call it Heart Solo.",
                _foster("Grand outbids Chico, and is the highest bid possible."),
                ("Grands",),
                rule="trump.hearts-in-frog-and-grand",
                case_sensitive=True,
                states=("widow.untouched-in-chico-and-grand",),
            ),
            Term(
                "head the trick",
                "To play a card that beats every card already in the trick; no one is obliged to.",
                _foster("but they are not obliged to head the trick"),
                ("heading the trick",),
                rule="play.no-duty-to-head",
            ),
            Term(
                "Heart Solo",
                "The 1922 name of Grand.",
                _official(
                    "In a Simple Solo contract, 1 chip was paid per point and 2 chips in "
                    "a Heart Solo."
                ),
                rule="auction.contracts-without-frog",
                case_sensitive=True,
            ),
            Term(
                "lay away",
                "To put cards face down aside, out of play: the Frog bidder, after taking the "
                "widow, lays away three cards, which count for him at the end. Also called "
                "discarding.",
                _foster(
                    "Any points in the cards he lays away will count for him at the end of "
                    "the play."
                ),
                ("lays away", "laid away", "laying away", "discard", "discards"),
                rule="widow.frog-take-and-discard",
                states=("widow.frog-take-and-discard", "scoring.widow-counts-for-bidder"),
            ),
            Term(
                "lead",
                "To play the first card of a trick; the player who does is the leader, and the "
                "card's suit is the suit led.",
                _foster(
                    "The player on the dealer’s left always leads for the first trick, any "
                    "card he pleases."
                ),
                ("leads", "leader", "led"),
                rule="play.lead-any-card",
            ),
            Term(
                "margin",
                "How far the winning side is over 60 card points: what the payment is counted "
                "from.",
                None,
                rule="settlement.sixty-is-a-tie",
                states=("settlement.sixty-is-a-tie",),
            ),
            Term(
                "over-trump",
                "To play a trump higher than one already in the trick; no one is obliged to.",
                _foster("he is not obliged to over-trump unless he likes"),
                ("over-trumps", "overtrump"),
                rule="play.no-duty-to-overtrump",
                states=("play.no-duty-to-overtrump",),
            ),
            Term(
                "overbid",
                "To bid a higher game than the one bid so far; also said outbid.",
                _foster("A player cannot increase his own bid unless he is overbid."),
                ("overbids", "outbid", "outbids"),
                rule="auction.contract-order",
            ),
            Term(
                "Penalty Frog",
                "A 1922 option: a bidder who loses a Frog pays at the Heart Solo rate.",
                _official(
                    "In a variation called Penalty Frog, the bidder paid the Heart Solo "
                    "rate if a Frog contract was lost"
                ),
                rule="settlement.penalty-frog",
                case_sensitive=True,
            ),
            Term(
                "ruleset",
                "One way to play Frog: for each point where the sources differ, one reading. "
                "This rulebook has seven.",
                None,
                ("rulesets",),
            ),
            Term(
                "settle",
                "To pay and be paid at the end of a deal.",
                _foster("The settling up of the scores at the end"),
                ("settles", "settling up", "settlement"),
                rule="settlement.each-pays-in-full",
                linked=False,
            ),
            Term(
                "Simple Solo",
                "The 1922 name of Chico.",
                _official("In a Simple Solo contract, 1 chip was paid per point"),
                rule="auction.contracts-without-frog",
                case_sensitive=True,
            ),
            Term(
                "sit out",
                "To take no cards in a deal: with four or more at the table, all but three "
                "players sit out each deal, and may still be paid.",
                _wikipedia("With four players, the dealer sits out"),
                ("sits out", "sitting out", "sat out"),
                rule="settlement.sitting-out-receive-only",
                states=("settlement.sitting-out-receive-only",),
            ),
            Term(
                "slough",
                "The widow, in the 1922 rules, where it is dealt the 1st, 4th and 8th cards.",
                _official("the 1st, 4th and 8th going to the widow which was called the slough"),
                rule="deal.singly-slough-1-4-8",
            ),
            Term(
                "trick",
                "One card from each active player in turn, the first led and the others "
                "played to it; the winner takes the three cards.",
                _foster(
                    "The player on the dealer’s left always leads for the first trick, any "
                    "card he pleases."
                ),
                ("tricks",),
                rule="play.trick-winner",
                states=("play.trick-winner",),
            ),
            Term(
                "trump",
                "The suit that beats every other in a deal (hearts in Frog and Grand; in a "
                "Chico, the suit the bidder names); a card of that suit. To trump is to play "
                "one to a trick of another suit.",
                _foster("If a player cannot follow suit, he must trump"),
                ("trumps", "trumped"),
                rule="play.must-trump",
            ),
            Term(
                "widow",
                "The three cards dealt face down to the table, apart from the hands; they count "
                "for the bidder at the end.",
                _foster("then three for the widow"),
                ("widows",),
                rule="widow.untouched-in-chico-and-grand",
                states=("scoring.widow-counts-for-bidder",),
            ),
        ),
        key=lambda t: t.name.lower(),
    )
)


def term(name: str) -> Term:
    """The glossary entry of ``name`` (any of its spellings, any case)."""
    wanted = name.lower()
    for entry in TERMS:
        if wanted in (s.lower() for s in entry.spellings):
            return entry
    raise LookupError(f"no glossary term {name!r}")


def glossary_page() -> str:
    """The glossary page: each term, its definition, a source that uses it, its rule."""
    page = "glossary.md"
    out = [
        "# Glossary",
        "",
        "Every word of the game, defined once, with a source that uses it, quoted word for "
        "word. On every other page of the rulebook, the first use of each of these words "
        "links here; point at it to read the definition. Words marked *this rulebook's "
        "term* are ours, not the sources'. " + marks_legend("definition"),
        "",
    ]
    for entry in TERMS:
        out += [f"## {escape(entry.name)} {{ #{entry.anchor} }}", ""]
        out.append(" ".join(part for part in (escape(entry.definition), entry.marks) if part))
        out.append("")
        if entry.citation is None:
            out.append("*This rulebook's term.*")
        else:
            citation = entry.citation
            where = escape(citation.locator(page_note=True))
            source = citation.source
            link = relative(page, "sources.md", source.key)
            out.append(f"> “{escape(citation.quote or '')}”  \n> — [{where}]({link})")
        out.append("")
        if entry.rule is not None:
            out.append(f"The rule: {rule_link(entry.rule, page)}.")
            out.append("")
    out.append(
        admonition(
            "info",
            "Where these come from",
            "The glossary is `frogspec.site.glossary.TERMS`: the page and the explanations on "
            "every other page are built from it, so a word is defined in one place only.",
        )
    )
    return "\n".join(out)


# ------------------------------------------------------------------------- linking terms

# Elements whose text is never linked: code, headings, links, quotations and the like.
_SKIPPED = frozenset(
    {"a", "abbr", "blockquote", "button", "code", "h1", "h2", "h3", "h4", "h5", "h6", "kbd", "label",
     "pre", "samp", "script", "select", "style", "summary", "svg", "textarea", "title"}
)  # fmt: skip
# Elements whose content is raw text: skipped whole, tags inside them are not tags.
_RAW = re.compile(r"<(script|style|pre|textarea|svg)\b.*?</\1\s*>", re.S | re.I)
_TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_TAG_NAME = re.compile(r"</?\s*([a-zA-Z0-9]+)")
_VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                   "track", "wbr"})  # fmt: skip


@cache
def _pattern() -> tuple[re.Pattern[str], dict[str, Term]]:
    by_spelling: dict[str, Term] = {}
    sensitive: list[str] = []
    insensitive: list[str] = []
    for entry in TERMS:
        if not entry.linked:
            continue
        for spelling in entry.spellings:
            key = spelling if entry.case_sensitive else spelling.lower()
            by_spelling[key] = entry
            (sensitive if entry.case_sensitive else insensitive).append(spelling)

    def alternation(words: list[str]) -> str:
        return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))

    pattern = re.compile(
        rf"(?<![\w-])(?:(?P<cs>{alternation(sensitive)})|(?i:(?P<ci>{alternation(insensitive)})))(?![\w-])"
    )
    return pattern, by_spelling


def hover_text(entry: Term, ruleset: Ruleset | None = None) -> str:
    """A term's definition as its link's tooltip shows it: on a page about ``ruleset``, in
    that ruleset's names for the contracts (:func:`~frogspec.rulesets.own_phrasing`),
    except for the entry of one of those names, whose definition is about the name.

    >>> from frogspec.rulesets import get_ruleset
    >>> solo = get_ruleset("official-1922-solo")
    >>> hover_text(term("trump"), solo)
    'The suit that beats every other in a deal (hearts in Frog and Heart Solo; in a Simple Solo, the suit the bidder names); a card of that suit. To trump is to play one to a trick of another suit.'
    >>> hover_text(term("Heart Solo"), solo)
    'The 1922 name of Grand.'

    A definition that states a ruling or a reading carries its mark, as in print:

    >>> hover_text(term("over-trump")).endswith("[ruling]")
    True
    """
    if ruleset is None or entry.name in dict(ruleset.names).values():
        text = entry.definition
    else:
        text = own_phrasing(ruleset, entry.definition)
    marks = kind_marks(entry.states, plain=True)
    return f"{text} {marks}" if marks else text


def _link_text(text: str, seen: set[str], prefix: str, ruleset: Ruleset | None) -> str:
    pattern, by_spelling = _pattern()

    def replace(match: re.Match[str]) -> str:
        word = match.group(0)
        entry = by_spelling[match.group("cs")] if match.group("cs") else by_spelling[word.lower()]
        if entry.name in seen:
            return word
        seen.add(entry.name)
        title = html.escape(hover_text(entry, ruleset), quote=True)
        return (
            f'<a class="fs-term" href="{prefix}glossary/#{entry.anchor}" title="{title}">{word}</a>'
        )

    return pattern.sub(replace, text)


def link_terms(page_html: str, page_url: str, ruleset: Ruleset | None = None) -> str:
    """``page_html`` with the first use of each glossary term linked to its entry.

    ``page_url`` is the page's address relative to the site's root (``"rules/play/"``);
    the links are made relative to it. Text inside code, headings, links, buttons and the
    like is left as it is. On a page about one ruleset (``ruleset``), the definitions the
    links show on hover speak its names for the contracts (:func:`hover_text`).
    """
    prefix = posixpath.relpath(".", page_url or ".")
    prefix = "" if prefix == "." else prefix + "/"
    seen: set[str] = set()
    out: list[str] = []
    position = 0
    for raw in _RAW.finditer(page_html):
        out.append(_link_outside_raw(page_html[position : raw.start()], seen, prefix, ruleset))
        out.append(raw.group(0))
        position = raw.end()
    out.append(_link_outside_raw(page_html[position:], seen, prefix, ruleset))
    return "".join(out)


def _link_outside_raw(chunk: str, seen: set[str], prefix: str, ruleset: Ruleset | None) -> str:
    out: list[str] = []
    skipping: list[str] = []  # the open elements whose text is left alone
    position = 0
    for tag in _TAG.finditer(chunk):
        text = chunk[position : tag.start()]
        out.append(
            _link_text(text, seen, prefix, ruleset) if not skipping and text.strip() else text
        )
        out.append(tag.group(0))
        position = tag.end()
        name_match = _TAG_NAME.match(tag.group(0))
        if name_match is None:
            continue
        name = name_match.group(1).lower()
        if name not in _SKIPPED or name in _VOID or tag.group(0).endswith("/>"):
            continue
        if tag.group(0).startswith("</"):
            if name in skipping:
                # Close up to the matching element (tolerates an unclosed one inside it).
                while skipping and skipping.pop() != name:
                    pass
        else:
            skipping.append(name)
    text = chunk[position:]
    out.append(_link_text(text, seen, prefix, ruleset) if not skipping and text.strip() else text)
    return "".join(out)
