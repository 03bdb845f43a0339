"""Draw one house rule per stage from HOUSE_RULES_LIST.md."""
import random
import re

SEED = 20261242
STAGES = [
    ("the deal", range(1, 7)),
    ("the auction", range(7, 13)),
    ("laying away / the widow", range(13, 19)),
    ("play duties", range(19, 25)),
    ("the trick's winner", range(25, 31)),
    ("the trump of a contract", range(31, 37)),
    ("the count of card points", range(37, 43)),
    ("settlement / payments", range(43, 49)),
    ("the match / rotation / bank", range(49, 55)),
]

names = {}
for line in open("HOUSE_RULES_LIST.md", encoding="utf-8"):
    m = re.match(r"(\d+)\. `([a-z0-9-]+)`", line)
    if m:
        names[int(m.group(1))] = m.group(2)

r = random.Random(SEED)
for stage, numbers in STAGES:
    n = r.choice(list(numbers))
    print(f"{stage}: {n} {names[n]}")
