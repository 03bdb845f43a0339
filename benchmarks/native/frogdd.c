/*
 * frogdd: a double-dummy solver for the play of Frog, in C, written apart from frogspec's
 * Python solver so that the two can be measured (and checked) against each other.
 *
 * Build: gcc -std=c11 -O2 -Wall -Wextra -o frogdd frogdd.c
 *
 * Input, one position a line on stdin (fields separated by spaces):
 *
 *     TRUMP LEADER BIDDER POINTS HAND0 HAND1 HAND2 TRICK
 *
 *   TRUMP   the trump suit, C D H or S (- for none);
 *   LEADER  who leads the current trick, 0 1 or 2: the three active players numbered in
 *           the order they play (clockwise, player 1 on player 0's left);
 *   BIDDER  the bidder, 0 1 or 2, numbered likewise;
 *   POINTS  the card points already counted for the bidder (his tricks, and the widow or
 *           the cards he laid away as the ruleset counts them);
 *   HANDi   player i's cards run together (6C10HAH), - for an empty hand;
 *   TRICK   the cards already played to the current trick, the leader's first (-: none).
 *
 * Cards are written rank then suit: ranks 6 7 8 9 10 J Q K A, suits C D H S.
 *
 * Output, one line for each position:
 *
 *     VALUE NODES SECONDS
 *
 * the most card points the bidder can be sure of against best defence (POINTS included),
 * the number of positions searched and the CPU time of the solve; or a line starting with
 * "error" that says what is wrong with the input line.
 *
 * The play (the same in every ruleset): a player must follow suit if he can, must trump if
 * he cannot, and may otherwise play any card; following or trumping he need not beat the
 * cards already played. The highest trump wins the trick, or if none was played the
 * highest card of the suit led, by the order A 10 K Q J 9 8 7 6. The winner leads next.
 *
 * The search: fail-soft alpha-beta on the points still to come for the bidder, driven by
 * null-window tests, each next to the bound the last one found (MTD(f)); a transposition
 * table at trick starts (the hands and the leader, with the bounds found and the best lead;
 * each suit's blanks in play moved down to its lowest ranks, so that lines which lost
 * different blanks meet); of cards of one suit in one hand with no card still in play
 * ranked between them, only one is searched when they carry the same points, and for the
 * last card to a trick only the one with the most points if its side takes the trick (else
 * the fewest); move ordering by what a card wins or saves, low leads from short suits first.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t Mask;

enum { SUITS = 4, RANKS = 9, CARDS = 36, PLAYERS = 3, NO_TRUMP = -1 };

/* Card c = suit * 9 + rank; rank 0 is the Six, 8 the Ace (A 10 K Q J 9 8 7 6). */
static const int RANK_POINTS[RANKS] = {0, 0, 0, 0, 2, 3, 4, 10, 11};
static const char *const RANK_NAMES[RANKS] = {"6", "7", "8", "9", "J", "Q", "K", "10", "A"};
static const char SUIT_NAMES[SUITS] = {'C', 'D', 'H', 'S'};

static int card_points[CARDS];
static Mask suit_mask[SUITS];

static inline Mask bit(int card) { return (Mask)1 << card; }
static inline int suit_of(int card) { return card / RANKS; }

static inline int lowest_card(Mask m) {
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int c = 0;
    while (!(m & 1)) {
        m >>= 1;
        c++;
    }
    return c;
#endif
}

static inline int count_cards(Mask m) {
#if defined(__GNUC__)
    return __builtin_popcountll(m);
#else
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
#endif
}

static int mask_points(Mask m) {
    int total = 0;
    for (; m; m &= m - 1) total += card_points[lowest_card(m)];
    return total;
}

/* ---- The position being searched ---------------------------------------------------- */

static int trump;
static int bidder;
static Mask hands[PLAYERS];
static int trick[PLAYERS];
static int trick_length;
static int leader;
static long long nodes;

/* Whether card a beats card b, b having been played earlier to the trick. */
static inline int beats(int a, int b) {
    if (suit_of(a) == suit_of(b)) return a > b;
    return suit_of(a) == trump;
}

static inline int side(int player) { return player == bidder; }

/* The cards the player to act may play. */
static Mask legal_cards(int player) {
    Mask hand = hands[player];
    if (trick_length == 0) return hand;
    Mask follow = hand & suit_mask[suit_of(trick[0])];
    if (follow) return follow;
    if (trump != NO_TRUMP) {
        Mask trumps = hand & suit_mask[trump];
        if (trumps) return trumps;
    }
    return hand;
}

/* ---- Transposition table ------------------------------------------------------------ */

typedef struct {
    Mask hands[PLAYERS];
    uint32_t generation;
    int8_t lower, upper;
    int8_t best;
    uint8_t leader;
} Entry;

enum { TABLE_BITS = 20 };
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)
static Entry *table;
static uint32_t generation;

static inline uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* A position at a trick start as the table knows it: the hands with each suit's blanks
   (the Nines to Sixes, which count nothing) still in play moved down to its lowest ranks, in
   order, so that lines which lost different blanks meet; and the leader. */
typedef struct {
    Mask hands[PLAYERS];
    int leader;
    Mask blanks_in_play[SUITS]; /* each suit's blanks in play, to map cards back */
} Key;

enum { BLANKS = 4 };
static uint8_t compressed[1 << BLANKS][1 << BLANKS]; /* [blanks in play][some of them] */

static void make_key(Key *key) {
    Mask in_play = hands[0] | hands[1] | hands[2];
    for (int p = 0; p < PLAYERS; p++) key->hands[p] = hands[p];
    for (int s = 0; s < SUITS; s++) {
        int shift = s * RANKS;
        unsigned blanks = (unsigned)(in_play >> shift) & ((1u << BLANKS) - 1);
        key->blanks_in_play[s] = blanks;
        for (int p = 0; p < PLAYERS; p++) {
            unsigned held = (unsigned)(hands[p] >> shift) & ((1u << BLANKS) - 1);
            key->hands[p] = (key->hands[p] & ~((Mask)((1u << BLANKS) - 1) << shift)) |
                            (Mask)compressed[blanks][held] << shift;
        }
    }
    key->leader = leader;
}

/* A card as the key labels it, and back. */
static int to_key_card(const Key *key, int card) {
    int rank = card % RANKS, suit = suit_of(card);
    if (rank >= BLANKS) return card;
    return suit * RANKS + count_cards(key->blanks_in_play[suit] & ((1u << rank) - 1));
}

static int from_key_card(const Key *key, int card) {
    int rank = card % RANKS, suit = suit_of(card);
    if (card < 0 || rank >= BLANKS) return card;
    Mask blanks = key->blanks_in_play[suit];
    for (int k = 0; k < rank && blanks; k++) blanks &= blanks - 1;
    return blanks ? suit * RANKS + lowest_card(blanks) : -1;
}

static inline size_t slot(const Key *key) {
    uint64_t h = mix(key->hands[0] ^ mix(key->hands[1] + 0x9e3779b97f4a7c15ULL) ^
                     mix(key->hands[2] + 0x632be59bd9b4e019ULL) ^ ((uint64_t)key->leader << 60));
    return (size_t)(h & (TABLE_SIZE - 1)) & ~(size_t)1; /* two entries a bucket */
}

static inline int same_key(const Entry *e, const Key *key) {
    return e->generation == generation && e->leader == key->leader &&
           e->hands[0] == key->hands[0] && e->hands[1] == key->hands[1] &&
           e->hands[2] == key->hands[2];
}

static Entry *probe(const Key *key) {
    size_t at = slot(key);
    if (same_key(&table[at], key)) return &table[at];
    if (same_key(&table[at + 1], key)) return &table[at + 1];
    return NULL;
}

static void store(const Key *key, int lower, int upper, int best) {
    Entry *e = probe(key);
    if (!e) {
        /* The first entry of a bucket keeps the position with more cards left (costlier to
           find again); the second always takes the newest. */
        Entry *first = &table[slot(key)];
        int cards_here = count_cards(key->hands[0] | key->hands[1] | key->hands[2]);
        int cards_there = first->generation == generation
                              ? count_cards(first->hands[0] | first->hands[1] | first->hands[2])
                              : -1;
        e = cards_here >= cards_there ? first : first + 1;
        memcpy(e->hands, key->hands, sizeof key->hands);
        e->generation = generation;
        e->leader = (uint8_t)key->leader;
        e->lower = 0;
        e->upper = 127;
    }
    if (lower > e->lower) e->lower = (int8_t)lower;
    if (upper < e->upper) e->upper = (int8_t)upper;
    e->best = (int8_t)to_key_card(key, best);
}

/* ---- Moves -------------------------------------------------------------------------- */

typedef struct {
    int card;
    int score;
} Move;

/* Which player of the trick so far is winning it (an index into trick). */
static int winning_index(void) {
    int best = 0;
    for (int i = 1; i < trick_length; i++)
        if (beats(trick[i], trick[best])) best = i;
    return best;
}

/* The moves worth searching for the player to act, best first by a guess (first_card, the
   best lead found before, first of all). */
static int generate(int player, int first_card, Move *moves) {
    Mask legal = legal_cards(player);
    Mask in_play = hands[0] | hands[1] | hands[2];
    for (int i = 0; i < trick_length; i++) in_play |= bit(trick[i]);
    int winner = trick_length ? winning_index() : 0;
    int winning_card = trick_length ? trick[winner] : -1;
    int partner_winning = trick_length && side((leader + winner) % PLAYERS) == side(player);
    int trick_points = 0;
    for (int i = 0; i < trick_length; i++) trick_points += card_points[trick[i]];
    int n = 0;
    if (trick_length == PLAYERS - 1) {
        /* The last card to the trick. A run of a suit in this hand (no card in play ranked
           between its cards) sends the trick the same way whichever card of it is played,
           and the card kept back plays later as the other would have: so only the run's
           card with the most points is searched if this side takes the trick, else the one
           with the fewest. */
        for (Mask rest = legal; rest;) {
            int card = lowest_card(rest);
            int takes = beats(card, winning_card) || partner_winning;
            int chosen = card;
            rest &= ~bit(card);
            for (;;) { /* up the run */
                Mask above = in_play & suit_mask[suit_of(card)] & ~((bit(card) << 1) - 1);
                if (!above || !(legal & bit(lowest_card(above)))) break;
                card = lowest_card(above);
                rest &= ~bit(card);
                if (takes ? card_points[card] > card_points[chosen]
                          : card_points[card] < card_points[chosen])
                    chosen = card;
            }
            int points = trick_points + card_points[chosen];
            moves[n].card = chosen;
            moves[n].score =
                takes ? 200 + points * 4 - chosen % RANKS : -points * 4 - chosen % RANKS;
            n++;
        }
    } else {
        for (Mask rest = legal; rest; rest &= rest - 1) {
            int card = lowest_card(rest);
            Mask above = in_play & suit_mask[suit_of(card)] & ~((bit(card) << 1) - 1);
            /* Of cards with the same points and no card in play ranked between, the top one
               alone: they are interchangeable. */
            if (above && (legal & bit(lowest_card(above))) &&
                card_points[lowest_card(above)] == card_points[card])
                continue;
            int score;
            if (trick_length == 0)
                score = above ? /* a low lead, from a short suit first */
                            -card_points[card] - card % RANKS -
                                3 * count_cards(hands[player] & suit_mask[suit_of(card)])
                              : 100 + card_points[card] + (suit_of(card) == trump ? 5 : 0);
            else if (beats(card, winning_card))
                score = 100 + card_points[card] - card % RANKS;
            else if (partner_winning)
                score = 50 + card_points[card] * 2; /* add points to the partner's trick */
            else
                score = -card_points[card] * 2 - card % RANKS;
            moves[n].card = card;
            moves[n].score = score;
            n++;
        }
    }
    for (int i = 0; i < n; i++)
        if (moves[i].card == first_card) moves[i].score = 10000;
    for (int i = 1; i < n; i++) { /* insertion sort, best first */
        Move m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].score < m.score) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = m;
    }
    return n;
}

/* ---- The search --------------------------------------------------------------------- */

/* The points the bidder takes from here on (the trick in progress included), or a bound on
   them: at most alpha if the result is at most alpha, at least beta if at least beta. */
static int search(int alpha, int beta) {
    nodes++;
    Key key;
    int first_card = -1;
    if (trick_length == 0) {
        Mask all = hands[0] | hands[1] | hands[2];
        if (!all) return 0;
        int remaining = mask_points(all);
        if (remaining <= alpha) return remaining;
        if (beta <= 0) return 0;
        if (count_cards(hands[0]) == 1 && count_cards(hands[1]) == 1 &&
            count_cards(hands[2]) == 1) {
            /* the last trick: every card is forced */
            trick_length = 0;
            for (int i = 0; i < PLAYERS; i++)
                trick[trick_length++] = lowest_card(hands[(leader + i) % PLAYERS]);
            int winner = (leader + winning_index()) % PLAYERS;
            trick_length = 0;
            return side(winner) ? remaining : 0;
        }
        make_key(&key);
        Entry *e = probe(&key);
        if (e) {
            if (e->lower >= beta || e->lower == e->upper) return e->lower;
            if (e->upper <= alpha) return e->upper;
            if (e->lower > alpha) alpha = e->lower;
            if (e->upper < beta) beta = e->upper;
            first_card = from_key_card(&key, e->best);
        }
        if (remaining < beta) beta = remaining;
    }
    int player = (leader + trick_length) % PLAYERS;
    int maximising = side(player);
    Move moves[CARDS];
    int n = generate(player, first_card, moves);
    int window_alpha = alpha, window_beta = beta;
    int best = maximising ? -1 : 1000;
    int best_card = moves[0].card;
    for (int i = 0; i < n; i++) {
        int card = moves[i].card;
        int value;
        hands[player] &= ~bit(card);
        trick[trick_length++] = card;
        if (trick_length == PLAYERS) {
            int saved[PLAYERS];
            memcpy(saved, trick, sizeof trick);
            int saved_leader = leader;
            int winner = (leader + winning_index()) % PLAYERS;
            int points = card_points[trick[0]] + card_points[trick[1]] + card_points[trick[2]];
            leader = winner;
            trick_length = 0;
            if (side(winner))
                value = points + search(alpha - points, beta - points);
            else
                value = search(alpha, beta);
            leader = saved_leader;
            memcpy(trick, saved, sizeof trick);
            trick_length = PLAYERS;
        } else {
            value = search(alpha, beta);
        }
        trick_length--;
        hands[player] |= bit(card);
        if (maximising) {
            if (value > best) {
                best = value;
                best_card = card;
                if (best > alpha) alpha = best;
            }
        } else if (value < best) {
            best = value;
            best_card = card;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    if (trick_length == 0) {
        if (best <= window_alpha)
            store(&key, 0, best, best_card);
        else if (best >= window_beta)
            store(&key, best, 127, best_card);
        else
            store(&key, best, best, best_card);
    }
    return best;
}

/* The points the bidder is sure of from here on: null-window tests, each next to the
   bound the last one found (MTD(f)), from the middle of the range. */
static int solve(void) {
    Mask all = hands[0] | hands[1] | hands[2];
    for (int i = 0; i < trick_length; i++) all |= bit(trick[i]);
    int low = 0, high = mask_points(all);
    int guess = high / 2;
    while (low < high) {
        int test = guess;
        if (test <= low) test = low + 1;
        if (test > high) test = high;
        int found = search(test - 1, test);
        if (found >= test) {
            low = found;
            guess = found + 1;
        } else {
            high = found;
            guess = found;
        }
    }
    return low;
}

/* ---- Input -------------------------------------------------------------------------- */

static int parse_suit(char c) {
    for (int s = 0; s < SUITS; s++)
        if (SUIT_NAMES[s] == c) return s;
    return -1;
}

/* The cards of text run together, in order, into cards[]; their number, or -1. */
static int parse_cards(const char *text, int *cards, int room) {
    if (strcmp(text, "-") == 0) return 0;
    int n = 0;
    while (*text) {
        int rank = -1;
        for (int r = 0; r < RANKS; r++) {
            size_t length = strlen(RANK_NAMES[r]);
            if (strncmp(text, RANK_NAMES[r], length) == 0) {
                rank = r;
                text += length;
                break;
            }
        }
        if (rank < 0) return -1;
        int suit = parse_suit(*text);
        if (suit < 0 || n >= room) return -1;
        text++;
        cards[n++] = suit * RANKS + rank;
    }
    return n;
}

/* Reads one position from line; NULL, or the error found. */
static const char *read_position(char *line, int *points) {
    char *fields[8];
    int n = 0;
    for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
        if (n == 8) return "more than 8 fields";
        fields[n++] = word;
    }
    if (n != 8) return "expected 8 fields: TRUMP LEADER BIDDER POINTS HAND0 HAND1 HAND2 TRICK";
    if (strcmp(fields[0], "-") == 0)
        trump = NO_TRUMP;
    else if (strlen(fields[0]) != 1 || (trump = parse_suit(fields[0][0])) < 0)
        return "TRUMP must be C, D, H, S or -";
    char *end;
    leader = (int)strtol(fields[1], &end, 10);
    if (*end || leader < 0 || leader >= PLAYERS) return "LEADER must be 0, 1 or 2";
    bidder = (int)strtol(fields[2], &end, 10);
    if (*end || bidder < 0 || bidder >= PLAYERS) return "BIDDER must be 0, 1 or 2";
    *points = (int)strtol(fields[3], &end, 10);
    if (*end || *points < 0 || *points > 120) return "POINTS must be 0 to 120";
    Mask seen = 0;
    int cards[CARDS];
    for (int p = 0; p < PLAYERS; p++) {
        int count = parse_cards(fields[4 + p], cards, CARDS);
        if (count < 0) return "a hand is not cards run together (like 6C10HAH) or -";
        hands[p] = 0;
        for (int i = 0; i < count; i++) {
            if (seen & bit(cards[i])) return "a card is written twice";
            seen |= bit(cards[i]);
            hands[p] |= bit(cards[i]);
        }
    }
    trick_length = parse_cards(fields[7], trick, PLAYERS - 1);
    if (trick_length < 0) return "TRICK must be at most 2 cards run together, or -";
    for (int i = 0; i < trick_length; i++) {
        if (seen & bit(trick[i])) return "a card is written twice";
        seen |= bit(trick[i]);
    }
    /* Each player still to play to this trick holds one card more than those who have. */
    int size = count_cards(hands[(leader + trick_length) % PLAYERS]);
    for (int i = 0; i < PLAYERS; i++) {
        int expected = size - (i < trick_length ? 1 : 0);
        if (count_cards(hands[(leader + i) % PLAYERS]) != expected)
            return "the hands' sizes do not fit the trick (each player plays one card a trick)";
    }
    if (trick_length == 0 && size == 0) return "no card left to play";
    return NULL;
}

int main(void) {
    for (int c = 0; c < CARDS; c++) card_points[c] = RANK_POINTS[c % RANKS];
    for (int s = 0; s < SUITS; s++) suit_mask[s] = (((Mask)1 << RANKS) - 1) << (s * RANKS);
    for (unsigned blanks = 0; blanks < (1u << BLANKS); blanks++)
        for (unsigned held = 0; held < (1u << BLANKS); held++) {
            unsigned packed = 0;
            int at = 0;
            for (int rank = 0; rank < BLANKS; rank++)
                if (blanks & (1u << rank)) {
                    if (held & (1u << rank)) packed |= 1u << at;
                    at++;
                }
            compressed[blanks][held] = (uint8_t)packed;
        }
    table = calloc(TABLE_SIZE, sizeof *table);
    if (!table) {
        fprintf(stderr, "frogdd: no memory for the transposition table\n");
        return 1;
    }
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        if (line[strspn(line, " \t\r\n")] == '\0') continue;
        int points;
        const char *error = read_position(line, &points);
        if (error) {
            printf("error %s\n", error);
            fflush(stdout);
            continue;
        }
        clock_t start = clock();
        generation++;
        nodes = 0;
        int value = points + solve();
        double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
        printf("%d %lld %.6f\n", value, nodes, seconds);
        fflush(stdout);
    }
    free(table);
    return 0;
}
