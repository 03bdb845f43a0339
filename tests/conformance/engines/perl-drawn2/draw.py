import random
SEED = 20261212
stages = [("deal", range(1, 6)), ("auction", range(6, 11)), ("laying away", range(11, 16)),
          ("play duties", range(16, 21)), ("trick winner", range(21, 26)), ("trump", range(26, 31)),
          ("count", range(31, 36)), ("settlement", range(36, 41)), ("match", range(41, 46))]
r = random.Random(SEED)
for name, nums in stages:
    print(name, list(nums), "->", r.choice(list(nums)))
