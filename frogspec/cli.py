"""The ``frogspec`` command: read, look up and cite the rules; validate implementations.

    frogspec rules [--ruleset R]          every rule id with its statement
    frogspec rule ID                      one rule: statement, sources, rulesets
    frogspec cite ID... [--format F]      cite rules as one bibliography (text, bibtex,
                                          csl-json); FROGSPEC_SITE_URL adds addresses
    frogspec sources                      the bibliography
    frogspec twins list|check             the broken twins, and the check that the
                                          vectors catch each

A mistake of the user's (an unknown id, say) prints a message naming what is wrong and
the nearest ids, and exits with status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import textwrap
from collections.abc import Callable, Sequence

from frogspec import COMPILED, __version__
from frogspec.arguments import seconds, whole_number
from frogspec.citations import FORMATS, SITE_URL_VARIABLE, cite_rules, rule_url
from frogspec.errors import FrogError
from frogspec.registry import TOPICS, Rule, all_rules, get_rule
from frogspec.rulesets import RULESETS, get_ruleset, rules_of, rulesets_using
from frogspec.served import DEFAULT_ADDRESS, served_address
from frogspec.sources import ALL_SOURCES, SOURCE_PROBLEMS

__all__ = ["main", "rule_address", "seconds", "whole_number"]

#: Modules that add subcommands: each defines ``register(subparsers) -> None`` and sets a
#: handler with ``parser.set_defaults(handler=function)``, ``function(args) -> int``.
_SUBCOMMAND_MODULES: tuple[str, ...] = (
    "frogspec.conform",
    "frogspec.fuzz",
    "frogspec.odds.command",
    "frogspec.solve",
    "frogspec.twins.__main__",
)

_Handler = Callable[[argparse.Namespace], int]


def _wrap(text: str, indent: str = "  ") -> str:
    return textwrap.fill(text, width=88, initial_indent=indent, subsequent_indent=indent)


def _cmd_rules(args: argparse.Namespace) -> int:
    entries = list(rules_of(get_ruleset(args.ruleset))) if args.ruleset else list(all_rules())
    topic = None
    for entry in entries:
        if entry.topic != topic:
            if topic is not None:
                print()
            topic = entry.topic
            print(TOPICS[topic])
        mark = " [editorial]" if entry.editorial else ""
        print(f"  {entry.id}{mark}")
        print(_wrap(entry.statement, "      "))
    print(f"\n{len(entries)} rules" + (f" in {args.ruleset}" if args.ruleset else ""))
    return 0


def _cmd_rule(args: argparse.Namespace) -> int:
    entry = get_rule(args.id)
    print(f"{entry.id}{'  (editorial ruling)' if entry.editorial else ''}")
    print(_wrap(entry.statement, "  "))
    if entry.reasoning:
        print("\nReasoning:")
        print(_wrap(entry.reasoning))
    if entry.citations:
        print("\nSources:" if not entry.editorial else "\nSource text it rules on:")
        for citation in entry.citations:
            context = "(context) " if citation.context and not entry.editorial else ""
            print(_wrap(context + citation.text(page_note=True)))
    if entry.reading:
        print("\nHow we read the words:")
        print(_wrap(entry.reading))
    for note in entry.notes:
        print("\nNote:")
        print(_wrap(note))
    print(f"\nRulesets: {', '.join(rulesets_using(entry.id)) or 'none'}")
    print(f"Implemented by: {entry.qualified_name}")
    print(f"In the rulebook: {rule_address(entry)}")
    return 0


def rule_address(entry: Rule) -> str:
    """The rule's address on the rulebook: on the server ``python3 dev.py serve`` is running
    now, at the address it serves on; else under ``FROGSPEC_SITE_URL`` when it is set (the
    published site's address); else where that command would serve it, saying so."""
    path = f"rules/{entry.topic}/#{entry.anchor}"
    served = served_address()
    if served is not None:
        return f"{served}{path} (served by python3 dev.py serve)"
    address = rule_url(entry)
    if address:
        return address
    return (
        f"http://{DEFAULT_ADDRESS}/{path} once python3 dev.py serve runs (not served now); set "
        f"{SITE_URL_VARIABLE} to the address of a published rulebook"
    )


def _cmd_cite(args: argparse.Namespace) -> int:
    print(cite_rules(args.ids, args.format))
    return 0


def _cmd_sources(args: argparse.Namespace) -> int:
    for source in ALL_SOURCES:
        print(f"{source.key}: {source.short}")
        print(_wrap(source.reference()))
        if source.reached:
            print(_wrap("How we reached it: " + source.reached))
        print()
    print("Where a source contradicts itself:")
    for problem in SOURCE_PROBLEMS:
        print(_wrap(f"{problem.source.short}: {problem.problem}"))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="frogspec",
        description="The reference specification of the card game Frog.",
    )
    build = "compiled with mypyc" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"frogspec {__version__} ({build})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    rules = sub.add_parser("rules", help="list every rule id with its statement")
    rules.add_argument("--ruleset", choices=list(RULESETS), help="only the rules it uses")
    rules.set_defaults(handler=_cmd_rules)

    one = sub.add_parser("rule", help="show one rule with its sources and rulesets")
    one.add_argument("id", help="a rule id, like play.must-trump")
    one.set_defaults(handler=_cmd_rule)

    cite = sub.add_parser(
        "cite",
        help="cite rules",
        description="Cite one or more rules as one bibliography: each rule, then each source "
        f"once. Set {SITE_URL_VARIABLE} to the rulebook's address to give each rule's.",
    )
    cite.add_argument("ids", nargs="+", metavar="ID", help="rule ids, like play.must-trump")
    cite.add_argument("--format", choices=FORMATS, default="text")
    cite.set_defaults(handler=_cmd_cite)

    sources = sub.add_parser("sources", help="the bibliography")
    sources.set_defaults(handler=_cmd_sources)

    for name in _SUBCOMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    handler: _Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except FrogError as error:
        print(f"frogspec: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("frogspec: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Whoever read the output has gone (``| head``): say nothing more, even at exit.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


#: The most characters of an error message shown (a user's argument may be long).
MAX_SHOWN_CHARS = 500


def _one_line(message: str) -> str:
    """An error message as shown: its control characters escaped, and cut to a bound."""
    from frogspec.conform.safe_text import for_terminal

    shown = for_terminal(message)
    if len(shown) > MAX_SHOWN_CHARS:
        shown = shown[: MAX_SHOWN_CHARS - 30] + f"... ({len(shown):,} characters)"
    return shown


if __name__ == "__main__":
    sys.exit(main())
