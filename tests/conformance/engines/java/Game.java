import java.util.*;

/** One deal of Frog, from the deal to the settlement. */
final class Game {
    static final int AUCTION = 0, DISCARD = 1, TRUMP = 2, PLAY = 3, OVER = 4;
    static final String[] PHASES = {"auction", "discard", "trump", "play", "over"};

    // action codes: kind * 64 + argument
    static final int A_PASS = 0, A_BID = 1, A_DISCARD = 2, A_TRUMP = 3, A_PLAY = 4;

    static final class Illegal extends Exception {
        final String rule;
        Illegal(String rule, String msg) { super(msg); this.rule = rule; }
    }

    final Rules rs;
    final Opts opts;
    final House house;
    final int players, dealer;
    int[] active = new int[3];        // seats, from eldest, in the order of play
    long[] hand = new long[3];        // by position in active
    long widow, laid;
    int phase, toAct = -1;
    boolean[] passed = new boolean[3];
    int high = -1, highBy = -1;
    int[] queue = new int[8];
    int qHead, qTail;
    int bidder = -1, contract = -1, trump = -1;
    int discards;
    int[] trick = new int[3];
    int trickN, leader, tricks;
    long[] won = new long[3];
    boolean allPassed;
    int bidderPoints;
    long[] payments;

    Game(Rules rs, Opts opts, House house, int players, int dealer) {
        this.rs = rs; this.opts = opts; this.house = house; this.players = players; this.dealer = dealer;
    }

    Game copy() {
        Game g = new Game(rs, opts, house, players, dealer);
        g.active = active; // never changes after the deal
        g.hand = hand.clone(); g.widow = widow; g.laid = laid; g.phase = phase; g.toAct = toAct;
        g.passed = passed.clone(); g.high = high; g.highBy = highBy; g.queue = queue.clone();
        g.qHead = qHead; g.qTail = qTail; g.bidder = bidder; g.contract = contract; g.trump = trump;
        g.discards = discards; g.trick = trick.clone(); g.trickN = trickN; g.leader = leader; g.tricks = tricks;
        g.won = won.clone(); g.allPassed = allPassed; g.bidderPoints = bidderPoints;
        g.payments = payments == null ? null : payments.clone();
        return g;
    }

    static int seatAt(int players, int dealer, int k, House h) {
        return Math.floorMod(dealer + h.dir() * k, players);
    }

    /** The active seats from eldest, in the order of play. */
    static int[] activeSeats(int players, int dealer, House h) {
        if (players == 3) return new int[]{seatAt(players, dealer, 1, h), seatAt(players, dealer, 2, h), dealer};
        if (players == 4) return new int[]{seatAt(players, dealer, 1, h), seatAt(players, dealer, 2, h), seatAt(players, dealer, 3, h)};
        return new int[]{seatAt(players, dealer, 1, h), seatAt(players, dealer, 2, h), seatAt(players, dealer, -1, h)};
    }

    /** Deals the deck and opens the auction. */
    void deal(int[] deck) {
        active = activeSeats(players, dealer, house);
        int p = 0;
        switch (rs.dealPattern) {
            case Rules.DEAL_3344:
                p = packet(deck, p, 3); widow = take(deck, p, 3); p += 3; p = packet(deck, p, 4); p = packet(deck, p, 4);
                break;
            case Rules.DEAL_4334:
                p = packet(deck, p, 4); widow = take(deck, p, 3); p += 3; p = packet(deck, p, 3); p = packet(deck, p, 4);
                break;
            default: {
                int who = 0;
                for (int k = 0; k < 36; k++) {
                    if (k == 0 || k == 3 || k == 7) widow |= Cards.bit(deck[k]);
                    else { hand[who] |= Cards.bit(deck[k]); who = (who + 1) % 3; }
                }
            }
        }
        phase = AUCTION;
        qHead = 0; qTail = 0;
        for (int k = 0; k < 3; k++) queue[qTail++] = k;
        toAct = queue[qHead++];
    }

    private int packet(int[] deck, int p, int n) {
        for (int who = 0; who < 3; who++) { hand[who] |= take(deck, p, n); p += n; }
        return p;
    }

    private static long take(int[] deck, int p, int n) {
        long m = 0;
        for (int k = 0; k < n; k++) m |= Cards.bit(deck[p + k]);
        return m;
    }

    // ---------------- actions ----------------

    static int parseAction(String s) {
        switch (s) {
            case "pass": return A_PASS * 64;
            case "frog": return A_BID * 64 + Rules.FROG;
            case "chico": return A_BID * 64 + Rules.CHICO;
            case "grand": return A_BID * 64 + Rules.GRAND;
        }
        if (s.startsWith("discard ")) { int c = Cards.parse(s.substring(8)); return c < 0 ? -1 : A_DISCARD * 64 + c; }
        if (s.startsWith("play ")) { int c = Cards.parse(s.substring(5)); return c < 0 ? -1 : A_PLAY * 64 + c; }
        if (s.startsWith("trump ")) { int t = Cards.parseSuit(s.substring(6)); return t < 0 ? -1 : A_TRUMP * 64 + t; }
        return -1;
    }

    static String actionName(int a) {
        int kind = a / 64, arg = a % 64;
        switch (kind) {
            case A_PASS: return "pass";
            case A_BID: return Rules.CONTRACTS[arg];
            case A_DISCARD: return "discard " + Cards.name(arg);
            case A_TRUMP: return "trump " + Cards.suitName(arg);
            default: return "play " + Cards.name(arg);
        }
    }

    private boolean mayBid(int who, int b) {
        if (!rs.hasFrog && b == Rules.FROG) return false;
        if (b > high) return true;
        // house rule: eldest hand may hold (take over) a later player's Frog or Chico
        return house.eldestHolds && who == 0 && high >= 0 && highBy != 0 && b == high && b != Rules.GRAND;
    }

    List<Integer> legal() {
        ArrayList<Integer> l = new ArrayList<>();
        switch (phase) {
            case AUCTION:
                l.add(A_PASS * 64);
                for (int b = 0; b < 3; b++) if (mayBid(toAct, b)) l.add(A_BID * 64 + b);
                break;
            case DISCARD:
                for (int c = 0; c < 36; c++) if ((hand[bidder] & Cards.bit(c)) != 0) l.add(A_DISCARD * 64 + c);
                break;
            case TRUMP:
                for (int s = 0; s < 4; s++) if (s != Cards.HEARTS || rs.chicoMayNameHearts) l.add(A_TRUMP * 64 + s);
                break;
            case PLAY: {
                long m = Cards.legal(hand[toAct], trick, trickN, trump, house);
                for (int c = 0; c < 36; c++) if ((m & Cards.bit(c)) != 0) l.add(A_PLAY * 64 + c);
                break;
            }
            default:
        }
        return l;
    }

    void apply(int a) throws Illegal {
        int kind = a / 64, arg = a % 64;
        switch (phase) {
            case AUCTION:
                if (kind != A_PASS && kind != A_BID) throw new Illegal("deal.actions-by-phase", "the auction takes a pass or a bid");
                bid(kind == A_PASS ? -1 : arg);
                return;
            case DISCARD:
                if (kind != A_DISCARD) throw new Illegal("deal.actions-by-phase", "the Frog bidder must lay away three cards");
                if ((hand[bidder] & Cards.bit(arg)) == 0)
                    throw new Illegal("widow.frog-take-and-discard", Cards.name(arg) + " is not in the bidder's hand");
                hand[bidder] &= ~Cards.bit(arg);
                laid |= Cards.bit(arg);
                if (++discards == 3) startPlay();
                return;
            case TRUMP:
                if (kind != A_TRUMP) throw new Illegal("deal.actions-by-phase", "the Chico bidder must name trumps");
                if (arg == Cards.HEARTS && !rs.chicoMayNameHearts)
                    throw new Illegal("trump.chico-not-hearts", "hearts may not be named in a Chico");
                trump = arg;
                startPlay();
                return;
            case PLAY:
                if (kind != A_PLAY) throw new Illegal("deal.actions-by-phase", "a card must be played");
                play(arg);
                return;
            default:
                throw new Illegal("deal.actions-by-phase", "the deal is over");
        }
    }

    private void bid(int b) throws Illegal {
        int i = toAct;
        if (b < 0) {
            passed[i] = true;
        } else {
            if (!rs.hasFrog && b == Rules.FROG)
                throw new Illegal("auction.contracts-without-frog", "there is no Frog in this game");
            if (!mayBid(i, b))
                throw new Illegal("auction.contract-order", Rules.CONTRACTS[b] + " does not outbid the standing bid");
            int prevHigh = high, prevBy = highBy;
            high = b; highBy = i;
            if (rs.auction == Rules.AUCTION_ONE_ROUND_RAISE && b == Rules.CHICO && prevHigh == Rules.FROG
                    && prevBy != i && !passed[prevBy]) {
                queue[--qHead] = prevBy;   // the overbid Frog bidder answers at once
            }
        }
        if (high == Rules.GRAND) { endAuction(); return; }
        if (rs.auction == Rules.AUCTION_OVERBID) {
            for (int k = 1; k <= 3; k++) {
                int j = (i + k) % 3;
                if (!passed[j] && j != highBy) { toAct = j; return; }
            }
            endAuction();
        } else {
            while (qHead < qTail && passed[queue[qHead]]) qHead++;
            if (qHead < qTail) { toAct = queue[qHead++]; return; }
            endAuction();
        }
    }

    private void endAuction() {
        if (high < 0) {
            phase = OVER; toAct = -1; allPassed = true;
            payments = new long[players];
            return;
        }
        bidder = highBy; contract = high;
        if (contract == Rules.FROG) {
            trump = Cards.HEARTS;
            hand[bidder] |= widow;
            phase = DISCARD; toAct = bidder;
        } else if (contract == Rules.CHICO) {
            phase = TRUMP; toAct = bidder;
        } else {
            trump = Cards.HEARTS;
            startPlay();
        }
    }

    private void startPlay() {
        phase = PLAY; leader = 0; toAct = 0; trickN = 0;
    }

    private void play(int c) throws Illegal {
        long h = hand[toAct];
        if ((h & Cards.bit(c)) == 0) throw new Illegal("play.card-from-hand", Cards.name(c) + " is not in the player's hand");
        long legal = Cards.legal(h, trick, trickN, trump, house);
        if ((legal & Cards.bit(c)) == 0) {
            if (trickN > 0 && (h & Cards.suitMask(Cards.suit(trick[0]))) != 0)
                throw new Illegal("play.follow-suit", "the player holds the suit led");
            throw new Illegal("play.must-trump", house.mustOvertrump
                    ? "the player must trump, and beat a trump already played if he can"
                    : "the player cannot follow suit and holds a trump");
        }
        hand[toAct] = h & ~Cards.bit(c);
        trick[trickN++] = c;
        if (trickN < 3) { toAct = (toAct + 1) % 3; return; }
        int w = (leader + Cards.trickWinner(trick, 3, trump)) % 3;
        for (int k = 0; k < 3; k++) won[w] |= Cards.bit(trick[k]);
        trickN = 0; leader = w; toAct = w;
        if (++tricks == 11) finish();
    }

    private void finish() {
        int pts = Cards.points(won[bidder]);
        if (contract == Rules.FROG) {
            if (!house.discardsToDefenders) pts += Cards.points(laid);
        } else pts += Cards.points(widow);
        bidderPoints = pts;
        phase = OVER; toAct = -1;
        payments = settle(rs, opts, players, dealer, active[bidder], contract, pts, house);
    }

    /** Payments by seat; null when the bidder sits out (checked by the caller). */
    static long[] settle(Rules rs, Opts o, int players, int dealer, int bidderSeat, int contract, int pts, House h) {
        long[] pay = new long[players];
        int margin = pts - 60;
        if (margin == 0) return pay;
        boolean won = margin > 0;
        int c = (!won && contract == Rules.FROG && o.penaltyFrog) ? Rules.GRAND : contract;
        long amount = rs.fixedPay ? rs.rates[c] : (long) Math.abs(margin) * rs.rates[c];
        int[] act = activeSeats(players, dealer, h);
        boolean[] isActive = new boolean[players];
        for (int s : act) isActive[s] = true;
        long total = 0;
        for (int s = 0; s < players; s++) {
            if (s == bidderSeat) continue;
            boolean settles;
            if (isActive[s] || !won) settles = true;
            else if (o.sittingOut == Opts.PAY_AND_RECEIVE) settles = true;
            else if (o.sittingOut == Opts.SOLO_ONLY) settles = contract != Rules.FROG;
            else settles = false;
            if (!settles) continue;
            pay[s] = won ? -amount : amount;
            total += pay[s];
        }
        pay[bidderSeat] = -total;
        return pay;
    }

    // ---------------- observation ----------------

    Map<String, Object> observation() {
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        m.put("phase", PHASES[phase]);
        m.put("to_act", toAct < 0 ? null : (long) active[toAct]);
        ArrayList<String> l = new ArrayList<>();
        for (int a : legal()) l.add(actionName(a));
        m.put("legal", l);
        m.put("bidder", bidder < 0 ? null : (long) active[bidder]);
        m.put("contract", contract < 0 ? null : Rules.CONTRACTS[contract]);
        m.put("trump", trump < 0 ? null : Cards.suitName(trump));
        if (contract == Rules.FROG) m.put("widow_shown", rs.widowShown);
        if (phase == OVER) {
            if (!allPassed) {
                LinkedHashMap<String, Object> p = new LinkedHashMap<>();
                p.put("bidder", (long) bidderPoints);
                p.put("defenders", (long) (120 - bidderPoints));
                m.put("points", p);
            }
            m.put("payments", payments);
        }
        return m;
    }
}
