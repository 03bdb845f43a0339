"""The bibliography: every source a rule may cite, and how we reached it.

A :class:`Source` is a work with full bibliographic data. A :class:`Citation` points
at a source, gives the pages the source gives, and quotes the words verbatim where we
hold the text. When a fact reaches us only through a secondary source (the 1922
*Official Rules* through the Wikipedia article, say), the citation names that source in
``reported_by`` and the quote is the reporter's words, never the original's.

The texts we hold ship with the package (``frogspec/data/sources/``) so that a test can
check that every quote stands in them, to the letter.

>>> FOSTER_1909.short
'Foster (1909)'
>>> c = cite(OFFICIAL_RULES_1922, "213–216", "The number of possible players increased to seven",
...          reported_by=WIKIPEDIA_FROG)
>>> c.text()
'Official Rules (1922), pp. 213–216, as reported by Wikipedia (rev. 1222580806): “The number of possible players increased to seven”'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal

__all__ = [
    "ALL_SOURCES",
    "CULBERTSON_1957",
    "DUMMETT_1980",
    "FOSTER_1909",
    "GAMERULES",
    "GOREN_1961",
    "HOYLE_1907",
    "MEYERS_1909",
    "OFFICIAL_RULES_1922",
    "PARLETT_2008",
    "PENNYCOOK_1982",
    "SOURCE_PROBLEMS",
    "WIKIPEDIA_FROG",
    "Citation",
    "Source",
    "SourceProblem",
    "cite",
    "get_source",
    "held_text",
    "post_1950",
]

SourceKind = Literal["book", "encyclopedia-article", "web-page"]


@dataclass(frozen=True, slots=True)
class Source:
    """One work in the bibliography.

    ``held`` names the file under ``frogspec/data/sources/`` that holds its text, or is
    ``None`` when we hold no text of it (then it may only be cited as reported by a
    source we do hold).
    """

    key: str
    short: str
    kind: SourceKind
    title: str
    year: int | None
    authors: tuple[str, ...] = ()
    editors: tuple[str, ...] = ()
    container: str | None = None
    edition: str | None = None
    volume: str | None = None
    publisher: str | None = None
    place: str | None = None
    pages: str | None = None
    isbn: str | None = None
    url: str | None = None
    revision: str | None = None
    held: str | None = None
    reached: str = ""
    role: str = ""

    def reference(self) -> str:
        """The full reference, in the author–date style of the rulebook."""
        parts: list[str] = []
        who = "; ".join(self.authors) if self.authors else None
        year = str(self.year) if self.year else "n.d."
        lead = f"{who} ({year})." if who else f"({year})."
        parts.append(lead)
        title = f"*{self.title}*" if self.kind == "book" else f"“{self.title}”"
        parts.append(f"{title}.")
        if self.editors:
            parts.append(f"Ed. {'; '.join(self.editors)}.")
        if self.container:
            parts.append(f"In *{self.container}*.")
        if self.edition:
            parts.append(f"{self.edition} ed.")
        if self.volume:
            parts.append(f"Vol. {self.volume}.")
        if self.place or self.publisher:
            parts.append(", ".join(p for p in (self.place, self.publisher) if p) + ".")
        if self.pages:
            parts.append(f"{_page_label(self.pages)} {self.pages}.")
        if self.isbn:
            parts.append(f"ISBN {self.isbn}.")
        if self.revision:
            parts.append(f"Revision {self.revision}.")
        if self.url:
            parts.append(self.url)
        return " ".join(parts)


def _page_label(pages: str) -> str:
    return "pp." if re.search(r"[–-]", pages) else "p."


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer from a rule into a source: pages as the source gives them, and a quote.

    ``quote`` is verbatim from the held text of :attr:`quoted_source` (the reporter's
    text when ``reported_by`` is set). ``pages`` is ``None`` where the source has none
    (a web page).
    """

    source: Source
    pages: str | None
    quote: str | None = None
    reported_by: Source | None = None
    note: str | None = None

    @property
    def quoted_source(self) -> Source:
        """The source whose held text the quote comes from."""
        return self.reported_by or self.source

    @property
    def second_hand(self) -> bool:
        """True when we know this only through another source."""
        return self.reported_by is not None

    def locator(self) -> str:
        """``"Foster (1909), pp. 441–442"``, with "as reported by" where second-hand."""
        text = self.source.short
        if self.pages:
            text += f", {_page_label(self.pages)} {self.pages}"
        if self.reported_by is not None:
            text += f", as reported by {self.reported_by.short}"
        return text

    def text(self) -> str:
        """The locator followed by the quote, in curly quotes."""
        if self.quote is None:
            return self.locator()
        return f"{self.locator()}: “{self.quote}”"


def cite(
    source: Source,
    pages: str | None,
    quote: str | None = None,
    *,
    reported_by: Source | None = None,
    note: str | None = None,
) -> Citation:
    """Make a :class:`Citation`; refuses a quote from a source whose text we do not hold."""
    holder = reported_by or source
    if quote is not None and holder.held is None:
        raise ValueError(
            f"cannot quote {holder.short}: we hold no text of it; cite it as reported by "
            "a source we hold"
        )
    return Citation(source, pages, quote, reported_by, note)


@cache
def held_text(source: Source) -> str:
    """The text we hold of ``source``, exactly as it stands in the file."""
    if source.held is None:
        raise LookupError(f"we hold no text of {source.short}")
    path = resources.files("frogspec") / "data" / "sources" / source.held
    return path.read_text(encoding="utf-8")


FOSTER_1909 = Source(
    key="foster-1909",
    short="Foster (1909)",
    kind="book",
    title="Foster's Complete Hoyle: An Encyclopedia of All the Indoor Games Played at the "
    "Present Day",
    year=1909,
    authors=("Foster, R. F.",),
    publisher="Frederick A. Stokes Company",
    place="New York",
    pages="441–442",
    url="https://www.gutenberg.org/ebooks/53881",
    held="foster-1909-frog.txt",
    reached="The whole FROG section, as transcribed in the public-domain Project Gutenberg "
    "edition (eBook #53881), where FROG follows the Skat laws. The transcription carries no "
    "page marks: the pages 441–442 are those the Wikipedia article gives, not checked "
    "against the print.",
    role="Primary source: the earliest text of the rules that we hold.",
)

HOYLE_1907 = Source(
    key="hoyle-1907",
    short="Hoyle's Games (1907)",
    kind="book",
    title="Hoyle's Games",
    year=1907,
    publisher="McClure",
    place="New York",
    pages="241–242",
    reached="Not held. The Wikipedia article reports that the earliest rules of Frog appear "
    "here and that Foster's are virtually identical.",
    role="The first printed rules; known to us only through the Wikipedia article.",
)

OFFICIAL_RULES_1922 = Source(
    key="official-rules-1922",
    short="Official Rules (1922)",
    kind="book",
    title="Official Rules of Card Games",
    year=1922,
    publisher="The United States Playing Card Company",
    place="Cincinnati",
    pages="213–216",
    reached="Not held. Its Solo or Slough, Straight Solo, Coeur d'Alene Solo and Penalty "
    "Frog reach us only through the Wikipedia article's summary.",
    role="Source of the 1922 variants; second-hand.",
)

WIKIPEDIA_FROG = Source(
    key="wikipedia-frog",
    short="Wikipedia (rev. 1222580806)",
    kind="encyclopedia-article",
    title="Frog (American card game)",
    year=None,
    container="Wikipedia, The Free Encyclopedia",
    revision="oldid 1222580806",
    url="https://en.wikipedia.org/w/index.php?title=Frog_(American_card_game)&oldid=1222580806",
    held="wikipedia-frog-american-card-game.txt",
    reached="A copy of revision 1222580806 of the article (the site's boilerplate after the "
    "revision id is not part of it).",
    role="Secondary source: summarises Foster (1909), the post-1950 changes and the 1922 "
    "Official Rules. Licensed CC BY-SA 4.0.",
)

GAMERULES = Source(
    key="gamerules",
    short="Crook (gamerules.com)",
    kind="web-page",
    title="Frog",
    year=None,
    authors=("Crook, Amber",),
    container="gamerules.com",
    held="gamerules-frog.txt",
    reached="A copy of the page's text. The page carries no date.",
    role="Tertiary source: a modern web page with its own scoring (150 points each at the "
    "start; Grand pays triple) and at least one arithmetic slip.",
)

MEYERS_1909 = Source(
    key="meyers-1909",
    short="Meyers (1909)",
    kind="encyclopedia-article",
    title="Tapp",
    year=1909,
    container="Meyers Großes Konversations-Lexikon",
    edition="6th",
    volume="19",
    publisher="Bibliographisches Institut",
    place="Leipzig",
    pages="319",
    url="http://www.zeno.org/nid/20007562535",
    held="meyers-1909-tapp.md",
    reached="The zeno.org transcription of the entry, with a translation of our own.",
    role="Historical note only: the entry on Tapp, Frog's south German ancestor.",
)

CULBERTSON_1957 = Source(
    key="culbertson-1957",
    short="Culbertson (1957)",
    kind="book",
    title="Culbertson's Card Games Complete",
    year=1957,
    authors=("Culbertson, Ely",),
    editors=("Phillips, Hubert",),
    publisher="Argo",
    place="Watford",
    reached="Not held; reported by the Wikipedia article as a post-1950 source.",
    role="Post-1950 rules; second-hand.",
)

GOREN_1961 = Source(
    key="goren-1961",
    short="Goren (1961)",
    kind="book",
    title="Goren's Hoyle: Encyclopedia of Games",
    year=1961,
    authors=("Goren, Charles",),
    publisher="Chancellor Hall",
    place="New York",
    reached="Not held; reported by the Wikipedia article as a post-1950 source.",
    role="Post-1950 rules; second-hand.",
)

PENNYCOOK_1982 = Source(
    key="pennycook-1982",
    short="Pennycook (1982)",
    kind="book",
    title="The Book of Card Games",
    year=1982,
    authors=("Pennycook, Andrew",),
    publisher="Granada",
    place="London",
    isbn="0246117567",
    reached="Not held; reported by the Wikipedia article as a post-1950 source.",
    role="Post-1950 rules; second-hand.",
)

PARLETT_2008 = Source(
    key="parlett-2008",
    short="Parlett (2008)",
    kind="book",
    title="The Penguin Book of Card Games",
    year=2008,
    authors=("Parlett, David",),
    publisher="Penguin",
    place="London",
    isbn="978-0-141-03787-5",
    reached="Not held; reported by the Wikipedia article as a post-1950 source.",
    role="Post-1950 rules; second-hand.",
)

DUMMETT_1980 = Source(
    key="dummett-1980",
    short="Dummett (1980)",
    kind="book",
    title="The Game of Tarot",
    year=1980,
    authors=("Dummett, Michael",),
    publisher="Duckworth",
    place="London",
    isbn="0715610147",
    pages="570",
    reached="Not held; cited by the Wikipedia article for Frog's descent from Tapp.",
    role="History; second-hand.",
)

ALL_SOURCES: tuple[Source, ...] = (
    FOSTER_1909,
    HOYLE_1907,
    OFFICIAL_RULES_1922,
    CULBERTSON_1957,
    GOREN_1961,
    PENNYCOOK_1982,
    PARLETT_2008,
    WIKIPEDIA_FROG,
    GAMERULES,
    MEYERS_1909,
    DUMMETT_1980,
)


def get_source(key: str) -> Source:
    """The source with this key; ``LookupError`` naming the known keys otherwise."""
    for source in ALL_SOURCES:
        if source.key == key:
            return source
    known = ", ".join(s.key for s in ALL_SOURCES)
    raise LookupError(f"unknown source {key!r}; known sources: {known}")


def post_1950(quote: str) -> tuple[Citation, ...]:
    """Citations of the four post-1950 books, each as reported by the Wikipedia article."""
    return tuple(
        cite(src, None, quote, reported_by=WIKIPEDIA_FROG)
        for src in (CULBERTSON_1957, GOREN_1961, PENNYCOOK_1982, PARLETT_2008)
    )


@dataclass(frozen=True, slots=True)
class SourceProblem:
    """A place where a source contradicts itself or slips, with how the rulebook handles it."""

    key: str
    source: Source
    quotes: tuple[str, ...]
    problem: str
    handling: str
    rule_ids: tuple[str, ...] = field(default=())


SOURCE_PROBLEMS: tuple[SourceProblem, ...] = (
    SourceProblem(
        key="gamerules-ten-cards",
        source=GAMERULES,
        quotes=(
            "deal each player 10 cards. this is done in a batch of 4 then two batches of 3 cards",
            "there will also be 3 cards dealt to the center of the table facedown",
        ),
        problem="Three hands of ten and a widow of three make 33 cards, not the 36 the page "
        "itself uses; and the batches 4, 3, 3 are given without the widow's place in them.",
        handling="An editorial ruling deals the modern 4-(3)-3-4, of which the page's batches "
        "are the first three, so that 36 = 3 × 11 + 3.",
        rule_ids=("deal.gamerules-packets",),
    ),
    SourceProblem(
        key="gamerules-sixty-one",
        source=GAMERULES,
        quotes=(
            "the team that scores at least 61 of it wins the round",
            "If the bidder wins by scoring more the 61 points",
            "A score of 60 is a tie and no points are gained or lost.",
        ),
        problem="The page says both that 61 wins and that the bidder wins by scoring 'more "
        "the 61'; read literally the second would make 61 a tie, against its own statement "
        "that 60 is the tie and that payments are the difference from 60.",
        handling="Read as a slip: more than 60 wins, 60 is a tie (settlement.sixty-is-a-tie).",
        rule_ids=("settlement.sixty-is-a-tie",),
    ),
    SourceProblem(
        key="wikipedia-five-players",
        source=WIKIPEDIA_FROG,
        quotes=(
            "with five, cards are dealt to the two players on the left of the dealer and the "
            "one on the left",
        ),
        problem="The summary says 'the one on the left' where Foster, whom it follows, says "
        "'one on his right': as written it names one seat twice and three active seats "
        "cannot be found.",
        handling="Foster's words are followed (seats.active-foster).",
        rule_ids=("seats.active-foster",),
    ),
    SourceProblem(
        key="wikipedia-sixty-to-win",
        source=WIKIPEDIA_FROG,
        quotes=(
            "the bidder must score at least 60 to win",
            "A score of 60 is, in effect, a tie and no payments are made.",
        ),
        problem="The article says the bidder must score at least 60 to win, and in its own "
        "footnote that 60 is a tie with no payments.",
        handling="60 is a tie (settlement.sixty-is-a-tie), as Foster's wording gives it.",
        rule_ids=("settlement.sixty-is-a-tie",),
    ),
    SourceProblem(
        key="wikipedia-foster-edition",
        source=WIKIPEDIA_FROG,
        quotes=(
            "Virtually identical rules appear in the 1908 edition of Foster's Complete Hoyle",
            "The following are based on the 1909 edition of Foster's Complete Hoyle",
        ),
        problem="The article dates the edition of Foster's Complete Hoyle it follows both to "
        "1908 and to 1909.",
        handling="We cite Foster (1909), the edition of the transcription we hold and of the "
        "article's reference list.",
        rule_ids=(),
    ),
)
