import random
stages = [("the deal", range(1, 7)), ("the auction", range(7, 13)),
          ("laying away", range(13, 18)), ("play duties", range(18, 23)),
          ("the trick's winner", range(23, 28)), ("the trump of a contract", range(28, 33)),
          ("the count", range(33, 38)), ("settlement", range(38, 43)),
          ("the match", range(43, 48))]
r = random.Random(20261205)
for name, rg in stages:
    print(name, list(rg), "->", r.choice(list(rg)))
