# Draw one house rule per stage: random.Random(SEED), one r.choice per stage in stage order.
import random

SEED = 20261257
STAGES = ["the deal", "the auction", "laying away (the widow)", "play duties",
          "the trick's winner (rank of cards)", "the trump of a contract", "the count (points)",
          "settlement (payments)", "the match"]

r = random.Random(SEED)
for k, name in enumerate(STAGES, start=1):
    n = r.choice(range(6 * k - 5, 6 * k + 1))
    print(f"stage {k} ({name}): {n}")
