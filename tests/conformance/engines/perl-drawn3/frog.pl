#!/usr/bin/env perl
# Frog (the American trick-taking game) engine speaking the JSON-lines conformance
# protocol, version 1.  Core Perl only.  House rules are switched on with --house NAME.
use strict;
use warnings;
use JSON::PP ();
use B ();

# ---------------------------------------------------------------- house rules
my @HOUSE_FLAGS = qw(
  four-hand-opposite-sits-out
  jump-bids-barred
  no-counters-laid-away
  no-duty-to-trump
  ten-high
  chico-any-suit
  nine-of-trumps-ten
  penalty-frog-everywhere
  redeal-after-all-pass
);
my %KNOWN_FLAG = map { $_ => 1 } @HOUSE_FLAGS;
my %H;

{
    my @args = @ARGV;
    while (@args) {
        my $a = shift @args;
        my $name;
        if ($a eq '--house') {
            if (!@args) { print STDERR "frog: --house needs a rule name\n"; exit 2; }
            $name = shift @args;
        } elsif ($a =~ /^--house=(.*)$/s) {
            $name = $1;
        } elsif ($a eq '--protocol') {
            next;
        } elsif ($a eq '--help' || $a eq '-h') {
            print STDERR "usage: frog.pl [--house NAME]...\nhouse rules: @HOUSE_FLAGS\n";
            exit 0;
        } else {
            print STDERR "frog: unknown argument '$a'\n";
            exit 2;
        }
        if (!$KNOWN_FLAG{$name}) {
            print STDERR "frog: unknown house rule '$name' (known: @HOUSE_FLAGS)\n";
            exit 2;
        }
        $H{$name} = 1;
    }
}

# ---------------------------------------------------------------- cards
my @RANKS = qw(A 10 K Q J 9 8 7 6);
my @SUITS = qw(C D H S);
my %SUIT_IDX = (C => 0, D => 1, H => 2, S => 3);
my (@CARD, %CIDX);
for my $s (0 .. 3) {
    for my $r (0 .. 8) {
        my $c = $RANKS[$r] . $SUITS[$s];
        push @CARD, $c;
        $CIDX{$c} = $s * 9 + $r;
    }
}
my @RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0);
# strength within a suit by rank index (A=0 .. 6=8); higher wins
my @STRENGTH = $H{'ten-high'} ? (8, 9, 6, 5, 4, 3, 2, 1, 0) : (8, 7, 6, 5, 4, 3, 2, 1, 0);
my @SUIT_MASK = map { my $s = $_; my $m = 0; $m |= (1 << ($s * 9 + $_)) for 0 .. 8; $m } 0 .. 3;

sub suit_of { int($_[0] / 9) }
sub rank_of { $_[0] % 9 }

# points of a card in a deal whose trump is $trump (suit index or undef)
sub card_value {
    my ($c, $trump) = @_;
    if ($H{'nine-of-trumps-ten'} && defined $trump && suit_of($c) == $trump && rank_of($c) == 5) {
        return 10;
    }
    return $RANK_POINTS[rank_of($c)];
}

sub mask_points {
    my ($m, $trump) = @_;
    my $p = 0;
    for my $c (0 .. 35) { $p += card_value($c, $trump) if $m & (1 << $c); }
    return $p;
}

sub mask_cards {
    my ($m) = @_;
    return grep { $m & (1 << $_) } 0 .. 35;
}

sub popcount {
    my ($m) = @_;
    my $n = 0;
    while ($m) { $m &= $m - 1; $n++; }
    return $n;
}

# ---------------------------------------------------------------- rulesets
my %CONTRACT_RANK = (frog => 1, chico => 2, grand => 3);
my @RANK_CONTRACT = (undef, 'frog', 'chico', 'grand');

my %RULESET;
{
    my %foster = (
        players => [3, 5], pattern => '3344', auction => 'raise', has_frog => 1, shown => 1,
        chico_hearts => 0, rates => { frog => 1, chico => 2, grand => 4 }, options => {},
        bank => 0, bust => 0, first_dealer => 'any',
    );
    $RULESET{'foster-1909'} = { %foster };
    $RULESET{'hoyle-1907'}  = { %foster };
    $RULESET{'modern'}      = { %foster, pattern => '4334', auction => 'oneround', shown => 0 };
    my %o22 = (
        players => [3, 7], pattern => 'single', auction => 'oneround', has_frog => 1, shown => 0,
        chico_hearts => 0, rates => { frog => 1, chico => 2, grand => 3 },
        options => { sitting_out => 'system', penalty_frog => 'bool' },
        bank => 120, bust => 1, first_dealer => 'low',
    );
    $RULESET{'official-1922-solo'} = { %o22 };
    $RULESET{'official-1922-straight'} = {
        %o22, has_frog => 0, rates => { chico => 1, grand => 2 },
        options => { sitting_out => 'system' },
    };
    $RULESET{'official-1922-coeur-dalene'} = { %o22, rates => undef, fixed => { frog => 25, chico => 50, grand => 75 } };
    $RULESET{'gamerules'} = {
        players => [3, 3], pattern => '4334', auction => 'onebid', has_frog => 1, shown => 0,
        chico_hearts => 1, rates => { frog => 1, chico => 2, grand => 3 }, options => {},
        bank => 150, bust => 0, first_dealer => 'any',
    };
}
my @RULESET_ORDER = qw(foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight
  official-1922-coeur-dalene gamerules);
my %AUCTION_RULE = (
    raise    => 'auction.overbid-to-raise',
    oneround => 'auction.one-round-frog-may-raise',
    onebid   => 'auction.one-bid-each',
);
my %SYSTEMS = map { $_ => 1 } qw(receive-only pay-and-receive pay-and-receive-solo-only);

my %RULES_OF;
{
    my @common = qw(seats.eldest-hand cards.pack cards.points cards.rank-order deal.actions-by-phase
      deal.rotation-left auction.all-pass auction.bidder-plays-named-game auction.contract-order
      auction.highest-bid-wins auction.pass-is-final widow.untouched-in-chico-and-grand
      trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand
      play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump
      play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next
      scoring.count-card-points scoring.widow-counts-for-bidder settlement.each-pays-in-full
      settlement.sixty-is-a-tie);
    my @foster = (@common, qw(seats.active-foster seats.players-3-to-5 deal.first-dealer-any
      deal.packets-3-3-4-4 auction.contracts-frog-chico-grand auction.overbid-to-raise
      widow.frog-shown widow.frog-take-and-discard trump.chico-not-hearts settlement.rates-1-2-4
      settlement.sitting-out-receive-only match.counters-no-bank match.no-fixed-end));
    $RULES_OF{'foster-1909'} = [@foster];
    $RULES_OF{'hoyle-1907'}  = [@foster];
    $RULES_OF{'modern'} = [@common, qw(seats.active-foster seats.players-3-to-5 deal.first-dealer-any
      deal.packets-4-3-3-4 auction.contracts-frog-chico-grand auction.one-round-frog-may-raise
      widow.frog-hidden widow.frog-take-and-discard trump.chico-not-hearts settlement.rates-1-2-4
      settlement.sitting-out-receive-only match.counters-no-bank match.no-fixed-end)];
    my @o22 = (@common, qw(seats.active-six-or-seven seats.players-3-to-7
      deal.first-dealer-low-card-chooses deal.singly-slough-1-4-8 auction.one-round-frog-may-raise
      trump.chico-not-hearts settlement.default-system-receive-only settlement.sitting-out-pay-and-receive
      settlement.sitting-out-pay-and-receive-solo-only settlement.sitting-out-receive-only
      match.first-unable-to-pay-loses match.unable-to-pay-order match.unable-to-pay-pays-in-full));
    $RULES_OF{'official-1922-solo'} = [@o22, qw(auction.contracts-frog-chico-grand widow.frog-hidden
      widow.frog-take-and-discard settlement.penalty-frog settlement.rates-1-2-3 match.bank-120-chips)];
    $RULES_OF{'official-1922-straight'} = [@o22, qw(auction.contracts-without-frog
      settlement.rates-straight-1-2 match.bank-120-chips)];
    $RULES_OF{'official-1922-coeur-dalene'} = [@o22, qw(auction.contracts-frog-chico-grand
      widow.frog-hidden widow.frog-take-and-discard settlement.coeur-dalene-fixed-ratio
      settlement.coeur-dalene-loser-pays-same settlement.coeur-dalene-penalty-frog
      settlement.fixed-25-50-75 match.coeur-dalene-bank-in-cents)];
    $RULES_OF{'gamerules'} = [@common, qw(seats.active-foster seats.players-3 deal.first-dealer-any
      deal.gamerules-packets auction.contracts-frog-chico-grand auction.one-bid-each
      widow.frog-take-and-discard widow.hidden-when-unsaid trump.chico-any-suit
      settlement.rates-1-2-3 settlement.sitting-out-receive-only match.bank-150-points
      match.no-fixed-end)];
}

# ---------------------------------------------------------------- errors
sub invalid { die { kind => 'invalid', rule => undef, message => $_[0] } }
sub unsupported { die { kind => 'unsupported', rule => undef, message => $_[0] } }
sub illegal {
    my ($rule, $msg, %extra) = @_;
    die { kind => 'illegal', rule => $rule, message => $msg, %extra };
}

# ---------------------------------------------------------------- JSON type checks
sub flags_of { my $v = shift; return B::svref_2object(\$v)->FLAGS; }

sub is_int {
    my ($v) = @_;
    return 0 if !defined $v || ref $v;
    my $f = B::svref_2object(\$_[0])->FLAGS;
    return 0 if $f & B::SVp_POK;
    return 1 if $f & B::SVp_IOK;
    return 0;
}

sub is_str {
    my ($v) = @_;
    return 0 if !defined $v || ref $v;
    my $f = B::svref_2object(\$_[0])->FLAGS;
    return 0 unless $f & B::SVp_POK;
    return 0 if $f & (B::SVp_IOK | B::SVp_NOK);
    return 1;
}

sub is_bool { return ref($_[0]) && ref($_[0]) eq 'JSON::PP::Boolean'; }

sub need_int {
    my ($r, $k) = @_;
    invalid("missing field '$k'") unless exists $r->{$k};
    invalid("'$k' must be an integer") unless is_int($r->{$k});
    return 0 + $r->{$k};
}

sub need_card {
    my ($v, $what) = @_;
    invalid("$what must be a card") unless is_str($v) && exists $CIDX{$v};
    return $CIDX{$v};
}

sub need_card_list {
    my ($r, $k, $min, $max) = @_;
    invalid("missing field '$k'") unless exists $r->{$k};
    my $l = $r->{$k};
    invalid("'$k' must be a list") unless ref $l eq 'ARRAY';
    invalid("'$k' must hold $min to $max cards") if @$l < $min || @$l > $max;
    my @out;
    my %seen;
    for my $v (@$l) {
        my $c = need_card($v, "each of '$k'");
        invalid("card $CARD[$c] twice in '$k'") if $seen{$c}++;
        push @out, $c;
    }
    return \@out;
}

sub need_trump {
    my ($r) = @_;
    invalid("missing field 'trump'") unless exists $r->{trump};
    my $t = $r->{trump};
    return undef unless defined $t;
    invalid("'trump' must be a suit or null") unless is_str($t) && exists $SUIT_IDX{$t};
    return $SUIT_IDX{$t};
}

sub need_ruleset {
    my ($r) = @_;
    invalid("missing field 'ruleset'") unless exists $r->{ruleset};
    invalid("'ruleset' must be a string") unless is_str($r->{ruleset});
    my $rs = $RULESET{ $r->{ruleset} };
    unsupported("ruleset '$r->{ruleset}' is not offered") unless $rs;
    return ($rs, $r->{ruleset});
}

sub need_options {
    my ($rs, $r) = @_;
    invalid("missing field 'options'") unless exists $r->{options};
    my $o = $r->{options};
    invalid("'options' must be an object") unless ref $o eq 'HASH';
    my %opt = (sitting_out => 'receive-only', penalty_frog => 0);
    for my $k (keys %$o) {
        my $kind = $rs->{options}{$k};
        invalid("the ruleset has no option '$k'") unless $kind;
        my $v = $o->{$k};
        if ($kind eq 'bool') {
            invalid("'$k' is true or false") unless is_bool($v);
            $opt{$k} = $v ? 1 : 0;
        } else {
            invalid("'$k' takes receive-only, pay-and-receive or pay-and-receive-solo-only")
              unless is_str($v) && $SYSTEMS{$v};
            $opt{$k} = $v;
        }
    }
    return \%opt;
}

sub need_players {
    my ($rs, $r) = @_;
    my $n = need_int($r, 'players');
    invalid("the ruleset does not allow $n players") if $n < $rs->{players}[0] || $n > $rs->{players}[1];
    return $n;
}

sub need_seat {
    my ($r, $k, $n) = @_;
    my $s = need_int($r, $k);
    invalid("'$k' is no seat at a table of $n") if $s < 0 || $s >= $n;
    return $s;
}

sub need_deck {
    my ($r) = @_;
    my $d = need_card_list($r, 'deck', 36, 36);
    return $d;
}

sub parse_action {
    my ($a) = @_;
    invalid("an action is a string") unless is_str($a);
    return ['pass'] if $a eq 'pass';
    return ['bid', $a] if $a eq 'frog' || $a eq 'chico' || $a eq 'grand';
    if ($a =~ /^(discard|play) (\S+)$/) {
        my ($t, $c) = ($1, $2);
        invalid("'$a' names no card") unless exists $CIDX{$c};
        return [$t, $CIDX{$c}];
    }
    if ($a =~ /^trump (\S+)$/) {
        invalid("'$a' names no suit") unless exists $SUIT_IDX{$1};
        return ['trump', $SUIT_IDX{$1}];
    }
    invalid("'$a' is not an action");
}

sub need_actions {
    my ($r, $k) = @_;
    $k //= 'actions';
    invalid("missing field '$k'") unless exists $r->{$k};
    my $l = $r->{$k};
    invalid("'$k' must be a list") unless ref $l eq 'ARRAY';
    return [map { parse_action($_) } @$l];
}

# ---------------------------------------------------------------- seats and deal
# active seats, from eldest clockwise
sub active_seats {
    my ($n, $d) = @_;
    return (($d + 1) % $n, ($d + 2) % $n, $d) if $n == 3;
    if ($n == 4) {
        return (($d + 1) % $n, ($d + 3) % $n, $d) if $H{'four-hand-opposite-sits-out'};
        return (($d + 1) % $n, ($d + 2) % $n, ($d + 3) % $n);
    }
    return (($d + 1) % $n, ($d + 2) % $n, ($d + $n - 1) % $n);
}

# returns (hands by position in active order as masks, widow mask)
sub deal_cards {
    my ($rs, $deck) = @_;
    my @hand = (0, 0, 0);
    my $widow = 0;
    my $i = 0;
    my $give = sub { my ($who, $k) = @_; for (1 .. $k) { my $c = $deck->[$i++]; if ($who < 0) { $widow |= 1 << $c } else { $hand[$who] |= 1 << $c } } };
    my $p = $rs->{pattern};
    if ($p eq '3344' || $p eq '4334') {
        my @packets = $p eq '3344' ? (3, -3, 4, 4) : (4, -3, 3, 4);
        for my $k (@packets) {
            if ($k < 0) { $give->(-1, -$k); }
            else { $give->($_, $k) for 0 .. 2; }
        }
    } else {
        my $who = 0;
        for my $pos (0 .. 35) {
            my $c = $deck->[$pos];
            if ($pos == 0 || $pos == 3 || $pos == 7) { $widow |= 1 << $c; }
            else { $hand[$who] |= 1 << $c; $who = ($who + 1) % 3; }
        }
    }
    return (\@hand, $widow);
}

# ---------------------------------------------------------------- the game
sub contracts_of {
    my ($rs) = @_;
    return $rs->{has_frog} ? (1, 2, 3) : (2, 3);
}

sub new_game {
    my ($rs, $opts, $n, $dealer, $deck) = @_;
    my @active = active_seats($n, $dealer);
    my ($hands, $widow) = deal_cards($rs, $deck);
    my @hand = (0) x $n;
    $hand[ $active[$_] ] = $hands->[$_] for 0 .. 2;
    my $st = {
        rs => $rs, opts => $opts, n => $n, dealer => $dealer, active => \@active,
        hand => \@hand, widow => $widow, discards => 0, ndisc => 0,
        phase => 'auction', to_act => $active[0],
        passed => {}, high => 0, hb => undef, pos => 0, answer => undef, last => undef,
        bidder => undef, contract => undef, trump => undef,
        trick => [], taken => [(0) x $n], ntricks => 0,
    };
    auction_next($st);
    return $st;
}

sub clone_state {
    my ($s) = @_;
    my %c = %$s;
    $c{hand}   = [@{ $s->{hand} }];
    $c{taken}  = [@{ $s->{taken} }];
    $c{trick}  = [@{ $s->{trick} }];
    $c{passed} = { %{ $s->{passed} } };
    return \%c;
}

sub next_active {
    my ($st, $seat) = @_;
    my $a = $st->{active};
    for my $i (0 .. 2) { return $a->[ ($i + 1) % 3 ] if $a->[$i] == $seat; }
    die "seat not active";
}

# the bids (contract ranks) the player to act may make now
sub auction_bids {
    my ($st) = @_;
    my @ok;
    my $high = $st->{high};
    my @c = grep { $_ > $high } contracts_of($st->{rs});
    return () unless @c;
    if ($H{'jump-bids-barred'}) { @c = ($c[0]); }
    return @c;
}

sub auction_next {
    my ($st) = @_;
    my $rs = $st->{rs};
    my $a = $st->{active};
    my $done = 0;
    if ($st->{high} == 3) {
        $done = 1;
    } elsif ($rs->{auction} eq 'raise') {
        my @cand = grep { !$st->{passed}{$_} && !(defined $st->{hb} && $_ == $st->{hb}) } @$a;
        if (!@cand) {
            $done = 1;
        } else {
            my %isc = map { $_ => 1 } @cand;
            my $start = 0;
            if (defined $st->{last}) {
                for my $i (0 .. 2) { $start = ($i + 1) % 3 if $a->[$i] == $st->{last}; }
            }
            for my $k (0 .. 2) {
                my $s = $a->[ ($start + $k) % 3 ];
                if ($isc{$s}) { $st->{to_act} = $s; last; }
            }
        }
    } else {
        if (defined $st->{answer}) {
            $st->{to_act} = $st->{answer};
        } elsif ($st->{pos} >= 3) {
            $done = 1;
        } else {
            $st->{to_act} = $a->[ $st->{pos} ];
        }
    }
    return unless $done;
    if (!defined $st->{hb}) {
        $st->{phase}  = 'over';
        $st->{to_act} = undef;
        $st->{payments} = [(0) x $st->{n}];
        $st->{allpass} = 1;
        return;
    }
    my $b = $st->{hb};
    $st->{bidder}   = $b;
    $st->{contract} = $RANK_CONTRACT[ $st->{high} ];
    if ($st->{contract} eq 'frog') {
        $st->{phase} = 'discard';
        $st->{hand}[$b] |= $st->{widow};
        $st->{trump}  = 2;
        $st->{to_act} = $b;
    } elsif ($st->{contract} eq 'chico') {
        $st->{phase}  = 'trump';
        $st->{to_act} = $b;
    } else {
        $st->{trump} = 2;
        start_play($st);
    }
}

sub start_play {
    my ($st) = @_;
    $st->{phase}  = 'play';
    $st->{to_act} = $st->{active}[0];
}

sub chico_suits {
    my ($st) = @_;
    return (0, 1, 2, 3) if $st->{rs}{chico_hearts} || $H{'chico-any-suit'};
    return (0, 1, 3);
}

sub discardable {
    my ($st) = @_;
    my $m = $st->{hand}[ $st->{bidder} ];
    if ($H{'no-counters-laid-away'}) {
        for my $s (0 .. 3) { $m &= ~(1 << ($s * 9)); $m &= ~(1 << ($s * 9 + 1)); }
    }
    return $m;
}

# legal cards (mask) for a hand given the trick so far and the trump
sub legal_mask {
    my ($hand, $trick_cards, $trump) = @_;
    return $hand unless @$trick_cards;
    my $led = suit_of($trick_cards->[0]);
    my $follow = $hand & $SUIT_MASK[$led];
    return $follow if $follow;
    if (defined $trump && !$H{'no-duty-to-trump'}) {
        my $tr = $hand & $SUIT_MASK[$trump];
        return $tr if $tr;
    }
    return $hand;
}

sub trick_winner_idx {
    my ($cards, $trump) = @_;
    my $best = 0;
    my $led = suit_of($cards->[0]);
    my $key = sub {
        my $c = shift;
        my $s = suit_of($c);
        return 100 + $STRENGTH[ rank_of($c) ] if defined $trump && $s == $trump;
        return 50 + $STRENGTH[ rank_of($c) ] if $s == $led;
        return -1;
    };
    my $bk = $key->($cards->[0]);
    for my $i (1 .. $#$cards) {
        my $k = $key->($cards->[$i]);
        if ($k > $bk) { $bk = $k; $best = $i; }
    }
    return $best;
}

sub legal_actions {
    my ($st) = @_;
    my $ph = $st->{phase};
    if ($ph eq 'auction') {
        return ('pass', map { $RANK_CONTRACT[$_] } auction_bids($st));
    } elsif ($ph eq 'discard') {
        return map { "discard $CARD[$_]" } mask_cards(discardable($st));
    } elsif ($ph eq 'trump') {
        return map { "trump $SUITS[$_]" } chico_suits($st);
    } elsif ($ph eq 'play') {
        my $s = $st->{to_act};
        my @tc = map { $_->[1] } @{ $st->{trick} };
        return map { "play $CARD[$_]" } mask_cards(legal_mask($st->{hand}[$s], \@tc, $st->{trump}));
    }
    return ();
}

# apply a parsed action; returns undef on success, or [rule, message] when illegal
sub apply_action {
    my ($st, $act) = @_;
    my $ph = $st->{phase};
    my $t  = $act->[0];
    my $s  = $st->{to_act};
    if ($ph eq 'auction') {
        if ($t eq 'pass') {
            $st->{passed}{$s} = 1;
            if (defined $st->{answer} && $st->{answer} == $s) { $st->{answer} = undef; }
            else { $st->{pos}++; }
            $st->{last} = $s;
            auction_next($st);
            return undef;
        }
        return ['deal.actions-by-phase', "a $t during the auction"] unless $t eq 'bid';
        my $r = $CONTRACT_RANK{ $act->[1] };
        my %has = map { $_ => 1 } contracts_of($st->{rs});
        return ['auction.contracts-without-frog', "$act->[1] is not a contract of this ruleset"] unless $has{$r};
        return ['auction.contract-order', "$act->[1] does not outbid the standing bid"] if $r <= $st->{high};
        my %ok = map { $_ => 1 } auction_bids($st);
        if (!$ok{$r}) {
            return ['auction.contract-order', "$act->[1] jumps over the next contract (house rule)"]
              if $H{'jump-bids-barred'};
            return [$AUCTION_RULE{ $st->{rs}{auction} }, "$act->[1] is not open to this player now"];
        }
        my $prev_high = $st->{high};
        my $prev_hb   = $st->{hb};
        $st->{high} = $r;
        $st->{hb}   = $s;
        if (defined $st->{answer} && $st->{answer} == $s) {
            $st->{answer} = undef;
        } else {
            $st->{pos}++;
            if ($st->{rs}{auction} eq 'oneround' && $r == 2 && $prev_high == 1
                && defined $prev_hb && !$st->{passed}{$prev_hb}) {
                $st->{answer} = $prev_hb;
            }
        }
        $st->{last} = $s;
        auction_next($st);
        return undef;
    }
    if ($ph eq 'discard') {
        return ['deal.actions-by-phase', "the Frog bidder must lay away a card"] unless $t eq 'discard';
        my $c = $act->[1];
        my $b = $st->{bidder};
        return ['widow.frog-take-and-discard', "$CARD[$c] is not in the bidder's hand"]
          unless $st->{hand}[$b] & (1 << $c);
        return ['widow.frog-take-and-discard', "$CARD[$c] is an Ace or a Ten and may not be laid away (house rule)"]
          unless discardable($st) & (1 << $c);
        $st->{hand}[$b] &= ~(1 << $c);
        $st->{discards} |= 1 << $c;
        $st->{ndisc}++;
        start_play($st) if $st->{ndisc} == 3;
        return undef;
    }
    if ($ph eq 'trump') {
        return ['deal.actions-by-phase', "the Chico bidder must name the trump"] unless $t eq 'trump';
        my %ok = map { $_ => 1 } chico_suits($st);
        return ['trump.chico-not-hearts', "the Chico bidder may not name hearts"] unless $ok{ $act->[1] };
        $st->{trump} = $act->[1];
        start_play($st);
        return undef;
    }
    if ($ph eq 'play') {
        return ['deal.actions-by-phase', "a card must be played"] unless $t eq 'play';
        my $c    = $act->[1];
        my $hand = $st->{hand}[$s];
        return ['play.card-from-hand', "$CARD[$c] is not in the hand of seat $s"] unless $hand & (1 << $c);
        my @tc = map { $_->[1] } @{ $st->{trick} };
        my $legal = legal_mask($hand, \@tc, $st->{trump});
        if (!($legal & (1 << $c))) {
            my $led = suit_of($tc[0]);
            return ['play.follow-suit', "seat $s holds the suit led"] if $hand & $SUIT_MASK[$led];
            return ['play.must-trump', "seat $s must trump"];
        }
        $st->{hand}[$s] &= ~(1 << $c);
        push @{ $st->{trick} }, [$s, $c];
        if (@{ $st->{trick} } == 3) {
            my @cards = map { $_->[1] } @{ $st->{trick} };
            my $w = $st->{trick}[ trick_winner_idx(\@cards, $st->{trump}) ][0];
            $st->{taken}[$w] |= (1 << $_) for @cards;
            $st->{trick} = [];
            $st->{ntricks}++;
            if ($st->{ntricks} == 11) { finish_deal($st); }
            else { $st->{to_act} = $w; }
        } else {
            $st->{to_act} = next_active($st, $s);
        }
        return undef;
    }
    return ['deal.actions-by-phase', "the deal is over"];
}

sub finish_deal {
    my ($st) = @_;
    my $b = $st->{bidder};
    my $bm = $st->{taken}[$b] | ($st->{contract} eq 'frog' ? $st->{discards} : $st->{widow});
    my $dm = 0;
    for my $seat (@{ $st->{active} }) { $dm |= $st->{taken}[$seat] if $seat != $b; }
    my $bp = mask_points($bm, $st->{trump});
    my $dp = mask_points($dm, $st->{trump});
    $st->{points}   = { bidder => $bp, defenders => $dp };
    $st->{phase}    = 'over';
    $st->{to_act}   = undef;
    $st->{payments} = settle_payments($st->{rs}, $st->{opts}, $st->{n}, $st->{dealer}, $b, $st->{contract}, $bp);
}

sub settle_payments {
    my ($rs, $opts, $n, $dealer, $bidder, $contract, $pts) = @_;
    my @pay = (0) x $n;
    return \@pay if $pts == 60;
    my $won = $pts > 60;
    my $diff = abs($pts - 60);
    my $penalty = ($contract eq 'frog' && !$won && ($opts->{penalty_frog} || $H{'penalty-frog-everywhere'})) ? 1 : 0;
    my $rate_of = $penalty ? 'grand' : $contract;
    my $amount = $rs->{fixed} ? $rs->{fixed}{$rate_of} : $rs->{rates}{$rate_of} * $diff;
    my %act = map { $_ => 1 } active_seats($n, $dealer);
    my $sys = $opts->{sitting_out} // 'receive-only';
    for my $p (0 .. $n - 1) {
        next if $p == $bidder;
        if ($won) {
            my $pays = $act{$p} || $sys eq 'pay-and-receive'
              || ($sys eq 'pay-and-receive-solo-only' && $contract ne 'frog');
            next unless $pays;
            $pay[$p] -= $amount;
            $pay[$bidder] += $amount;
        } else {
            $pay[$p] += $amount;
            $pay[$bidder] -= $amount;
        }
    }
    return \@pay;
}

sub observation {
    my ($st) = @_;
    my %o = (
        phase    => $st->{phase},
        to_act   => defined $st->{to_act} ? 0 + $st->{to_act} : undef,
        legal    => [legal_actions($st)],
        bidder   => defined $st->{bidder} ? 0 + $st->{bidder} : undef,
        contract => $st->{contract},
        trump    => defined $st->{trump} ? $SUITS[ $st->{trump} ] : undef,
    );
    if (defined $st->{contract} && $st->{contract} eq 'frog') {
        $o{widow_shown} = $st->{rs}{shown} ? JSON::PP::true : JSON::PP::false;
    }
    if ($st->{phase} eq 'over') {
        $o{payments} = [map { 0 + $_ } @{ $st->{payments} }];
        if (defined $st->{bidder}) {
            $o{points} = { bidder => 0 + $st->{points}{bidder}, defenders => 0 + $st->{points}{defenders} };
        }
    }
    return \%o;
}

# play the actions; dies illegal with 'at' (and extra fields)
sub play_actions {
    my ($st, $acts, %extra) = @_;
    for my $i (0 .. $#$acts) {
        my $err = apply_action($st, $acts->[$i]);
        if ($err) { illegal($err->[0], $err->[1], at => $i, %extra); }
    }
}

# ---------------------------------------------------------------- ops
sub op_hello {
    my ($r) = @_;
    invalid("missing field 'spec'") unless exists $r->{spec};
    invalid("'spec' must be a string") unless is_str($r->{spec});
    unsupported("protocol version $r->{spec} is not spoken") unless $r->{spec} eq '1';
    return {
        name     => 'frog-perl',
        version  => '1.0.0',
        rulesets => [@RULESET_ORDER],
        ops      => [qw(hello card_points trick_winner legal_plays deal settle game match perft first_dealer rules)],
        rule_ids => 'frogspec',
        house_rules => [grep { $H{$_} } @HOUSE_FLAGS],
    };
}

sub op_card_points {
    my ($r) = @_;
    invalid("missing field 'card'") unless exists $r->{card};
    my $c = need_card($r->{card}, "'card'");
    return 0 + $RANK_POINTS[ rank_of($c) ];
}

sub op_trick_winner {
    my ($r) = @_;
    need_ruleset($r);
    my $trump = need_trump($r);
    my $cards = need_card_list($r, 'cards', 1, 3);
    return 0 + trick_winner_idx($cards, $trump);
}

sub op_legal_plays {
    my ($r) = @_;
    need_ruleset($r);
    my $trump = need_trump($r);
    my $hand  = need_card_list($r, 'hand', 1, 11);
    my $trick = need_card_list($r, 'trick', 0, 2);
    my $hm = 0;
    $hm |= 1 << $_ for @$hand;
    for my $c (@$trick) { invalid("$CARD[$c] is both in hand and in the trick") if $hm & (1 << $c); }
    return [map { $CARD[$_] } mask_cards(legal_mask($hm, $trick, $trump))];
}

sub op_deal {
    my ($r) = @_;
    my ($rs) = need_ruleset($r);
    need_options($rs, $r);
    my $n = need_players($rs, $r);
    my $d = need_seat($r, 'dealer', $n);
    my $deck = need_deck($r);
    my @active = active_seats($n, $d);
    my ($hands, $widow) = deal_cards($rs, $deck);
    my @h = (undef) x $n;
    $h[ $active[$_] ] = [map { $CARD[$_] } mask_cards($hands->[$_])] for 0 .. 2;
    return {
        active => [map { 0 + $_ } @active],
        eldest => 0 + $active[0],
        hands  => \@h,
        widow  => [map { $CARD[$_] } mask_cards($widow)],
    };
}

sub op_settle {
    my ($r) = @_;
    my ($rs) = need_ruleset($r);
    my $opts = need_options($rs, $r);
    my $n = need_players($rs, $r);
    my $d = need_seat($r, 'dealer', $n);
    my $b = need_seat($r, 'bidder', $n);
    my %act = map { $_ => 1 } active_seats($n, $d);
    invalid("seat $b sits out this deal and cannot be the bidder") unless $act{$b};
    invalid("missing field 'contract'") unless exists $r->{contract};
    my $c = $r->{contract};
    invalid("'contract' must be frog, chico or grand") unless is_str($c) && $CONTRACT_RANK{$c};
    my $p = need_int($r, 'bidder_points');
    my $max = $H{'nine-of-trumps-ten'} ? 130 : 120;
    invalid("bidder_points must be 0 to $max") if $p < 0 || $p > $max;
    illegal('auction.contracts-without-frog', "this ruleset has no Frog") if $c eq 'frog' && !$rs->{has_frog};
    return [map { 0 + $_ } @{ settle_payments($rs, $opts, $n, $d, $b, $c, $p) }];
}

sub read_game_request {
    my ($r) = @_;
    my ($rs) = need_ruleset($r);
    my $opts = need_options($rs, $r);
    my $n = need_players($rs, $r);
    my $d = need_seat($r, 'dealer', $n);
    my $deck = need_deck($r);
    my $acts = need_actions($r);
    return ($rs, $opts, $n, $d, $deck, $acts);
}

sub op_game {
    my ($r) = @_;
    my ($rs, $opts, $n, $d, $deck, $acts) = read_game_request($r);
    my $st = new_game($rs, $opts, $n, $d, $deck);
    play_actions($st, $acts);
    return observation($st);
}

my $PERFT_LIMIT = 100_000;

sub op_perft {
    my ($r) = @_;
    my ($rs, $opts, $n, $d, $deck, $acts) = read_game_request($r);
    my $depth;
    if (exists $r->{depth} && defined $r->{depth}) {
        $depth = need_int($r, 'depth');
        invalid("'depth' must not be negative") if $depth < 0;
    }
    my $st = new_game($rs, $opts, $n, $d, $deck);
    play_actions($st, $acts);
    my %by;
    my $total = 0;
    if ($st->{phase} ne 'over' && (!defined $depth || $depth > 0)) {
        my $visited = 0;
        my $rec;
        $rec = sub {
            my ($s, $dl) = @_;    # $s is not over and $dl undef or > 0
            my $sum = 0;
            for my $a (legal_actions($s)) {
                my $c = clone_state($s);
                my $err = apply_action($c, parse_action($a));
                die "internal: legal action refused" if $err;
                my $left = defined $dl ? $dl - 1 : undef;
                if ($c->{phase} eq 'over' || (defined $left && $left == 0)) { $sum += 1; next; }
                invalid("perft would visit more than $PERFT_LIMIT positions") if ++$visited > $PERFT_LIMIT;
                $sum += $rec->($c, $left);
            }
            return $sum;
        };
        for my $a (legal_actions($st)) {
            my $c = clone_state($st);
            apply_action($c, parse_action($a));
            my $left = defined $depth ? $depth - 1 : undef;
            my $cnt;
            if ($c->{phase} eq 'over' || (defined $left && $left == 0)) { $cnt = 1; }
            else {
                invalid("perft would visit more than $PERFT_LIMIT positions") if ++$visited > $PERFT_LIMIT;
                $cnt = $rec->($c, $left);
            }
            $by{$a} = 0 + $cnt;
            $total += $cnt;
        }
        undef $rec;
    } else {
        $total = 1;
    }
    return { total => 0 + $total, by_first => \%by };
}

sub op_match {
    my ($r) = @_;
    my ($rs) = need_ruleset($r);
    my $opts = need_options($rs, $r);
    my $n = need_players($rs, $r);
    my $fd = need_seat($r, 'first_dealer', $n);
    invalid("missing field 'deals'") unless exists $r->{deals};
    my $deals = $r->{deals};
    invalid("'deals' must be a list") unless ref $deals eq 'ARRAY';
    my @parsed;
    for my $dl (@$deals) {
        invalid("each deal is an object") unless ref $dl eq 'HASH';
        my $deck = need_deck($dl);
        my $acts = need_actions($dl);
        push @parsed, [$deck, $acts];
    }
    my @bal = ($rs->{bank}) x $n;
    my @dealers;
    my $dealer = $fd;
    my $over = 0;
    my $loser;
    for my $i (0 .. $#parsed) {
        illegal('match.first-unable-to-pay-loses', "the game is over: no further deal", at => 0, deal => $i) if $over;
        push @dealers, $dealer;
        my $st = new_game($rs, $opts, $n, $dealer, $parsed[$i][0]);
        play_actions($st, $parsed[$i][1], deal => $i);
        invalid("deal $i stops before its end") unless $st->{phase} eq 'over';
        my $pay = $st->{payments};
        if ($rs->{bust} && defined $st->{bidder}) {
            my $b = $st->{bidder};
            for my $k (0 .. $n - 1) {
                my $s = ($b + $k) % $n;
                if ($pay->[$s] < 0 && -$pay->[$s] > $bal[$s]) { $loser = $s; $over = 1; last; }
            }
        }
        $bal[$_] += $pay->[$_] for 0 .. $n - 1;
        $dealer = ($H{'redeal-after-all-pass'} && $st->{allpass}) ? $dealer : ($dealer + 1) % $n;
    }
    return {
        balances => [map { 0 + $_ } @bal],
        dealers  => [map { 0 + $_ } @dealers],
        over     => $over ? JSON::PP::true : JSON::PP::false,
        loser    => defined $loser ? 0 + $loser : undef,
    };
}

sub op_first_dealer {
    my ($r) = @_;
    my ($rs) = need_ruleset($r);
    my $n = need_players($rs, $r);
    if ($rs->{first_dealer} eq 'any') {
        return 0 + need_seat($r, 'chosen', $n);
    }
    my $low = need_seat($r, 'lowest', $n);
    invalid("missing field 'chooses_to_deal'") unless exists $r->{chooses_to_deal};
    invalid("'chooses_to_deal' is true or false") unless is_bool($r->{chooses_to_deal});
    return 0 + $low if $r->{chooses_to_deal};
    return 0 + (($low + $n - 1) % $n);
}

sub op_rules {
    my ($r) = @_;
    my (undef, $name) = need_ruleset($r);
    return [sort @{ $RULES_OF{$name} }];
}

my %OPS = (
    hello => \&op_hello, card_points => \&op_card_points, trick_winner => \&op_trick_winner,
    legal_plays => \&op_legal_plays, deal => \&op_deal, settle => \&op_settle, game => \&op_game,
    match => \&op_match, perft => \&op_perft, first_dealer => \&op_first_dealer, rules => \&op_rules,
);

# ---------------------------------------------------------------- main loop
my $JSON = JSON::PP->new->utf8->allow_nonref->max_depth(64);
my $OUT  = JSON::PP->new->utf8->canonical;
binmode STDIN;
binmode STDOUT;
$| = 1;

sub respond {
    my ($obj) = @_;
    print $OUT->encode($obj), "\n";
}

sub error_response {
    my ($id, $e) = @_;
    my %err = (kind => $e->{kind}, rule => $e->{rule}, message => $e->{message} // '');
    $err{at}   = 0 + $e->{at}   if defined $e->{at};
    $err{deal} = 0 + $e->{deal} if defined $e->{deal};
    return { id => $id, error => \%err };
}

while (defined(my $line = <STDIN>)) {
    $line =~ s/\n\z//;
    next if $line =~ /^[ \t\r]*\z/;
    my $req = eval { $JSON->decode($line) };
    if (!defined $req && $@) {
        respond(error_response(undef, { kind => 'invalid', message => 'json: not a JSON line' }));
        next;
    }
    if (ref $req ne 'HASH') {
        respond(error_response(undef, { kind => 'invalid', message => 'a request is a JSON object' }));
        next;
    }
    if (!exists $req->{id} || !is_int($req->{id})) {
        respond(error_response(undef, { kind => 'invalid', message => "the request's id is not an integer" }));
        next;
    }
    my $id = 0 + $req->{id};
    if (!exists $req->{op} || !is_str($req->{op})) {
        respond(error_response($id, { kind => 'invalid', message => "'op' must be a string" }));
        next;
    }
    my $fn = $OPS{ $req->{op} };
    if (!$fn) {
        respond(error_response($id, { kind => 'unsupported', message => "op '$req->{op}' is not offered" }));
        next;
    }
    my $res = eval { $fn->($req) };
    if (my $e = $@) {
        if (ref $e eq 'HASH') { respond(error_response($id, $e)); }
        else {
            print STDERR "internal error: $e";
            respond(error_response($id, { kind => 'invalid', message => "internal error" }));
        }
        next;
    }
    respond({ id => $id, result => $res });
}
