import random

SEED = 20261253
r = random.Random(SEED)
stages = ["the deal", "the auction", "laying away (the widow)", "play duties",
          "the trick's winner (rank of cards)", "the trump of a contract",
          "the count (points)", "settlement (payments)", "the match"]
for k, name in enumerate(stages, start=1):
    n = r.choice(range(6 * k - 5, 6 * k + 1))
    print(f"stage {k} ({name}): {n}")
