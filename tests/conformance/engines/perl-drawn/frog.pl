#!/usr/bin/env perl
# Frog engine speaking the frogspec conformance protocol v1 (JSON lines on stdin/stdout).
# Written from the rule texts and spec/README.md. Core Perl only.
use strict;
use warnings;
no warnings 'recursion';
use JSON::PP ();
use Scalar::Util qw(blessed);
use B ();

# ---------------------------------------------------------------- house rules
my @HOUSE_KNOWN = qw(dealer-plays-four chico-equals-frog discard-to-defenders trump-first-lead
                     jack-trump-high chico-black-only jacks-zero frog-rate-two low-card-deals);
my %HOUSE;
{
    my %known = map { $_ => 1 } @HOUSE_KNOWN;
    my @a = @ARGV;
    while (@a) {
        my $x = shift @a;
        if ($x eq '--house') {
            my $n = shift @a;
            if (!defined $n || !$known{$n}) {
                print STDERR "frog: unknown house rule '" . (defined $n ? $n : '') . "'; known: @HOUSE_KNOWN\n";
                exit 2;
            }
            $HOUSE{$n} = 1;
        } elsif ($x =~ /^--house=(.*)$/s) {
            my $n = $1;
            if (!$known{$n}) { print STDERR "frog: unknown house rule '$n'; known: @HOUSE_KNOWN\n"; exit 2; }
            $HOUSE{$n} = 1;
        } elsif ($x eq '--protocol') {
            # accepted and ignored (the README's example passes it)
        } else {
            print STDERR "frog: unknown argument '$x' (usage: frog [--house NAME]...)\n";
            exit 2;
        }
    }
}

# ---------------------------------------------------------------- cards
my @RANKS = qw(A 10 K Q J 9 8 7 6);
my @SUITS = qw(C D H S);
my %RANKIDX; @RANKIDX{@RANKS} = (0 .. 8);    # 0 highest
my %CARDOK;
my @PACK;
for my $s (@SUITS) { for my $r (@RANKS) { $CARDOK{"$r$s"} = 1; push @PACK, "$r$s"; } }
my %POINTS = (A => 11, 10 => 10, K => 4, Q => 3, J => 2, 9 => 0, 8 => 0, 7 => 0, 6 => 0);
$POINTS{J} = 0 if $HOUSE{'jacks-zero'};
my $TOTAL = 0; $TOTAL += $POINTS{ rank($_) } for @PACK;    # 120, or 112 with jacks-zero
my $TIE = $TOTAL / 2;

sub suit { substr($_[0], -1) }
sub rank { substr($_[0], 0, -1) }
sub cpoints { $POINTS{ rank($_[0]) } }

# strength within a suit for winning tricks: bigger is better
sub strength {
    my ($c, $trump) = @_;
    my $v = 9 - $RANKIDX{ rank($c) };
    if ($HOUSE{'jack-trump-high'} && defined $trump && suit($c) eq $trump && rank($c) eq 'J') { $v = 20; }
    return $v;
}

sub trick_winner_idx {
    my ($cards, $trump) = @_;
    my $best = 0;
    for my $i (1 .. $#$cards) {
        my ($b, $c) = ($cards->[$best], $cards->[$i]);
        my $bt = defined $trump && suit($b) eq $trump;
        my $ct = defined $trump && suit($c) eq $trump;
        if ($ct && !$bt) { $best = $i; next; }
        if ($ct == $bt && suit($c) eq suit($b) && strength($c, $trump) > strength($b, $trump)) { $best = $i; }
    }
    return $best;
}

# legal plays: returns (list of cards)
sub legal_cards {
    my ($hand, $trick, $trump, $first_lead) = @_;
    if (!@$trick) {
        if ($first_lead && $HOUSE{'trump-first-lead'} && defined $trump) {
            my @t = grep { suit($_) eq $trump } @$hand;
            return @t if @t;
        }
        return @$hand;
    }
    my $led = suit($trick->[0]);
    my @f = grep { suit($_) eq $led } @$hand;
    return @f if @f;
    if (defined $trump) {
        my @t = grep { suit($_) eq $trump } @$hand;
        return @t if @t;
    }
    return @$hand;
}

# which rule a play breaks ('' if legal)
sub play_breaks {
    my ($hand, $trick, $trump, $card, $first_lead) = @_;
    return 'play.card-from-hand' unless grep { $_ eq $card } @$hand;
    if (!@$trick) {
        if ($first_lead && $HOUSE{'trump-first-lead'} && defined $trump) {
            my @t = grep { suit($_) eq $trump } @$hand;
            return 'play.lead-any-card' if @t && suit($card) ne $trump;
        }
        return '';
    }
    my $led = suit($trick->[0]);
    my @f = grep { suit($_) eq $led } @$hand;
    if (@f) { return suit($card) eq $led ? '' : 'play.follow-suit'; }
    if (defined $trump) {
        my @t = grep { suit($_) eq $trump } @$hand;
        return 'play.must-trump' if @t && suit($card) ne $trump;
    }
    return '';
}

# ---------------------------------------------------------------- rulesets
my %RS;
sub mk { my %h = @_; return \%h }
$RS{'foster-1909'} = mk(minp => 3, maxp => 5, deal => 'p3344', auction => 'overbid', shown => 1,
    chico_hearts => 0, rates => { frog => 1, chico => 2, grand => 4 }, contracts => [qw(frog chico grand)],
    bank => 0, ends => 0, opts => {}, first => 'any');
$RS{'hoyle-1907'} = mk(%{ $RS{'foster-1909'} });
$RS{'modern'} = mk(%{ $RS{'foster-1909'} }, deal => 'p4334', auction => 'oneround', shown => 0);
$RS{'gamerules'} = mk(minp => 3, maxp => 3, deal => 'p4334', auction => 'onebid', shown => 0,
    chico_hearts => 1, rates => { frog => 1, chico => 2, grand => 3 }, contracts => [qw(frog chico grand)],
    bank => 150, ends => 0, opts => {}, first => 'any');
$RS{'official-1922-solo'} = mk(minp => 3, maxp => 7, deal => 'singly', auction => 'oneround', shown => 0,
    chico_hearts => 0, rates => { frog => 1, chico => 2, grand => 3 }, contracts => [qw(frog chico grand)],
    bank => 120, ends => 1, opts => { sitting_out => 1, penalty_frog => 1 }, first => 'low', x1922 => 1);
$RS{'official-1922-coeur-dalene'} = mk(%{ $RS{'official-1922-solo'} }, fixed => { frog => 25, chico => 50, grand => 75 });
$RS{'official-1922-straight'} = mk(%{ $RS{'official-1922-solo'} }, rates => { chico => 1, grand => 2 },
    contracts => [qw(chico grand)], opts => { sitting_out => 1 });
if ($HOUSE{'frog-rate-two'}) {
    for my $k (keys %RS) {
        next if $RS{$k}{fixed};
        my %r = %{ $RS{$k}{rates} };
        $r{frog} = 2 if exists $r{frog};
        $r{chico} = 3; $r{grand} = 4;
        $RS{$k}{rates} = \%r;
    }
}
my @RULESETS = ('foster-1909', 'hoyle-1907', 'modern', 'official-1922-solo', 'official-1922-straight',
                'official-1922-coeur-dalene', 'gamerules');
my @OPS = qw(hello card_points trick_winner legal_plays deal settle game match first_dealer perft);
my %OPOK = map { $_ => 1 } @OPS;
my %NEEDS_RS = map { $_ => 1 } qw(trick_winner legal_plays deal settle game match first_dealer perft);

my %CRANK = (frog => 1, chico => 2, grand => 3);
$CRANK{chico} = 1 if $HOUSE{'chico-equals-frog'};
sub outbids { my ($c, $high) = @_; return $CRANK{$c} > (defined $high ? $CRANK{$high} : 0); }

# ---------------------------------------------------------------- errors
package Err { sub new { my ($c, %a) = @_; bless {%a}, $c } }
sub invalid { die Err->new(kind => 'invalid', message => $_[0]) }
sub unsupported { die Err->new(kind => 'unsupported', message => $_[0]) }
sub illegal { my ($rule, $msg, %x) = @_; die Err->new(kind => 'illegal', rule => $rule, message => $msg, %x) }

# ---------------------------------------------------------------- validation helpers
sub is_int {
    my $v = shift;
    return 0 if !defined $v || ref $v;
    my $b = B::svref_2object(\$v);
    my $f = $b->FLAGS;
    return 0 unless $f & (B::SVf_IOK | B::SVf_NOK);
    return 0 if ($f & B::SVf_POK) && !($f & (B::SVp_IOK | B::SVp_NOK));
    return 0 unless $v == int($v);
    return 1;
}
sub is_str { my $v = shift; return 0 if !defined $v || ref $v; my $f = B::svref_2object(\$v)->FLAGS; return ($f & B::SVf_POK) && !($f & (B::SVf_IOK | B::SVf_NOK)) ? 1 : 0; }
sub is_bool { my $v = shift; return (blessed($v) && $v->isa('JSON::PP::Boolean')) ? 1 : 0 }

sub need { my ($r, $k) = @_; invalid("missing field $k") unless exists $r->{$k}; return $r->{$k} }
sub get_int { my ($r, $k) = @_; my $v = need($r, $k); invalid("$k is not an integer") unless is_int($v); return 0 + $v }
sub get_card { my ($v, $what) = @_; invalid("$what is not a card") unless is_str($v) && $CARDOK{$v}; return $v }
sub get_cards {
    my ($v, $what, $min, $max) = @_;
    invalid("$what is not a list") unless ref $v eq 'ARRAY';
    my %seen; my @c;
    for my $x (@$v) { get_card($x, $what); invalid("$what holds $x twice") if $seen{$x}++; push @c, $x; }
    invalid("$what has a wrong number of cards") if @c < $min || @c > $max;
    return \@c;
}
sub get_trump {
    my $r = shift;
    invalid('missing field trump') unless exists $r->{trump};
    my $t = $r->{trump};
    return undef unless defined $t;
    invalid('trump is not a suit') unless is_str($t) && $t =~ /^[CDHS]$/;
    return $t;
}
sub get_players {
    my ($r, $R) = @_;
    my $p = get_int($r, 'players');
    invalid("players $p not allowed") if $p < $R->{minp} || $p > $R->{maxp};
    return $p;
}
sub get_seat { my ($r, $k, $p) = @_; my $s = get_int($r, $k); invalid("$k out of range") if $s < 0 || $s >= $p; return $s }
sub get_options {
    my ($r, $R) = @_;
    my $o = need($r, 'options');
    invalid('options is not an object') unless ref $o eq 'HASH';
    my %res = (sitting_out => 'receive-only', penalty_frog => 0);
    for my $k (keys %$o) {
        invalid("unknown option $k") unless $R->{opts}{$k};
        my $v = $o->{$k};
        if ($k eq 'sitting_out') {
            invalid('bad sitting_out') unless is_str($v) && $v =~ /^(receive-only|pay-and-receive|pay-and-receive-solo-only)$/;
            $res{sitting_out} = $v;
        } elsif ($k eq 'penalty_frog') {
            invalid('bad penalty_frog') unless is_bool($v);
            $res{penalty_frog} = $v ? 1 : 0;
        }
    }
    return \%res;
}
sub get_deck { my ($r) = @_; my $d = need($r, 'deck'); return get_cards($d, 'deck', 36, 36) }
sub parse_actions {
    my ($v) = @_;
    invalid('actions is not a list') unless ref $v eq 'ARRAY';
    my @a;
    for my $x (@$v) {
        invalid('action is not a string') unless is_str($x);
        if ($x =~ /^(pass|frog|chico|grand)$/) { push @a, [$1]; }
        elsif ($x =~ /^(discard|play) ((?:A|10|K|Q|J|9|8|7|6)[CDHS])$/) { push @a, [$1, $2]; }
        elsif ($x =~ /^trump ([CDHS])$/) { push @a, ['trump', $1]; }
        else { invalid("not an action: $x"); }
    }
    return \@a;
}

# ---------------------------------------------------------------- the deal
sub active_seats {
    my ($R, $p, $d) = @_;
    return [map { ($d + $_) % $p } 1, 2, 3] if $p == 3;
    if ($p == 4) {
        return [($d + 1) % 4, ($d + 2) % 4, $d] if $HOUSE{'dealer-plays-four'};
        return [map { ($d + $_) % 4 } 1, 2, 3];
    }
    return [($d + 1) % $p, ($d + 2) % $p, ($d - 1 + $p) % $p];
}

sub deal_cards {
    my ($R, $p, $d, $deck) = @_;
    my $act = active_seats($R, $p, $d);
    my %h = map { $_ => [] } @$act;
    my @w;
    my @d = @$deck;
    my $pat = $R->{deal};
    if ($pat eq 'singly') {
        my $i = 0; my $k = 0;
        for my $c (@d) {
            $i++;
            if ($i == 1 || $i == 4 || $i == 8) { push @w, $c; next; }
            push @{ $h{ $act->[ $k++ % 3 ] } }, $c;
        }
    } else {
        my @packets = $pat eq 'p3344' ? (3, 'W', 4, 4) : (4, 'W', 3, 4);
        for my $pk (@packets) {
            if ($pk eq 'W') { push @w, splice(@d, 0, 3); next; }
            for my $s (@$act) { push @{ $h{$s} }, splice(@d, 0, $pk); }
        }
    }
    return ($act, \%h, \@w);
}

# ---------------------------------------------------------------- game state
sub new_game {
    my ($R, $opts, $p, $d, $deck) = @_;
    my ($act, $h, $w) = deal_cards($R, $p, $d, $deck);
    my $st = {
        R => $R, opts => $opts, p => $p, dealer => $d, active => $act, hands => $h, widow => $w,
        phase => 'auction', bidder => undef, contract => undef, trump => undef,
        high => undef, highby => undef, passed => {}, acted => {}, pos => 0, raise => undef,
        discards => [], trick => [], leader => $act->[0], won => { map { $_ => [] } @$act },
        ntricks => 0, to_act => $act->[0],
    };
    return $st;
}

sub clone_state {
    my $s = shift;
    my %n = %$s;
    $n{hands} = { map { $_ => [ @{ $s->{hands}{$_} } ] } keys %{ $s->{hands} } };
    $n{passed} = { %{ $s->{passed} } };
    $n{acted} = { %{ $s->{acted} } };
    $n{discards} = [ @{ $s->{discards} } ];
    $n{trick} = [ @{ $s->{trick} } ];
    $n{won} = { map { $_ => [ @{ $s->{won}{$_} } ] } keys %{ $s->{won} } };
    return \%n;
}

sub next_active { my ($st, $s) = @_; my $a = $st->{active}; for my $i (0 .. 2) { return $a->[ ($i + 1) % 3 ] if $a->[$i] == $s } die "no seat" }

sub can_outbid_any { my ($st) = @_; for my $c (@{ $st->{R}{contracts} }) { return 1 if outbids($c, $st->{high}) } return 0 }

# decide who acts next in the auction, or close it
sub auction_advance {
    my ($st) = @_;
    my $R = $st->{R};
    my $act = $st->{active};
    if (!can_outbid_any($st)) { return close_auction($st) }
    my $kind = $R->{auction};
    if ($kind eq 'overbid') {
        my @live = grep { !$st->{passed}{$_} } @$act;
        if (!@live) { return close_auction($st) }
        if (@live == 1 && defined $st->{highby} && $live[0] == $st->{highby}) { return close_auction($st) }
        # next seat after the last actor that has not passed and is not the high bidder
        my $s = $st->{last};
        for (1 .. 3) {
            $s = defined $s ? next_active($st, $s) : $act->[0];
            if (!$st->{passed}{$s} && !(defined $st->{highby} && $s == $st->{highby})) { $st->{to_act} = $s; return; }
        }
        return close_auction($st);
    }
    # one round (onebid / oneround): pending frog raise first
    if (defined $st->{raise}) { $st->{to_act} = $st->{raise}; return; }
    while ($st->{pos} < 3) {
        my $s = $act->[ $st->{pos} ];
        $st->{to_act} = $s; return;
    }
    return close_auction($st);
}

sub close_auction {
    my ($st) = @_;
    if (!defined $st->{highby}) {
        $st->{phase} = 'over'; $st->{to_act} = undef; $st->{allpass} = 1; return;
    }
    my $b = $st->{highby};
    $st->{bidder} = $b; $st->{contract} = $st->{high};
    if ($st->{high} eq 'frog') {
        $st->{trump} = 'H';
        push @{ $st->{hands}{$b} }, @{ $st->{widow} };
        $st->{phase} = 'discard'; $st->{to_act} = $b;
        $st->{widow_shown} = ($st->{R}{shown} ? 1 : 0);
    } elsif ($st->{high} eq 'chico') {
        $st->{phase} = 'trump'; $st->{to_act} = $b;
    } else {
        $st->{trump} = 'H';
        start_play($st);
    }
}

sub start_play { my $st = shift; $st->{phase} = 'play'; $st->{leader} = $st->{active}[0]; $st->{to_act} = $st->{leader}; }

sub chico_suits {
    my ($st) = @_;
    return qw(C S) if $HOUSE{'chico-black-only'};
    return $st->{R}{chico_hearts} ? qw(C D H S) : qw(C D S);
}
sub chico_rule { my $st = shift; return $st->{R}{chico_hearts} ? 'trump.chico-any-suit' : 'trump.chico-not-hearts' }

sub legal_actions {
    my ($st) = @_;
    my $ph = $st->{phase};
    return () if $ph eq 'over';
    if ($ph eq 'auction') {
        return ('pass', grep { outbids($_, $st->{high}) } @{ $st->{R}{contracts} });
    }
    if ($ph eq 'discard') { return map { "discard $_" } @{ $st->{hands}{ $st->{bidder} } } }
    if ($ph eq 'trump') { return map { "trump $_" } chico_suits($st) }
    my $s = $st->{to_act};
    return map { "play $_" } legal_cards($st->{hands}{$s}, $st->{trick}, $st->{trump}, $st->{ntricks} == 0);
}

sub apply_action {
    my ($st, $a) = @_;    # $a = [kind, arg]
    my ($k, $x) = @$a;
    my $ph = $st->{phase};
    my $phase_of = { pass => 'auction', frog => 'auction', chico => 'auction', grand => 'auction',
                     discard => 'discard', trump => 'trump', play => 'play' }->{$k};
    illegal('deal.actions-by-phase', "$k during $ph") if $ph ne $phase_of;
    my $s = $st->{to_act};
    if ($ph eq 'auction') {
        my $R = $st->{R};
        if ($k ne 'pass') {
            illegal('auction.contracts-without-frog', "$k is not a contract here") unless grep { $_ eq $k } @{ $R->{contracts} };
            illegal('auction.contract-order', "$k does not outbid") unless outbids($k, $st->{high});
        }
        $st->{last} = $s;
        my $israise = defined $st->{raise} && $st->{raise} == $s;
        if ($k eq 'pass') {
            $st->{passed}{$s} = 1;
        } else {
            if ($R->{auction} eq 'oneround' && !$israise && defined $st->{high} && $st->{high} eq 'frog' && $k eq 'chico') {
                $st->{raise_next} = $st->{highby};
            }
            $st->{high} = $k; $st->{highby} = $s;
        }
        if ($R->{auction} ne 'overbid') {
            if ($israise) { $st->{raise} = undef; }
            else { $st->{pos}++; }
            if (defined $st->{raise_next}) { $st->{raise} = delete $st->{raise_next}; }
        }
        auction_advance($st);
        return;
    }
    if ($ph eq 'discard') {
        my $h = $st->{hands}{$s};
        my ($i) = grep { $h->[$_] eq $x } 0 .. $#$h;
        illegal('widow.frog-take-and-discard', "$x not in hand") unless defined $i;
        splice(@$h, $i, 1);
        push @{ $st->{discards} }, $x;
        start_play($st) if @{ $st->{discards} } == 3;
        return;
    }
    if ($ph eq 'trump') {
        illegal(chico_rule($st), "may not name $x") unless grep { $_ eq $x } chico_suits($st);
        $st->{trump} = $x;
        start_play($st);
        return;
    }
    # play
    my $h = $st->{hands}{$s};
    my $why = play_breaks($h, $st->{trick}, $st->{trump}, $x, $st->{ntricks} == 0);
    illegal($why, "may not play $x") if $why;
    @$h = grep { $_ ne $x } @$h;
    push @{ $st->{trick} }, $x;
    if (@{ $st->{trick} } < 3) { $st->{to_act} = next_active($st, $s); return; }
    my $w = trick_winner_idx($st->{trick}, $st->{trump});
    my $ws = $st->{leader};
    $ws = next_active($st, $ws) for 1 .. $w;
    push @{ $st->{won}{$ws} }, @{ $st->{trick} };
    $st->{trick} = [];
    $st->{ntricks}++;
    if ($st->{ntricks} == 11) { finish($st); return; }
    $st->{leader} = $ws; $st->{to_act} = $ws;
}

sub finish {
    my ($st) = @_;
    $st->{phase} = 'over'; $st->{to_act} = undef;
    my $b = $st->{bidder};
    my $bp = 0;
    $bp += cpoints($_) for @{ $st->{won}{$b} };
    if ($st->{contract} eq 'frog') {
        unless ($HOUSE{'discard-to-defenders'}) { $bp += cpoints($_) for @{ $st->{discards} }; }
    } else {
        $bp += cpoints($_) for @{ $st->{widow} };
    }
    $st->{bp} = $bp;
    $st->{payments} = settle_pay($st->{R}, $st->{opts}, $st->{p}, $st->{dealer}, $b, $st->{contract}, $bp);
}

sub settle_pay {
    my ($R, $opts, $p, $d, $b, $c, $bp) = @_;
    my @pay = (0) x $p;
    my $diff = $bp - $TIE;
    return \@pay if $diff == 0;
    my $won = $diff > 0;
    my $amt;
    if ($R->{fixed}) {
        $amt = $R->{fixed}{$c};
        $amt = $R->{fixed}{grand} if !$won && $c eq 'frog' && $opts->{penalty_frog};
    } else {
        my $rate = $R->{rates}{$c};
        $rate = $R->{rates}{grand} if !$won && $c eq 'frog' && $opts->{penalty_frog};
        $amt = abs($diff) * $rate;
    }
    my $act = active_seats($R, $p, $d);
    my %isact = map { $_ => 1 } @$act;
    my $sys = $R->{x1922} ? $opts->{sitting_out} : 'receive-only';
    for my $s (0 .. $p - 1) {
        next if $s == $b;
        my $in;
        if (!$won) { $in = 1; }
        elsif ($isact{$s}) { $in = 1; }
        elsif ($sys eq 'pay-and-receive') { $in = 1; }
        elsif ($sys eq 'pay-and-receive-solo-only' && $c ne 'frog') { $in = 1; }
        next unless $in;
        if ($won) { $pay[$s] -= $amt; $pay[$b] += $amt; }
        else { $pay[$s] += $amt; $pay[$b] -= $amt; }
    }
    return \@pay;
}

sub observation {
    my ($st) = @_;
    my $o = {
        phase => $st->{phase},
        to_act => (defined $st->{to_act} ? 0 + $st->{to_act} : undef),
        legal => [ legal_actions($st) ],
        bidder => (defined $st->{bidder} ? 0 + $st->{bidder} : undef),
        contract => $st->{contract},
        trump => $st->{trump},
    };
    if (defined $st->{contract} && $st->{contract} eq 'frog') {
        $o->{widow_shown} = $st->{widow_shown} ? JSON::PP::true : JSON::PP::false;
    }
    if ($st->{phase} eq 'over') {
        if ($st->{allpass}) { $o->{payments} = [ (0) x $st->{p} ]; }
        else {
            $o->{payments} = [ map { 0 + $_ } @{ $st->{payments} } ];
            $o->{points} = { bidder => 0 + $st->{bp}, defenders => $TOTAL - $st->{bp} };
        }
    }
    return $o;
}

# parse the common game fields; returns state before actions and parsed actions
sub read_game {
    my ($r, $R) = @_;
    my $opts = get_options($r, $R);
    my $p = get_players($r, $R);
    my $d = get_seat($r, 'dealer', $p);
    my $deck = get_deck($r);
    my $acts = parse_actions(need($r, 'actions'));
    return (new_game($R, $opts, $p, $d, $deck), $acts);
}

sub run_actions {
    my ($st, $acts) = @_;
    for my $i (0 .. $#$acts) {
        my $ok = eval { apply_action($st, $acts->[$i]); 1 };
        if (!$ok) { my $e = $@; $e->{at} = $i if ref $e && $e->{kind} eq 'illegal'; die $e; }
    }
}

# ---------------------------------------------------------------- ops
sub op_hello {
    my $r = shift;
    my $v = need($r, 'spec');
    invalid('spec is not a string') unless is_str($v);
    unsupported("spec $v") unless $v eq '1';
    return { name => 'frog-perl', version => '1.0', rulesets => [@RULESETS], ops => [@OPS], rule_ids => 'frogspec' };
}
sub op_card_points { my $r = shift; my $c = get_card(need($r, 'card'), 'card'); return 0 + cpoints($c) }
sub op_trick_winner {
    my ($r, $R) = @_;
    my $t = get_trump($r);
    my $c = get_cards(need($r, 'cards'), 'cards', 1, 3);
    return 0 + trick_winner_idx($c, $t);
}
sub op_legal_plays {
    my ($r, $R) = @_;
    my $t = get_trump($r);
    my $h = get_cards(need($r, 'hand'), 'hand', 1, 11);
    my $tr = get_cards(need($r, 'trick'), 'trick', 0, 2);
    my %inh = map { $_ => 1 } @$h;
    for (@$tr) { invalid("$_ in hand and trick") if $inh{$_} }
    return [ legal_cards($h, $tr, $t, 0) ];
}
sub op_deal {
    my ($r, $R) = @_;
    get_options($r, $R);
    my $p = get_players($r, $R);
    my $d = get_seat($r, 'dealer', $p);
    my $deck = get_deck($r);
    my ($act, $h, $w) = deal_cards($R, $p, $d, $deck);
    return { active => [ map { 0 + $_ } @$act ], eldest => 0 + $act->[0],
             hands => [ map { $h->{$_} ? $h->{$_} : undef } 0 .. $p - 1 ], widow => $w };
}
sub op_settle {
    my ($r, $R) = @_;
    my $opts = get_options($r, $R);
    my $p = get_players($r, $R);
    my $d = get_seat($r, 'dealer', $p);
    my $b = get_seat($r, 'bidder', $p);
    my $act = active_seats($R, $p, $d);
    invalid('bidder sits out') unless grep { $_ == $b } @$act;
    my $c = need($r, 'contract');
    invalid('bad contract') unless is_str($c) && $c =~ /^(frog|chico|grand)$/;
    my $bp = get_int($r, 'bidder_points');
    invalid('bidder_points out of range') if $bp < 0 || $bp > $TOTAL;
    illegal('auction.contracts-without-frog', 'no such contract') unless grep { $_ eq $c } @{ $R->{contracts} };
    return [ map { 0 + $_ } @{ settle_pay($R, $opts, $p, $d, $b, $c, $bp) } ];
}
sub op_game {
    my ($r, $R) = @_;
    my ($st, $acts) = read_game($r, $R);
    run_actions($st, $acts);
    return observation($st);
}
sub op_first_dealer {
    my ($r, $R) = @_;
    my $p = get_players($r, $R);
    if ($R->{first} eq 'any') { return 0 + get_seat($r, 'chosen', $p); }
    my $low = get_seat($r, 'lowest', $p);
    my $ch = need($r, 'chooses_to_deal');
    invalid('chooses_to_deal is not a boolean') unless is_bool($ch);
    return 0 + $low if $ch || $HOUSE{'low-card-deals'};
    return 0 + (($low - 1 + $p) % $p);
}
sub op_perft {
    my ($r, $R) = @_;
    my ($st, $acts) = read_game($r, $R);
    my $depth;
    if (exists $r->{depth} && defined $r->{depth}) {
        invalid('depth is not an integer') unless is_int($r->{depth});
        $depth = 0 + $r->{depth};
        invalid('depth below 0') if $depth < 0;
    }
    run_actions($st, $acts);
    my $visited = 0;
    my $count;
    $count = sub {
        my ($s, $dl) = @_;
        return 1 if $s->{phase} eq 'over' || (defined $dl && $dl == 0);
        $visited++;
        die Err->new(kind => 'invalid', message => 'perft limit') if $visited > 100000;
        my $n = 0;
        for my $a (legal_actions($s)) {
            my $c = clone_state($s);
            apply_action($c, [ split / /, $a ]);
            $n += $count->($c, defined $dl ? $dl - 1 : undef);
        }
        return $n;
    };
    my %by; my $total = 0;
    if (!($st->{phase} eq 'over' || (defined $depth && $depth == 0))) {
        for my $a (legal_actions($st)) {
            my $c = clone_state($st);
            apply_action($c, [ split / /, $a ]);
            my $n = $count->($c, defined $depth ? $depth - 1 : undef);
            $by{$a} = $n; $total += $n;
        }
    } else { $total = 1; }
    undef $count;
    return { total => $total, by_first => \%by };
}
sub op_match {
    my ($r, $R) = @_;
    my $opts = get_options($r, $R);
    my $p = get_players($r, $R);
    my $fd = get_seat($r, 'first_dealer', $p);
    my $deals = need($r, 'deals');
    invalid('deals is not a list') unless ref $deals eq 'ARRAY';
    my @parsed;
    for my $dl (@$deals) {
        invalid('deal is not an object') unless ref $dl eq 'HASH';
        my $deck = get_deck($dl);
        my $acts = parse_actions(need($dl, 'actions'));
        push @parsed, [ $deck, $acts ];
    }
    my @bal = ($R->{bank}) x $p;
    my @dealers;
    my $over = 0; my $loser;
    for my $i (0 .. $#parsed) {
        my $d = ($fd + $i) % $p;
        if ($over) { illegal('match.first-unable-to-pay-loses', 'the game is over', at => 0, deal => $i); }
        push @dealers, $d;
        my $st = new_game($R, $opts, $p, $d, $parsed[$i][0]);
        my $ok = eval { run_actions($st, $parsed[$i][1]); 1 };
        if (!$ok) { my $e = $@; $e->{deal} = $i if ref $e && $e->{kind} eq 'illegal'; die $e; }
        invalid("deal $i is not finished") unless $st->{phase} eq 'over';
        next if $st->{allpass};
        my $pay = $st->{payments};
        if ($R->{ends}) {
            my $s = $st->{bidder};
            for (1 .. $p) {
                if ($pay->[$s] < 0 && -$pay->[$s] > $bal[$s]) { $loser = $s; $over = 1; last; }
                $s = ($s + 1) % $p;
            }
        }
        $bal[$_] += $pay->[$_] for 0 .. $p - 1;
    }
    return { balances => [ map { 0 + $_ } @bal ], dealers => [ map { 0 + $_ } @dealers ],
             over => ($over ? JSON::PP::true : JSON::PP::false), loser => (defined $loser ? 0 + $loser : undef) };
}

my %DISPATCH = (hello => \&op_hello, card_points => \&op_card_points, trick_winner => \&op_trick_winner,
    legal_plays => \&op_legal_plays, deal => \&op_deal, settle => \&op_settle, game => \&op_game,
    match => \&op_match, first_dealer => \&op_first_dealer, perft => \&op_perft);

# ---------------------------------------------------------------- main loop
my $JSON = JSON::PP->new->utf8->canonical;
my $IN = JSON::PP->new->utf8->max_depth(64);
$| = 1;
binmode STDIN; binmode STDOUT;

sub error_resp {
    my ($id, $e) = @_;
    my $err = { kind => $e->{kind}, rule => ($e->{kind} eq 'illegal' ? $e->{rule} : undef), message => ($e->{message} // '') };
    $err->{at} = 0 + $e->{at} if defined $e->{at};
    $err->{deal} = 0 + $e->{deal} if defined $e->{deal};
    return { id => $id, error => $err };
}

sub has_dup_keys {
    # crude scan for a key given twice in one object, a number over 40 characters or not finite
    my ($line) = @_;
    return 0 unless $line =~ /"/;
    my @stack; my $i = 0; my $n = length $line;
    my $expect_key = 0;
    while ($i < $n) {
        my $ch = substr($line, $i, 1);
        if ($ch eq '"') {
            my $j = $i + 1;
            while ($j < $n) { my $c = substr($line, $j, 1); if ($c eq '\\') { $j += 2; next } last if $c eq '"'; $j++; }
            my $str = substr($line, $i + 1, $j - $i - 1);
            if (@stack && ref $stack[-1] && $expect_key) {
                return 1 if $stack[-1]{$str}++;
                $expect_key = 0;
            }
            $i = $j + 1; next;
        }
        if ($ch eq '{') { push @stack, {}; $expect_key = 1; }
        elsif ($ch eq '[') { push @stack, 0; }
        elsif ($ch eq '}' || $ch eq ']') { pop @stack; }
        elsif ($ch eq ',') { $expect_key = (@stack && ref $stack[-1]) ? 1 : 0; }
        elsif ($ch =~ /[-0-9]/) {
            my ($tok) = substr($line, $i) =~ /^(-?[0-9][0-9.eE+-]*)/;
            $tok = $ch unless defined $tok;
            return 1 if length($tok) > 40;
            my $v = 0 + $tok;
            return 1 if $v != $v || $v == 9**9**9 || $v == -9**9**9;
            $i += length $tok; next;
        }
        $i++;
    }
    return 0;
}

sub handle {
    my ($line) = @_;
    my $r = eval { $IN->decode($line) };
    if (!defined $r || ref $r ne 'HASH' || has_dup_keys($line)) {
        return error_resp(undef, { kind => 'invalid', message => 'json: not a JSON object' });
    }
    my $id = $r->{id};
    if (!is_int($id)) { return error_resp(undef, { kind => 'invalid', message => 'id is not an integer' }); }
    $id = 0 + $id;
    my $res = eval {
        my $op = $r->{op};
        invalid('op is not a string') unless is_str($op);
        unsupported("op $op") unless $OPOK{$op};
        my $R;
        if ($NEEDS_RS{$op}) {
            my $rs = $r->{ruleset};
            invalid('ruleset missing or not a string') unless is_str($rs);
            unsupported("ruleset $rs") unless $RS{$rs};
            $R = $RS{$rs};
        }
        { id => $id, result => $DISPATCH{$op}->($r, $R) };
    };
    if (!$res) {
        my $e = $@;
        if (!ref $e) { print STDERR "internal error: $e"; $e = { kind => 'invalid', message => "internal: $e" }; }
        return error_resp($id, $e);
    }
    return $res;
}

while (defined(my $line = <STDIN>)) {
    $line =~ s/\n\z//;
    next if $line =~ /^[ \t\r]*$/;
    my $resp = handle($line);
    print $JSON->encode($resp), "\n";
}
