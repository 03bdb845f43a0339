#!/usr/bin/perl
# Frog (solo sixty, rana): an engine speaking the JSON-lines conformance protocol v1.
# Core Perl 5 only. See README.md.
use strict;
use warnings;
use JSON::PP ();
use B ();
use FindBin ();
use lib $FindBin::Bin;

$| = 1;
binmode STDIN;
binmode STDOUT;

# ---------------------------------------------------------------- house rules
# The six house rules drawn from HOUSE_RULES_LIST.md (see HOUSE_RULES.md).
my %HOUSE_KNOWN = map { $_ => 1 } qw(
    last-hand-holds
    trumps-not-led-until-broken
    frog-names-trump
    sixty-loses
    widow-first
    round-up-to-five
);
our %H;
{
    my @args = @ARGV;
    while (@args) {
        my $a = shift @args;
        if ($a eq '--house') {
            my $name = shift @args;
            if (!defined $name || !$HOUSE_KNOWN{$name}) {
                print STDERR "frog.pl: unknown house rule '" . ($name // '') . "'; known: "
                    . join(', ', sort keys %HOUSE_KNOWN) . "\n";
                exit 2;
            }
            $H{$name} = 1;
        } elsif ($a =~ /^--house=(.*)$/) {
            my $name = $1;
            if (!$HOUSE_KNOWN{$name}) {
                print STDERR "frog.pl: unknown house rule '$name'; known: "
                    . join(', ', sort keys %HOUSE_KNOWN) . "\n";
                exit 2;
            }
            $H{$name} = 1;
        } elsif ($a eq '--protocol') {
            # accepted and ignored
        } else {
            print STDERR "frog.pl: unknown argument '$a' (use --house NAME)\n";
            exit 2;
        }
    }
}

# ---------------------------------------------------------------- cards
my @RANKS = qw(A 10 K Q J 9 8 7 6);
my @SUITS = qw(C D H S);
my %RANKPOS;    # lower is higher
@RANKPOS{@RANKS} = (0 .. 8);
my %POINTS = (A => 11, 10 => 10, K => 4, Q => 3, J => 2, 9 => 0, 8 => 0, 7 => 0, 6 => 0);
my %IS_SUIT = map { $_ => 1 } @SUITS;
my %CARD;    # card => [rank, suit]
for my $s (@SUITS) { for my $r (@RANKS) { $CARD{"$r$s"} = [$r, $s] } }
my @CANON = map { my $s = $_; map {"$_$s"} @RANKS } @SUITS;

sub suit_of { $CARD{$_[0]}[1] }
sub rank_of { $CARD{$_[0]}[0] }
sub card_points {
    my $c = shift;
    return $POINTS{rank_of($c)};
}

# ---------------------------------------------------------------- rulesets
my %CRANK = (frog => 1, chico => 2, grand => 3);
my @CONTRACTS = qw(frog chico grand);

my %RULESETS;
{
    my %foster = (
        players => [3, 5], deal => '3344', auction => 'overbid',
        contracts => [qw(frog chico grand)], widow_shown => JSON::PP::true,
        chico_hearts => 0, pay => 'rate', rates => {frog => 1, chico => 2, grand => 4},
        bank => 0, ends => 0, options => {}, first => 'any',
    );
    $RULESETS{'foster-1909'} = {%foster};
    $RULESETS{'hoyle-1907'}  = {%foster};
    $RULESETS{'modern'} = {%foster, deal => '4334', auction => 'oneround',
        widow_shown => JSON::PP::false};
    $RULESETS{'gamerules'} = {%foster, players => [3, 3], deal => '4334', auction => 'onebid',
        widow_shown => JSON::PP::false, chico_hearts => 1,
        rates => {frog => 1, chico => 2, grand => 3}, bank => 150};
    my %solo = (
        players => [3, 7], deal => 'singly', auction => 'oneround',
        contracts => [qw(frog chico grand)], widow_shown => JSON::PP::false,
        chico_hearts => 0, pay => 'rate', rates => {frog => 1, chico => 2, grand => 3},
        bank => 120, ends => 1,
        options => {sitting_out => 'enum', penalty_frog => 'bool'}, first => 'low',
    );
    $RULESETS{'official-1922-solo'} = {%solo};
    $RULESETS{'official-1922-straight'} = {%solo, contracts => [qw(chico grand)],
        rates => {chico => 1, grand => 2}, options => {sitting_out => 'enum'}};
    $RULESETS{'official-1922-coeur-dalene'} = {%solo, pay => 'fixed',
        fixed => {frog => 25, chico => 50, grand => 75}};
    for my $id (keys %RULESETS) { $RULESETS{$id}{id} = $id }
}
my @RULESET_IDS = qw(foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight
    official-1922-coeur-dalene gamerules);

my %SITTING = map { $_ => 1 } qw(receive-only pay-and-receive pay-and-receive-solo-only);

my %RULE_IDS = (
    common => [qw(auction.all-pass auction.bidder-plays-named-game auction.contract-order
        auction.highest-bid-wins auction.pass-is-final cards.pack cards.points cards.rank-order
        deal.actions-by-phase deal.rotation-left play.any-card-when-unable play.card-from-hand
        play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump
        play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next
        scoring.count-card-points scoring.widow-counts-for-bidder seats.active-foster seats.eldest-hand
        settlement.each-pays-in-full settlement.sitting-out-receive-only settlement.sixty-is-a-tie
        trump.hearts-in-frog-and-grand widow.untouched-in-chico-and-grand)],
    'foster-1909' => [qw(auction.contracts-frog-chico-grand auction.overbid-to-raise deal.first-dealer-any
        deal.packets-3-3-4-4 match.counters-no-bank match.no-fixed-end seats.players-3-to-5
        settlement.rates-1-2-4 trump.chico-not-hearts widow.frog-shown widow.frog-take-and-discard)],
    'modern' => [qw(auction.contracts-frog-chico-grand auction.one-round-frog-may-raise deal.first-dealer-any
        deal.packets-4-3-3-4 match.counters-no-bank match.no-fixed-end seats.players-3-to-5
        settlement.rates-1-2-4 trump.chico-not-hearts widow.frog-hidden widow.frog-take-and-discard)],
    'gamerules' => [qw(auction.contracts-frog-chico-grand auction.one-bid-each deal.first-dealer-any
        deal.gamerules-packets match.bank-150-points match.no-fixed-end seats.players-3
        settlement.rates-1-2-3 trump.chico-any-suit widow.hidden-when-unsaid widow.frog-take-and-discard)],
    '1922' => [qw(auction.one-round-frog-may-raise deal.first-dealer-low-card-chooses deal.singly-slough-1-4-8
        match.bank-120-chips match.first-unable-to-pay-loses match.unable-to-pay-order
        match.unable-to-pay-pays-in-full seats.active-six-or-seven seats.players-3-to-7
        settlement.default-system-receive-only settlement.sitting-out-pay-and-receive
        settlement.sitting-out-pay-and-receive-solo-only trump.chico-not-hearts)],
    'official-1922-solo' => [qw(auction.contracts-frog-chico-grand settlement.rates-1-2-3 settlement.penalty-frog
        widow.frog-hidden widow.frog-take-and-discard)],
    'official-1922-straight' => [qw(auction.contracts-without-frog settlement.rates-straight-1-2)],
    'official-1922-coeur-dalene' => [qw(auction.contracts-frog-chico-grand settlement.coeur-dalene-fixed-ratio
        settlement.coeur-dalene-loser-pays-same settlement.coeur-dalene-penalty-frog settlement.fixed-25-50-75
        match.coeur-dalene-bank-in-cents widow.frog-hidden widow.frog-take-and-discard)],
);
$RULE_IDS{'hoyle-1907'} = $RULE_IDS{'foster-1909'};

sub rules_of {
    my $id = shift;
    my @r = @{$RULE_IDS{common}};
    push @r, @{$RULE_IDS{'1922'}} if $id =~ /^official-1922/;
    push @r, @{$RULE_IDS{$id}};
    my %seen;
    return [sort grep { !$seen{$_}++ } @r];
}

# ---------------------------------------------------------------- errors
package FrogErr;
sub new { my ($c, %a) = @_; return bless {%a}, $c }
package main;

sub invalid     { die FrogErr->new(kind => 'invalid', rule => undef, message => $_[0]) }
sub unsupported { die FrogErr->new(kind => 'unsupported', rule => undef, message => $_[0]) }
sub illegal {
    my ($rule, $msg, %extra) = @_;
    die FrogErr->new(kind => 'illegal', rule => $rule, message => $msg, %extra);
}

# ---------------------------------------------------------------- validation helpers
sub is_int {
    my $v = $_[0];
    return 0 if !defined $v || ref $v;
    my $f = B::svref_2object(\$v)->FLAGS;
    return 0 if $f & B::SVf_POK;
    return 0 unless $f & B::SVf_IOK;
    return 1;
}
sub is_str {
    my $v = $_[0];
    return 0 if !defined $v || ref $v;
    my $f = B::svref_2object(\$v)->FLAGS;
    return ($f & B::SVf_POK) ? 1 : 0;
}
sub is_bool { my $v = $_[0]; return ref($v) && ref($v) eq 'JSON::PP::Boolean' }

sub need_int {
    my ($req, $k) = @_;
    invalid("missing field $k") unless exists $req->{$k};
    invalid("$k is not an integer") unless is_int($req->{$k});
    return 0 + $req->{$k};
}
sub need_card {
    my ($c, $what) = @_;
    invalid("$what is not a card") unless is_str($c) && $CARD{$c};
    return $c;
}
sub need_cards {
    my ($req, $k, $min, $max) = @_;
    invalid("missing field $k") unless exists $req->{$k};
    my $l = $req->{$k};
    invalid("$k is not a list") unless ref($l) eq 'ARRAY';
    my %seen;
    for my $c (@$l) {
        need_card($c, "an element of $k");
        invalid("card $c twice in $k") if $seen{$c}++;
    }
    invalid("$k has " . scalar(@$l) . " cards") if @$l < $min || @$l > $max;
    return [@$l];
}
sub need_trump {
    my $req = shift;
    invalid('missing field trump') unless exists $req->{trump};
    my $t = $req->{trump};
    return undef unless defined $t;
    invalid('trump is not a suit') unless is_str($t) && $IS_SUIT{$t};
    return $t;
}
sub need_players {
    my ($req, $rs) = @_;
    my $n = need_int($req, 'players');
    invalid("$rs->{id} does not allow $n players")
        if $n < $rs->{players}[0] || $n > $rs->{players}[1];
    return $n;
}
sub need_seat {
    my ($req, $k, $n) = @_;
    my $s = need_int($req, $k);
    invalid("$k $s is not a seat of $n") if $s < 0 || $s >= $n;
    return $s;
}
sub need_options {
    my ($req, $rs) = @_;
    invalid('missing field options') unless exists $req->{options};
    my $o = $req->{options};
    invalid('options is not an object') unless ref($o) eq 'HASH';
    my %opt = (sitting_out => 'receive-only', penalty_frog => 0);
    for my $k (keys %$o) {
        my $t = $rs->{options}{$k};
        invalid("unknown option $k for $rs->{id}") unless $t;
        my $v = $o->{$k};
        if ($t eq 'enum') {
            invalid("bad value for $k") unless is_str($v) && $SITTING{$v};
            $opt{$k} = $v;
        } else {
            invalid("bad value for $k") unless is_bool($v);
            $opt{$k} = $v ? 1 : 0;
        }
    }
    return \%opt;
}
sub need_deck {
    my ($d, $what) = @_;
    invalid("$what is not a list") unless ref($d) eq 'ARRAY';
    my %seen;
    for my $c (@$d) {
        need_card($c, "a card of $what");
        invalid("card $c twice in $what") if $seen{$c}++;
    }
    invalid("$what has " . scalar(@$d) . " cards, not 36") unless @$d == 36;
    return [@$d];
}
sub parse_action {
    my $a = shift;
    invalid('an action is not a string') unless is_str($a);
    return ['bid', $a] if $a eq 'pass' || $CRANK{$a};
    return ['discard', $1] if $a =~ /^discard (\S+)$/ && $CARD{$1};
    return ['trump', $1] if $a =~ /^trump (\S+)$/ && $IS_SUIT{$1};
    return ['play', $1] if $a =~ /^play (\S+)$/ && $CARD{$1};
    invalid("malformed action '$a'");
}
sub need_actions {
    my ($l, $what) = @_;
    invalid("$what is not a list") unless ref($l) eq 'ARRAY';
    return [map { parse_action($_) } @$l];
}

# ---------------------------------------------------------------- seats and the deal
sub active_seats {
    my ($n, $dealer) = @_;
    return [map { ($dealer + $_) % $n } 1, 2, 3] if $n == 3;
    return [map { ($dealer + $_) % $n } 1, 2, 3] if $n == 4;
    return [($dealer + 1) % $n, ($dealer + 2) % $n, ($dealer + $n - 1) % $n];
}

sub deal_cards {
    my ($rs, $n, $dealer, $deck) = @_;
    my $act = active_seats($n, $dealer);
    my %hands = map { $_ => [] } @$act;
    my @widow;
    my @d = @$deck;
    my $pattern = $rs->{deal};
    if ($H{'widow-first'}) {
        # house rule 2: the first three cards of the pack are the widow; the hands are
        # dealt from the rest in the ruleset's own manner
        push @widow, splice(@d, 0, 3);
        if ($pattern eq 'singly') {
            my $k = 0;
            for my $c (@d) { push @{$hands{$act->[$k % 3]}}, $c; $k++ }
        } else {
            my @packets = $pattern eq '3344' ? (3, 4, 4) : (4, 3, 4);
            for my $p (@packets) {
                for my $s (@$act) { push @{$hands{$s}}, splice(@d, 0, $p) }
            }
        }
    } elsif ($pattern eq 'singly') {
        my %slough = (0 => 1, 3 => 1, 7 => 1);
        my $k = 0;
        for my $i (0 .. 35) {
            if ($slough{$i}) { push @widow, $d[$i]; next }
            push @{$hands{$act->[$k % 3]}}, $d[$i];
            $k++;
        }
    } else {
        my @packets = $pattern eq '3344' ? (3, 'W', 4, 4) : (4, 'W', 3, 4);
        for my $p (@packets) {
            if ($p eq 'W') { push @widow, splice(@d, 0, 3); next }
            for my $s (@$act) { push @{$hands{$s}}, splice(@d, 0, $p) }
        }
    }
    return ($act, \%hands, \@widow);
}

# ---------------------------------------------------------------- trick rules
sub beats {    # does card b beat card a (a currently winning), given led suit and trump
    my ($a, $b, $led, $trump) = @_;
    my ($sa, $sb) = (suit_of($a), suit_of($b));
    my $ta = defined $trump && $sa eq $trump;
    my $tb = defined $trump && $sb eq $trump;
    return 1 if $tb && !$ta;
    return 0 if $ta && !$tb;
    return 0 if $sb ne $sa;
    return $RANKPOS{rank_of($b)} < $RANKPOS{rank_of($a)};
}
sub trick_winner {
    my ($cards, $trump) = @_;
    my $led = suit_of($cards->[0]);
    my $w = 0;
    for my $i (1 .. $#$cards) {
        $w = $i if beats($cards->[$w], $cards->[$i], $led, $trump);
    }
    return $w;
}
sub legal_plays {
    my ($hand, $trick, $trump, $broken) = @_;
    if (!@$trick) {
        # house rule 24: no trump may be led until trumps are broken, unless the leader
        # holds nothing but trumps
        if ($H{'trumps-not-led-until-broken'} && defined $trump && !$broken) {
            my @nt = grep { suit_of($_) ne $trump } @$hand;
            return \@nt if @nt;
        }
        return [@$hand];
    }
    my $led = suit_of($trick->[0]);
    my @f = grep { suit_of($_) eq $led } @$hand;
    return \@f if @f;
    if (defined $trump) {
        my @t = grep { suit_of($_) eq $trump } @$hand;
        return \@t if @t;
    }
    return [@$hand];
}
sub play_error {    # why may this card not be played?
    my ($hand, $trick, $trump, $card) = @_;
    return 'play.card-from-hand' unless grep { $_ eq $card } @$hand;
    return 'play.lead-any-card' unless @$trick;    # house rule 24
    my $led = suit_of($trick->[0]);
    return 'play.follow-suit' if grep { suit_of($_) eq $led } @$hand;
    return 'play.must-trump';
}

# ---------------------------------------------------------------- settlement
sub settle {
    my ($rs, $opt, $n, $dealer, $bidder, $contract, $bp) = @_;
    my @pay = (0) x $n;
    my $diff = $bp - 60;
    $diff = -1 if $diff == 0 && $H{'sixty-loses'};    # house rule 39
    return \@pay if $diff == 0;
    my $won = $diff > 0;
    my $eff = $contract;
    $eff = 'grand' if !$won && $contract eq 'frog' && $opt->{penalty_frog};
    my $amount;
    if ($rs->{pay} eq 'fixed') {
        $amount = $rs->{fixed}{$eff};
    } else {
        my $rate = $rs->{rates}{$eff};
        $rate = 3 if $eff eq 'grand' && !defined $rate;
        $amount = abs($diff) * $rate;
    }
    my $act = active_seats($n, $dealer);
    my %active = map { $_ => 1 } @$act;
    my @others = grep { $_ != $bidder } 0 .. $n - 1;
    my @settlers;
    if ($won) {
        my $sys = $opt->{sitting_out};
        my $sitters_pay = $sys eq 'pay-and-receive'
            || ($sys eq 'pay-and-receive-solo-only' && $contract ne 'frog');
        @settlers = grep { $active{$_} || $sitters_pay } @others;
    } else {
        @settlers = @others;
    }
    for my $s (@settlers) {
        my $a = $amount;
        $a = 5 * int(($a + 4) / 5) if $H{'round-up-to-five'};    # house rule 45
        if ($won) { $pay[$s] -= $a; $pay[$bidder] += $a }
        else      { $pay[$s] += $a; $pay[$bidder] -= $a }
    }
    return \@pay;
}

# ---------------------------------------------------------------- the game state machine
sub new_game {
    my ($rs, $opt, $n, $dealer, $deck) = @_;
    my ($act, $hands, $widow) = deal_cards($rs, $n, $dealer, $deck);
    my $st = {
        rs => $rs, opt => $opt, n => $n, dealer => $dealer, active => $act,
        hands => $hands, widow => $widow,
        phase => 'auction', to_act => undef,
        high => 0, holder => undef, passed => {}, cur => 2, ridx => 0, answer => undef,
        bidder => undef, contract => undef, trump => undef, discards => [],
        trick => [], trick_seats => [], leader => undef, won => {}, ntricks => 0,
        taken => {},
    };
    auction_next($st);
    return $st;
}

sub clone_state {
    my $s = shift;
    my %c = %$s;
    $c{hands}       = {map { $_ => [@{$s->{hands}{$_}}] } keys %{$s->{hands}}};
    $c{passed}      = {%{$s->{passed}}};
    $c{discards}    = [@{$s->{discards}}];
    $c{trick}       = [@{$s->{trick}}];
    $c{trick_seats} = [@{$s->{trick_seats}}];
    $c{won}         = {%{$s->{won}}};
    return \%c;
}

sub end_auction {
    my $st = shift;
    if (!defined $st->{holder}) {
        $st->{phase} = 'over';
        $st->{to_act} = undef;
        $st->{allpass} = 1;
        return;
    }
    my $b = $st->{holder};
    my $c = (grep { $CRANK{$_} == $st->{high} } @CONTRACTS)[0];
    $st->{bidder} = $b;
    $st->{contract} = $c;
    $st->{to_act} = $b;
    if ($c eq 'frog') {
        push @{$st->{hands}{$b}}, @{$st->{widow}};
        $st->{phase} = 'discard';
        $st->{trump} = $H{'frog-names-trump'} ? undef : 'H';    # house rule 33
    } elsif ($c eq 'chico') {
        $st->{phase} = 'trump';
    } else {
        $st->{trump} = 'H';
        start_play($st);
    }
}

sub start_play {
    my $st = shift;
    $st->{phase} = 'play';
    $st->{leader} = $st->{active}[0];
    $st->{to_act} = $st->{leader};
}

sub auction_next {
    my $st = shift;
    my $act = $st->{active};
    if ($st->{high} == 3) {
        # house rule 7: the last hand, still to speak, may hold even a Grand; those
        # before him could only pass and are not asked
        if ($H{'last-hand-holds'} && $st->{rs}{auction} ne 'overbid'
            && !defined $st->{answer} && $st->{ridx} <= 2) {
            $st->{ridx} = 2;
            $st->{to_act} = $act->[2];
            return;
        }
        end_auction($st);
        return;
    }
    if ($st->{rs}{auction} eq 'overbid') {
        for my $i (1 .. 3) {
            my $idx = ($st->{cur} + $i) % 3;
            my $seat = $act->[$idx];
            next if $st->{passed}{$seat};
            if (defined $st->{holder} && $seat == $st->{holder}) { end_auction($st); return }
            $st->{to_act} = $seat;
            $st->{cur_next} = $idx;
            return;
        }
        end_auction($st);
        return;
    }
    if (defined $st->{answer}) { $st->{to_act} = $st->{answer}; return }
    if ($st->{ridx} < 3) {
        $st->{to_act} = $act->[$st->{ridx}];
        return;
    }
    end_auction($st);
}

sub rs_has_contract { my ($rs, $c) = @_; return scalar grep { $_ eq $c } @{$rs->{contracts}} }

sub auction_legal {
    my $st = shift;
    my $rs = $st->{rs};
    my @l = ('pass');
    if (defined $st->{answer}) {
        push @l, 'grand';
        return \@l;
    }
    for my $c (@{$rs->{contracts}}) {
        push @l, $c if $CRANK{$c} > $st->{high};
    }
    # house rule 7: the last hand to speak in a one-round auction may hold the standing bid
    if ($H{'last-hand-holds'} && $rs->{auction} ne 'overbid' && $st->{ridx} == 2
        && defined $st->{holder}) {
        my $c = (grep { $CRANK{$_} == $st->{high} } @CONTRACTS)[0];
        unshift @l, $c;
        @l = ('pass', grep { $_ ne 'pass' } @l);
    }
    return \@l;
}

sub legal_actions {
    my $st = shift;
    my $ph = $st->{phase};
    return [] if $ph eq 'over';
    if ($ph eq 'auction') { return auction_legal($st) }
    if ($ph eq 'discard') { return [map {"discard $_"} @{$st->{hands}{$st->{bidder}}}] }
    if ($ph eq 'trump') {
        my $any = $st->{rs}{chico_hearts} || $st->{contract} eq 'frog';
        return [map {"trump $_"} grep { $any || $_ ne 'H' } @SUITS];
    }
    return [map {"play $_"} @{legal_plays($st->{hands}{$st->{to_act}}, $st->{trick}, $st->{trump}, $st->{broken})}];
}

sub auction_rule_id {
    my $rs = shift;
    return {overbid => 'auction.overbid-to-raise', oneround => 'auction.one-round-frog-may-raise',
        onebid => 'auction.one-bid-each'}->{$rs->{auction}};
}

# apply one parsed action; dies illegal (without 'at'; the caller adds it)
sub apply_action {
    my ($st, $pa) = @_;
    my ($kind, $arg) = @$pa;
    my $ph = $st->{phase};
    my $rs = $st->{rs};
    if ($ph eq 'over') { illegal('deal.actions-by-phase', 'the deal is over') }
    if ($ph eq 'auction') {
        illegal('deal.actions-by-phase', "a $kind in the auction") unless $kind eq 'bid';
        my $seat = $st->{to_act};
        if ($arg ne 'pass') {
            illegal('auction.contracts-without-frog', "$arg is not a contract of $rs->{id}")
                unless rs_has_contract($rs, $arg);
            my $legal = auction_legal($st);
            if (!grep { $_ eq $arg } @$legal) {
                illegal('auction.contract-order', "$arg does not outbid the standing bid")
                    if $CRANK{$arg} <= $st->{high};
                illegal(auction_rule_id($rs), "$arg is not open to seat $seat now");
            }
        }
        if ($rs->{auction} eq 'overbid') {
            $st->{cur} = $st->{cur_next};
            if ($arg eq 'pass') { $st->{passed}{$seat} = 1 }
            else { $st->{high} = $CRANK{$arg}; $st->{holder} = $seat }
        } else {
            my $was_answer = defined $st->{answer};
            if ($was_answer) {
                $st->{answer} = undef;
            } else {
                $st->{ridx}++;
            }
            if ($arg ne 'pass') {
                if ($rs->{auction} eq 'oneround' && !$was_answer && $arg eq 'chico'
                    && $st->{high} == 1 && defined $st->{holder}) {
                    $st->{answer} = $st->{holder};
                }
                $st->{high} = $CRANK{$arg};    # (a hold keeps the same level)
                $st->{holder} = $seat;
            }
        }
        auction_next($st);
        return;
    }
    if ($ph eq 'discard') {
        illegal('deal.actions-by-phase', "a $kind while laying away") unless $kind eq 'discard';
        my $h = $st->{hands}{$st->{bidder}};
        my ($i) = grep { $h->[$_] eq $arg } 0 .. $#$h;
        illegal('widow.frog-take-and-discard', "$arg is not in the bidder's hand") unless defined $i;
        splice(@$h, $i, 1);
        push @{$st->{discards}}, $arg;
        if (@{$st->{discards}} == 3) {
            if ($H{'frog-names-trump'}) { $st->{phase} = 'trump' }    # house rule 33
            else { start_play($st) }
        }
        return;
    }
    if ($ph eq 'trump') {
        illegal('deal.actions-by-phase', "a $kind while naming trump") unless $kind eq 'trump';
        my $any = $rs->{chico_hearts} || $st->{contract} eq 'frog';
        illegal('trump.chico-not-hearts', 'hearts may not be named in a chico') if !$any && $arg eq 'H';
        $st->{trump} = $arg;
        start_play($st);
        return;
    }
    # play
    illegal('deal.actions-by-phase', "a $kind in the play") unless $kind eq 'play';
    my $seat = $st->{to_act};
    my $h = $st->{hands}{$seat};
    my $lp = legal_plays($h, $st->{trick}, $st->{trump}, $st->{broken});
    if (!grep { $_ eq $arg } @$lp) {
        illegal(play_error($h, $st->{trick}, $st->{trump}, $arg), "seat $seat may not play $arg");
    }
    @$h = grep { $_ ne $arg } @$h;
    push @{$st->{trick}}, $arg;
    $st->{broken} = 1 if defined $st->{trump} && suit_of($arg) eq $st->{trump};
    push @{$st->{trick_seats}}, $seat;
    if (@{$st->{trick}} == 3) {
        my $w = $st->{trick_seats}[trick_winner($st->{trick}, $st->{trump})];
        my $pts = 0;
        $pts += card_points($_) for @{$st->{trick}};
        $st->{won}{$w} += $pts;
        $st->{trick} = [];
        $st->{trick_seats} = [];
        $st->{ntricks}++;
        $st->{leader} = $w;
        if ($st->{ntricks} == 11) { finish($st); return }
        $st->{to_act} = $w;
        return;
    }
    my $act = $st->{active};
    my ($idx) = grep { $act->[$_] == $seat } 0 .. 2;
    $st->{to_act} = $act->[($idx + 1) % 3];
}

sub finish {
    my $st = shift;
    $st->{phase} = 'over';
    $st->{to_act} = undef;
    my $b = $st->{bidder};
    my $bp = $st->{won}{$b} // 0;
    my @wid = $st->{contract} eq 'frog' ? @{$st->{discards}} : @{$st->{widow}};
    my $wp = 0;
    $wp += card_points($_) for @wid;
    $bp += $wp;
    my $total = 0;
    $total += card_points($_) for @CANON;
    $st->{points} = {bidder => $bp, defenders => $total - $bp};
    $st->{payments} = settle_points($st, $bp, $total);
}

sub settle_points {
    my ($st, $bp, $total) = @_;
    # with a house rule changing the card points the pack may not hold 120: scale the
    # margin around half the pack
    my $eq = $bp;
    if ($total != 120) {
        my $half = $total / 2;
        my $d = $bp - $half;
        $eq = 60 + ($d > 0 ? int($d + 0.5) : -int(-$d + 0.5));
        $eq = 60 + $d if $d == int($d);
    }
    return settle($st->{rs}, $st->{opt}, $st->{n}, $st->{dealer}, $st->{bidder}, $st->{contract}, $eq);
}

sub observe {
    my $st = shift;
    my $ph = $st->{phase};
    my %o = (
        phase => $ph,
        to_act => defined $st->{to_act} ? 0 + $st->{to_act} : undef,
        legal => legal_actions($st),
        bidder => defined $st->{bidder} ? 0 + $st->{bidder} : undef,
        contract => $st->{contract},
        trump => ($ph eq 'auction' || $ph eq 'trump' || $st->{allpass}) ? undef : $st->{trump},
    );
    if (defined $st->{contract} && $st->{contract} eq 'frog') {
        $o{widow_shown} = $st->{rs}{widow_shown} ? JSON::PP::true : JSON::PP::false;
    }
    if ($ph eq 'over') {
        if ($st->{allpass}) {
            $o{payments} = [(0) x $st->{n}];
        } else {
            $o{points} = {bidder => 0 + $st->{points}{bidder}, defenders => 0 + $st->{points}{defenders}};
            $o{payments} = [map { 0 + $_ } @{$st->{payments}}];
        }
    }
    return \%o;
}

sub run_actions {
    my ($st, $acts) = @_;
    for my $i (0 .. $#$acts) {
        eval { apply_action($st, $acts->[$i]); 1 } or do {
            my $e = $@;
            die $e unless ref $e;
            $e->{at} = $i;
            die $e;
        };
    }
}

# ---------------------------------------------------------------- ops
sub get_ruleset {
    my $req = shift;
    invalid('missing ruleset') unless exists $req->{ruleset};
    my $id = $req->{ruleset};
    invalid('ruleset is not a string') unless is_str($id);
    unsupported("ruleset $id is not offered") unless $RULESETS{$id};
    return $RULESETS{$id};
}

sub op_hello {
    my $req = shift;
    invalid('missing spec') unless exists $req->{spec};
    invalid('spec is not a string') unless is_str($req->{spec});
    unsupported("spec $req->{spec} is not spoken") unless $req->{spec} eq '1';
    return {
        name => 'frog-perl', version => '1.0.0', rulesets => [@RULESET_IDS],
        ops => [qw(hello card_points trick_winner legal_plays deal settle game match first_dealer perft rules)],
        rule_ids => 'frogspec',
    };
}

sub op_card_points {
    my $req = shift;
    invalid('missing card') unless exists $req->{card};
    need_card($req->{card}, 'card');
    return card_points($req->{card});
}

sub op_trick_winner {
    my $req = shift;
    get_ruleset($req);
    my $trump = need_trump($req);
    my $cards = need_cards($req, 'cards', 1, 3);
    return trick_winner($cards, $trump);
}

sub op_legal_plays {
    my $req = shift;
    get_ruleset($req);
    my $trump = need_trump($req);
    my $hand = need_cards($req, 'hand', 1, 11);
    my $trick = need_cards($req, 'trick', 0, 2);
    my %h = map { $_ => 1 } @$hand;
    for (@$trick) { invalid("$_ both in hand and trick") if $h{$_} }
    return legal_plays($hand, $trick, $trump);
}

sub op_deal {
    my $req = shift;
    my $rs = get_ruleset($req);
    need_options($req, $rs);
    my $n = need_players($req, $rs);
    my $dealer = need_seat($req, 'dealer', $n);
    invalid('missing deck') unless exists $req->{deck};
    my $deck = need_deck($req->{deck}, 'deck');
    my ($act, $hands, $widow) = deal_cards($rs, $n, $dealer, $deck);
    return {
        active => [map { 0 + $_ } @$act], eldest => 0 + $act->[0],
        hands => [map { $hands->{$_} ? $hands->{$_} : undef } 0 .. $n - 1],
        widow => $widow,
    };
}

sub op_settle {
    my $req = shift;
    my $rs = get_ruleset($req);
    my $opt = need_options($req, $rs);
    my $n = need_players($req, $rs);
    my $dealer = need_seat($req, 'dealer', $n);
    my $bidder = need_seat($req, 'bidder', $n);
    my $act = active_seats($n, $dealer);
    invalid("bidder $bidder sits out") unless grep { $_ == $bidder } @$act;
    invalid('missing contract') unless exists $req->{contract};
    my $c = $req->{contract};
    invalid('contract is not a contract') unless is_str($c) && $CRANK{$c};
    my $bp = need_int($req, 'bidder_points');
    my $total = 0;
    $total += card_points($_) for @CANON;
    invalid('bidder_points out of range') if $bp < 0 || $bp > $total;
    illegal('auction.contracts-without-frog', "$c is not a contract of $rs->{id}")
        unless rs_has_contract($rs, $c);
    my $st = {rs => $rs, opt => $opt, n => $n, dealer => $dealer, bidder => $bidder, contract => $c};
    return [map { 0 + $_ } @{settle_points($st, $bp, $total)}];
}

sub read_game {
    my $req = shift;
    my $rs = get_ruleset($req);
    my $opt = need_options($req, $rs);
    my $n = need_players($req, $rs);
    my $dealer = need_seat($req, 'dealer', $n);
    invalid('missing deck') unless exists $req->{deck};
    my $deck = need_deck($req->{deck}, 'deck');
    invalid('missing actions') unless exists $req->{actions};
    my $acts = need_actions($req->{actions}, 'actions');
    return ($rs, $opt, $n, $dealer, $deck, $acts);
}

sub op_game {
    my $req = shift;
    my ($rs, $opt, $n, $dealer, $deck, $acts) = read_game($req);
    my $st = new_game($rs, $opt, $n, $dealer, $deck);
    run_actions($st, $acts);
    return observe($st);
}

my $PERFT_LIMIT = 100000;
sub op_perft {
    my $req = shift;
    my ($rs, $opt, $n, $dealer, $deck, $acts) = read_game($req);
    my $depth;
    if (exists $req->{depth} && defined $req->{depth}) {
        $depth = need_int($req, 'depth');
        invalid('depth is negative') if $depth < 0;
    } elsif (exists $req->{depth}) {
        invalid('depth is null');
    }
    my $st = new_game($rs, $opt, $n, $dealer, $deck);
    run_actions($st, $acts);
    my %by;
    my $total = 0;
    if ($st->{phase} ne 'over' && (!defined $depth || $depth > 0)) {
        my $visited = 0;
        my $rec;
        $rec = sub {
            my ($s, $d) = @_;
            return 1 if $s->{phase} eq 'over' || (defined $d && $d == 0);
            $visited++;
            invalid("perft would visit more than $PERFT_LIMIT positions") if $visited > $PERFT_LIMIT;
            my $t = 0;
            for my $a (@{legal_actions($s)}) {
                my $c = clone_state($s);
                apply_action($c, parse_action($a));
                $t += $rec->($c, defined $d ? $d - 1 : undef);
            }
            return $t;
        };
        for my $a (@{legal_actions($st)}) {
            my $c = clone_state($st);
            apply_action($c, parse_action($a));
            my $k = $rec->($c, defined $depth ? $depth - 1 : undef);
            $by{$a} = $k;
            $total += $k;
        }
        undef $rec;
    } else {
        $total = 1;
    }
    return {total => $total, by_first => \%by};
}

sub op_match {
    my $req = shift;
    my $rs = get_ruleset($req);
    my $opt = need_options($req, $rs);
    my $n = need_players($req, $rs);
    my $first = need_seat($req, 'first_dealer', $n);
    invalid('missing deals') unless exists $req->{deals};
    my $deals = $req->{deals};
    invalid('deals is not a list') unless ref($deals) eq 'ARRAY';
    my @parsed;
    for my $k (0 .. $#$deals) {
        my $d = $deals->[$k];
        invalid("deal $k is not an object") unless ref($d) eq 'HASH';
        invalid("deal $k has no deck") unless exists $d->{deck};
        invalid("deal $k has no actions") unless exists $d->{actions};
        push @parsed, [need_deck($d->{deck}, "deck of deal $k"), need_actions($d->{actions}, "actions of deal $k")];
    }
    my @bal = ($rs->{bank}) x $n;
    my @dealers;
    my ($over, $loser) = (0, undef);
    for my $k (0 .. $#parsed) {
        my $dealer = ($first + $k) % $n;
        if ($over) {
            illegal('match.first-unable-to-pay-loses', "deal $k comes after the game is over",
                at => 0, deal => $k);
        }
        push @dealers, $dealer;
        my $st = new_game($rs, $opt, $n, $dealer, $parsed[$k][0]);
        eval { run_actions($st, $parsed[$k][1]); 1 } or do {
            my $e = $@;
            die $e unless ref $e;
            $e->{deal} = $k if $e->{kind} eq 'illegal';
            die $e;
        };
        invalid("deal $k stops before its end") unless $st->{phase} eq 'over';
        next if $st->{allpass};
        my $pay = $st->{payments};
        if ($rs->{ends}) {
            my $b = $st->{bidder};
            for my $i (0 .. $n - 1) {
                my $s = ($b + $i) % $n;
                if ($pay->[$s] < 0 && -$pay->[$s] > $bal[$s]) {
                    $over = 1;
                    $loser = $s;
                    last;
                }
            }
        }
        $bal[$_] += $pay->[$_] for 0 .. $n - 1;
    }
    return {
        balances => [map { 0 + $_ } @bal], dealers => [map { 0 + $_ } @dealers],
        over => $over ? JSON::PP::true : JSON::PP::false,
        loser => defined $loser ? 0 + $loser : undef,
    };
}

sub op_first_dealer {
    my $req = shift;
    my $rs = get_ruleset($req);
    my $n = need_players($req, $rs);
    if ($rs->{first} eq 'any') {
        return need_seat($req, 'chosen', $n);
    }
    my $low = need_seat($req, 'lowest', $n);
    invalid('missing chooses_to_deal') unless exists $req->{chooses_to_deal};
    invalid('chooses_to_deal is not a boolean') unless is_bool($req->{chooses_to_deal});
    return $low if $req->{chooses_to_deal};
    return ($low + $n - 1) % $n;
}

sub op_rules {
    my $req = shift;
    my $rs = get_ruleset($req);
    return rules_of($rs->{id});
}

my %OPS = (
    hello => \&op_hello, card_points => \&op_card_points, trick_winner => \&op_trick_winner,
    legal_plays => \&op_legal_plays, deal => \&op_deal, settle => \&op_settle, game => \&op_game,
    match => \&op_match, first_dealer => \&op_first_dealer, perft => \&op_perft, rules => \&op_rules,
);

# ---------------------------------------------------------------- main loop
my $JSON = JSON::PP->new->utf8->canonical;
my $DEC = JSON::PP->new->utf8->max_depth(64);
my $KEYDEC = JSON::PP->new->utf8->allow_nonref;

# What JSON::PP lets through but the protocol's line bounds refuse: a key given twice in
# one object, a number longer than 40 characters or not finite. Returns the bound's name.
sub line_bound_error {
    my $s = shift;
    my @stack;
    pos($s) = 0;
    my $len = length $s;
    while (pos($s) < $len) {
        if ($s =~ /\G"((?:[^"\\]|\\.)*)"/gcs) {
            my $str = $1;
            if (@stack && ref $stack[-1] && $s =~ /\G[ \t\r\n]*:/gc) {
                my $k = eval { $KEYDEC->decode(qq("$str")) } // $str;
                return 'duplicate-key' if $stack[-1]{$k}++;
            }
        } elsif ($s =~ /\G\{/gc) { push @stack, {} }
        elsif ($s =~ /\G\[/gc) { push @stack, 0 }
        elsif ($s =~ /\G[\}\]]/gc) { pop @stack }
        elsif ($s =~ /\G(-?[0-9][0-9.eE+\-]*)/gc) {
            my $num = $1;
            return 'number' if length($num) > 40;
            my $v = 0 + $num;
            return 'non-finite' if $v != $v || $v == 9**9**9 || $v == -9**9**9;
        }
        elsif ($s =~ /\G[^"{}\[\]0-9\-]+/gc) { }
        else { pos($s) = pos($s) + 1 }
    }
    return undef;
}

sub respond {
    my ($id, $res, $err) = @_;
    my %r = (id => $id);
    if ($err) {
        my %e = (kind => $err->{kind}, rule => $err->{rule}, message => $err->{message} // '');
        $e{at} = 0 + $err->{at} if defined $err->{at};
        $e{deal} = 0 + $err->{deal} if defined $err->{deal};
        $r{error} = \%e;
    } else {
        $r{result} = $res;
    }
    print $JSON->encode(\%r), "\n";
}

while (defined(my $line = <STDIN>)) {
    $line =~ s/\n\z//;
    next if $line =~ /\A[ \t\r\n]*\z/;
    if (length($line) > 16777216) {
        respond(undef, undef, {kind => 'invalid', rule => undef, message => 'length: line too long'});
        next;
    }
    my $req = eval { $DEC->decode($line) };
    if (!defined $req) {
        my $e = $@ // '';
        my $why = $e =~ /nesting/ ? 'depth' : $e =~ /surrogate/ ? 'surrogate'
            : $e =~ /malformed UTF-8|utf8|UTF-8/i ? 'utf-8' : 'json';
        respond(undef, undef, {kind => 'invalid', rule => undef, message => "$why: not a JSON object"});
        next;
    }
    if (my $bound = line_bound_error($line)) {
        respond(undef, undef, {kind => 'invalid', rule => undef, message => "$bound: line out of bounds"});
        next;
    }
    if (ref($req) ne 'HASH') {
        respond(undef, undef, {kind => 'invalid', rule => undef, message => 'json: not a JSON object'});
        next;
    }
    my $id = $req->{id};
    if (!is_int($id)) {
        respond(undef, undef, {kind => 'invalid', rule => undef, message => 'id is not an integer'});
        next;
    }
    $id = 0 + $id;
    my $op = $req->{op};
    if (!is_str($op)) {
        respond($id, undef, {kind => 'invalid', rule => undef, message => 'op is not a string'});
        next;
    }
    my $f = $OPS{$op};
    if (!$f) {
        respond($id, undef, {kind => 'unsupported', rule => undef, message => "op $op is not offered"});
        next;
    }
    my $res = eval { $f->($req) };
    if (my $e = $@) {
        if (ref $e && ref $e eq 'FrogErr') {
            respond($id, undef, $e);
        } else {
            chomp $e;
            print STDERR "frog.pl: internal error: $e\n";
            respond($id, undef, {kind => 'invalid', rule => undef, message => "internal error: $e"});
        }
        next;
    }
    respond($id, $res);
}
