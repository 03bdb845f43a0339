#!/usr/bin/env perl
# Frog engine speaking the frogspec conformance protocol v1 (JSON lines on stdin/stdout),
# with optional house rules (--house NAME, repeatable). Core Perl modules only.
use strict;
use warnings;
use JSON::PP ();
use B ();

# ---------------------------------------------------------------- house rules
my %KNOWN_HOUSE = map { $_ => 1 } qw(
  deal-dealer-plays-at-four
  auction-stuck-last-hand
  widow-grand-takes-widow
  play-must-overtrump
  rank-ace-low
  trump-grand-no-trumps
  count-widow-to-defenders
  settle-tie-loses
  match-ends-at-minus-100
);
my %H;

sub usage_exit {
  my ($msg) = @_;
  print STDERR "$msg\n" if $msg;
  print STDERR "usage: frog.pl [--house NAME]... (known: " . join(', ', sort keys %KNOWN_HOUSE) . ")\n";
  exit 2;
}

{
  my @a = @ARGV;
  while (@a) {
    my $x = shift @a;
    if ($x eq '--house') {
      usage_exit("--house needs a name") unless @a;
      my $n = shift @a;
      usage_exit("unknown house rule: $n") unless $KNOWN_HOUSE{$n};
      $H{$n} = 1;
    } elsif ($x =~ /^--house=(.*)$/) {
      usage_exit("unknown house rule: $1") unless $KNOWN_HOUSE{$1};
      $H{$1} = 1;
    } elsif ($x eq '--protocol') {
      # accepted and ignored
    } elsif ($x eq '-h' || $x eq '--help') {
      usage_exit();
    } else {
      usage_exit("unknown argument: $x");
    }
  }
}

# ---------------------------------------------------------------- cards
my @SUITS = qw(C D H S);
my @RANKS = ('A', '10', 'K', 'Q', 'J', '9', '8', '7', '6');
my %POINTS = (A => 11, '10' => 10, K => 4, Q => 3, J => 2, '9' => 0, '8' => 0, '7' => 0, '6' => 0);
my %STRENGTH = (A => 8, '10' => 7, K => 6, Q => 5, J => 4, '9' => 3, '8' => 2, '7' => 1, '6' => 0);
$STRENGTH{A} = -1 if $H{'rank-ace-low'};    # house rule: the Ace ranks lowest
my %IS_CARD;
my @CANON;
for my $s (@SUITS) { for my $r (@RANKS) { $IS_CARD{"$r$s"} = 1; push @CANON, "$r$s"; } }
my %IS_SUIT = map { $_ => 1 } @SUITS;

sub suit_of { substr($_[0], -1) }
sub rank_of { substr($_[0], 0, length($_[0]) - 1) }
sub pts     { $POINTS{ rank_of($_[0]) } }
sub str     { $STRENGTH{ rank_of($_[0]) } }

my %CVAL = (frog => 1, chico => 2, grand => 3);

# ---------------------------------------------------------------- rulesets
my %RS = (
  'foster-1909' => {
    pmin => 3, pmax => 5, seating => 'foster', deal => '3344', auction => 'overbid',
    contracts => [qw(frog chico grand)], chico_hearts => 0, shown => 1,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, end => 'none', options => {},
    first => 'any',
  },
  'hoyle-1907' => {
    pmin => 3, pmax => 5, seating => 'foster', deal => '3344', auction => 'overbid',
    contracts => [qw(frog chico grand)], chico_hearts => 0, shown => 1,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, end => 'none', options => {},
    first => 'any',
  },
  'modern' => {
    pmin => 3, pmax => 5, seating => 'foster', deal => '4334', auction => 'oneround',
    contracts => [qw(frog chico grand)], chico_hearts => 0, shown => 0,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, end => 'none', options => {},
    first => 'any',
  },
  'gamerules' => {
    pmin => 3, pmax => 3, seating => 'foster', deal => '4334', auction => 'onebid',
    contracts => [qw(frog chico grand)], chico_hearts => 1, shown => 0,
    rates => { frog => 1, chico => 2, grand => 3 }, bank => 150, end => 'none', options => {},
    first => 'any',
  },
  'official-1922-solo' => {
    pmin => 3, pmax => 7, seating => 'upto7', deal => 'singly', auction => 'oneround',
    contracts => [qw(frog chico grand)], chico_hearts => 0, shown => 0,
    rates => { frog => 1, chico => 2, grand => 3 }, bank => 120, end => 'unable',
    options => { sitting_out => 1, penalty_frog => 1 }, first => 'lowcard',
  },
  'official-1922-straight' => {
    pmin => 3, pmax => 7, seating => 'upto7', deal => 'singly', auction => 'oneround',
    contracts => [qw(chico grand)], chico_hearts => 0, shown => 0,
    rates => { chico => 1, grand => 2 }, bank => 120, end => 'unable',
    options => { sitting_out => 1 }, first => 'lowcard',
  },
  'official-1922-coeur-dalene' => {
    pmin => 3, pmax => 7, seating => 'upto7', deal => 'singly', auction => 'oneround',
    contracts => [qw(frog chico grand)], chico_hearts => 0, shown => 0,
    fixed => { frog => 25, chico => 50, grand => 75 }, bank => 120, end => 'unable',
    options => { sitting_out => 1, penalty_frog => 1 }, first => 'lowcard',
  },
);
$RS{$_}{id} = $_ for keys %RS;
my @RULESET_IDS = ('foster-1909', 'hoyle-1907', 'modern', 'official-1922-solo',
                   'official-1922-straight', 'official-1922-coeur-dalene', 'gamerules');
my @OPS = qw(hello card_points trick_winner legal_plays deal settle game match first_dealer perft);
my %OPSET = map { $_ => 1 } @OPS;
my %RULESET_OPS = map { $_ => 1 } qw(trick_winner legal_plays deal settle game match first_dealer perft);

# ---------------------------------------------------------------- errors
package Err { sub new { my ($c, %a) = @_; bless {%a}, $c } }
sub invalid { die Err->new(kind => 'invalid', message => $_[0]) }
sub unsupported { die Err->new(kind => 'unsupported', message => $_[0]) }
sub illegal { my ($rule, $msg, %x) = @_; die Err->new(kind => 'illegal', rule => $rule, message => $msg, %x) }

# ---------------------------------------------------------------- type checks
sub is_int {
  my ($v) = @_;
  return 0 if !defined $v || ref $v;
  my $f = B::svref_2object(\$v)->FLAGS;
  return 0 if $f & B::SVf_POK;
  return 1 if $f & B::SVf_IOK;
  return 0;
}
sub is_str {
  my ($v) = @_;
  return 0 if !defined $v || ref $v;
  my $f = B::svref_2object(\$v)->FLAGS;
  return (($f & B::SVf_POK) && !($f & (B::SVf_IOK | B::SVf_NOK))) ? 1 : 0;
}
sub is_bool { my ($v) = @_; return ref($v) && JSON::PP::is_bool($v) }

sub need_int {
  my ($req, $k, $lo, $hi) = @_;
  invalid("missing field $k") unless exists $req->{$k};
  my $v = $req->{$k};
  invalid("$k is not an integer") unless is_int($v);
  invalid("$k out of range") if defined $lo && $v < $lo;
  invalid("$k out of range") if defined $hi && $v > $hi;
  return $v + 0;
}
sub need_card {
  my ($v, $what) = @_;
  invalid("$what is not a card") unless is_str($v) && $IS_CARD{$v};
  return $v;
}
sub need_cards {
  my ($req, $k, $min, $max) = @_;
  invalid("missing field $k") unless exists $req->{$k};
  my $v = $req->{$k};
  invalid("$k is not a list") unless ref($v) eq 'ARRAY';
  invalid("$k has a wrong number of cards") if @$v < $min || @$v > $max;
  my %seen;
  for my $c (@$v) {
    need_card($c, "an element of $k");
    invalid("card $c twice") if $seen{$c}++;
  }
  return [@$v];
}
sub need_trump {
  my ($req) = @_;
  invalid("missing field trump") unless exists $req->{trump};
  my $t = $req->{trump};
  return undef unless defined $t;
  invalid("trump is not a suit") unless is_str($t) && $IS_SUIT{$t};
  return $t;
}
sub need_deck {
  my ($d) = @_;
  invalid("deck is not a list") unless ref($d) eq 'ARRAY';
  invalid("deck is not 36 cards") unless @$d == 36;
  my %seen;
  for my $c (@$d) {
    need_card($c, "a deck element");
    invalid("card $c twice in deck") if $seen{$c}++;
  }
  return [@$d];
}
sub need_options {
  my ($rs, $req) = @_;
  invalid("missing options") unless exists $req->{options};
  my $o = $req->{options};
  invalid("options is not an object") unless ref($o) eq 'HASH';
  my %opt = (sitting_out => 'receive-only', penalty_frog => 0);
  for my $k (keys %$o) {
    invalid("option $k not offered by $rs->{id}") unless $rs->{options}{$k};
    my $v = $o->{$k};
    if ($k eq 'sitting_out') {
      invalid("bad sitting_out")
        unless is_str($v) && $v =~ /^(receive-only|pay-and-receive|pay-and-receive-solo-only)$/;
      $opt{sitting_out} = $v;
    } elsif ($k eq 'penalty_frog') {
      invalid("penalty_frog is not a boolean") unless is_bool($v);
      $opt{penalty_frog} = $v ? 1 : 0;
    }
  }
  return \%opt;
}
sub need_players {
  my ($rs, $req) = @_;
  my $n = need_int($req, 'players');
  invalid("players out of range for $rs->{id}") if $n < $rs->{pmin} || $n > $rs->{pmax};
  return $n;
}
sub parse_action {
  my ($a) = @_;
  invalid("action is not a string") unless is_str($a);
  return ['bid', $a] if $a eq 'pass' || $a eq 'frog' || $a eq 'chico' || $a eq 'grand';
  if ($a =~ /^discard (\S+)$/) { invalid("unknown card in $a") unless $IS_CARD{$1}; return ['discard', $1]; }
  if ($a =~ /^trump (\S+)$/)   { invalid("unknown suit in $a") unless $IS_SUIT{$1}; return ['trump', $1]; }
  if ($a =~ /^play (\S+)$/)    { invalid("unknown card in $a") unless $IS_CARD{$1}; return ['play', $1]; }
  invalid("not an action: $a");
}
sub need_actions {
  my ($v) = @_;
  invalid("actions is not a list") unless ref($v) eq 'ARRAY';
  return [map { parse_action($_); $_ } @$v];
}

# ---------------------------------------------------------------- seats and deal
sub active_seats {
  my ($rs, $n, $d) = @_;
  return [($d + 1) % $n, ($d + 2) % $n, $d] if $n == 3;
  if ($n == 4) {
    # house rule: the dealer plays at four and the seat opposite him sits out
    return [($d + 1) % 4, ($d + 3) % 4, $d] if $H{'deal-dealer-plays-at-four'};
    return [($d + 1) % 4, ($d + 2) % 4, ($d + 3) % 4];
  }
  return [($d + 1) % $n, ($d + 2) % $n, ($d + $n - 1) % $n];
}

sub deal_cards {
  my ($rs, $n, $d, $deck) = @_;
  my $act = active_seats($rs, $n, $d);
  my @hands = map { undef } 1 .. $n;
  $hands[$_] = [] for @$act;
  my @widow;
  my $i = 0;
  if ($rs->{deal} eq 'singly') {
    my $p = 0;
    for my $k (0 .. 35) {
      if ($k == 0 || $k == 3 || $k == 7) { push @widow, $deck->[$k]; }
      else { push @{ $hands[ $act->[ $p % 3 ] ] }, $deck->[$k]; $p++; }
    }
  } else {
    my @pat = $rs->{deal} eq '3344' ? (3, 'W', 4, 4) : (4, 'W', 3, 4);
    for my $pk (@pat) {
      if ($pk eq 'W') { push @widow, @$deck[ $i .. $i + 2 ]; $i += 3; next; }
      for my $s (@$act) { push @{ $hands[$s] }, @$deck[ $i .. $i + $pk - 1 ]; $i += $pk; }
    }
  }
  return ($act, \@hands, \@widow);
}

# ---------------------------------------------------------------- trick rules
sub trick_winner_idx {
  my ($cards, $trump) = @_;
  my $best = 0;
  for my $i (1 .. $#$cards) {
    my ($c, $b) = ($cards->[$i], $cards->[$best]);
    my ($cs, $bs) = (suit_of($c), suit_of($b));
    if (defined $trump && $cs eq $trump && $bs ne $trump) { $best = $i; }
    elsif ($cs eq $bs && str($c) > str($b)) { $best = $i; }
  }
  return $best;
}

# returns list of legal cards
sub legal_cards {
  my ($hand, $trick, $trump) = @_;
  return @$hand unless @$trick;
  my $led = suit_of($trick->[0]);
  my @f = grep { suit_of($_) eq $led } @$hand;
  return @f if @f;
  if (defined $trump) {
    my @t = grep { suit_of($_) eq $trump } @$hand;
    if (@t) {
      if ($H{'play-must-overtrump'}) {
        my @tt = grep { suit_of($_) eq $trump } @$trick;
        if (@tt) {
          my $hi = -99;
          for (@tt) { $hi = str($_) if str($_) > $hi }
          my @over = grep { str($_) > $hi } @t;
          return @over if @over;
        }
      }
      return @t;
    }
  }
  return @$hand;
}

# rule broken by playing $c (undef if legal)
sub play_error {
  my ($hand, $trick, $trump, $c) = @_;
  return 'play.card-from-hand' unless grep { $_ eq $c } @$hand;
  my %ok = map { $_ => 1 } legal_cards($hand, $trick, $trump);
  return undef if $ok{$c};
  my $led = suit_of($trick->[0]);
  return 'play.follow-suit' if grep { suit_of($_) eq $led } @$hand;
  return 'play.must-trump' if suit_of($c) ne $trump;
  return 'play.no-duty-to-overtrump';
}

# ---------------------------------------------------------------- settlement
sub settle_payments {
  my ($rs, $opt, $n, $dealer, $bidder, $contract, $bp) = @_;
  my @pay = (0) x $n;
  my $act = active_seats($rs, $n, $dealer);
  my ($won, $margin);
  if ($bp > 60) { ($won, $margin) = (1, $bp - 60); }
  elsif ($bp < 60) { ($won, $margin) = (0, 60 - $bp); }
  elsif ($H{'settle-tie-loses'}) { ($won, $margin) = (0, 1); }    # house rule: 60 loses by one
  else { return \@pay; }
  my $eff = $contract;
  $eff = 'grand' if !$won && $contract eq 'frog' && $opt->{penalty_frog};
  my $amount = $rs->{fixed} ? $rs->{fixed}{$eff} : $rs->{rates}{$eff} * $margin;
  my %active = map { $_ => 1 } @$act;
  my @others = grep { $_ != $bidder } map { ($bidder + $_) % $n } 1 .. $n - 1;
  my @settlers;
  if ($won) {
    my $sys = $opt->{sitting_out};
    for my $s (@others) {
      if ($active{$s}) { push @settlers, $s; next; }
      push @settlers, $s if $sys eq 'pay-and-receive'
        || ($sys eq 'pay-and-receive-solo-only' && $contract ne 'frog');
    }
  } else {
    @settlers = @others;
  }
  for my $s (@settlers) {
    if ($won) { $pay[$s] -= $amount; $pay[$bidder] += $amount; }
    else      { $pay[$s] += $amount; $pay[$bidder] -= $amount; }
  }
  return \@pay;
}

# ---------------------------------------------------------------- the deal as a state machine
sub new_game {
  my ($rs, $opt, $n, $dealer, $deck) = @_;
  my ($act, $hands, $widow) = deal_cards($rs, $n, $dealer, $deck);
  return {
    rs => $rs, opt => $opt, n => $n, dealer => $dealer, active => $act,
    hands => $hands, widow => $widow, phase => 'auction',
    bidder => undef, contract => undef, trump => undef,
    # auction
    passed => {}, high => 0, hb => undef, pos => 0, pending => undef, turn => 0,
    # discard
    laid => [],
    # play
    trick => [], trick_seats => [], leader => undef, to_play => undef,
    won_pts => {}, won_tricks => {}, ntricks => 0, last_winner => undef,
  };
}

sub clone_game {
  my ($g) = @_;
  my %c = %$g;
  $c{hands} = [map { defined $_ ? [@$_] : undef } @{ $g->{hands} }];
  $c{passed} = { %{ $g->{passed} } };
  $c{laid} = [@{ $g->{laid} }];
  $c{trick} = [@{ $g->{trick} }];
  $c{trick_seats} = [@{ $g->{trick_seats} }];
  $c{won_pts} = { %{ $g->{won_pts} } };
  $c{won_tricks} = { %{ $g->{won_tricks} } };
  return \%c;
}

sub contract_ok { my ($rs, $c) = @_; return scalar grep { $_ eq $c } @{ $rs->{contracts} } }

# who must speak in the auction (seat), or undef when finished
sub auction_to_act {
  my ($g) = @_;
  my $act = $g->{active};
  if ($g->{rs}{auction} eq 'overbid') {
    return $act->[ $g->{turn} ];
  }
  return $g->{pending} if defined $g->{pending};
  return $act->[ $g->{pos} ];
}

sub stuck_last {
  my ($g) = @_;
  return 0 unless $H{'auction-stuck-last-hand'};
  return 0 if $g->{high};
  my $np = scalar keys %{ $g->{passed} };
  return $np == 2;
}

sub auction_legal {
  my ($g) = @_;
  my $rs = $g->{rs};
  my @l;
  push @l, 'pass' unless stuck_last($g);
  if (defined $g->{pending}) {
    push @l, 'grand' if contract_ok($rs, 'grand');
    return @l;
  }
  for my $c (@{ $rs->{contracts} }) { push @l, $c if $CVAL{$c} > $g->{high} }
  return @l;
}

sub finish_auction {
  my ($g) = @_;
  if (!$g->{high}) {
    $g->{phase} = 'over';
    $g->{allpass} = 1;
    return;
  }
  my $c = (grep { $CVAL{$_} == $g->{high} } keys %CVAL)[0];
  $g->{bidder} = $g->{hb};
  $g->{contract} = $c;
  if ($c eq 'frog' || ($c eq 'grand' && $H{'widow-grand-takes-widow'})) {
    $g->{phase} = 'discard';
    push @{ $g->{hands}[ $g->{bidder} ] }, @{ $g->{widow} };
    $g->{trump} = contract_trump($c);
  } elsif ($c eq 'chico') {
    $g->{phase} = 'trump';
  } else {
    $g->{trump} = contract_trump($c);
    start_play($g);
  }
}

sub contract_trump {
  my ($c) = @_;
  return undef if $c eq 'grand' && $H{'trump-grand-no-trumps'};
  return 'H';
}

sub start_play {
  my ($g) = @_;
  $g->{phase} = 'play';
  $g->{leader} = $g->{active}[0];
  $g->{to_play} = $g->{leader};
}

sub next_active {
  my ($g, $s) = @_;
  my $act = $g->{active};
  for my $i (0 .. 2) { return $act->[ ($i + 1) % 3 ] if $act->[$i] == $s }
  die "seat not active";
}

sub auction_apply {
  my ($g, $a) = @_;
  my $rs = $g->{rs};
  my $seat = auction_to_act($g);
  if ($a eq 'pass') {
    illegal('auction.all-pass', 'the last hand may not pass when everyone else has') if stuck_last($g);
  } else {
    illegal('auction.contracts-without-frog', "$a is not a contract of $rs->{id}") unless contract_ok($rs, $a);
    illegal('auction.contract-order', "$a does not outbid the standing bid") if $CVAL{$a} <= $g->{high};
  }
  my $type = $rs->{auction};
  if ($type eq 'overbid') {
    if ($a eq 'pass') { $g->{passed}{$seat} = 1; }
    else { $g->{high} = $CVAL{$a}; $g->{hb} = $seat; }
    return finish_auction($g) if $g->{high} == 3;
    my @left = grep { !$g->{passed}{$_} } @{ $g->{active} };
    return finish_auction($g) if !@left;
    return finish_auction($g) if $g->{high} && @left == 1 && $left[0] == $g->{hb};
    my $t = $g->{turn};
    for (1 .. 3) { $t = ($t + 1) % 3; last unless $g->{passed}{ $g->{active}[$t] }; }
    $g->{turn} = $t;
    return;
  }
  # one round (modern, 1922) or one bid each (gamerules)
  if (defined $g->{pending}) {
    if ($a ne 'pass') { $g->{high} = $CVAL{$a}; $g->{hb} = $seat; }
    else { $g->{passed}{$seat} = 1; }
    $g->{pending} = undef;
  } else {
    if ($a eq 'pass') { $g->{passed}{$seat} = 1; }
    else {
      if ($type eq 'oneround' && $a eq 'chico' && $g->{high} == 1) { $g->{pending} = $g->{hb}; }
      $g->{high} = $CVAL{$a}; $g->{hb} = $seat;
    }
    $g->{pos}++;
  }
  return finish_auction($g) if $g->{high} == 3;
  return finish_auction($g) if !defined $g->{pending} && $g->{pos} >= 3;
  return;
}

sub game_legal {
  my ($g) = @_;
  my $ph = $g->{phase};
  return () if $ph eq 'over';
  return auction_legal($g) if $ph eq 'auction';
  if ($ph eq 'discard') { return map { "discard $_" } @{ $g->{hands}[ $g->{bidder} ] }; }
  if ($ph eq 'trump') {
    return map { "trump $_" } grep { $g->{rs}{chico_hearts} || $_ ne 'H' } @SUITS;
  }
  my $s = $g->{to_play};
  return map { "play $_" } legal_cards($g->{hands}[$s], $g->{trick}, $g->{trump});
}

sub game_to_act {
  my ($g) = @_;
  my $ph = $g->{phase};
  return undef if $ph eq 'over';
  return auction_to_act($g) if $ph eq 'auction';
  return $g->{bidder} if $ph eq 'discard' || $ph eq 'trump';
  return $g->{to_play};
}

sub game_apply {
  my ($g, $action) = @_;
  my ($kind, $arg) = @{ parse_action($action) };
  my $ph = $g->{phase};
  my %phase_kind = (auction => 'bid', discard => 'discard', trump => 'trump', play => 'play');
  illegal('deal.actions-by-phase', "$action is not an action of the $ph phase")
    if $ph eq 'over' || $phase_kind{$ph} ne $kind;
  if ($ph eq 'auction') { return auction_apply($g, $arg); }
  if ($ph eq 'discard') {
    my $h = $g->{hands}[ $g->{bidder} ];
    my ($i) = grep { $h->[$_] eq $arg } 0 .. $#$h;
    illegal('widow.frog-take-and-discard', "$arg is not in the bidder's hand") unless defined $i;
    splice @$h, $i, 1;
    push @{ $g->{laid} }, $arg;
    start_play($g) if @{ $g->{laid} } == 3;
    return;
  }
  if ($ph eq 'trump') {
    illegal('trump.chico-not-hearts', 'the Chico bidder may not name hearts')
      if $arg eq 'H' && !$g->{rs}{chico_hearts};
    $g->{trump} = $arg;
    start_play($g);
    return;
  }
  # play
  my $s = $g->{to_play};
  my $h = $g->{hands}[$s];
  my $err = play_error($h, $g->{trick}, $g->{trump}, $arg);
  illegal($err, "$arg may not be played") if $err;
  @$h = grep { $_ ne $arg } @$h;
  push @{ $g->{trick} }, $arg;
  push @{ $g->{trick_seats} }, $s;
  if (@{ $g->{trick} } < 3) { $g->{to_play} = next_active($g, $s); return; }
  my $w = $g->{trick_seats}[ trick_winner_idx($g->{trick}, $g->{trump}) ];
  my $p = 0; $p += pts($_) for @{ $g->{trick} };
  $g->{won_pts}{$w} += $p;
  $g->{won_tricks}{$w}++;
  $g->{ntricks}++;
  $g->{last_winner} = $w;
  $g->{trick} = []; $g->{trick_seats} = [];
  if ($g->{ntricks} == 11) { finish_play($g); return; }
  $g->{leader} = $w; $g->{to_play} = $w;
  return;
}

sub finish_play {
  my ($g) = @_;
  $g->{phase} = 'over';
  my $b = $g->{bidder};
  my $bp = $g->{won_pts}{$b} // 0;
  my @rest = @{ $g->{laid} } ? @{ $g->{laid} } : @{ $g->{widow} };
  my $wp = 0; $wp += pts($_) for @rest;
  if ($H{'count-widow-to-defenders'}) { }    # house rule: the widow counts for the defenders
  else { $bp += $wp; }
  $g->{points} = { bidder => $bp, defenders => 120 - $bp };
  $g->{payments} = settle_payments($g->{rs}, $g->{opt}, $g->{n}, $g->{dealer}, $b, $g->{contract}, $bp);
}

sub payments_of {
  my ($g) = @_;
  return $g->{payments} if $g->{payments};
  return [(0) x $g->{n}];
}

sub observation {
  my ($g) = @_;
  my $ph = $g->{phase};
  my $o = {
    phase => $ph, to_act => game_to_act($g), legal => [game_legal($g)],
    bidder => $g->{bidder}, contract => $g->{contract},
    trump => ($ph eq 'trump' || $ph eq 'auction') ? undef : $g->{trump},
  };
  my $took = defined $g->{contract}
    && ($g->{contract} eq 'frog' || ($g->{contract} eq 'grand' && $H{'widow-grand-takes-widow'}));
  $o->{widow_shown} = $g->{rs}{shown} ? JSON::PP::true : JSON::PP::false if $took;
  if ($ph eq 'over') {
    $o->{payments} = payments_of($g);
    $o->{points} = $g->{points} if $g->{points};
  }
  return $o;
}

# ---------------------------------------------------------------- ops
sub ruleset_of {
  my ($req) = @_;
  invalid('missing ruleset') unless exists $req->{ruleset};
  my $r = $req->{ruleset};
  invalid('ruleset is not a string') unless is_str($r);
  unsupported("ruleset $r not offered") unless $RS{$r};
  return $RS{$r};
}

sub op_hello {
  my ($req) = @_;
  invalid('missing spec') unless exists $req->{spec};
  invalid('spec is not a string') unless is_str($req->{spec});
  unsupported('protocol version not spoken') unless $req->{spec} eq '1';
  return { name => 'frog-perl', version => '1.0.0', rulesets => [@RULESET_IDS], ops => [@OPS],
           rule_ids => 'frogspec',
           house_rules => [sort keys %H] };
}

sub op_card_points {
  my ($req) = @_;
  invalid('missing card') unless exists $req->{card};
  need_card($req->{card}, 'card');
  return pts($req->{card});
}

sub op_trick_winner {
  my ($req, $rs) = @_;
  my $t = need_trump($req);
  my $cards = need_cards($req, 'cards', 1, 3);
  return trick_winner_idx($cards, $t);
}

sub op_legal_plays {
  my ($req, $rs) = @_;
  my $t = need_trump($req);
  my $hand = need_cards($req, 'hand', 1, 11);
  my $trick = need_cards($req, 'trick', 0, 2);
  my %h = map { $_ => 1 } @$hand;
  for (@$trick) { invalid("card $_ both in hand and trick") if $h{$_} }
  return [legal_cards($hand, $trick, $t)];
}

sub op_deal {
  my ($req, $rs) = @_;
  my $opt = need_options($rs, $req);
  my $n = need_players($rs, $req);
  my $d = need_int($req, 'dealer', 0, $n - 1);
  invalid('missing deck') unless exists $req->{deck};
  my $deck = need_deck($req->{deck});
  my ($act, $hands, $widow) = deal_cards($rs, $n, $d, $deck);
  return { active => $act, eldest => $act->[0], hands => $hands, widow => $widow };
}

sub op_settle {
  my ($req, $rs) = @_;
  my $opt = need_options($rs, $req);
  my $n = need_players($rs, $req);
  my $d = need_int($req, 'dealer', 0, $n - 1);
  my $b = need_int($req, 'bidder', 0, $n - 1);
  my %act = map { $_ => 1 } @{ active_seats($rs, $n, $d) };
  invalid('the bidder sits out this deal') unless $act{$b};
  invalid('missing contract') unless exists $req->{contract};
  my $c = $req->{contract};
  invalid('unknown contract') unless is_str($c) && $CVAL{$c};
  my $bp = need_int($req, 'bidder_points', 0, 120);
  illegal('auction.contracts-without-frog', "$c is not a contract of $rs->{id}") unless contract_ok($rs, $c);
  return settle_payments($rs, $opt, $n, $d, $b, $c, $bp);
}

sub game_setup {
  my ($req, $rs) = @_;
  my $opt = need_options($rs, $req);
  my $n = need_players($rs, $req);
  my $d = need_int($req, 'dealer', 0, $n - 1);
  invalid('missing deck') unless exists $req->{deck};
  my $deck = need_deck($req->{deck});
  invalid('missing actions') unless exists $req->{actions};
  my $actions = need_actions($req->{actions});
  return ($opt, $n, $d, $deck, $actions);
}

sub play_actions {
  my ($g, $actions, %x) = @_;
  for my $i (0 .. $#$actions) {
    eval { game_apply($g, $actions->[$i]); 1 } or do {
      my $e = $@;
      if (ref $e && $e->{kind} eq 'illegal') { $e->{at} = $i; $e->{deal} = $x{deal} if defined $x{deal}; }
      die $e;
    };
  }
}

sub op_game {
  my ($req, $rs) = @_;
  my ($opt, $n, $d, $deck, $actions) = game_setup($req, $rs);
  my $g = new_game($rs, $opt, $n, $d, $deck);
  play_actions($g, $actions);
  return observation($g);
}

sub op_perft {
  my ($req, $rs) = @_;
  my ($opt, $n, $d, $deck, $actions) = game_setup($req, $rs);
  my $depth;
  if (exists $req->{depth} && defined $req->{depth}) {
    $depth = need_int($req, 'depth', 0);
  } elsif (exists $req->{depth}) {
    invalid('depth is null');
  }
  my $g = new_game($rs, $opt, $n, $d, $deck);
  play_actions($g, $actions);
  my $visited = 0;
  my $LIMIT = 100000;
  my $count;
  $count = sub {
    my ($st, $dl) = @_;    # $st is reached by >= 1 action
    return 1 if $st->{phase} eq 'over';
    return 1 if defined $dl && $dl == 0;
    $visited++;
    invalid('perft would visit more than 100000 positions') if $visited > $LIMIT;
    my $t = 0;
    for my $a (game_legal($st)) {
      my $c = clone_game($st);
      game_apply($c, $a);
      $t += $count->($c, defined $dl ? $dl - 1 : undef);
    }
    return $t;
  };
  if ($g->{phase} eq 'over' || (defined $depth && $depth == 0)) {
    return { total => 1, by_first => {} };
  }
  my %by;
  my $total = 0;
  for my $a (game_legal($g)) {
    my $c = clone_game($g);
    game_apply($c, $a);
    my $k = $count->($c, defined $depth ? $depth - 1 : undef);
    $by{$a} = $k;
    $total += $k;
  }
  undef $count;
  return { total => $total, by_first => \%by };
}

sub op_match {
  my ($req, $rs) = @_;
  my $opt = need_options($rs, $req);
  my $n = need_players($rs, $req);
  my $fd = need_int($req, 'first_dealer', 0, $n - 1);
  invalid('missing deals') unless exists $req->{deals};
  my $deals = $req->{deals};
  invalid('deals is not a list') unless ref($deals) eq 'ARRAY';
  my @parsed;
  for my $dl (@$deals) {
    invalid('a deal is not an object') unless ref($dl) eq 'HASH';
    invalid('a deal has no deck') unless exists $dl->{deck};
    my $deck = need_deck($dl->{deck});
    invalid('a deal has no actions') unless exists $dl->{actions};
    my $acts = need_actions($dl->{actions});
    push @parsed, [$deck, $acts];
  }
  my @bal = ($rs->{bank}) x $n;
  my @dealers;
  my ($over, $loser) = (0, undef);
  my $dealer = $fd;
  for my $k (0 .. $#parsed) {
    if ($over) {
      my $rule = $rs->{end} eq 'unable' ? 'match.first-unable-to-pay-loses' : 'match.no-fixed-end';
      illegal($rule, 'the game is over', at => 0, deal => $k);
    }
    push @dealers, $dealer;
    my $g = new_game($rs, $opt, $n, $dealer, $parsed[$k][0]);
    play_actions($g, $parsed[$k][1], deal => $k);
    invalid("deal $k stops before its end") unless $g->{phase} eq 'over';
    my $pay = payments_of($g);
    if (defined $g->{bidder}) {
      my $b = $g->{bidder};
      my @order = map { ($b + $_) % $n } 0 .. $n - 1;
      if ($rs->{end} eq 'unable') {
        for my $s (@order) {
          if (-$pay->[$s] > $bal[$s]) { $over = 1; $loser = $s; last; }
        }
      }
      $bal[$_] += $pay->[$_] for 0 .. $n - 1;
      if ($rs->{end} eq 'none' && $H{'match-ends-at-minus-100'}) {
        # house rule: the match ends when a balance is -100 or below
        for my $s (@order) {
          if ($bal[$s] <= -100) { $over = 1; $loser = $s; last; }
        }
      }
    }
    $dealer = ($dealer + 1) % $n;
  }
  return { balances => \@bal, dealers => \@dealers,
           over => $over ? JSON::PP::true : JSON::PP::false, loser => $loser };
}

sub op_first_dealer {
  my ($req, $rs) = @_;
  my $n = need_players($rs, $req);
  if ($rs->{first} eq 'any') {
    return need_int($req, 'chosen', 0, $n - 1);
  }
  my $low = need_int($req, 'lowest', 0, $n - 1);
  invalid('missing chooses_to_deal') unless exists $req->{chooses_to_deal};
  invalid('chooses_to_deal is not a boolean') unless is_bool($req->{chooses_to_deal});
  return $low if $req->{chooses_to_deal};
  # the lowest chooses to be eldest: the dealer is the seat on his right
  return ($low + $n - 1) % $n;
}

my %DISPATCH = (
  hello => \&op_hello, card_points => \&op_card_points, trick_winner => \&op_trick_winner,
  legal_plays => \&op_legal_plays, deal => \&op_deal, settle => \&op_settle, game => \&op_game,
  match => \&op_match, first_dealer => \&op_first_dealer, perft => \&op_perft,
);

# ---------------------------------------------------------------- main loop
my $JSON_IN = JSON::PP->new->utf8->allow_nonref->max_depth(64);
my $JSON_OUT = JSON::PP->new->utf8->canonical;
$| = 1;
binmode STDIN; binmode STDOUT;

sub respond {
  my ($obj) = @_;
  print STDOUT $JSON_OUT->encode($obj), "\n";
}

sub error_obj {
  my ($e) = @_;
  my %err = (kind => $e->{kind}, rule => ($e->{kind} eq 'illegal' ? $e->{rule} : undef),
             message => $e->{message} // '');
  $err{at} = $e->{at} + 0 if defined $e->{at};
  $err{deal} = $e->{deal} + 0 if defined $e->{deal};
  return \%err;
}

while (defined(my $line = <STDIN>)) {
  $line =~ s/\n\z//;
  next if $line =~ /\A[ \t\r\n]*\z/;
  my $req = eval { $JSON_IN->decode($line) };
  if (!defined $req && $@) {
    respond({ id => undef, error => { kind => 'invalid', rule => undef, message => 'json: not JSON' } });
    next;
  }
  if (ref($req) ne 'HASH' || !is_int($req->{id})) {
    respond({ id => undef, error => { kind => 'invalid', rule => undef, message => 'not a request object with an integer id' } });
    next;
  }
  my $id = $req->{id};
  my $res = eval {
    my $op = $req->{op};
    invalid('op is not a string') unless is_str($op);
    unsupported("op $op not offered") unless $OPSET{$op};
    my $rs;
    $rs = ruleset_of($req) if $RULESET_OPS{$op};
    $DISPATCH{$op}->($req, $rs);
  };
  if (my $e = $@) {
    if (ref $e eq 'Err') { respond({ id => $id, error => error_obj($e) }); }
    else {
      chomp(my $m = "$e");
      print STDERR "internal error: $m\n";
      respond({ id => $id, error => { kind => 'invalid', rule => undef, message => "internal error: $m" } });
    }
    next;
  }
  respond({ id => $id, result => $res });
}
