import java.io.*;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.*;
import java.util.*;

public final class Frog {
    // ---------- errors ----------
    static final class Err extends RuntimeException {
        final String kind, rule; Integer at, deal;
        Err(String kind, String rule, String msg) { super(msg); this.kind = kind; this.rule = rule; }
    }
    static Err invalid(String m) { return new Err("invalid", null, m); }
    static Err unsupported(String m) { return new Err("unsupported", null, m); }
    static Err illegal(String rule, String m) { return new Err("illegal", rule, m); }

    static final Set<String> HOUSE = new LinkedHashSet<>();
    static boolean house(String n) { return HOUSE.contains(n); }
    static final String[] KNOWN_HOUSE = {"deal-singly", "auction-no-jump", "widow-grand-takes", "play-no-trump-lead-first",
        "trick-ten-low", "trump-chico-hearts", "count-widow-to-defenders", "settle-slam-double", "match-bidder-deals-next"};

    // ---------- cards ----------
    static final String[] RANKS = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
    static final String SUITS = "CDHS";
    static final int[] PTS = {11, 10, 4, 3, 2, 0, 0, 0, 0};
    static int suit(int c) { return c / 9; }
    static int rk(int c) { return c % 9; }          // 0 = Ace (highest)
    static final int[] TEN_LOW = {8, 4, 7, 6, 5, 3, 2, 1, 0};
    static int strength(int c) { return house("trick-ten-low") ? TEN_LOW[rk(c)] : 8 - rk(c); }
    static int points(int c) { return PTS[rk(c)]; }
    static String name(int c) { return RANKS[rk(c)] + SUITS.charAt(suit(c)); }
    static int parseCard(Object o) {
        if (!(o instanceof String)) throw invalid("card is not a string");
        String s = (String) o;
        if (s.length() < 2) throw invalid("unknown card " + s);
        int su = SUITS.indexOf(s.charAt(s.length() - 1));
        if (su < 0 || s.charAt(s.length() - 1) == 0) throw invalid("unknown card " + s);
        String r = s.substring(0, s.length() - 1);
        for (int k = 0; k < 9; k++) if (RANKS[k].equals(r)) return su * 9 + k;
        throw invalid("unknown card " + s);
    }
    static int parseSuit(Object o) {
        if (!(o instanceof String) || ((String) o).length() != 1 || SUITS.indexOf(((String) o).charAt(0)) < 0) throw invalid("bad suit");
        return SUITS.indexOf(((String) o).charAt(0));
    }
    /** cards sorted by suit, then rank from low to high */
    static List<Object> cardList(long mask) {
        List<Object> l = new ArrayList<>();
        for (int s = 0; s < 4; s++) for (int r = 8; r >= 0; r--) if ((mask >> (s * 9 + r) & 1) != 0) l.add(name(s * 9 + r));
        return l;
    }

    // ---------- rulesets ----------
    static final int P3344 = 0, P4334 = 1, SINGLY = 2;
    static final int OVERBID = 0, ONEROUND = 1, ONEBID = 2;
    static final class Rules {
        String id; int minP, maxP, dealPat, auction; boolean shown, chicoHearts, hasFrog, fixed, hasEnd;
        int[] rate; long bank; boolean sysOpt, penaltyOpt;
    }
    static final Map<String, Rules> RULESETS = new LinkedHashMap<>();
    static Rules mk(String id, int minP, int maxP, int pat, int auc, boolean shown, boolean chH, boolean frog, int[] rate, boolean fixed, long bank, boolean end, boolean sys, boolean pen) {
        Rules r = new Rules(); r.id = id; r.minP = minP; r.maxP = maxP; r.dealPat = pat; r.auction = auc; r.shown = shown;
        r.chicoHearts = chH; r.hasFrog = frog; r.rate = rate; r.fixed = fixed; r.bank = bank; r.hasEnd = end; r.sysOpt = sys; r.penaltyOpt = pen;
        RULESETS.put(id, r); return r;
    }
    static {
        mk("foster-1909", 3, 5, P3344, OVERBID, true, false, true, new int[]{0, 1, 2, 4}, false, 0, false, false, false);
        mk("hoyle-1907", 3, 5, P3344, OVERBID, true, false, true, new int[]{0, 1, 2, 4}, false, 0, false, false, false);
        mk("modern", 3, 5, P4334, ONEROUND, false, false, true, new int[]{0, 1, 2, 4}, false, 0, false, false, false);
        mk("official-1922-solo", 3, 7, SINGLY, ONEROUND, false, false, true, new int[]{0, 1, 2, 3}, false, 120, true, true, true);
        mk("official-1922-straight", 3, 7, SINGLY, ONEROUND, false, false, false, new int[]{0, 0, 1, 2}, false, 120, true, true, false);
        mk("official-1922-coeur-dalene", 3, 7, SINGLY, ONEROUND, false, false, true, new int[]{0, 25, 50, 75}, true, 120, true, true, true);
        mk("gamerules", 3, 3, P4334, ONEBID, false, true, true, new int[]{0, 1, 2, 3}, false, 150, false, false, false);
    }
    static final String[] CONTRACTS = {null, "frog", "chico", "grand"};
    static int contractOf(String s) {
        for (int k = 1; k < 4; k++) if (CONTRACTS[k].equals(s)) return k;
        return -1;
    }

    static final class Opts { String system = "receive-only"; boolean penalty = false; }

    // ---------- request helpers ----------
    static Object field(Map<String, Object> m, String k) {
        if (!m.containsKey(k)) throw invalid("missing field " + k);
        return m.get(k);
    }
    static long integer(Object o, String what) {
        if (o instanceof Long) return (Long) o;
        throw invalid(what + " is not an integer");
    }
    static int intField(Map<String, Object> m, String k) {
        long v = integer(field(m, k), k);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) throw invalid(k + " out of range");
        return (int) v;
    }
    @SuppressWarnings("unchecked")
    static List<Object> listField(Map<String, Object> m, String k) {
        Object o = field(m, k);
        if (!(o instanceof List)) throw invalid(k + " is not a list");
        return (List<Object>) o;
    }
    static Rules ruleset(Map<String, Object> m) {
        if (!m.containsKey("ruleset") || !(m.get("ruleset") instanceof String)) throw invalid("ruleset missing or not a string");
        Rules r = RULESETS.get((String) m.get("ruleset"));
        if (r == null) throw unsupported("ruleset not offered");
        return r;
    }
    static int players(Rules r, Map<String, Object> m) {
        int n = intField(m, "players");
        if (n < r.minP || n > r.maxP) throw invalid("player count not allowed");
        return n;
    }
    static int seat(Map<String, Object> m, String k, int n) {
        int s = intField(m, k);
        if (s < 0 || s >= n) throw invalid(k + " out of range");
        return s;
    }
    @SuppressWarnings("unchecked")
    static Opts options(Rules r, Map<String, Object> m) {
        Object o = field(m, "options");
        if (!(o instanceof Map)) throw invalid("options is not an object");
        Opts op = new Opts();
        for (Map.Entry<String, Object> e : ((Map<String, Object>) o).entrySet()) {
            if (e.getKey().equals("sitting_out") && r.sysOpt) {
                Object v = e.getValue();
                if (!(v instanceof String)) throw invalid("sitting_out");
                String s = (String) v;
                if (!s.equals("receive-only") && !s.equals("pay-and-receive") && !s.equals("pay-and-receive-solo-only")) throw invalid("sitting_out value");
                op.system = s;
            } else if (e.getKey().equals("penalty_frog") && r.penaltyOpt) {
                if (!(e.getValue() instanceof Boolean)) throw invalid("penalty_frog");
                op.penalty = (Boolean) e.getValue();
            } else throw invalid("unknown option " + e.getKey());
        }
        return op;
    }
    static int[] deck(Object o) {
        if (!(o instanceof List)) throw invalid("deck is not a list");
        List<?> l = (List<?>) o;
        if (l.size() != 36) throw invalid("deck is not 36 cards");
        int[] d = new int[36];
        long seen = 0;
        for (int k = 0; k < 36; k++) {
            d[k] = parseCard(l.get(k));
            if ((seen >> d[k] & 1) != 0) throw invalid("card twice in deck");
            seen |= 1L << d[k];
        }
        return d;
    }

    // ---------- seats and deal ----------
    static int[] activeSeats(int n, int dealer) {
        if (n == 3) return new int[]{(dealer + 1) % n, (dealer + 2) % n, dealer};
        if (n == 4) return new int[]{(dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n};
        return new int[]{(dealer + 1) % n, (dealer + 2) % n, (dealer + n - 1) % n};
    }
    /** returns hands by seat (masks) and the widow at index n */
    static long[] dealCards(Rules r, int n, int dealer, int[] deck) {
        int[] act = activeSeats(n, dealer);
        long[] h = new long[n + 1];
        int p = 0;
        if (house("deal-singly")) {
            for (int i = 0; i < 33; i++) h[act[i % 3]] |= 1L << deck[i];
            for (int i = 33; i < 36; i++) h[n] |= 1L << deck[i];
        } else if (r.dealPat == SINGLY) {
            int k = 0;
            for (int i = 0; i < 36; i++) {
                if (i == 0 || i == 3 || i == 7) h[n] |= 1L << deck[i];
                else { h[act[k % 3]] |= 1L << deck[i]; k++; }
            }
        } else {
            int[] pk = r.dealPat == P3344 ? new int[]{3, -3, 4, 4} : new int[]{4, -3, 3, 4};
            for (int q : pk) {
                if (q < 0) { for (int j = 0; j < 3; j++) h[n] |= 1L << deck[p++]; }
                else for (int a = 0; a < 3; a++) for (int j = 0; j < q; j++) h[act[a]] |= 1L << deck[p++];
            }
        }
        return h;
    }

    // ---------- settlement ----------
    static long[] settle(Rules r, Opts op, int n, int dealer, int bidder, int contract, int bp) {
        long[] pay = new long[n];
        if (bp == 60) return pay;
        boolean won = bp > 60;
        int margin = Math.abs(bp - 60);
        long amount;
        if (r.fixed) {
            amount = r.rate[contract];
            if (!won && contract == 1 && op.penalty) amount = r.rate[3];
        } else {
            int rate = r.rate[contract];
            if (!won && contract == 1 && op.penalty) rate = r.rate[3];
            amount = (long) rate * margin;
        }
        int[] act = activeSeats(n, dealer);
        for (int s = 0; s < n; s++) {
            if (s == bidder) continue;
            boolean isActive = s == act[0] || s == act[1] || s == act[2];
            boolean settles;
            if (!won) settles = true;
            else if (isActive) settles = true;
            else settles = op.system.equals("pay-and-receive") || (op.system.equals("pay-and-receive-solo-only") && contract != 1);
            if (!settles) continue;
            if (won) { pay[s] -= amount; pay[bidder] += amount; }
            else { pay[s] += amount; pay[bidder] -= amount; }
        }
        if (house("settle-slam-double") && (bp == 120 || bp == 0)) for (int s = 0; s < n; s++) pay[s] *= 2;
        return pay;
    }

    // ---------- actions ----------
    static final int A_PASS = 0, A_BID = 1, A_DISCARD = 2, A_TRUMP = 3, A_PLAY = 4;
    static int[] parseAction(Object o) {
        if (!(o instanceof String)) throw invalid("action is not a string");
        String s = (String) o;
        if (s.equals("pass")) return new int[]{A_PASS, 0};
        int c = contractOf(s);
        if (c > 0) return new int[]{A_BID, c};
        if (s.startsWith("discard ")) return new int[]{A_DISCARD, parseCard(s.substring(8))};
        if (s.startsWith("play ")) return new int[]{A_PLAY, parseCard(s.substring(5))};
        if (s.startsWith("trump ")) return new int[]{A_TRUMP, parseSuit(s.substring(6))};
        throw invalid("unknown action " + s);
    }
    static int[][] parseActions(List<Object> l) {
        int[][] a = new int[l.size()][];
        for (int k = 0; k < a.length; k++) a[k] = parseAction(l.get(k));
        return a;
    }

    // ---------- the game ----------
    static final int AUCTION = 0, DISCARD = 1, TRUMP = 2, PLAY = 3, OVER = 4;
    static final String[] PHASES = {"auction", "discard", "trump", "play", "over"};

    static final class Game {
        Rules r; Opts op; int n, dealer; int[] act; long[] hand; long widow;
        int phase, toAct, bidder = -1, contract = 0, trump = -1;
        int high = 0, highBidder = -1; boolean[] passed; int roundPos = 0, raiseSeat = -1, resumePos = 0;
        int discards = 0; long discarded = 0;
        int[] trick = new int[3]; int[] trickSeat = new int[3]; int trickLen = 0;
        long bidderTaken = 0; long[] taken; int tricks = 0;

        Game(Rules r, Opts op, int n, int dealer, int[] deck) {
            this.r = r; this.op = op; this.n = n; this.dealer = dealer;
            act = activeSeats(n, dealer);
            long[] h = dealCards(r, n, dealer, deck);
            hand = Arrays.copyOf(h, n);
            widow = h[n];
            passed = new boolean[n];
            taken = new long[n];
            phase = AUCTION; toAct = act[0];
        }
        Game copy() {
            try {
                Game g = (Game) this.clone0();
                return g;
            } catch (Exception e) { throw new RuntimeException(e); }
        }
        private Object clone0() {
            Game g = new Game();
            g.r = r; g.op = op; g.n = n; g.dealer = dealer; g.act = act; g.hand = hand.clone(); g.widow = widow;
            g.phase = phase; g.toAct = toAct; g.bidder = bidder; g.contract = contract; g.trump = trump;
            g.high = high; g.highBidder = highBidder; g.passed = passed.clone(); g.roundPos = roundPos; g.raiseSeat = raiseSeat; g.resumePos = resumePos;
            g.discards = discards; g.discarded = discarded; g.trick = trick.clone(); g.trickSeat = trickSeat.clone(); g.trickLen = trickLen;
            g.bidderTaken = bidderTaken; g.taken = taken.clone(); g.tricks = tricks;
            return g;
        }
        private Game() {}

        int actIndex(int seat) { for (int k = 0; k < 3; k++) if (act[k] == seat) return k; return -1; }

        boolean contractAllowed(int c) { return c != 1 || r.hasFrog; }

        List<String> legal() {
            List<String> l = new ArrayList<>();
            switch (phase) {
                case AUCTION:
                    l.add("pass");
                    if (raiseSeat >= 0) { l.add("grand"); break; }
                    for (int c = high + 1; c <= 3; c++) if (contractAllowed(c)) {
                        l.add(CONTRACTS[c]);
                        if (house("auction-no-jump")) break;
                    }
                    break;
                case DISCARD:
                    for (Object o : cardList(hand[bidder])) l.add("discard " + o);
                    break;
                case TRUMP:
                    for (int s = 0; s < 4; s++) if (trumpAllowed(s)) l.add("trump " + SUITS.charAt(s));
                    break;
                case PLAY:
                    for (Object o : cardList(legalPlays(hand[toAct], trickLen == 0 ? -1 : suit(trick[0]), trump, firstLead()))) l.add("play " + o);
                    break;
                default:
            }
            return l;
        }
        boolean trumpAllowed(int s) { return s != 2 || r.chicoHearts || house("trump-chico-hearts"); }
        boolean tookWidow() { return contract == 1 || (contract == 3 && house("widow-grand-takes")); }
        boolean firstLead() { return tricks == 0 && trickLen == 0; }

        void apply(int[] a) {
            int t = a[0];
            int expect = phase == AUCTION ? -1 : phase == DISCARD ? A_DISCARD : phase == TRUMP ? A_TRUMP : phase == PLAY ? A_PLAY : -2;
            if (phase == AUCTION ? (t != A_PASS && t != A_BID) : t != expect) throw illegal("deal.actions-by-phase", "action not of this phase");
            switch (phase) {
                case AUCTION: bid(a); break;
                case DISCARD: {
                    int c = a[1];
                    if ((hand[bidder] >> c & 1) == 0) throw illegal("widow.frog-take-and-discard", "card not in hand");
                    hand[bidder] &= ~(1L << c);
                    discarded |= 1L << c;
                    if (++discards == 3) startPlay();
                    break;
                }
                case TRUMP: {
                    if (!trumpAllowed(a[1])) throw illegal("trump.chico-not-hearts", "suit not allowed");
                    trump = a[1];
                    startPlay();
                    break;
                }
                case PLAY: play(a[1]); break;
            }
        }

        void bid(int[] a) {
            int seat = toAct;
            if (a[0] == A_BID) {
                int c = a[1];
                if (!contractAllowed(c)) throw illegal("auction.contracts-without-frog", "no frog in this ruleset");
                if (c <= high) throw illegal("auction.contract-order", "does not outbid");
                if (house("auction-no-jump")) {
                    int next = high + 1;
                    while (next <= 3 && !contractAllowed(next)) next++;
                    if (c != next) throw illegal("auction.contract-order", "house rule auction-no-jump: a bid must be one step above the standing bid");
                }
                if (raiseSeat >= 0 && c != 3) throw illegal("auction.one-round-frog-may-raise", "only grand");
            }
            if (r.auction == OVERBID) {
                if (a[0] == A_PASS) passed[seat] = true;
                else { high = a[1]; highBidder = seat; }
                if (high == 3) { endAuction(); return; }
                int k = actIndex(seat);
                for (int step = 1; step <= 3; step++) {
                    int s = act[(k + step) % 3];
                    if (!passed[s] && s != highBidder) { toAct = s; return; }
                }
                endAuction();
                return;
            }
            // one round (with or without the frog's raise)
            if (raiseSeat >= 0) {
                raiseSeat = -1;
                if (a[0] == A_BID) { high = 3; highBidder = seat; endAuction(); return; }
                passed[seat] = true;
                roundPos = resumePos;
            } else {
                if (a[0] == A_PASS) passed[seat] = true;
                else {
                    int prevHigh = high, prevBidder = highBidder;
                    high = a[1]; highBidder = seat;
                    if (high == 3) { endAuction(); return; }
                    if (r.auction == ONEROUND && prevHigh == 1 && high == 2) {
                        raiseSeat = prevBidder;
                        resumePos = roundPos + 1;
                        toAct = prevBidder;
                        return;
                    }
                }
                roundPos++;
            }
            if (roundPos >= 3) { endAuction(); return; }
            toAct = act[roundPos];
        }

        void endAuction() {
            if (highBidder < 0) { phase = OVER; toAct = -1; return; }
            bidder = highBidder; contract = high;
            toAct = bidder;
            if (contract == 1) { phase = DISCARD; trump = 2; hand[bidder] |= widow; }
            else if (contract == 2) { phase = TRUMP; }
            else if (house("widow-grand-takes")) { phase = DISCARD; trump = 2; hand[bidder] |= widow; }
            else { trump = 2; startPlay(); }
        }

        void startPlay() { phase = PLAY; toAct = act[0]; trickLen = 0; }

        void play(int c) {
            long h = hand[toAct];
            if ((h >> c & 1) == 0) throw illegal("play.card-from-hand", "card not in hand");
            long lp = legalPlays(h, trickLen == 0 ? -1 : suit(trick[0]), trump, firstLead());
            if ((lp >> c & 1) == 0) {
                if (trickLen == 0) throw illegal("play.lead-any-card", "house rule play-no-trump-lead-first: no trump lead to the first trick");
                int led = suit(trick[0]);
                if ((h & suitMask(led)) != 0) throw illegal("play.follow-suit", "must follow suit");
                throw illegal("play.must-trump", "must trump");
            }
            hand[toAct] &= ~(1L << c);
            trick[trickLen] = c; trickSeat[trickLen] = toAct; trickLen++;
            if (trickLen < 3) { toAct = act[(actIndex(toAct) + 1) % 3]; return; }
            int w = trickWinner(trick, 3, trump);
            int ws = trickSeat[w];
            long m = (1L << trick[0]) | (1L << trick[1]) | (1L << trick[2]);
            taken[ws] |= m;
            if (ws == bidder) bidderTaken |= m;
            trickLen = 0; tricks++;
            if (tricks == 11) { phase = OVER; toAct = -1; }
            else toAct = ws;
        }

        int bidderPoints() {
            long m = bidderTaken | (tookWidow() ? discarded : (house("count-widow-to-defenders") ? 0L : widow));
            int p = 0;
            for (int c = 0; c < 36; c++) if ((m >> c & 1) != 0) p += points(c);
            return p;
        }

        Map<String, Object> observe() {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("phase", PHASES[phase]);
            o.put("to_act", toAct < 0 ? Json.NULL : (Object) (long) toAct);
            o.put("legal", new ArrayList<Object>(legal()));
            o.put("bidder", bidder < 0 ? Json.NULL : (Object) (long) bidder);
            o.put("contract", contract == 0 ? Json.NULL : CONTRACTS[contract]);
            o.put("trump", trump < 0 ? Json.NULL : String.valueOf(SUITS.charAt(trump)));
            if (tookWidow()) o.put("widow_shown", r.shown);
            if (phase == OVER) {
                if (bidder >= 0) {
                    int bp = bidderPoints();
                    Map<String, Object> pts = new LinkedHashMap<>();
                    pts.put("bidder", (long) bp);
                    pts.put("defenders", (long) (120 - bp));
                    o.put("points", pts);
                    o.put("payments", settle(r, op, n, dealer, bidder, contract, bp));
                } else o.put("payments", new long[n]);
            }
            return o;
        }
        long[] payments() {
            if (bidder < 0) return new long[n];
            return settle(r, op, n, dealer, bidder, contract, bidderPoints());
        }
    }

    static long suitMask(int s) { return 0x1FFL << (s * 9); }
    static long legalPlays(long hand, int led, int trump, boolean firstLead) {
        if (led < 0) {
            if (firstLead && trump >= 0 && house("play-no-trump-lead-first")) {
                long plain = hand & ~suitMask(trump);
                if (plain != 0) return plain;
            }
            return hand;
        }
        long f = hand & suitMask(led);
        if (f != 0) return f;
        if (trump >= 0) { long t = hand & suitMask(trump); if (t != 0) return t; }
        return hand;
    }
    static int trickWinner(int[] cards, int len, int trump) {
        int best = 0;
        for (int k = 1; k < len; k++) {
            int c = cards[k], b = cards[best];
            boolean ct = trump >= 0 && suit(c) == trump, bt = trump >= 0 && suit(b) == trump;
            if (ct && !bt) best = k;
            else if (ct == bt && suit(c) == suit(b) && strength(c) > strength(b)) best = k;
        }
        return best;
    }

    // ---------- ops ----------
    static final String[] OPS = {"hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft"};

    static Object hello(Map<String, Object> m) {
        Object spec = field(m, "spec");
        if (!(spec instanceof String)) throw invalid("spec is not a string");
        if (!spec.equals("1")) throw unsupported("protocol version");
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("name", "frog-java");
        res.put("version", "1.0");
        res.put("rulesets", new ArrayList<Object>(RULESETS.keySet()));
        res.put("ops", new ArrayList<Object>(Arrays.asList((Object[]) OPS)));
        res.put("rule_ids", "frogspec");
        if (!HOUSE.isEmpty()) res.put("house", new ArrayList<Object>(HOUSE));
        return res;
    }

    static int trumpField(Map<String, Object> m) {
        Object t = field(m, "trump");
        if (t == Json.NULL) return -1;
        return parseSuit(t);
    }
    static long cardSet(List<Object> l) {
        long s = 0;
        for (Object o : l) {
            int c = parseCard(o);
            if ((s >> c & 1) != 0) throw invalid("card twice");
            s |= 1L << c;
        }
        return s;
    }

    static Object trickWinnerOp(Map<String, Object> m) {
        ruleset(m);
        int trump = trumpField(m);
        List<Object> l = listField(m, "cards");
        if (l.size() < 1 || l.size() > 3) throw invalid("1 to 3 cards");
        cardSet(l);
        int[] c = new int[l.size()];
        for (int k = 0; k < c.length; k++) c[k] = parseCard(l.get(k));
        return (long) trickWinner(c, c.length, trump);
    }

    static Object legalPlaysOp(Map<String, Object> m) {
        ruleset(m);
        int trump = trumpField(m);
        List<Object> hl = listField(m, "hand"), tl = listField(m, "trick");
        if (hl.size() < 1 || hl.size() > 11) throw invalid("hand size");
        if (tl.size() > 2) throw invalid("trick size");
        long h = cardSet(hl), t = cardSet(tl);
        if ((h & t) != 0) throw invalid("card in hand and trick");
        int led = tl.isEmpty() ? -1 : suit(parseCard(tl.get(0)));
        return cardList(legalPlays(h, led, trump, tl.isEmpty() && hl.size() == 11));
    }

    static Object dealOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        options(r, m);
        int n = players(r, m);
        int d = seat(m, "dealer", n);
        int[] deck = deck(field(m, "deck"));
        long[] h = dealCards(r, n, d, deck);
        int[] act = activeSeats(n, d);
        Map<String, Object> res = new LinkedHashMap<>();
        List<Object> a = new ArrayList<>();
        for (int s : act) a.add((long) s);
        res.put("active", a);
        res.put("eldest", (long) act[0]);
        List<Object> hands = new ArrayList<>();
        for (int s = 0; s < n; s++) hands.add(h[s] == 0 ? Json.NULL : cardList(h[s]));
        res.put("hands", hands);
        res.put("widow", cardList(h[n]));
        return res;
    }

    static Object settleOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        Opts op = options(r, m);
        int n = players(r, m);
        int d = seat(m, "dealer", n);
        int b = seat(m, "bidder", n);
        int[] act = activeSeats(n, d);
        if (b != act[0] && b != act[1] && b != act[2]) throw invalid("bidder sits out");
        Object co = field(m, "contract");
        if (!(co instanceof String) || contractOf((String) co) < 0) throw invalid("unknown contract");
        int c = contractOf((String) co);
        int bp = intField(m, "bidder_points");
        if (bp < 0 || bp > 120) throw invalid("bidder_points out of range");
        if (c == 1 && !r.hasFrog) throw illegal("auction.contracts-without-frog", "no frog");
        return settle(r, op, n, d, b, c, bp);
    }

    static Game runGame(Rules r, Opts op, int n, int d, int[] deck, int[][] acts) {
        Game g = new Game(r, op, n, d, deck);
        for (int k = 0; k < acts.length; k++) {
            if (g.phase == OVER) { Err e = illegal("deal.actions-by-phase", "deal is over"); e.at = k; throw e; }
            try { g.apply(acts[k]); }
            catch (Err e) { e.at = k; throw e; }
        }
        return g;
    }

    static Object gameOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        Opts op = options(r, m);
        int n = players(r, m);
        int d = seat(m, "dealer", n);
        int[] deck = deck(field(m, "deck"));
        int[][] acts = parseActions(listField(m, "actions"));
        return runGame(r, op, n, d, deck, acts).observe();
    }

    static final String[] ACTION_NAMES = null;
    static String actionName(String s) { return s; }

    static long visited;
    static Object perftOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        Opts op = options(r, m);
        int n = players(r, m);
        int d = seat(m, "dealer", n);
        int[] deck = deck(field(m, "deck"));
        int[][] acts = parseActions(listField(m, "actions"));
        long depth = Long.MAX_VALUE;
        if (m.containsKey("depth")) {
            depth = integer(m.get("depth"), "depth");
            if (depth < 0) throw invalid("negative depth");
        }
        Game g = runGame(r, op, n, d, deck, acts);
        Map<String, Object> res = new LinkedHashMap<>();
        Map<String, Object> by = new LinkedHashMap<>();
        long total = 0;
        visited = 0;
        if (g.phase == OVER || depth == 0) total = 1;
        else {
            for (String a : g.legal()) {
                Game c = g.copy();
                c.apply(parseAction(a));
                long v = count(c, depth - 1);
                by.put(a, v);
                total += v;
            }
        }
        res.put("total", total);
        res.put("by_first", by);
        return res;
    }
    static long count(Game g, long depth) {
        if (g.phase == OVER || depth == 0) return 1;
        if (++visited > 100000) throw invalid("perft would visit more than 100000 positions");
        long t = 0;
        for (String a : g.legal()) {
            Game c = g.copy();
            c.apply(parseAction(a));
            t += count(c, depth - 1);
        }
        return t;
    }

    @SuppressWarnings("unchecked")
    static Object matchOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        Opts op = options(r, m);
        int n = players(r, m);
        int fd = seat(m, "first_dealer", n);
        List<Object> deals = listField(m, "deals");
        int nd = deals.size();
        int[][] decks = new int[nd][];
        int[][][] acts = new int[nd][][];
        for (int k = 0; k < nd; k++) {
            Object o = deals.get(k);
            if (!(o instanceof Map)) throw invalid("deal is not an object");
            Map<String, Object> dm = (Map<String, Object>) o;
            decks[k] = deck(field(dm, "deck"));
            acts[k] = parseActions(listField(dm, "actions"));
        }
        long[] bal = new long[n];
        Arrays.fill(bal, r.bank);
        List<Object> dealers = new ArrayList<>();
        boolean over = false; int loser = -1;
        int d = fd;
        for (int k = 0; k < nd; k++) {
            if (over) { Err e = illegal("match.first-unable-to-pay-loses", "game is over"); e.at = 0; e.deal = k; throw e; }
            Game g;
            try { g = runGame(r, op, n, d, decks[k], acts[k]); }
            catch (Err e) { e.deal = k; throw e; }
            if (g.phase != OVER) throw invalid("deal " + k + " stops before its end");
            dealers.add((long) d);
            long[] p = g.payments();
            if (r.hasEnd && g.bidder >= 0) {
                for (int j = 0; j < n; j++) {
                    int s = (g.bidder + j) % n;
                    if (-p[s] > bal[s]) { loser = s; over = true; break; }
                }
            }
            for (int s = 0; s < n; s++) bal[s] += p[s];
            d = (house("match-bidder-deals-next") && g.bidder >= 0) ? g.bidder : (d + 1) % n;
        }
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("balances", bal);
        res.put("dealers", dealers);
        res.put("over", over);
        res.put("loser", loser < 0 ? Json.NULL : (Object) (long) loser);
        return res;
    }

    static Object firstDealerOp(Map<String, Object> m) {
        Rules r = ruleset(m);
        int n = players(r, m);
        if (r.id.startsWith("official-1922")) {
            int low = seat(m, "lowest", n);
            Object c = field(m, "chooses_to_deal");
            if (!(c instanceof Boolean)) throw invalid("chooses_to_deal");
            if ((Boolean) c) return (long) low;
            return (long) ((low + n - 1) % n);
        }
        return (long) seat(m, "chosen", n);
    }

    @SuppressWarnings("unchecked")
    static String handle(String line) {
        Object req;
        try { req = Json.parse(line); }
        catch (Json.JsonErr e) { return errLine(null, invalid(e.getMessage())); }
        catch (StackOverflowError e) { return errLine(null, invalid("depth")); }
        if (!(req instanceof Map)) return errLine(null, invalid("request is not an object"));
        Map<String, Object> m = (Map<String, Object>) req;
        Object id = m.get("id");
        if (!(id instanceof Long) && !(id instanceof BigInteger)) return errLine(null, invalid("id is not an integer"));
        Object opo = m.get("op");
        if (!(opo instanceof String)) return errLine(id, invalid("op is not a string"));
        String op = (String) opo;
        try {
            Object res;
            switch (op) {
                case "hello": res = hello(m); break;
                case "card_points": res = (long) points(parseCard(field(m, "card"))); break;
                case "trick_winner": res = trickWinnerOp(m); break;
                case "legal_plays": res = legalPlaysOp(m); break;
                case "deal": res = dealOp(m); break;
                case "settle": res = settleOp(m); break;
                case "game": res = gameOp(m); break;
                case "match": res = matchOp(m); break;
                case "first_dealer": res = firstDealerOp(m); break;
                case "perft": res = perftOp(m); break;
                default: throw unsupported("unknown op " + op);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", id);
            out.put("result", res);
            return Json.write(out);
        } catch (Err e) {
            return errLine(id, e);
        }
    }

    static String errLine(Object id, Err e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id == null ? Json.NULL : id);
        Map<String, Object> er = new LinkedHashMap<>();
        er.put("kind", e.kind);
        er.put("rule", e.rule == null ? Json.NULL : e.rule);
        er.put("message", e.getMessage() == null ? "" : e.getMessage());
        if (e.at != null) er.put("at", (long) e.at);
        if (e.deal != null) er.put("deal", (long) e.deal);
        out.put("error", er);
        return Json.write(out);
    }

    public static void main(String[] args) throws IOException {
        for (int k = 0; k < args.length; k++) {
            if (args[k].equals("--house") && k + 1 < args.length && Arrays.asList(KNOWN_HOUSE).contains(args[k + 1])) { HOUSE.add(args[++k]); continue; }
            if (args[k].equals("--protocol")) continue;
            System.err.println("frog: unknown argument or house rule: " + args[k] + (args[k].equals("--house") && k + 1 < args.length ? " " + args[k + 1] : "")
                + " (known house rules: " + String.join(", ", KNOWN_HOUSE) + ")");
            System.exit(2);
        }
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        boolean tooLong = false;
        while (true) {
            int b = in.read();
            if (b == -1 || b == '\n') {
                if (b == -1 && buf.size() == 0 && !tooLong) break;
                String resp;
                if (tooLong) resp = errLine(null, invalid("length"));
                else {
                    byte[] bytes = buf.toByteArray();
                    String line = null;
                    try {
                        line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
                    } catch (CharacterCodingException e) { line = null; }
                    if (line == null) resp = errLine(null, invalid("utf-8"));
                    else if (line.chars().allMatch(ch -> ch == ' ' || ch == '\t' || ch == '\r')) resp = null;
                    else {
                        try { resp = handle(line); }
                        catch (RuntimeException | StackOverflowError e) { resp = errLine(null, invalid("internal: " + e)); }
                    }
                }
                buf.reset(); tooLong = false;
                if (resp != null) { out.print(resp); out.print('\n'); out.flush(); }
                if (b == -1) break;
                continue;
            }
            if (tooLong) continue;
            if (buf.size() >= (1 << 24)) { tooLong = true; buf.reset(); continue; }
            buf.write(b);
        }
        out.flush();
    }
}
