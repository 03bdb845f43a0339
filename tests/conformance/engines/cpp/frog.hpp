// Frog engine: rulesets, deal, auction, play, count, settlement.
#pragma once
#include <string>
#include <vector>
#include <cstdint>

typedef uint64_t Mask;

// Cards: index = suit*9 + rank, suits C D H S = 0..3, ranks A 10 K Q J 9 8 7 6 = 0..8 (0 highest)
int cardIndex(const std::string& s);  // -1 if unknown
std::string cardName(int c);
inline int suitOf(int c) { return c / 9; }
inline int rankOf(int c) { return c % 9; }
int suitIndex(const std::string& s);  // -1 if unknown
extern const char* SUITS[4];
int cardPoints(int c);

enum Contract { NONE = 0, FROG = 1, CHICO = 2, GRAND = 3 };
extern const char* CONTRACT_NAMES[4];

enum AuctionKind { OVERBID, ONEROUND, ONEBID };
enum DealKind { P3344, P4334, SLOUGH };
enum PayKind { RATES, FIXED };

struct Ruleset {
    std::string id;
    int minPlayers, maxPlayers;
    DealKind deal;
    AuctionKind auction;
    bool hasFrog;
    bool chicoHearts;
    bool widowShown;
    PayKind pay;
    int rate[4];          // by contract (RATES: per point; FIXED: amount)
    bool hasSittingOut;   // option sitting_out
    bool hasPenaltyFrog;  // option penalty_frog
    long long bank;       // starting balance in a match
    bool matchEnds;       // first unable to pay loses
    bool lowCardFirstDealer;
    const char* auctionRule;
};

const Ruleset* findRuleset(const std::string& id);
extern std::vector<Ruleset> RULESETS;

enum SitOut { RECEIVE_ONLY = 0, PAY_AND_RECEIVE = 1, SOLO_ONLY = 2 };
struct Options {
    SitOut sit = RECEIVE_ONLY;
    bool penaltyFrog = false;
};

// House rules (all off by default).
enum HouseBit {
    H_DEALER_ALWAYS_PLAYS = 0,   // list no. 4
    H_NO_COUNTERS_AWAY = 1,      // list no. 12
    H_NO_TRUMP_FIRST_TRICK = 2,  // list no. 25
    H_LAID_AWAY_TO_DEFENDERS = 3,// list no. 33
    H_REDEAL_ON_ALL_PASS = 4,    // list no. 45
    H_KEEP_WIDOW = 5,            // list no. 14
};
struct House {
    bool on[16] = {false};
};
extern House HOUSE;

std::vector<int> activeSeats(const Ruleset& rs, int players, int dealer);
// deal: hands by active index, widow
void dealCards(const Ruleset& rs, int players, int dealer, const std::vector<int>& deck,
               std::vector<int>& active, Mask hands[3], Mask& widow);

int trickWinner(const Ruleset* rs, int trump, const std::vector<int>& cards);
Mask legalPlays(const Ruleset* rs, int trump, Mask hand, const std::vector<int>& trick, int trickCount);

std::vector<long long> settle(const Ruleset& rs, const Options& opt, int players, int dealer, int bidder,
                              int contract, int bidderPoints);

enum ActKind { A_PASS, A_BID, A_DISCARD, A_TRUMP, A_PLAY };
struct Action { int kind; int arg; };
bool parseAction(const std::string& s, Action& a);
std::string actionName(const Action& a);

enum Phase { PH_AUCTION, PH_DISCARD, PH_TRUMP, PH_PLAY, PH_OVER };
extern const char* PHASE_NAMES[5];

struct Game {
    const Ruleset* rs;
    Options opt;
    int players, dealer;
    int nact;             // number of active seats (3)
    int active[3];
    Mask hand[3];
    Mask widow;
    Mask laid;
    int phase;
    // auction
    int high, highIdx;
    bool passed[3];
    int pos;              // next in round (ONEROUND / ONEBID)
    int pending;          // frog bidder who may raise (ONEROUND), -1
    int cur;              // active index to act in auction
    int bids[3];          // number of bids by each (unused mostly)
    // contract
    int bidderIdx, contract, trump;
    int discards;
    // play
    int leader, turn, trickCount;
    int trick[3];
    int tricksDone;
    int pts[3];           // card points won in tricks by active idx
    int bidderPoints;
    std::vector<long long> payments;

    void init(const Ruleset* r, const Options& o, int players, int dealer, const std::vector<int>& deck);
    int toAct() const;    // seat or -1
    void legal(std::vector<Action>& out) const;
    // returns nullptr when applied, else the rule id broken
    const char* apply(const Action& a);
    bool discardAllowed(int c) const;
private:
    void endAuction();
    void startPlay();
    void finish();
};
