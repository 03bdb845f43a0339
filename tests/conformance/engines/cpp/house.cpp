// House rules: command-line flags --house NAME (repeatable).
#include "frog.hpp"
#include <cstring>
#include <cstdio>
#include <string>

struct HouseName { const char* name; int bit; };
static const HouseName NAMES[] = {
    {"dealer-always-plays", H_DEALER_ALWAYS_PLAYS},
    {"no-counters-away", H_NO_COUNTERS_AWAY},
    {"no-trump-first-trick", H_NO_TRUMP_FIRST_TRICK},
    {"laid-away-to-defenders", H_LAID_AWAY_TO_DEFENDERS},
    {"redeal-on-all-pass", H_REDEAL_ON_ALL_PASS},
    {"keep-widow", H_KEEP_WIDOW},
    {nullptr, -1},
};

const char* houseName(int bit) {
    for (const HouseName* h = NAMES; h->name; h++) if (h->bit == bit) return h->name;
    return "?";
}

bool parseHouseArgs(int argc, char** argv) {
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        std::string name;
        if (a == "--house") {
            if (i + 1 >= argc) { fprintf(stderr, "frog: --house needs a NAME\n"); return false; }
            name = argv[++i];
        } else if (a.compare(0, 8, "--house=") == 0) {
            name = a.substr(8);
        } else {
            fprintf(stderr, "frog: unknown argument %s\n", a.c_str());
            return false;
        }
        bool found = false;
        for (const HouseName* h = NAMES; h->name; h++)
            if (name == h->name) { HOUSE.on[h->bit] = true; found = true; }
        if (!found) { fprintf(stderr, "frog: unknown house rule %s\n", name.c_str()); return false; }
    }
    return true;
}
