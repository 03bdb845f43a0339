#!/usr/bin/python3
"""Draw one house rule per stage from HOUSE_RULES_LIST.md with random.Random(SEED)."""
import random

SEED = 20261258
STAGES = ["the deal", "the auction", "laying away (the widow)", "play duties",
          "the trick's winner (rank of cards)", "the trump of a contract",
          "the count (points)", "settlement (payments)",
          "the match (running balances, ends, who deals next)"]

r = random.Random(SEED)
for k, name in enumerate(STAGES, start=1):
    n = r.choice(range(6 * k - 5, 6 * k + 1))
    print(f"stage {k} ({name}): {n}")
