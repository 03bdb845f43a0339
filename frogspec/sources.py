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
from typing import Any, Literal

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
    "POST_1950_EXAMPLES",
    "SOURCE_PROBLEMS",
    "WIKIPEDIA_FROG",
    "Citation",
    "Source",
    "SourceProblem",
    "cite",
    "context",
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
    #: The day our copy of the text came to the project (ISO 8601); never a visit to
    #: :attr:`url`, which nobody recorded.
    copy_received: str | None = None
    #: What our copy is a copy of, as a citation prints it ("the Project Gutenberg
    #: transcription"); ``None`` for a copy of the work itself.
    copy_of: str | None = None
    pages_given_by: str | None = None
    howpublished: str | None = None
    #: What is unsettled about the edition we cite, printed with every citation of it.
    edition_note: str | None = None
    #: For a work we do not hold, the key of the held source that names it.
    known_from: str | None = None

    @property
    def page_note(self) -> str | None:
        """Where this source's page numbers come from, when not from the source itself.

        >>> FOSTER_1909.page_note
        'pages as given by Wikipedia (rev. 1222580806); not checked against the print'
        """
        if self.pages_given_by is None:
            return None
        return (
            f"pages as given by {get_source(self.pages_given_by).short}; not checked against "
            "the print"
        )

    def reference(self) -> str:
        """The full reference, in the author–date style of the rulebook."""
        parts: list[str] = []
        who = "; ".join(self.authors) if self.authors else None
        title = f"*{self.title}*" if self.kind == "book" else f"“{self.title}”"
        # A work with no author is listed by its title; an undated one without "(n.d.)".
        year = f" ({self.year})" if self.year else ""
        if who:
            parts.append(f"{who}{year}.")
            parts.append(f"{title}.")
        else:
            parts.append(f"{title}{year}.")
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
        if self.howpublished:
            parts.append(f"{self.howpublished}.")
        if self.url:
            parts.append(f"<{self.url}>.")
        caveat = self.caveat
        if caveat:
            parts.append(f"{caveat[:1].upper()}{caveat[1:]}.")
        return " ".join(parts)

    @property
    def copy_text(self) -> str | None:
        """Our copy and its date, saying what the date is: not a visit to an address.

        >>> GAMERULES.copy_text
        'our copy received 2026-11-29'
        >>> FOSTER_1909.copy_text
        'our copy of the Project Gutenberg transcription (eBook #53881) received 2026-11-29'
        """
        if self.copy_received is None:
            return None
        of = f" of {self.copy_of}" if self.copy_of else ""
        return f"our copy{of} received {self.copy_received}"

    @property
    def caveat(self) -> str | None:
        """What every citation of this source must print beside it, whatever its style:
        that we have not seen it; where its pages come from; what is unsettled about its
        edition; what our copy is and when it came to us.

        >>> print(HOYLE_1907.caveat)
        not consulted: known only from Wikipedia (rev. 1222580806), which gives its pages
        """
        parts: list[str] = []
        if self.held is None:
            known = (
                f": known only from {get_source(self.known_from).short}" if self.known_from else ""
            )
            gives = ", which gives its pages" if self.known_from and self.pages else ""
            parts.append(f"not consulted{known}{gives}")
        if self.pages and self.pages_given_by is not None:
            given = get_source(self.pages_given_by).short
            parts.append(f"pages {self.pages} as given by {given}, not checked against the print")
        if self.revision:
            parts.append(f"revision {self.revision}")
        if self.edition_note:
            parts.append(self.edition_note)
        if self.copy_text:
            parts.append(self.copy_text)
        return "; ".join(parts) or None


def _page_label(pages: str) -> str:
    return "pp." if re.search(r"[–-]", pages) else "p."


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer from a rule into a source: pages as the source gives them, and a quote.

    ``quote`` is verbatim from the held text of :attr:`quoted_source` (the reporter's
    text when ``reported_by`` is set). ``pages`` is ``None`` where the source has none
    (a web page).

    ``context`` is ``True`` when the quote does not state the rule but gives its setting:
    the passage a ruling interprets, or words that frame the rule without saying it. A
    sourced rule needs at least one citation that is not context. ``examples`` are works
    the quoted source names only as examples of what it states ("for example, Culbertson
    (1957) ..."): the statement is the quoted source's, not theirs.
    """

    source: Source
    pages: str | None
    quote: str | None = None
    reported_by: Source | None = None
    note: str | None = None
    context: bool = False
    examples: tuple[Source, ...] = ()

    @property
    def quoted_source(self) -> Source:
        """The source whose held text the quote comes from."""
        return self.reported_by or self.source

    @property
    def second_hand(self) -> bool:
        """True when we know this only through another source."""
        return self.reported_by is not None

    def locator(self, *, page_note: bool = False) -> str:
        """``"Foster (1909), pp. 441–442"``, with "as reported by" where second-hand.

        With ``page_note``, pages that come from another source than the one cited say so.

        >>> cite(FOSTER_1909, "441–442").locator(page_note=True)
        'Foster (1909), pp. 441–442 (pages as given by Wikipedia (rev. 1222580806); not checked against the print)'
        """
        text = self.source.short
        if self.pages:
            text += f", {_page_label(self.pages)} {self.pages}"
            if page_note and self.source.page_note and self.reported_by is None:
                text += f" ({self.source.page_note})"
        if self.reported_by is not None:
            text += f", as reported by {self.reported_by.short}"
        return text

    def text(self, *, page_note: bool = False) -> str:
        """The locator followed by the quote; with ``page_note``, where its pages come from."""
        where = self.locator(page_note=page_note)
        return where if self.quote is None else f"{where}: “{self.quote}”"


def cite(
    source: Source,
    pages: str | None,
    quote: str | None = None,
    *,
    reported_by: Source | None = None,
    note: str | None = None,
    context: bool = False,
    examples: tuple[Source, ...] = (),
) -> Citation:
    """Make a :class:`Citation`; refuses a quote from a source whose text we do not hold."""
    holder = reported_by or source
    if quote is not None and holder.held is None:
        raise ValueError(
            f"cannot quote {holder.short}: we hold no text of it; cite it as reported by "
            "a source we hold"
        )
    return Citation(source, pages, quote, reported_by, note, context, examples)


def context(source: Source, pages: str | None, quote: str, **kwargs: Any) -> Citation:
    """A citation whose quote gives a rule's setting, not the rule (see :class:`Citation`)."""
    return cite(source, pages, quote, context=True, **kwargs)


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
    title="Foster's Complete Hoyle: An Encyclopedia of Games",
    year=1909,
    authors=("Foster, R. F.",),
    publisher="Frederick A. Stokes Company",
    place="New York",
    pages="441–442",
    url="https://www.gutenberg.org/ebooks/53881",
    copy_received="2026-11-29",
    copy_of="the Project Gutenberg transcription (eBook #53881)",
    held="foster-1909-frog.txt",
    pages_given_by="wikipedia-frog",
    edition_note="edition not settled: the transcription names none, and 1909 is the year "
    "Wikipedia (rev. 1222580806) gives",
    reached="The whole FROG section, as transcribed in the public-domain Project Gutenberg "
    "edition (eBook #53881), where FROG follows the Skat laws. The transcription carries no "
    "page marks: the pages 441–442 are those the Wikipedia article gives, not checked "
    "against the print. Nothing in the text we hold names its edition: the year 1909 is "
    "the Wikipedia article's, whose reference list gives “Foster, R.F. (1909). Foster's "
    "Complete Hoyle” for these rules and whose text also speaks of “the 1908 edition” (see "
    "the problems in the sources). The title given is the one under which Project Gutenberg "
    "is reported to list eBook #53881 (the subtitle formerly given here, “An Encyclopedia "
    "of All the Indoor Games Played at the Present Day”, is not that title). The section we "
    "hold carries no title page, and a search of stored public pages on 2026-12-01 found no "
    "copy of the eBook's title page. So the edition is not settled: 1909 may be the year of "
    "a first edition whose later printing was transcribed. Our copy of the FROG section came "
    "to the project on 2026-11-29; that is the date a citation gives, not a visit to the "
    "eBook's address.",
    role="Primary source: the earliest text of the rules that we hold.",
)

HOYLE_1907 = Source(
    key="hoyle-1907",
    known_from="wikipedia-frog",
    short="Hoyle's Games (1907)",
    kind="book",
    title="Hoyle's Games",
    year=1907,
    publisher="McClure",
    place="New York",
    pages="241–242",
    reached="Not held. The Wikipedia article says that the earliest rules of Frog appear "
    "here, giving these pages, and compares Foster's to them (“Virtually identical rules "
    "appear in the 1908 edition of Foster's Complete Hoyle”); the comparison is the article's, not Hoyle's.",
    role="The first printed rules; known to us only through the Wikipedia article.",
)

OFFICIAL_RULES_1922 = Source(
    key="official-rules-1922",
    known_from="wikipedia-frog",
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
    authors=("Wikipedia contributors",),
    revision="oldid 1222580806",
    copy_received="2026-11-29",
    edition_note="its date not stated: our copy, a mirror's, gives the revision's address "
    "but not its date",
    url="https://en.wikipedia.org/w/index.php?title=Frog_(American_card_game)&oldid=1222580806",
    held="wikipedia-frog-american-card-game.txt",
    reached="A third-party copy of revision 1222580806 of the article, not Wikipedia's own "
    "page: the copy carries a mirror's furniture (a date of “January 01, 1970” above and "
    "below the text, then a run of keywords, the whole text again with its punctuation "
    "stripped, and download links). The revision id stands only in that stripped copy "
    "(“Retrieved from https en wikipedia org w index php title Frog American card game amp "
    "oldid 1222580806”), which is how we know the revision and its address. The copy does "
    "not state the revision's date: the “January 01, 1970” is the mirror's. Our copy came "
    "to the project on 2026-11-29; that is the date a citation gives, not a visit to the "
    "address. Only the article's text is quoted.",
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
    howpublished="Web page on the site gamerules.com",
    url="https://gamerules.com/rules/frog/",
    copy_received="2026-11-29",
    held="gamerules-frog.txt",
    reached="A copy of the page's text, handed to the project on 2026-11-29; a stored copy "
    "of the address https://gamerules.com/rules/frog/ holds the same text. The copy names "
    "the site (gamerules.com) and the author (Amber Crook). The page carries no date of its "
    "own: the date given is our copy's, not the page's.",
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
    copy_received="2026-11-29",
    copy_of="the zeno.org transcription",
    held="meyers-1909-tapp.md",
    reached="The zeno.org transcription of the entry, with a translation of our own.",
    role="Historical note only: the entry on Tapp, the south German game the Wikipedia "
    "article names as Frog's ancestor.",
)

CULBERTSON_1957 = Source(
    key="culbertson-1957",
    known_from="wikipedia-frog",
    short="Culbertson (1957)",
    kind="book",
    title="Culbertson's Card Games Complete",
    year=1957,
    authors=("Culbertson, Ely",),
    editors=("Phillips, Hubert",),
    publisher="Argo",
    place="Watford",
    reached="Not held; named by the Wikipedia article as one example of the post-1950 sources.",
    role="Post-1950 rules; second-hand.",
)

GOREN_1961 = Source(
    key="goren-1961",
    known_from="wikipedia-frog",
    short="Goren (1961)",
    kind="book",
    title="Goren's Hoyle: Encyclopedia of Games",
    year=1961,
    authors=("Goren, Charles",),
    publisher="Chancellor Hall",
    place="New York",
    reached="Not held; named by the Wikipedia article as one example of the post-1950 sources.",
    role="Post-1950 rules; second-hand.",
)

PENNYCOOK_1982 = Source(
    key="pennycook-1982",
    known_from="wikipedia-frog",
    short="Pennycook (1982)",
    kind="book",
    title="The Book of Card Games",
    year=1982,
    authors=("Pennycook, Andrew",),
    publisher="Granada",
    place="London",
    isbn="0246117567",
    reached="Not held; named by the Wikipedia article as one example of the post-1950 "
    "sources. Our data are the article's literature list, which spells the publisher "
    "“Grenada” [sic]; we give it as Granada, the London publisher of that name.",
    role="Post-1950 rules; second-hand.",
)

PARLETT_2008 = Source(
    key="parlett-2008",
    known_from="wikipedia-frog",
    short="Parlett (2008)",
    kind="book",
    title="The Penguin Book of Card Games",
    year=2008,
    authors=("Parlett, David",),
    publisher="Penguin",
    place="London",
    isbn="978-0-141-03787-5",
    reached="Not held; named by the Wikipedia article as one example of the post-1950 sources.",
    role="Post-1950 rules; second-hand.",
)

DUMMETT_1980 = Source(
    key="dummett-1980",
    known_from="wikipedia-frog",
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


#: The books the Wikipedia article names, "for example", for its post-1950 changes.
POST_1950_EXAMPLES: tuple[Source, ...] = (CULBERTSON_1957, GOREN_1961, PENNYCOOK_1982, PARLETT_2008)


def post_1950(quote: str) -> tuple[Citation, ...]:
    """The Wikipedia article's statement of a post-1950 change, and its footnote.

    The statement is the article's: its footnote names four books only "for example" of
    "most sources", so none of them is credited with the words or with each change.

    >>> [c.locator() for c in post_1950("The widow is not exposed in a Frog")]
    ['Wikipedia (rev. 1222580806)', 'Wikipedia (rev. 1222580806)']
    """
    return (
        cite(
            WIKIPEDIA_FROG,
            None,
            quote,
            examples=POST_1950_EXAMPLES,
        ),
        context(
            WIKIPEDIA_FROG,
            None,
            "For example, Culbertson (1957), Goren's Hoyle (1961), Pennycook (1982) and "
            "Parlett (2008).",
        ),
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
        key="foster-sixty-one",
        source=FOSTER_1909,
        quotes=(
            "the players win or lose according to the number of points they get above or below 61",
            "the object is to get 61 or more",
            "For every point the single player gets over 60 he must be paid a counter by each "
            "of the others who held cards. But if he does not get 60, he must pay each of the "
            "others at the table, including those who held no cards, if any, a counter for "
            "every point his adversaries get over 60.",
        ),
        problem="Read literally, Foster's opening and his payment rule disagree about a "
        "score of 61 and a score of 60. Counting 'above or below 61', a bidder with 61 "
        "neither wins nor loses and one with 60 loses by a point; counting 'over 60', a "
        "bidder with 61 is paid one counter a head and one with 60 pays nothing, since he "
        "has not failed to 'get 60' and his adversaries have not got over 60.",
        handling="The payment rule, which gives the counting in detail, is followed: "
        "payments count from 60, 61 is the least score that wins (as 'the object is to get "
        "61 or more' says) and 60 pays nothing (settlement.sixty-is-a-tie). The opening "
        "sentence, which contrasts Frog with Skat's matadores, is read as saying only that "
        "61 is the line between winning and losing. This is our reading; a table that counts "
        "from 61 would pay a winning bidder one point a head less, and make a losing one pay one "
        "point a head more.",
        rule_ids=("settlement.sixty-is-a-tie",),
    ),
    SourceProblem(
        key="gamerules-ten-cards",
        source=GAMERULES,
        quotes=(
            "deal each player 10 cards. this is done in a batch of 4 then two batches of 3 cards",
            "there will also be 3 cards dealt to the center of the table facedown",
        ),
        problem="On the page all three batches (4, then 3, then 3) go to the players, ten "
        "cards each, and three more go to the widow at a point the page does not give: 33 "
        "cards, not the 36 the page itself uses. The page cannot be dealt as written.",
        handling="An editorial ruling lists the repairs that would make it playable and "
        "chooses the post-1950 deal 4-(3)-3-4, with the reasons (deal.gamerules-packets).",
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
        handling="Nothing we hold establishes which edition the Project Gutenberg "
        "transcription reproduces: it carries no title-page date in the part we hold, and a "
        "search of stored public pages (2026-12-01) found no copy of its title page. We cite it as "
        "Foster (1909), the year the article's reference list gives for these rules, and "
        "every citation of it says that the edition is not settled.",
        rule_ids=(),
    ),
)
