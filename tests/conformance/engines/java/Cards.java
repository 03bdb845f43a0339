import java.util.*;

/** Cards as numbers 0..35: suit * 9 + rank, suits C D H S, ranks A 10 K Q J 9 8 7 6. */
final class Cards {
    static final String[] RANKS = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
    static final String SUITS = "CDHS";
    static final int[] POINTS = {11, 10, 4, 3, 2, 0, 0, 0, 0};
    static final int HEARTS = 2;
    private static final HashMap<String, Integer> BY_NAME = new HashMap<>();
    static {
        for (int c = 0; c < 36; c++) BY_NAME.put(name(c), c);
    }

    static int suit(int c) { return c / 9; }
    static int rank(int c) { return c % 9; }   // 0 is the highest
    static int points(int c) { return POINTS[rank(c)]; }
    static String name(int c) { return RANKS[rank(c)] + SUITS.charAt(suit(c)); }

    /** -1 if not a card. */
    static int parse(String s) {
        Integer c = BY_NAME.get(s);
        return c == null ? -1 : c;
    }

    /** -1 if not a suit. */
    static int parseSuit(String s) {
        if (s.length() != 1) return -1;
        return SUITS.indexOf(s.charAt(0));
    }

    static String suitName(int s) { return String.valueOf(SUITS.charAt(s)); }

    static long bit(int c) { return 1L << c; }

    static long suitMask(int s) { return 0x1FFL << (s * 9); }

    static int points(long mask) {
        int p = 0;
        for (int c = 0; c < 36; c++) if ((mask & bit(c)) != 0) p += points(c);
        return p;
    }

    static List<String> names(long mask) {
        ArrayList<String> l = new ArrayList<>();
        for (int c = 0; c < 36; c++) if ((mask & bit(c)) != 0) l.add(name(c));
        return l;
    }

    /** Index in cards of the card winning the trick. trump is -1 for none. */
    static int trickWinner(int[] cards, int n, int trump) {
        int best = 0;
        for (int k = 1; k < n; k++) {
            int c = cards[k], b = cards[best];
            boolean ct = suit(c) == trump, bt = suit(b) == trump;
            if (ct && !bt) best = k;
            else if (ct == bt && suit(c) == suit(b) && rank(c) < rank(b)) best = k;
        }
        return best;
    }

    /** The cards of hand that may be played to the trick. */
    static long legal(long hand, int[] trick, int n, int trump, House house) {
        if (n == 0) return hand;
        int led = suit(trick[0]);
        long follow = hand & suitMask(led);
        if (follow != 0) return follow;
        if (trump >= 0) {
            long trumps = hand & suitMask(trump);
            if (trumps != 0) {
                if (house.mustOvertrump) {
                    int bestTrump = -1;   // rank of the highest trump in the trick
                    for (int k = 0; k < n; k++)
                        if (suit(trick[k]) == trump && (bestTrump < 0 || rank(trick[k]) < bestTrump)) bestTrump = rank(trick[k]);
                    if (bestTrump >= 0) {
                        long over = 0;
                        for (int c = 0; c < 36; c++)
                            if ((trumps & bit(c)) != 0 && rank(c) < bestTrump) over |= bit(c);
                        if (over != 0) return over;
                    }
                }
                return trumps;
            }
        }
        return hand;
    }
}
