import random
SEED = 20261209
stages = [("the deal", range(1, 6)), ("the auction", range(6, 11)), ("laying away", range(11, 16)),
          ("play duties", range(16, 21)), ("the trick's winner", range(21, 26)),
          ("the trump of a contract", range(26, 31)), ("the count", range(31, 36)),
          ("settlement", range(36, 41)), ("the match", range(41, 46))]
r = random.Random(SEED)
for name, nums in stages:
    print(name, r.choice(list(nums)))
