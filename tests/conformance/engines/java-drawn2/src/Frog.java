import java.io.*;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.*;
import java.util.*;
import java.util.regex.Pattern;

/**
 * A Frog engine speaking the frogspec conformance protocol v1 (JSON lines on stdin/stdout),
 * with house rules switched on by --house NAME. Standard library only.
 */
public class Frog {

    // ------------------------------------------------------------------ house rules

    static final String[] HOUSE_NAMES = {
        "widow-last", "no-grand-opening", "no-aces-or-tens-away", "no-must-trump",
        "king-above-ten", "grand-no-trumps", "no-trick-no-widow", "lost-game-doubles",
        "dealer-stays-after-all-pass"
    };
    static boolean WIDOW_LAST, NO_GRAND_OPENING, NO_ACES_TENS_AWAY, NO_MUST_TRUMP, KING_ABOVE_TEN,
            GRAND_NO_TRUMPS, NO_TRICK_NO_WIDOW, LOST_GAME_DOUBLES, DEALER_STAYS;

    static void setHouse(String name) {
        switch (name) {
            case "widow-last": WIDOW_LAST = true; break;
            case "no-grand-opening": NO_GRAND_OPENING = true; break;
            case "no-aces-or-tens-away": NO_ACES_TENS_AWAY = true; break;
            case "no-must-trump": NO_MUST_TRUMP = true; break;
            case "king-above-ten": KING_ABOVE_TEN = true; break;
            case "grand-no-trumps": GRAND_NO_TRUMPS = true; break;
            case "no-trick-no-widow": NO_TRICK_NO_WIDOW = true; break;
            case "lost-game-doubles": LOST_GAME_DOUBLES = true; break;
            case "dealer-stays-after-all-pass": DEALER_STAYS = true; break;
            default: throw new IllegalArgumentException(name);
        }
    }

    // ------------------------------------------------------------------ JSON

    static final Object JNULL = new Object() { public String toString() { return "null"; } };

    static final class JNum {
        final String text;
        JNum(String t) { text = t; }
        boolean isInt() { return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0; }
        Long asLong() {
            if (!isInt()) return null;
            try { return Long.parseLong(text); } catch (NumberFormatException e) { return null; }
        }
    }

    static final class JsonError extends Exception {
        JsonError(String bound) { super(bound); }
    }

    static final class Parser {
        final String s; int i = 0;
        Parser(String s) { this.s = s; }

        Object parseTop() throws JsonError {
            skipWs();
            Object v = value(0);
            skipWs();
            if (i != s.length()) throw new JsonError("json");
            return v;
        }

        void skipWs() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++; else break;
            }
        }

        Object value(int depth) throws JsonError {
            if (i >= s.length()) throw new JsonError("json");
            char c = s.charAt(i);
            if (c == '{') { if (depth + 1 > 64) throw new JsonError("depth"); return object(depth + 1); }
            if (c == '[') { if (depth + 1 > 64) throw new JsonError("depth"); return array(depth + 1); }
            if (c == '"') return string();
            if (c == 't') return lit("true", Boolean.TRUE);
            if (c == 'f') return lit("false", Boolean.FALSE);
            if (c == 'n') return lit("null", JNULL);
            if (c == 'N' || c == 'I') throw new JsonError("non-finite");
            if (c == '-' || (c >= '0' && c <= '9')) return number();
            throw new JsonError("json");
        }

        Object lit(String w, Object v) throws JsonError {
            if (s.startsWith(w, i)) { i += w.length(); return v; }
            throw new JsonError("json");
        }

        Object number() throws JsonError {
            int st = i;
            if (s.charAt(i) == '-') {
                i++;
                if (i < s.length() && s.charAt(i) == 'I') throw new JsonError("non-finite");
            }
            if (i >= s.length()) throw new JsonError("json");
            char c = s.charAt(i);
            if (c == '0') i++;
            else if (c >= '1' && c <= '9') { while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) i++; }
            else throw new JsonError("json");
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                int d = i;
                while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
                if (i == d) throw new JsonError("json");
            }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                i++;
                if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
                int d = i;
                while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
                if (i == d) throw new JsonError("json");
            }
            String t = s.substring(st, i);
            if (t.length() > 40) throw new JsonError("number");
            double dv = Double.parseDouble(t);
            if (Double.isInfinite(dv) || Double.isNaN(dv)) throw new JsonError("non-finite");
            return new JNum(t);
        }

        String string() throws JsonError {
            i++; // opening quote
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (i >= s.length()) throw new JsonError("json");
                char c = s.charAt(i++);
                if (c == '"') return sb.toString();
                if (c < 0x20) throw new JsonError("json");
                if (Character.isSurrogate(c)) {
                    // raw surrogate pairs come from valid UTF-8 (4-byte sequences): keep a well-formed pair
                    if (Character.isHighSurrogate(c) && i < s.length() && Character.isLowSurrogate(s.charAt(i))) {
                        sb.append(c).append(s.charAt(i++));
                        continue;
                    }
                    throw new JsonError("surrogate");
                }
                if (c != '\\') { sb.append(c); continue; }
                if (i >= s.length()) throw new JsonError("json");
                char e = s.charAt(i++);
                switch (e) {
                    case '"': sb.append('"'); break;
                    case '\\': sb.append('\\'); break;
                    case '/': sb.append('/'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'n': sb.append('\n'); break;
                    case 'r': sb.append('\r'); break;
                    case 't': sb.append('\t'); break;
                    case 'u': {
                        int u = hex4();
                        if (Character.isHighSurrogate((char) u)) {
                            if (i + 6 <= s.length() && s.charAt(i) == '\\' && s.charAt(i + 1) == 'u') {
                                i += 2;
                                int u2 = hex4();
                                if (!Character.isLowSurrogate((char) u2)) throw new JsonError("surrogate");
                                sb.append((char) u).append((char) u2);
                            } else throw new JsonError("surrogate");
                        } else if (Character.isLowSurrogate((char) u)) {
                            throw new JsonError("surrogate");
                        } else sb.append((char) u);
                        break;
                    }
                    default: throw new JsonError("json");
                }
            }
        }

        int hex4() throws JsonError {
            if (i + 4 > s.length()) throw new JsonError("json");
            int v = 0;
            for (int k = 0; k < 4; k++) {
                int d = Character.digit(s.charAt(i + k), 16);
                if (d < 0 || s.charAt(i + k) > 127) throw new JsonError("json");
                v = v * 16 + d;
            }
            i += 4;
            return v;
        }

        Map<String, Object> object(int depth) throws JsonError {
            i++;
            LinkedHashMap<String, Object> m = new LinkedHashMap<>();
            skipWs();
            if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
            while (true) {
                skipWs();
                if (i >= s.length() || s.charAt(i) != '"') throw new JsonError("json");
                String k = string();
                skipWs();
                if (i >= s.length() || s.charAt(i) != ':') throw new JsonError("json");
                i++;
                skipWs();
                Object v = value(depth);
                if (m.containsKey(k)) throw new JsonError("duplicate-key");
                m.put(k, v);
                skipWs();
                if (i >= s.length()) throw new JsonError("json");
                char c = s.charAt(i++);
                if (c == ',') continue;
                if (c == '}') return m;
                throw new JsonError("json");
            }
        }

        List<Object> array(int depth) throws JsonError {
            i++;
            ArrayList<Object> a = new ArrayList<>();
            skipWs();
            if (i < s.length() && s.charAt(i) == ']') { i++; return a; }
            while (true) {
                skipWs();
                a.add(value(depth));
                skipWs();
                if (i >= s.length()) throw new JsonError("json");
                char c = s.charAt(i++);
                if (c == ',') continue;
                if (c == ']') return a;
                throw new JsonError("json");
            }
        }
    }

    static void writeJson(StringBuilder sb, Object o) {
        if (o == null || o == JNULL) sb.append("null");
        else if (o instanceof Boolean || o instanceof Integer || o instanceof Long) sb.append(o);
        else if (o instanceof JNum) sb.append(((JNum) o).text);
        else if (o instanceof String) quote(sb, (String) o);
        else if (o instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                if (!first) sb.append(',');
                first = false;
                quote(sb, (String) e.getKey());
                sb.append(':');
                writeJson(sb, e.getValue());
            }
            sb.append('}');
        } else if (o instanceof List) {
            sb.append('[');
            boolean first = true;
            for (Object x : (List<?>) o) {
                if (!first) sb.append(',');
                first = false;
                writeJson(sb, x);
            }
            sb.append(']');
        } else if (o instanceof long[]) {
            sb.append('[');
            long[] a = (long[]) o;
            for (int k = 0; k < a.length; k++) { if (k > 0) sb.append(','); sb.append(a[k]); }
            sb.append(']');
        } else throw new IllegalStateException("cannot write " + o.getClass());
    }

    static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
            }
        }
        sb.append('"');
    }

    // ------------------------------------------------------------------ errors

    static final class Fail extends Exception {
        final String kind, rule; Integer at, deal;
        Fail(String kind, String rule, String msg) { super(msg); this.kind = kind; this.rule = rule; }
        Fail at(int a) { at = a; return this; }
        Fail deal(int d) { deal = d; return this; }
    }

    static Fail invalid(String msg) { return new Fail("invalid", null, msg); }
    static Fail unsupported(String msg) { return new Fail("unsupported", null, msg); }
    static Fail illegal(String rule, String msg) { return new Fail("illegal", rule, msg); }

    // ------------------------------------------------------------------ cards

    static final String[] RANKS = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
    static final String SUITS = "CDHS";
    static final int[] POINTS = {11, 10, 4, 3, 2, 0, 0, 0, 0};
    static final int HEARTS = 2;
    static final long SUIT_MASK = 0x1FFL;

    static int suitOf(int c) { return c / 9; }
    static String cardName(int c) { return RANKS[c % 9] + SUITS.charAt(c / 9); }
    static int points(int c) { return POINTS[c % 9]; }

    /** Strength for winning tricks within a suit; higher wins. */
    static int strength(int c) {
        int r = c % 9;
        if (KING_ABOVE_TEN) {
            if (r == 1) return 6; // Ten below the King
            if (r == 2) return 7; // King just below the Ace
        }
        return 8 - r;
    }

    static int parseCard(Object o) {
        if (!(o instanceof String)) return -1;
        String s = (String) o;
        if (s.length() < 2 || s.length() > 3) return -1;
        int su = SUITS.indexOf(s.charAt(s.length() - 1));
        if (su < 0) return -1;
        String r = s.substring(0, s.length() - 1);
        for (int k = 0; k < 9; k++) if (RANKS[k].equals(r)) return su * 9 + k;
        return -1;
    }

    static int suitMaskShift(int suit) { return suit * 9; }
    static long suitCards(long hand, int suit) { return hand & (SUIT_MASK << (suit * 9)); }

    static List<String> cardList(long mask) {
        List<String> l = new ArrayList<>();
        for (int c = 0; c < 36; c++) if ((mask >>> c & 1L) != 0) l.add(cardName(c));
        return l;
    }

    static int handPoints(long mask) {
        int p = 0;
        for (int c = 0; c < 36; c++) if ((mask >>> c & 1L) != 0) p += points(c);
        return p;
    }

    /** Index of the winning card in a trick (play order); trump -1 for none. */
    static int trickWinner(int[] cards, int n, int trump) {
        int best = 0;
        int led = suitOf(cards[0]);
        for (int k = 1; k < n; k++) {
            int a = cards[k], b = cards[best];
            int sa = suitOf(a), sb = suitOf(b);
            boolean beats;
            if (trump >= 0 && sa == trump && sb != trump) beats = true;
            else if (sa == sb) beats = strength(a) > strength(b);
            else beats = false;
            if (beats) best = k;
        }
        return best;
    }

    /** The cards of hand that may be played to a trick led with led (-1 when leading). */
    static long legalPlays(long hand, int led, int trump) {
        if (led < 0) return hand;
        long follow = suitCards(hand, led);
        if (follow != 0) return follow;
        if (trump >= 0 && !NO_MUST_TRUMP) {
            long tr = suitCards(hand, trump);
            if (tr != 0) return tr;
        }
        return hand;
    }

    // ------------------------------------------------------------------ rulesets

    static final int FROG = 0, CHICO = 1, GRAND = 2;
    static final String[] CONTRACTS = {"frog", "chico", "grand"};
    static final int P3344 = 0, P4334 = 1, SINGLY = 2;
    static final int A_OVERBID = 0, A_ONEROUND = 1, A_ONEBID = 2;

    static final class RS {
        final String id; final int minP, maxP, pattern, auction, bank;
        final boolean hasFrog, widowShown, chicoHearts, optSitting, optPenalty, fixed, ends, anyFirstDealer;
        final int[] rates;
        RS(String id, int minP, int maxP, int pattern, int auction, boolean hasFrog, boolean widowShown,
           boolean chicoHearts, boolean optSitting, boolean optPenalty, boolean fixed, int[] rates, int bank,
           boolean ends, boolean anyFirstDealer) {
            this.id = id; this.minP = minP; this.maxP = maxP; this.pattern = pattern; this.auction = auction;
            this.hasFrog = hasFrog; this.widowShown = widowShown; this.chicoHearts = chicoHearts;
            this.optSitting = optSitting; this.optPenalty = optPenalty; this.fixed = fixed; this.rates = rates;
            this.bank = bank; this.ends = ends; this.anyFirstDealer = anyFirstDealer;
        }
        String auctionRule() {
            return auction == A_OVERBID ? "auction.overbid-to-raise"
                    : auction == A_ONEROUND ? "auction.one-round-frog-may-raise" : "auction.one-bid-each";
        }
    }

    static final LinkedHashMap<String, RS> RULESETS = new LinkedHashMap<>();
    static {
        int[] r124 = {1, 2, 4}, r123 = {1, 2, 3};
        add(new RS("foster-1909", 3, 5, P3344, A_OVERBID, true, true, false, false, false, false, r124, 0, false, true));
        add(new RS("hoyle-1907", 3, 5, P3344, A_OVERBID, true, true, false, false, false, false, r124, 0, false, true));
        add(new RS("modern", 3, 5, P4334, A_ONEROUND, true, false, false, false, false, false, r124, 0, false, true));
        add(new RS("official-1922-solo", 3, 7, SINGLY, A_ONEROUND, true, false, false, true, true, false, r123, 120, true, false));
        add(new RS("official-1922-straight", 3, 7, SINGLY, A_ONEROUND, false, false, false, true, false, false, new int[]{0, 1, 2}, 120, true, false));
        add(new RS("official-1922-coeur-dalene", 3, 7, SINGLY, A_ONEROUND, true, false, false, true, true, true, new int[]{25, 50, 75}, 120, true, false));
        add(new RS("gamerules", 3, 3, P4334, A_ONEBID, true, false, true, false, false, false, r123, 150, false, true));
    }
    static void add(RS r) { RULESETS.put(r.id, r); }

    static final String[] RULE_MAP = {
        "seats.active-foster|foster-1909,hoyle-1907,modern,gamerules",
        "seats.active-six-or-seven|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "seats.eldest-hand|foster-1909,hoyle-1907,modern,official-1922-solo,official-1922-straight,official-1922-coeur-dalene,gamerules",
        "seats.players-3|gamerules",
        "seats.players-3-to-5|foster-1909,hoyle-1907,modern",
        "seats.players-3-to-7|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "cards.pack|*",
        "cards.points|*",
        "cards.rank-order|*",
        "deal.first-dealer-any|foster-1909,hoyle-1907,modern,gamerules",
        "deal.first-dealer-low-card-chooses|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "deal.gamerules-packets|gamerules",
        "deal.packets-3-3-4-4|foster-1909,hoyle-1907",
        "deal.packets-4-3-3-4|modern",
        "deal.rotation-left|*",
        "deal.singly-slough-1-4-8|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "auction.all-pass|*",
        "auction.bidder-plays-named-game|*",
        "auction.contract-order|*",
        "auction.contracts-frog-chico-grand|foster-1909,hoyle-1907,modern,official-1922-solo,official-1922-coeur-dalene,gamerules",
        "auction.contracts-without-frog|official-1922-straight",
        "auction.highest-bid-wins|*",
        "auction.one-bid-each|gamerules",
        "auction.one-round-frog-may-raise|modern,official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "auction.overbid-to-raise|foster-1909,hoyle-1907",
        "auction.pass-is-final|*",
        "widow.frog-hidden|modern,official-1922-solo,official-1922-coeur-dalene",
        "widow.frog-shown|foster-1909,hoyle-1907",
        "widow.frog-take-and-discard|foster-1909,hoyle-1907,modern,official-1922-solo,official-1922-coeur-dalene,gamerules",
        "widow.hidden-when-unsaid|gamerules",
        "widow.untouched-in-chico-and-grand|*",
        "trump.chico-any-suit|gamerules",
        "trump.chico-not-hearts|foster-1909,hoyle-1907,modern,official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "trump.hearts-in-frog-and-grand|*",
        "play.any-card-when-unable|*",
        "play.card-from-hand|*",
        "play.eldest-leads-first|*",
        "play.eleven-tricks|*",
        "play.follow-suit|*",
        "play.lead-any-card|*",
        "play.must-trump|*",
        "play.no-duty-to-head|*",
        "play.no-duty-to-overtrump|*",
        "play.trick-winner|*",
        "play.winner-leads-next|*",
        "scoring.count-card-points|*",
        "scoring.widow-counts-for-bidder|*",
        "settlement.coeur-dalene-loser-pays-same|official-1922-coeur-dalene",
        "settlement.default-system-receive-only|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "settlement.each-pays-in-full|*",
        "settlement.fixed-25-50-75|official-1922-coeur-dalene",
        "settlement.penalty-frog|official-1922-solo",
        "settlement.rates-1-2-3|official-1922-solo,gamerules",
        "settlement.rates-1-2-4|foster-1909,hoyle-1907,modern",
        "settlement.rates-straight-1-2|official-1922-straight",
        "settlement.sitting-out-pay-and-receive|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "settlement.sitting-out-pay-and-receive-solo-only|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "settlement.sitting-out-receive-only|*",
        "settlement.sixty-is-a-tie|*",
        "match.bank-120-chips|official-1922-solo,official-1922-straight",
        "match.bank-150-points|gamerules",
        "match.coeur-dalene-bank-in-cents|official-1922-coeur-dalene",
        "match.counters-no-bank|foster-1909,hoyle-1907,modern",
        "match.first-unable-to-pay-loses|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "match.no-fixed-end|foster-1909,hoyle-1907,modern,gamerules",
        "match.unable-to-pay-order|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
        "settlement.coeur-dalene-penalty-frog|official-1922-coeur-dalene",
        "settlement.coeur-dalene-fixed-ratio|official-1922-coeur-dalene",
        "deal.actions-by-phase|*",
        "match.unable-to-pay-pays-in-full|official-1922-solo,official-1922-straight,official-1922-coeur-dalene",
    };

    static List<String> rulesOf(String rs) {
        List<String> out = new ArrayList<>();
        for (String line : RULE_MAP) {
            String[] p = line.split("\\|");
            if (p[1].equals("*") || Arrays.asList(p[1].split(",")).contains(rs)) out.add(p[0]);
        }
        return out;
    }

    static final class Opts {
        int sitting = 0; // 0 receive-only, 1 pay-and-receive, 2 pay-and-receive-solo-only
        boolean penaltyFrog = false;
    }

    // ------------------------------------------------------------------ seats, deal, settlement

    /** Active seats, eldest first, clockwise. */
    static int[] activeSeats(int n, int dealer) {
        if (n == 3) return new int[]{(dealer + 1) % 3, (dealer + 2) % 3, dealer};
        if (n == 4) return new int[]{(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4};
        return new int[]{(dealer + 1) % n, (dealer + 2) % n, (dealer + n - 1) % n};
    }

    static boolean isActive(int[] act, int s) { return act[0] == s || act[1] == s || act[2] == s; }

    /** Targets for the 36 cards in deck order: 0..2 the active player (from eldest), 3 the widow. */
    static int[] dealTargets(RS rs) {
        int[] t = new int[36];
        int p = 0;
        if (rs.pattern == SINGLY) {
            if (WIDOW_LAST) {
                for (int k = 0; k < 33; k++) t[k] = k % 3;
                t[33] = t[34] = t[35] = 3;
            } else {
                int next = 0;
                for (int k = 0; k < 36; k++) {
                    if (k == 0 || k == 3 || k == 7) t[k] = 3;
                    else { t[k] = next; next = (next + 1) % 3; }
                }
            }
            return t;
        }
        int[] packets = rs.pattern == P3344 ? new int[]{3, -3, 4, 4} : new int[]{4, -3, 3, 4};
        List<Integer> rounds = new ArrayList<>();
        for (int x : packets) if (x > 0) rounds.add(x);
        if (WIDOW_LAST) {
            for (int x : rounds) for (int pl = 0; pl < 3; pl++) for (int k = 0; k < x; k++) t[p++] = pl;
            t[p++] = 3; t[p++] = 3; t[p++] = 3;
        } else {
            for (int x : packets) {
                if (x < 0) { for (int k = 0; k < -x; k++) t[p++] = 3; }
                else for (int pl = 0; pl < 3; pl++) for (int k = 0; k < x; k++) t[p++] = pl;
            }
        }
        return t;
    }

    /** hands by seat (0 for sitting out) followed by the widow at index n. */
    static long[] dealCards(RS rs, int n, int dealer, int[] deck) {
        int[] act = activeSeats(n, dealer);
        int[] t = dealTargets(rs);
        long[] h = new long[n + 1];
        for (int k = 0; k < 36; k++) {
            if (t[k] == 3) h[n] |= 1L << deck[k];
            else h[act[t[k]]] |= 1L << deck[k];
        }
        return h;
    }

    static long[] settle(RS rs, Opts o, int n, int dealer, int bidder, int contract, int bidderPts) {
        long[] pay = new long[n];
        int diff = bidderPts - 60;
        if (diff == 0) return pay;
        int[] act = activeSeats(n, dealer);
        boolean won = diff > 0;
        int c = contract;
        if (!won && o.penaltyFrog && contract == FROG) c = GRAND;
        long amt = rs.fixed ? rs.rates[c] : (long) rs.rates[c] * Math.abs(diff);
        if (won) {
            for (int s = 0; s < n; s++) {
                if (s == bidder) continue;
                boolean pays = isActive(act, s) || o.sitting == 1 || (o.sitting == 2 && contract != FROG);
                if (pays) { pay[s] -= amt; pay[bidder] += amt; }
            }
        } else {
            if (LOST_GAME_DOUBLES) amt *= 2;
            for (int s = 0; s < n; s++) {
                if (s == bidder) continue;
                pay[s] += amt; pay[bidder] -= amt;
            }
        }
        return pay;
    }

    // ------------------------------------------------------------------ the deal as a state machine

    static final int PH_AUCTION = 0, PH_DISCARD = 1, PH_TRUMP = 2, PH_PLAY = 3, PH_OVER = 4;
    static final String[] PHASES = {"auction", "discard", "trump", "play", "over"};

    // action codes: 0 pass, 1+c bid, 100+card discard, 200+suit trump, 300+card play
    static final int A_PASS = 0;
    static final Pattern ACTION_RE = Pattern.compile(
            "^(pass|frog|chico|grand|discard (A|10|K|Q|J|9|8|7|6)[CDHS]|play (A|10|K|Q|J|9|8|7|6)[CDHS]|trump [CDHS])$");

    static int parseAction(String s) {
        if (s == null || !ACTION_RE.matcher(s).matches()) return -1;
        switch (s) {
            case "pass": return A_PASS;
            case "frog": return 1;
            case "chico": return 2;
            case "grand": return 3;
        }
        if (s.startsWith("discard ")) return 100 + parseCard(s.substring(8));
        if (s.startsWith("play ")) return 300 + parseCard(s.substring(5));
        return 200 + SUITS.indexOf(s.charAt(6));
    }

    static String actionName(int a) {
        if (a == A_PASS) return "pass";
        if (a < 100) return CONTRACTS[a - 1];
        if (a < 200) return "discard " + cardName(a - 100);
        if (a < 300) return "trump " + SUITS.charAt(a - 200);
        return "play " + cardName(a - 300);
    }

    static final class G {
        RS rs; Opts o; int n, dealer; int[] act;
        long[] hand; long widow, laidAway;
        int phase;
        // auction
        int standing = -1, holder = -1, cur = 0, pending = -1, resume = 0;
        boolean[] passed = new boolean[3];
        // after the auction
        int bidder = -1, contract = -1, trump = -1, ndisc = 0, toAct = -1;
        // play
        int[] trick = new int[3]; int tn = 0, leader = -1, tricks = 0, bidderTricks = 0, bidderCardPts = 0;
        // over
        long[] payments; int ptsBidder = -1, ptsDef = -1;

        G copy() {
            G g = new G();
            g.rs = rs; g.o = o; g.n = n; g.dealer = dealer; g.act = act;
            g.hand = hand.clone(); g.widow = widow; g.laidAway = laidAway; g.phase = phase;
            g.standing = standing; g.holder = holder; g.cur = cur; g.pending = pending; g.resume = resume;
            g.passed = passed.clone();
            g.bidder = bidder; g.contract = contract; g.trump = trump; g.ndisc = ndisc; g.toAct = toAct;
            g.trick = trick.clone(); g.tn = tn; g.leader = leader; g.tricks = tricks;
            g.bidderTricks = bidderTricks; g.bidderCardPts = bidderCardPts;
            g.payments = payments; g.ptsBidder = ptsBidder; g.ptsDef = ptsDef;
            return g;
        }

        static G start(RS rs, Opts o, int n, int dealer, int[] deck) {
            G g = new G();
            g.rs = rs; g.o = o; g.n = n; g.dealer = dealer;
            g.act = activeSeats(n, dealer);
            long[] h = dealCards(rs, n, dealer, deck);
            g.hand = Arrays.copyOf(h, n);
            g.widow = h[n];
            g.phase = PH_AUCTION;
            g.cur = 0;
            g.toAct = g.act[0];
            return g;
        }

        boolean contractAllowed(int c) { return c != FROG || rs.hasFrog; }

        /** The bids (contracts) the player to act may make now. */
        List<Integer> bidsNow() {
            List<Integer> l = new ArrayList<>();
            if (pending >= 0) { l.add(GRAND); return l; }
            for (int c = 0; c < 3; c++) {
                if (!contractAllowed(c) || c <= standing) continue;
                if (NO_GRAND_OPENING && standing < 0 && c == GRAND) continue;
                l.add(c);
            }
            return l;
        }

        List<Integer> legal() {
            List<Integer> l = new ArrayList<>();
            switch (phase) {
                case PH_AUCTION:
                    l.add(A_PASS);
                    for (int c : bidsNow()) l.add(1 + c);
                    break;
                case PH_DISCARD: {
                    long h = hand[bidder];
                    for (int c = 0; c < 36; c++)
                        if ((h >>> c & 1L) != 0 && discardAllowed(c)) l.add(100 + c);
                    break;
                }
                case PH_TRUMP:
                    for (int s = 0; s < 4; s++) if (s != HEARTS || rs.chicoHearts) l.add(200 + s);
                    break;
                case PH_PLAY: {
                    long lp = legalPlays(hand[toAct], tn == 0 ? -1 : suitOf(trick[0]), trump);
                    for (int c = 0; c < 36; c++) if ((lp >>> c & 1L) != 0) l.add(300 + c);
                    break;
                }
                default: break;
            }
            return l;
        }

        static boolean discardAllowed(int c) {
            if (NO_ACES_TENS_AWAY && (c % 9 == 0 || c % 9 == 1)) return false;
            return true;
        }

        /** Applies an action; returns null, or the id of the rule it breaks. */
        String apply(int a) {
            switch (phase) {
                case PH_AUCTION: {
                    if (a == A_PASS) { auctionAct(-1); return null; }
                    if (a >= 1 && a <= 3) {
                        int c = a - 1;
                        if (!contractAllowed(c)) return "auction.contracts-without-frog";
                        if (c <= standing) return "auction.contract-order";
                        if (!bidsNow().contains(c)) return rs.auctionRule();
                        auctionAct(c);
                        return null;
                    }
                    return "deal.actions-by-phase";
                }
                case PH_DISCARD: {
                    if (a < 100 || a >= 200) return "deal.actions-by-phase";
                    int c = a - 100;
                    if ((hand[bidder] >>> c & 1L) == 0) return "widow.frog-take-and-discard";
                    if (!discardAllowed(c)) return "widow.frog-take-and-discard";
                    hand[bidder] &= ~(1L << c);
                    laidAway |= 1L << c;
                    ndisc++;
                    if (ndisc == 3) startPlay();
                    return null;
                }
                case PH_TRUMP: {
                    if (a < 200 || a >= 300) return "deal.actions-by-phase";
                    int s = a - 200;
                    if (s == HEARTS && !rs.chicoHearts) return "trump.chico-not-hearts";
                    trump = s;
                    startPlay();
                    return null;
                }
                case PH_PLAY: {
                    if (a < 300) return "deal.actions-by-phase";
                    int c = a - 300;
                    long h = hand[toAct];
                    if ((h >>> c & 1L) == 0) return "play.card-from-hand";
                    long lp = legalPlays(h, tn == 0 ? -1 : suitOf(trick[0]), trump);
                    if ((lp >>> c & 1L) == 0) {
                        if (suitCards(h, suitOf(trick[0])) != 0) return "play.follow-suit";
                        return "play.must-trump";
                    }
                    play(c);
                    return null;
                }
                default:
                    return "deal.actions-by-phase";
            }
        }

        /** An auction action by the player to act: c = -1 pass, else the contract bid. */
        void auctionAct(int c) {
            if (rs.auction == A_OVERBID) {
                int i = cur;
                if (c < 0) passed[i] = true; else { standing = c; holder = i; }
                if (standing == GRAND) { endAuction(); return; }
                int j = -1;
                for (int k = 1; k <= 3; k++) {
                    int x = (i + k) % 3;
                    if (!passed[x]) { j = x; break; }
                }
                if (j < 0 || j == holder) { endAuction(); return; }
                cur = j; toAct = act[cur];
                return;
            }
            // one round (with or without the Frog bidder's raise)
            if (pending >= 0) {
                int h = pending;
                pending = -1;
                if (c >= 0) { standing = c; holder = h; } else passed[h] = true;
                proceed(resume);
                return;
            }
            int i = cur;
            if (c < 0) { passed[i] = true; proceed(i + 1); return; }
            int prev = standing, prevHolder = holder;
            standing = c; holder = i;
            if (rs.auction == A_ONEROUND && prev == FROG && c == CHICO && prevHolder >= 0) {
                pending = prevHolder;
                resume = i + 1;
                toAct = act[pending];
                return;
            }
            proceed(i + 1);
        }

        void proceed(int next) {
            if (standing == GRAND || next >= 3) { endAuction(); return; }
            cur = next; toAct = act[cur];
        }

        void endAuction() {
            if (holder < 0) { finishAllPass(); return; }
            bidder = act[holder];
            contract = standing;
            if (contract == FROG) {
                hand[bidder] |= widow;
                trump = HEARTS;
                phase = PH_DISCARD;
                toAct = bidder;
            } else if (contract == CHICO) {
                trump = -1;
                phase = PH_TRUMP;
                toAct = bidder;
            } else {
                trump = GRAND_NO_TRUMPS ? -1 : HEARTS;
                startPlay();
            }
        }

        void finishAllPass() {
            phase = PH_OVER;
            toAct = -1;
            payments = new long[n];
        }

        void startPlay() {
            phase = PH_PLAY;
            leader = act[0];
            toAct = leader;
            tn = 0;
        }

        int nextActive(int seat) {
            for (int k = 0; k < 3; k++) if (act[k] == seat) return act[(k + 1) % 3];
            throw new IllegalStateException();
        }

        void play(int c) {
            hand[toAct] &= ~(1L << c);
            trick[tn++] = c;
            if (tn < 3) { toAct = nextActive(toAct); return; }
            int w = trickWinner(trick, 3, trump);
            int seat = leader;
            for (int k = 0; k < w; k++) seat = nextActive(seat);
            int pts = points(trick[0]) + points(trick[1]) + points(trick[2]);
            if (seat == bidder) { bidderTricks++; bidderCardPts += pts; }
            tricks++;
            tn = 0;
            leader = seat;
            toAct = seat;
            if (tricks == 11) finishPlay();
        }

        void finishPlay() {
            phase = PH_OVER;
            toAct = -1;
            long widowCards = contract == FROG ? laidAway : widow;
            int wp = handPoints(widowCards);
            int b = bidderCardPts;
            if (!(NO_TRICK_NO_WIDOW && bidderTricks == 0)) b += wp;
            ptsBidder = b;
            ptsDef = 120 - b;
            payments = settle(rs, o, n, dealer, bidder, contract, b);
        }

        Map<String, Object> observation() {
            LinkedHashMap<String, Object> m = new LinkedHashMap<>();
            m.put("phase", PHASES[phase]);
            m.put("to_act", phase == PH_OVER ? JNULL : (Object) toAct);
            List<String> l = new ArrayList<>();
            for (int a : legal()) l.add(actionName(a));
            m.put("legal", l);
            boolean bid = bidder >= 0;
            m.put("bidder", bid ? (Object) bidder : JNULL);
            m.put("contract", bid ? CONTRACTS[contract] : JNULL);
            m.put("trump", trump >= 0 ? String.valueOf(SUITS.charAt(trump)) : JNULL);
            if (bid && contract == FROG) m.put("widow_shown", rs.widowShown);
            if (phase == PH_OVER) {
                if (bid) {
                    LinkedHashMap<String, Object> p = new LinkedHashMap<>();
                    p.put("bidder", ptsBidder);
                    p.put("defenders", ptsDef);
                    m.put("points", p);
                }
                m.put("payments", payments);
            }
            return m;
        }
    }

    // ------------------------------------------------------------------ request validation helpers

    static Object field(Map<String, Object> req, String k) { return req.get(k); }

    static long reqInt(Map<String, Object> req, String k) throws Fail {
        Object v = req.get(k);
        if (v == null) throw invalid("missing field " + k);
        return asInt(v, k);
    }

    static long asInt(Object v, String what) throws Fail {
        if (!(v instanceof JNum)) throw invalid(what + " is not an integer");
        Long l = ((JNum) v).asLong();
        if (l == null) throw invalid(what + " is not an integer");
        return l;
    }

    static RS reqRuleset(Map<String, Object> req) throws Fail {
        Object v = req.get("ruleset");
        if (!(v instanceof String)) throw invalid("ruleset missing or not a string");
        RS rs = RULESETS.get((String) v);
        if (rs == null) throw unsupported("ruleset " + v + " is not offered");
        return rs;
    }

    static int reqPlayers(Map<String, Object> req, RS rs) throws Fail {
        long p = reqInt(req, "players");
        if (p < rs.minP || p > rs.maxP) throw invalid("players " + p + " not allowed in " + rs.id);
        return (int) p;
    }

    static int reqSeat(Map<String, Object> req, String k, int n) throws Fail {
        long s = reqInt(req, k);
        if (s < 0 || s >= n) throw invalid(k + " out of range");
        return (int) s;
    }

    static Opts reqOptions(Map<String, Object> req, RS rs) throws Fail {
        Object v = req.get("options");
        if (v == null) throw invalid("missing options");
        return parseOptions(v, rs);
    }

    @SuppressWarnings("unchecked")
    static Opts parseOptions(Object v, RS rs) throws Fail {
        if (!(v instanceof Map)) throw invalid("options is not an object");
        Opts o = new Opts();
        for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
            String k = e.getKey();
            Object x = e.getValue();
            if (k.equals("sitting_out") && rs.optSitting) {
                if (!(x instanceof String)) throw invalid("sitting_out is a string");
                switch ((String) x) {
                    case "receive-only": o.sitting = 0; break;
                    case "pay-and-receive": o.sitting = 1; break;
                    case "pay-and-receive-solo-only": o.sitting = 2; break;
                    default: throw invalid("sitting_out value " + x);
                }
            } else if (k.equals("penalty_frog") && rs.optPenalty) {
                if (!(x instanceof Boolean)) throw invalid("penalty_frog is a boolean");
                o.penaltyFrog = (Boolean) x;
            } else throw invalid("option " + k + " not in " + rs.id);
        }
        return o;
    }

    static int[] reqDeck(Object v) throws Fail {
        if (!(v instanceof List)) throw invalid("deck is not a list");
        List<?> l = (List<?>) v;
        if (l.size() != 36) throw invalid("deck is not 36 cards");
        int[] d = new int[36];
        long seen = 0;
        for (int k = 0; k < 36; k++) {
            int c = parseCard(l.get(k));
            if (c < 0) throw invalid("unknown card in deck");
            if ((seen >>> c & 1L) != 0) throw invalid("card twice in deck");
            seen |= 1L << c;
            d[k] = c;
        }
        return d;
    }

    static long reqCards(Object v, String what, int min, int max) throws Fail {
        if (!(v instanceof List)) throw invalid(what + " is not a list");
        List<?> l = (List<?>) v;
        if (l.size() < min || l.size() > max) throw invalid(what + " has a wrong number of cards");
        long m = 0;
        for (Object o : l) {
            int c = parseCard(o);
            if (c < 0) throw invalid("unknown card in " + what);
            if ((m >>> c & 1L) != 0) throw invalid("card twice in " + what);
            m |= 1L << c;
        }
        return m;
    }

    static int[] cardArray(List<?> l) {
        int[] a = new int[l.size()];
        for (int k = 0; k < a.length; k++) a[k] = parseCard(l.get(k));
        return a;
    }

    static int reqTrump(Map<String, Object> req) throws Fail {
        if (!req.containsKey("trump")) throw invalid("missing trump");
        Object v = req.get("trump");
        if (v == JNULL) return -1;
        if (!(v instanceof String) || ((String) v).length() != 1 || SUITS.indexOf(((String) v).charAt(0)) < 0)
            throw invalid("trump is not a suit");
        return SUITS.indexOf(((String) v).charAt(0));
    }

    static int[] reqActions(Object v) throws Fail {
        if (!(v instanceof List)) throw invalid("actions is not a list");
        List<?> l = (List<?>) v;
        int[] a = new int[l.size()];
        for (int k = 0; k < a.length; k++) {
            Object x = l.get(k);
            if (!(x instanceof String)) throw invalid("action is not a string");
            a[k] = parseAction((String) x);
            if (a[k] < 0) throw invalid("not an action: " + x);
        }
        return a;
    }

    // ------------------------------------------------------------------ ops

    static final List<String> OPS = Arrays.asList("hello", "card_points", "trick_winner", "legal_plays", "deal",
            "settle", "game", "match", "first_dealer", "perft", "rules");
    static final Set<String> RULESET_OPS = new HashSet<>(Arrays.asList("trick_winner", "legal_plays", "deal",
            "settle", "game", "match", "first_dealer", "perft", "rules"));

    static Object handle(String op, Map<String, Object> req) throws Fail {
        if (!OPS.contains(op)) throw unsupported("op " + op + " is not offered");
        RS rs = null;
        if (RULESET_OPS.contains(op)) rs = reqRuleset(req);
        switch (op) {
            case "hello": return opHello(req);
            case "card_points": {
                int c = parseCard(req.get("card"));
                if (c < 0) throw invalid("not a card");
                return points(c);
            }
            case "trick_winner": return opTrickWinner(req, rs);
            case "legal_plays": return opLegalPlays(req, rs);
            case "deal": return opDeal(req, rs);
            case "settle": return opSettle(req, rs);
            case "game": return opGame(req, rs);
            case "match": return opMatch(req, rs);
            case "first_dealer": return opFirstDealer(req, rs);
            case "perft": return opPerft(req, rs);
            case "rules": {
                if (req.containsKey("options")) parseOptions(req.get("options"), rs);
                return rulesOf(rs.id);
            }
        }
        throw unsupported(op);
    }

    static Object opHello(Map<String, Object> req) throws Fail {
        Object v = req.get("spec");
        if (!(v instanceof String)) throw invalid("spec is not a string");
        if (!v.equals("1")) throw unsupported("protocol version " + v);
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        m.put("name", "frog-java");
        m.put("version", "1.0.0");
        m.put("rulesets", new ArrayList<>(RULESETS.keySet()));
        m.put("ops", OPS);
        m.put("rule_ids", "frogspec");
        return m;
    }

    static Object opTrickWinner(Map<String, Object> req, RS rs) throws Fail {
        int trump = reqTrump(req);
        Object v = req.get("cards");
        reqCards(v, "cards", 1, 3);
        int[] cards = cardArray((List<?>) v);
        return trickWinner(cards, cards.length, trump);
    }

    static Object opLegalPlays(Map<String, Object> req, RS rs) throws Fail {
        int trump = reqTrump(req);
        long hand = reqCards(req.get("hand"), "hand", 1, 11);
        Object tv = req.get("trick");
        long trickMask = reqCards(tv, "trick", 0, 2);
        if ((hand & trickMask) != 0) throw invalid("a card both in hand and in the trick");
        int[] trick = cardArray((List<?>) tv);
        return cardList(legalPlays(hand, trick.length == 0 ? -1 : suitOf(trick[0]), trump));
    }

    static Object opDeal(Map<String, Object> req, RS rs) throws Fail {
        reqOptions(req, rs);
        int n = reqPlayers(req, rs);
        int dealer = reqSeat(req, "dealer", n);
        int[] deck = reqDeck(req.get("deck"));
        int[] act = activeSeats(n, dealer);
        long[] h = dealCards(rs, n, dealer, deck);
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        List<Object> a = new ArrayList<>();
        for (int s : act) a.add(s);
        m.put("active", a);
        m.put("eldest", act[0]);
        List<Object> hands = new ArrayList<>();
        for (int s = 0; s < n; s++) hands.add(isActive(act, s) ? cardList(h[s]) : JNULL);
        m.put("hands", hands);
        m.put("widow", cardList(h[n]));
        return m;
    }

    static Object opSettle(Map<String, Object> req, RS rs) throws Fail {
        Opts o = reqOptions(req, rs);
        int n = reqPlayers(req, rs);
        int dealer = reqSeat(req, "dealer", n);
        int bidder = reqSeat(req, "bidder", n);
        if (!isActive(activeSeats(n, dealer), bidder)) throw invalid("the bidder sits out this deal");
        Object cv = req.get("contract");
        int contract = -1;
        if (cv instanceof String) contract = Arrays.asList(CONTRACTS).indexOf(cv);
        if (contract < 0) throw invalid("not a contract");
        long pts = reqInt(req, "bidder_points");
        if (pts < 0 || pts > 120) throw invalid("bidder_points out of range");
        if (contract == FROG && !rs.hasFrog) throw illegal("auction.contracts-without-frog", "no Frog in " + rs.id);
        return settle(rs, o, n, dealer, bidder, contract, (int) pts);
    }

    static final class GameReq { RS rs; Opts o; int n, dealer; int[] deck, actions; }

    static GameReq readGame(Map<String, Object> req, RS rs) throws Fail {
        GameReq g = new GameReq();
        g.rs = rs;
        g.o = reqOptions(req, rs);
        g.n = reqPlayers(req, rs);
        g.dealer = reqSeat(req, "dealer", g.n);
        g.deck = reqDeck(req.get("deck"));
        g.actions = reqActions(req.get("actions"));
        return g;
    }

    static G playOut(RS rs, Opts o, int n, int dealer, int[] deck, int[] actions) throws Fail {
        G g = G.start(rs, o, n, dealer, deck);
        for (int k = 0; k < actions.length; k++) {
            String rule = g.apply(actions[k]);
            if (rule != null) throw illegal(rule, actionName(actions[k]) + " is illegal here").at(k);
        }
        return g;
    }

    static Object opGame(Map<String, Object> req, RS rs) throws Fail {
        GameReq r = readGame(req, rs);
        return playOut(rs, r.o, r.n, r.dealer, r.deck, r.actions).observation();
    }

    @SuppressWarnings("unchecked")
    static Object opMatch(Map<String, Object> req, RS rs) throws Fail {
        Opts o = reqOptions(req, rs);
        int n = reqPlayers(req, rs);
        int first = reqSeat(req, "first_dealer", n);
        Object dv = req.get("deals");
        if (!(dv instanceof List)) throw invalid("deals is not a list");
        List<?> dl = (List<?>) dv;
        int[][] decks = new int[dl.size()][], acts = new int[dl.size()][];
        for (int k = 0; k < dl.size(); k++) {
            Object d = dl.get(k);
            if (!(d instanceof Map)) throw invalid("a deal is not an object");
            Map<String, Object> dm = (Map<String, Object>) d;
            if (!dm.containsKey("deck") || !dm.containsKey("actions")) throw invalid("a deal lacks deck or actions");
            decks[k] = reqDeck(dm.get("deck"));
            acts[k] = reqActions(dm.get("actions"));
        }
        long[] bal = new long[n];
        Arrays.fill(bal, rs.bank);
        List<Object> dealers = new ArrayList<>();
        boolean over = false;
        int loser = -1;
        int dealer = first;
        for (int k = 0; k < dl.size(); k++) {
            if (over) throw illegal("match.first-unable-to-pay-loses", "the game is over").at(0).deal(k);
            G g;
            try {
                g = playOut(rs, o, n, dealer, decks[k], acts[k]);
            } catch (Fail f) {
                throw f.deal(k);
            }
            if (g.phase != PH_OVER) throw invalid("deal " + k + " stops before its end");
            dealers.add(dealer);
            if (rs.ends && g.bidder >= 0) {
                for (int j = 0; j < n; j++) {
                    int s = (g.bidder + j) % n;
                    if (-g.payments[s] > bal[s]) { over = true; loser = s; break; }
                }
            }
            for (int s = 0; s < n; s++) bal[s] += g.payments[s];
            boolean allPass = g.bidder < 0;
            if (!(DEALER_STAYS && allPass)) dealer = (dealer + 1) % n;
        }
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        m.put("balances", bal);
        m.put("dealers", dealers);
        m.put("over", over);
        m.put("loser", loser >= 0 ? (Object) loser : JNULL);
        return m;
    }

    static Object opFirstDealer(Map<String, Object> req, RS rs) throws Fail {
        int n = reqPlayers(req, rs);
        // schema types of the optional fields
        for (String k : new String[]{"chosen", "lowest"}) {
            if (req.containsKey(k)) { long v = asInt(req.get(k), k); if (v < 0) throw invalid(k + " below zero"); }
        }
        if (req.containsKey("chooses_to_deal") && !(req.get("chooses_to_deal") instanceof Boolean))
            throw invalid("chooses_to_deal is a boolean");
        if (rs.anyFirstDealer) {
            return reqSeat(req, "chosen", n);
        }
        int low = reqSeat(req, "lowest", n);
        Object c = req.get("chooses_to_deal");
        if (!(c instanceof Boolean)) throw invalid("missing chooses_to_deal");
        return (Boolean) c ? low : (low + n - 1) % n;
    }

    static final long PERFT_LIMIT = 100000;

    static final class Counter { long visited = 0; }

    static long perft(G g, long depth, Counter cnt) throws Fail {
        if (g.phase == PH_OVER || depth == 0) return 1;
        long total = 0;
        for (int a : g.legal()) {
            G h = g.copy();
            h.apply(a);
            if (h.phase != PH_OVER && depth - 1 > 0) {
                if (++cnt.visited > PERFT_LIMIT) throw invalid("perft would visit more than " + PERFT_LIMIT + " positions");
            }
            total += perft(h, depth - 1, cnt);
        }
        return total;
    }

    static Object opPerft(Map<String, Object> req, RS rs) throws Fail {
        GameReq r = readGame(req, rs);
        long depth = Long.MAX_VALUE;
        if (req.containsKey("depth") && req.get("depth") != JNULL) {
            depth = asInt(req.get("depth"), "depth");
            if (depth < 0) throw invalid("depth below zero");
        }
        G g = playOut(rs, r.o, r.n, r.dealer, r.deck, r.actions);
        LinkedHashMap<String, Object> by = new LinkedHashMap<>();
        long total;
        if (g.phase == PH_OVER || depth == 0) total = 1;
        else {
            Counter cnt = new Counter();
            total = 0;
            for (int a : g.legal()) {
                G h = g.copy();
                h.apply(a);
                if (h.phase != PH_OVER && depth - 1 > 0) {
                    if (++cnt.visited > PERFT_LIMIT) throw invalid("perft would visit too many positions");
                }
                long x = perft(h, depth - 1, cnt);
                by.put(actionName(a), x);
                total += x;
            }
        }
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        m.put("total", total);
        m.put("by_first", by);
        return m;
    }

    // ------------------------------------------------------------------ transport

    static final int MAX_LINE = 1 << 24;

    @SuppressWarnings("unchecked")
    static String answer(String line) {
        Object v;
        try {
            v = new Parser(line).parseTop();
        } catch (JsonError e) {
            return errorLine(null, invalid(e.getMessage() + ": the line is not a request within bounds"));
        }
        if (!(v instanceof Map)) return errorLine(null, invalid("the request is not a JSON object"));
        Map<String, Object> req = (Map<String, Object>) v;
        Object idv = req.get("id");
        if (!(idv instanceof JNum) || !((JNum) idv).isInt()) return errorLine(null, invalid("id is not an integer"));
        String id = ((JNum) idv).text;
        Object op = req.get("op");
        if (!(op instanceof String)) return errorLine(id, invalid("op is not a string"));
        try {
            Object result = handle((String) op, req);
            StringBuilder sb = new StringBuilder();
            sb.append("{\"id\":").append(id).append(",\"result\":");
            writeJson(sb, result);
            sb.append('}');
            return sb.toString();
        } catch (Fail f) {
            return errorLine(id, f);
        } catch (RuntimeException e) {
            System.err.println("internal error: " + e);
            e.printStackTrace();
            return errorLine(id, invalid("internal error: " + e));
        }
    }

    static String errorLine(String id, Fail f) {
        LinkedHashMap<String, Object> e = new LinkedHashMap<>();
        e.put("kind", f.kind);
        e.put("rule", f.rule == null ? JNULL : f.rule);
        e.put("message", f.getMessage() == null ? "" : f.getMessage());
        if (f.at != null && f.kind.equals("illegal")) e.put("at", f.at);
        if (f.deal != null && f.kind.equals("illegal")) e.put("deal", f.deal);
        StringBuilder sb = new StringBuilder();
        sb.append("{\"id\":").append(id == null ? "null" : id).append(",\"error\":");
        writeJson(sb, e);
        sb.append('}');
        return sb.toString();
    }

    static boolean blank(byte[] b, int len) {
        for (int k = 0; k < len; k++) {
            byte c = b[k];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
        }
        return true;
    }

    public static void main(String[] args) throws IOException {
        for (int k = 0; k < args.length; k++) {
            String a = args[k];
            String name = null;
            if (a.equals("--house")) {
                if (k + 1 >= args.length) { System.err.println("frog: --house needs a NAME"); System.exit(2); }
                name = args[++k];
            } else if (a.startsWith("--house=")) {
                name = a.substring(8);
            } else if (a.equals("--protocol")) {
                continue;
            } else if (a.equals("--list-house")) {
                for (String h : HOUSE_NAMES) System.out.println(h);
                return;
            } else {
                System.err.println("frog: unknown argument " + a);
                System.exit(2);
            }
            try { setHouse(name); } catch (IllegalArgumentException e) {
                System.err.println("frog: unknown house rule '" + name + "'; known: " + String.join(", ", HOUSE_NAMES));
                System.exit(2);
            }
        }
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        byte[] buf = new byte[1 << 16];
        while (true) {
            int len = 0;
            boolean tooLong = false, eof = false, any = false;
            while (true) {
                int c = in.read();
                if (c < 0) { eof = true; break; }
                any = true;
                if (c == '\n') break;
                if (tooLong) continue;
                if (len >= MAX_LINE) { tooLong = true; continue; }
                if (len == buf.length) buf = Arrays.copyOf(buf, Math.min(MAX_LINE + 1, buf.length * 2));
                buf[len++] = (byte) c;
            }
            if (!any && eof) break;
            String reply;
            if (tooLong) {
                reply = errorLine(null, invalid("length: the line is longer than 16777216 bytes"));
            } else if (blank(buf, len)) {
                reply = null;
            } else {
                String line;
                try {
                    line = dec.reset().decode(ByteBuffer.wrap(buf, 0, len)).toString();
                    reply = answer(line);
                } catch (CharacterCodingException e) {
                    reply = errorLine(null, invalid("utf-8: the line is not UTF-8"));
                }
            }
            if (reply != null) {
                out.write(reply.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
                out.flush();
            }
            if (eof) break;
        }
        out.flush();
    }
}
