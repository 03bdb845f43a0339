"""The portable deal generator of spec/prng.md (SplitMix64, unbiased below(), Fisher-Yates)."""
MASK = (1 << 64) - 1
CANONICAL = [r + s for s in "CDHS" for r in ("A", "10", "K", "Q", "J", "9", "8", "7", "6")]


class SplitMix64:
    def __init__(self, state):
        self.state = state & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def next32(self):
        return self.next() >> 32

    def below(self, b):
        threshold = (1 << 32) % b
        while True:
            d = self.next32()
            if d >= threshold:
                return d % b


def deck(n):
    g = SplitMix64(n)
    d = list(CANONICAL)
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


if __name__ == "__main__":
    g = SplitMix64(12345)
    assert [format(g.next(), "016x") for _ in range(4)] == [
        "22118258a9d111a0", "346edce5f713f8ed", "1e9a57bc80e6721d", "2d160e7e5c3f42ca"]
    g = SplitMix64(12345)
    assert [g.below(b) for b in (36, 35, 34, 33, 2, 1)] == [32, 16, 0, 30, 0, 0]
    assert " ".join(deck(1)) == ("8C 8S 6S 8D QD KS KC 10H AC 7H 10C AD JH 6D 9H 6C JD JS KD 9D "
                                 "6H KH 7C AH 7S 9C QC 10D JC 7D QH 8H 9S QS AS 10S")
    assert " ".join(deck(18446744073709551615)).startswith("8C JC KS 10H AD 9C KH JD")
    print("prng test values ok")
