import java.io.*;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.*;
import java.util.*;

/**
 * A Frog engine speaking the JSON-lines conformance protocol, version 1.
 * Usage: java -cp DIR FrogEngine [--house NAME]...
 */
public final class FrogEngine {
    static final int MAX_LINE = 1 << 24;
    static final String[] OPS = {"hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game",
            "match", "first_dealer", "perft"};
    static final Set<String> OP_SET = new HashSet<>(Arrays.asList(OPS));
    static final Set<String> RULESET_OPS = new HashSet<>(Arrays.asList("trick_winner", "legal_plays", "deal",
            "settle", "game", "match", "first_dealer", "perft"));
    static final long PERFT_LIMIT = 100_000;

    final House house;

    FrogEngine(House h) { this.house = h; }

    /** An error answer. */
    static final class Err extends Exception {
        final String kind, rule;
        final Integer at, deal;
        Err(String kind, String rule, String msg, Integer at, Integer deal) {
            super(msg); this.kind = kind; this.rule = rule; this.at = at; this.deal = deal;
        }
        static Err invalid(String msg) { return new Err("invalid", null, msg, null, null); }
        static Err unsupported(String msg) { return new Err("unsupported", null, msg, null, null); }
    }

    public static void main(String[] args) throws IOException {
        House h = new House();
        for (int k = 0; k < args.length; k++) {
            if (args[k].equals("--house") && k + 1 < args.length) {
                if (!h.set(args[++k])) {
                    System.err.println("unknown house rule: " + args[k] + " (known: " + String.join(", ", House.NAMES) + ")");
                    System.exit(2);
                }
            } else if (args[k].startsWith("--house=")) {
                if (!h.set(args[k].substring(8))) { System.err.println("unknown house rule: " + args[k]); System.exit(2); }
            } else {
                System.err.println("usage: FrogEngine [--house NAME]...");
                System.exit(2);
            }
        }
        new FrogEngine(h).run(System.in, System.out);
    }

    void run(InputStream rawIn, PrintStream rawOut) throws IOException {
        BufferedInputStream in = new BufferedInputStream(rawIn, 1 << 16);
        OutputStream out = new BufferedOutputStream(rawOut, 1 << 16);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (line.size() > 0 || tooLong) answer(out, line.toByteArray(), tooLong);
                break;
            }
            if (b == '\n') {
                answer(out, line.toByteArray(), tooLong);
                line.reset(); tooLong = false;
                continue;
            }
            if (tooLong) continue;
            if (line.size() >= MAX_LINE) { tooLong = true; line.reset(); continue; }
            line.write(b);
        }
        out.flush();
    }

    void answer(OutputStream out, byte[] bytes, boolean tooLong) throws IOException {
        String resp;
        if (tooLong) resp = errorLine(null, Err.invalid("length: line longer than 2^24 bytes"));
        else {
            int n = bytes.length;
            if (n > 0 && bytes[n - 1] == '\r') n--;
            resp = handleBytes(bytes, n);
        }
        out.write(resp.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }

    String handleBytes(byte[] bytes, int n) {
        String text;
        try {
            CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            text = dec.decode(ByteBuffer.wrap(bytes, 0, n)).toString();
        } catch (CharacterCodingException e) {
            return errorLine(null, Err.invalid("utf-8: the line is not UTF-8"));
        }
        Object req;
        try {
            req = Json.parse(text);
        } catch (Json.Bad e) {
            return errorLine(null, Err.invalid(e.getMessage()));
        } catch (RuntimeException e) {
            return errorLine(null, Err.invalid("json: " + e));
        }
        if (!(req instanceof Map)) return errorLine(null, Err.invalid("a request is a JSON object"));
        @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) req;
        Object id = m.get("id");
        if (!(id instanceof Long) && !(id instanceof BigInteger)) return errorLine(null, Err.invalid("id is not an integer"));
        try {
            Object result = handle(m);
            StringBuilder b = new StringBuilder("{\"id\": ").append(id).append(", \"result\": ");
            Json.write(b, result);
            return b.append('}').toString();
        } catch (Err e) {
            return errorLine(id, e);
        } catch (RuntimeException e) {
            System.err.println("internal error: " + e);
            e.printStackTrace(System.err);
            return errorLine(id, Err.invalid("internal error: " + e));
        }
    }

    static String errorLine(Object id, Err e) {
        LinkedHashMap<String, Object> err = new LinkedHashMap<>();
        err.put("kind", e.kind);
        err.put("rule", e.rule);
        err.put("message", e.getMessage());
        if (e.at != null) err.put("at", (long) e.at);
        if (e.deal != null) err.put("deal", (long) e.deal);
        StringBuilder b = new StringBuilder("{\"id\": ").append(id == null ? "null" : id.toString()).append(", \"error\": ");
        Json.write(b, err);
        return b.append('}').toString();
    }

    // ---------------- field readers ----------------

    static Object need(Map<String, Object> m, String k) throws Err {
        if (!m.containsKey(k)) throw Err.invalid("missing field: " + k);
        return m.get(k);
    }

    static long integer(Map<String, Object> m, String k) throws Err {
        Object v = need(m, k);
        if (v instanceof Long) return (Long) v;
        if (v instanceof BigInteger) throw Err.invalid(k + " is out of range");
        throw Err.invalid(k + " is not an integer");
    }

    static String string(Map<String, Object> m, String k) throws Err {
        Object v = need(m, k);
        if (!(v instanceof String)) throw Err.invalid(k + " is not a string");
        return (String) v;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String k) throws Err {
        Object v = need(m, k);
        if (!(v instanceof List)) throw Err.invalid(k + " is not a list");
        return (List<Object>) v;
    }

    static int card(Object v) throws Err {
        if (!(v instanceof String)) throw Err.invalid("a card is a string");
        int c = Cards.parse((String) v);
        if (c < 0) throw Err.invalid("not a card: " + v);
        return c;
    }

    /** Cards each at most once. */
    static int[] cards(Map<String, Object> m, String k, int min, int max) throws Err {
        List<Object> l = list(m, k);
        if (l.size() < min || l.size() > max) throw Err.invalid(k + " must hold " + min + " to " + max + " cards");
        int[] a = new int[l.size()];
        long seen = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = card(l.get(i));
            if ((seen & Cards.bit(a[i])) != 0) throw Err.invalid("card twice in " + k + ": " + Cards.name(a[i]));
            seen |= Cards.bit(a[i]);
        }
        return a;
    }

    static int trumpField(Map<String, Object> m) throws Err {
        Object v = need(m, "trump");
        if (v == Json.NULL) return -1;
        if (!(v instanceof String)) throw Err.invalid("trump is a suit or null");
        int s = Cards.parseSuit((String) v);
        if (s < 0) throw Err.invalid("not a suit: " + v);
        return s;
    }

    static int players(Map<String, Object> m, Rules rs) throws Err {
        long p = integer(m, "players");
        if (p < rs.minPlayers || p > rs.maxPlayers)
            throw Err.invalid(rs.id + " is for " + rs.minPlayers + (rs.maxPlayers > rs.minPlayers ? " to " + rs.maxPlayers : "") + " players");
        return (int) p;
    }

    static int seat(Map<String, Object> m, String k, int players) throws Err {
        long s = integer(m, k);
        if (s < 0 || s >= players) throw Err.invalid(k + " is not a seat at a table of " + players);
        return (int) s;
    }

    @SuppressWarnings("unchecked")
    static Opts options(Map<String, Object> m, Rules rs) throws Err {
        Object v = need(m, "options");
        if (!(v instanceof Map)) throw Err.invalid("options is an object");
        Opts o = new Opts();
        for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
            String k = e.getKey();
            Object val = e.getValue();
            if (k.equals("sitting_out") && rs.hasSittingOut) {
                if (!(val instanceof String)) throw Err.invalid("sitting_out is a string");
                switch ((String) val) {
                    case "receive-only": o.sittingOut = Opts.RECEIVE_ONLY; break;
                    case "pay-and-receive": o.sittingOut = Opts.PAY_AND_RECEIVE; break;
                    case "pay-and-receive-solo-only": o.sittingOut = Opts.SOLO_ONLY; break;
                    default: throw Err.invalid("sitting_out does not take " + val);
                }
            } else if (k.equals("penalty_frog") && rs.hasPenaltyFrog) {
                if (!(val instanceof Boolean)) throw Err.invalid("penalty_frog is true or false");
                o.penaltyFrog = (Boolean) val;
            } else throw Err.invalid(rs.id + " has no option " + k);
        }
        return o;
    }

    static int[] deck(Object v) throws Err {
        if (!(v instanceof List)) throw Err.invalid("deck is a list of 36 cards");
        List<?> l = (List<?>) v;
        if (l.size() != 36) throw Err.invalid("a deck holds 36 cards, not " + l.size());
        int[] d = new int[36];
        long seen = 0;
        for (int i = 0; i < 36; i++) {
            d[i] = card(l.get(i));
            if ((seen & Cards.bit(d[i])) != 0) throw Err.invalid("card twice in the deck: " + Cards.name(d[i]));
            seen |= Cards.bit(d[i]);
        }
        return d;
    }

    static int[] actions(Object v) throws Err {
        if (!(v instanceof List)) throw Err.invalid("actions is a list");
        List<?> l = (List<?>) v;
        int[] a = new int[l.size()];
        for (int i = 0; i < a.length; i++) {
            Object x = l.get(i);
            if (!(x instanceof String)) throw Err.invalid("action " + i + " is not a string");
            a[i] = Game.parseAction((String) x);
            if (a[i] < 0) throw Err.invalid("not an action: " + x);
        }
        return a;
    }

    // ---------------- ops ----------------

    Object handle(Map<String, Object> m) throws Err {
        Object opv = m.get("op");
        if (!(opv instanceof String)) throw Err.invalid("op is not a string");
        String op = (String) opv;
        if (!OP_SET.contains(op)) throw Err.unsupported("unknown op: " + op);
        Rules rs = null;
        if (RULESET_OPS.contains(op)) {
            Object r = m.get("ruleset");
            if (!(r instanceof String)) throw Err.invalid("ruleset is missing or not a string");
            rs = Rules.ALL.get(r);
            if (rs == null) throw Err.unsupported("ruleset not offered: " + r);
        }
        switch (op) {
            case "hello": return hello(m);
            case "card_points": return (long) Cards.points(card(need(m, "card")));
            case "trick_winner": {
                int t = trumpField(m);
                int[] c = cards(m, "cards", 1, 3);
                return (long) Cards.trickWinner(c, c.length, t);
            }
            case "legal_plays": return legalPlays(m);
            case "deal": return deal(m, rs);
            case "settle": return settle(m, rs);
            case "game": return game(m, rs);
            case "match": return match(m, rs);
            case "first_dealer": return firstDealer(m, rs);
            case "perft": return perft(m, rs);
            default: throw Err.unsupported(op);
        }
    }

    Object hello(Map<String, Object> m) throws Err {
        Object spec = need(m, "spec");
        if (!(spec instanceof String)) throw Err.invalid("spec is a string");
        if (!spec.equals("1")) throw Err.unsupported("protocol version " + spec + " is not spoken here");
        LinkedHashMap<String, Object> r = new LinkedHashMap<>();
        r.put("name", "java-frog");
        r.put("version", "1.0");
        r.put("rulesets", new ArrayList<>(Rules.ALL.keySet()));
        r.put("ops", Arrays.asList(OPS));
        r.put("rule_ids", "frogspec");
        return r;
    }

    Object legalPlays(Map<String, Object> m) throws Err {
        int t = trumpField(m);
        int[] hand = cards(m, "hand", 1, 11);
        int[] trick = cards(m, "trick", 0, 2);
        long h = 0;
        for (int c : hand) h |= Cards.bit(c);
        for (int c : trick) if ((h & Cards.bit(c)) != 0) throw Err.invalid(Cards.name(c) + " is both in hand and in the trick");
        return Cards.names(Cards.legal(h, trick, trick.length, t, house));
    }

    Object deal(Map<String, Object> m, Rules rs) throws Err {
        Opts o = options(m, rs);
        int p = players(m, rs);
        int d = seat(m, "dealer", p);
        int[] deck = deck(need(m, "deck"));
        Game g = new Game(rs, o, house, p, d);
        g.deal(deck);
        LinkedHashMap<String, Object> r = new LinkedHashMap<>();
        ArrayList<Long> act = new ArrayList<>();
        for (int s : g.active) act.add((long) s);
        r.put("active", act);
        r.put("eldest", (long) g.active[0]);
        ArrayList<Object> hands = new ArrayList<>();
        for (int s = 0; s < p; s++) hands.add(null);
        for (int k = 0; k < 3; k++) hands.set(g.active[k], Cards.names(g.hand[k]));
        r.put("hands", hands);
        r.put("widow", Cards.names(g.widow));
        return r;
    }

    Object settle(Map<String, Object> m, Rules rs) throws Err {
        Opts o = options(m, rs);
        int p = players(m, rs);
        int d = seat(m, "dealer", p);
        int b = seat(m, "bidder", p);
        String cs = string(m, "contract");
        int contract = Arrays.asList(Rules.CONTRACTS).indexOf(cs);
        if (contract < 0) throw Err.invalid("not a contract: " + cs);
        long pts = integer(m, "bidder_points");
        if (pts < 0 || pts > 120) throw Err.invalid("bidder_points must be 0 to 120");
        boolean active = false;
        for (int s : Game.activeSeats(p, d, house)) if (s == b) active = true;
        if (!active) throw Err.invalid("seat " + b + " sits out this deal and cannot be the bidder");
        if (contract == Rules.FROG && !rs.hasFrog)
            throw new Err("illegal", "auction.contracts-without-frog", "there is no Frog in " + rs.id, null, null);
        return Game.settle(rs, o, p, d, b, contract, (int) pts, house);
    }

    /** Plays the actions; illegal errors carry their index. */
    static void play(Game g, int[] acts, Integer deal) throws Err {
        for (int i = 0; i < acts.length; i++) {
            try {
                g.apply(acts[i]);
            } catch (Game.Illegal e) {
                throw new Err("illegal", e.rule, e.getMessage(), i, deal);
            }
        }
    }

    Object game(Map<String, Object> m, Rules rs) throws Err {
        Opts o = options(m, rs);
        int p = players(m, rs);
        int d = seat(m, "dealer", p);
        int[] deck = deck(need(m, "deck"));
        int[] acts = actions(need(m, "actions"));
        Game g = new Game(rs, o, house, p, d);
        g.deal(deck);
        play(g, acts, null);
        return g.observation();
    }

    @SuppressWarnings("unchecked")
    Object match(Map<String, Object> m, Rules rs) throws Err {
        Opts o = options(m, rs);
        int p = players(m, rs);
        int first = seat(m, "first_dealer", p);
        List<Object> deals = list(m, "deals");
        int n = deals.size();
        int[][] decks = new int[n][];
        int[][] acts = new int[n][];
        for (int k = 0; k < n; k++) {
            Object x = deals.get(k);
            if (!(x instanceof Map)) throw Err.invalid("deal " + k + " is not an object");
            Map<String, Object> dm = (Map<String, Object>) x;
            decks[k] = deck(need(dm, "deck"));
            acts[k] = actions(need(dm, "actions"));
        }
        long[] bal = new long[p];
        Arrays.fill(bal, rs.bank);
        ArrayList<Long> dealers = new ArrayList<>();
        boolean over = false;
        Integer loser = null;
        int dealer = first;
        for (int k = 0; k < n; k++) {
            if (over) throw new Err("illegal", "match.first-unable-to-pay-loses", "the game is over: seat " + loser + " could not pay", 0, k);
            dealers.add((long) dealer);
            Game g = new Game(rs, o, house, p, dealer);
            g.deal(decks[k]);
            play(g, acts[k], k);
            if (g.phase != Game.OVER) throw Err.invalid("deal " + k + " stops before its end");
            if (rs.firstUnableLoses && !g.allPassed) {
                int b = g.active[g.bidder];
                for (int j = 0; j < p; j++) {
                    int s = Math.floorMod(b + house.dir() * j, p);
                    if (-g.payments[s] > bal[s]) { loser = s; over = true; break; }
                }
            }
            for (int s = 0; s < p; s++) bal[s] += g.payments[s];
            if (!(house.redealSameDealer && g.allPassed)) dealer = Math.floorMod(dealer + house.dir(), p);
        }
        LinkedHashMap<String, Object> r = new LinkedHashMap<>();
        r.put("balances", bal);
        r.put("dealers", dealers);
        r.put("over", over);
        r.put("loser", loser == null ? null : (long) loser);
        return r;
    }

    Object firstDealer(Map<String, Object> m, Rules rs) throws Err {
        int p = players(m, rs);
        if (rs.lowCardChooses) {
            int low = seat(m, "lowest", p);
            Object c = need(m, "chooses_to_deal");
            if (!(c instanceof Boolean)) throw Err.invalid("chooses_to_deal is true or false");
            if ((Boolean) c) return (long) low;
            // he chooses to be eldest hand: the seat before him in the order of play deals
            return (long) Math.floorMod(low - house.dir(), p);
        }
        return (long) seat(m, "chosen", p);
    }

    static final class TooBig extends Exception {}

    long visited;

    Object perft(Map<String, Object> m, Rules rs) throws Err {
        Opts o = options(m, rs);
        int p = players(m, rs);
        int d = seat(m, "dealer", p);
        int[] deck = deck(need(m, "deck"));
        int[] acts = actions(need(m, "actions"));
        int depth = Integer.MAX_VALUE;
        if (m.containsKey("depth") && m.get("depth") != Json.NULL) {
            long dv = integer(m, "depth");
            if (dv < 0) throw Err.invalid("depth must be 0 or more");
            depth = (int) Math.min(dv, Integer.MAX_VALUE);
        }
        Game g = new Game(rs, o, house, p, d);
        g.deal(deck);
        play(g, acts, null);
        LinkedHashMap<String, Object> by = new LinkedHashMap<>();
        long total = 0;
        visited = 0;
        try {
            if (g.phase == Game.OVER || depth == 0) total = 1;
            else {
                for (int a : g.legal()) {
                    long c = count(g, a, depth - 1);
                    by.put(Game.actionName(a), c);
                    total += c;
                }
            }
        } catch (TooBig e) {
            throw Err.invalid("perft would visit more than " + PERFT_LIMIT + " positions");
        }
        LinkedHashMap<String, Object> r = new LinkedHashMap<>();
        r.put("total", total);
        r.put("by_first", by);
        return r;
    }

    long count(Game g, int a, int depthLeft) throws TooBig {
        Game c = g.copy();
        try { c.apply(a); } catch (Game.Illegal e) { throw new IllegalStateException(e); }
        if (c.phase == Game.OVER || depthLeft == 0) return 1;
        if (++visited > PERFT_LIMIT) throw new TooBig();
        long t = 0;
        for (int b : c.legal()) t += count(c, b, depthLeft - 1);
        return t;
    }
}
