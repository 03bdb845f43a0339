import random
SEED = 20261244
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
r = random.Random(SEED)
for name, nums in STAGES:
    print(f"{name}: {r.choice(list(nums))}")
