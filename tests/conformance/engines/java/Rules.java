import java.util.*;

/** What distinguishes one ruleset from another. */
final class Rules {
    static final int FROG = 0, CHICO = 1, GRAND = 2;
    static final String[] CONTRACTS = {"frog", "chico", "grand"};

    static final int DEAL_3344 = 0, DEAL_4334 = 1, DEAL_SINGLY = 2;
    static final int AUCTION_OVERBID = 0, AUCTION_ONE_ROUND_RAISE = 1, AUCTION_ONE_BID = 2;

    final String id;
    final int minPlayers, maxPlayers;
    final int dealPattern;
    final int auction;
    final boolean hasFrog;
    final boolean widowShown;
    final boolean chicoMayNameHearts;
    final int[] rates;      // per point, by contract; or fixed amounts when fixedPay
    final boolean fixedPay;
    final int bank;
    final boolean firstUnableLoses;
    final boolean lowCardChooses;
    final boolean hasSittingOut, hasPenaltyFrog;

    private Rules(String id, int minP, int maxP, int deal, int auction, boolean hasFrog, boolean shown,
                  boolean chicoHearts, int[] rates, boolean fixed, int bank, boolean ends, boolean lowCard,
                  boolean sittingOut, boolean penalty) {
        this.id = id; this.minPlayers = minP; this.maxPlayers = maxP; this.dealPattern = deal;
        this.auction = auction; this.hasFrog = hasFrog; this.widowShown = shown;
        this.chicoMayNameHearts = chicoHearts; this.rates = rates; this.fixedPay = fixed; this.bank = bank;
        this.firstUnableLoses = ends; this.lowCardChooses = lowCard; this.hasSittingOut = sittingOut;
        this.hasPenaltyFrog = penalty;
    }

    static final LinkedHashMap<String, Rules> ALL = new LinkedHashMap<>();
    static {
        add(new Rules("foster-1909", 3, 5, DEAL_3344, AUCTION_OVERBID, true, true, false,
                new int[]{1, 2, 4}, false, 0, false, false, false, false));
        add(new Rules("hoyle-1907", 3, 5, DEAL_3344, AUCTION_OVERBID, true, true, false,
                new int[]{1, 2, 4}, false, 0, false, false, false, false));
        add(new Rules("modern", 3, 5, DEAL_4334, AUCTION_ONE_ROUND_RAISE, true, false, false,
                new int[]{1, 2, 4}, false, 0, false, false, false, false));
        add(new Rules("official-1922-solo", 3, 7, DEAL_SINGLY, AUCTION_ONE_ROUND_RAISE, true, false, false,
                new int[]{1, 2, 3}, false, 120, true, true, true, true));
        add(new Rules("official-1922-straight", 3, 7, DEAL_SINGLY, AUCTION_ONE_ROUND_RAISE, false, false, false,
                new int[]{0, 1, 2}, false, 120, true, true, true, false));
        add(new Rules("official-1922-coeur-dalene", 3, 7, DEAL_SINGLY, AUCTION_ONE_ROUND_RAISE, true, false, false,
                new int[]{25, 50, 75}, true, 120, true, true, true, true));
        add(new Rules("gamerules", 3, 3, DEAL_4334, AUCTION_ONE_BID, true, false, true,
                new int[]{1, 2, 3}, false, 150, false, false, false, false));
    }

    private static void add(Rules r) { ALL.put(r.id, r); }
}

/** The options of one request, checked against the ruleset. */
final class Opts {
    static final int RECEIVE_ONLY = 0, PAY_AND_RECEIVE = 1, SOLO_ONLY = 2;
    int sittingOut = RECEIVE_ONLY;
    boolean penaltyFrog = false;
}

/** The house rules switched on from the command line. */
final class House {
    boolean eldestHolds;          // --house eldest-holds
    boolean dealRight;            // --house deal-right
    boolean redealSameDealer;     // --house redeal-same-dealer
    boolean mustOvertrump;        // --house must-overtrump
    boolean discardsToDefenders;  // --house discards-to-defenders

    static final String[] NAMES = {"eldest-holds", "deal-right", "redeal-same-dealer", "must-overtrump",
            "discards-to-defenders"};

    boolean set(String name) {
        switch (name) {
            case "eldest-holds": eldestHolds = true; return true;
            case "deal-right": dealRight = true; return true;
            case "redeal-same-dealer": redealSameDealer = true; return true;
            case "must-overtrump": mustOvertrump = true; return true;
            case "discards-to-defenders": discardsToDefenders = true; return true;
            default: return false;
        }
    }

    int dir() { return dealRight ? -1 : 1; }
}
