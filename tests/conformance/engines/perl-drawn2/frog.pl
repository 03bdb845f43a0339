#!/usr/bin/perl
# Frog engine answering the frogspec conformance protocol, version 1.
# Standard library only (JSON::PP, B). House rules: --house NAME (repeatable).
use strict;
use warnings;
use JSON::PP ();
use B ();

$| = 1;
binmode STDIN;
binmode STDOUT;

# ---------------------------------------------------------------- house rules
my %KNOWN_HOUSE = map { $_ => 1 } qw(
  widow-last one-bid-each-everywhere no-counters-away must-head ace-low
  chico-minor-suits last-trick-takes-widow round-up-to-five deal-passes-right);
my %H;
{
  my @a = @ARGV;
  while (@a) {
    my $x = shift @a;
    my $name;
    if ($x eq '--house') {
      $name = shift @a;
      if (!defined $name) { print STDERR "frog.pl: --house needs a rule name\n"; exit 2; }
    } elsif ($x =~ /^--house=(.*)$/) {
      $name = $1;
    } else {
      print STDERR "frog.pl: unknown argument '$x'\n"; exit 2;
    }
    if (!$KNOWN_HOUSE{$name}) {
      print STDERR "frog.pl: unknown house rule '$name' (known: "
        . join(', ', sort keys %KNOWN_HOUSE) . ")\n";
      exit 2;
    }
    $H{$name} = 1;
  }
}

# ---------------------------------------------------------------- cards
my @RANKS = ('A', '10', 'K', 'Q', 'J', '9', '8', '7', '6');
my @SUITS = ('C', 'D', 'H', 'S');
my %RANK_STRENGTH;    # higher is stronger
for my $i (0 .. $#RANKS) { $RANK_STRENGTH{ $RANKS[$i] } = 100 - $i; }
$RANK_STRENGTH{'A'} = 1 if $H{'ace-low'};
my %POINTS = (A => 11, 10 => 10, K => 4, Q => 3, J => 2, 9 => 0, 8 => 0, 7 => 0, 6 => 0);
my @PACK;
for my $s (@SUITS) { for my $r (@RANKS) { push @PACK, "$r$s"; } }
my %IS_CARD = map { $_ => 1 } @PACK;
my %IS_SUIT = map { $_ => 1 } @SUITS;

sub suit_of { substr($_[0], -1) }
sub rank_of { substr($_[0], 0, length($_[0]) - 1) }
sub strength { $RANK_STRENGTH{ rank_of($_[0]) } }
sub points_of { $POINTS{ rank_of($_[0]) } }

# ---------------------------------------------------------------- rulesets
my @RULESETS = qw(foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight
  official-1922-coeur-dalene gamerules);
my %RS = (
  'foster-1909' => { players => [3, 5], deal => 'p3344', auction => 'overbid', shown => 1,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, bankrupt => 0, chico_hearts => 0,
    contracts => [qw(frog chico grand)], options => {}, first => 'any' },
  'hoyle-1907' => { players => [3, 5], deal => 'p3344', auction => 'overbid', shown => 1,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, bankrupt => 0, chico_hearts => 0,
    contracts => [qw(frog chico grand)], options => {}, first => 'any' },
  'modern' => { players => [3, 5], deal => 'p4334', auction => 'oneround', shown => 0,
    rates => { frog => 1, chico => 2, grand => 4 }, bank => 0, bankrupt => 0, chico_hearts => 0,
    contracts => [qw(frog chico grand)], options => {}, first => 'any' },
  'official-1922-solo' => { players => [3, 7], deal => 'slough', auction => 'oneround', shown => 0,
    rates => { frog => 1, chico => 2, grand => 3 }, bank => 120, bankrupt => 1, chico_hearts => 0,
    contracts => [qw(frog chico grand)], options => { sitting_out => 1, penalty_frog => 1 },
    first => 'low' },
  'official-1922-straight' => { players => [3, 7], deal => 'slough', auction => 'oneround',
    shown => 0, rates => { chico => 1, grand => 2 }, bank => 120, bankrupt => 1,
    chico_hearts => 0, contracts => [qw(chico grand)], options => { sitting_out => 1 },
    first => 'low' },
  'official-1922-coeur-dalene' => { players => [3, 7], deal => 'slough', auction => 'oneround',
    shown => 0, fixed => { frog => 25, chico => 50, grand => 75 }, bank => 120, bankrupt => 1,
    chico_hearts => 0, contracts => [qw(frog chico grand)],
    options => { sitting_out => 1, penalty_frog => 1 }, first => 'low' },
  'gamerules' => { players => [3, 3], deal => 'p4334', auction => 'onebid', shown => 0,
    rates => { frog => 1, chico => 2, grand => 3 }, bank => 150, bankrupt => 0, chico_hearts => 1,
    contracts => [qw(frog chico grand)], options => {}, first => 'any' },
);
if ($H{'one-bid-each-everywhere'}) { $RS{$_}{auction} = 'onebid' for keys %RS; }
my %CONTRACT_LEVEL = (frog => 1, chico => 2, grand => 3);
my %SITTING = map { $_ => 1 } qw(receive-only pay-and-receive pay-and-receive-solo-only);

# ---------------------------------------------------------------- errors
package FrogErr { sub new { my ($c, %a) = @_; bless {%a}, $c } }

sub invalid { die FrogErr->new(kind => 'invalid', message => $_[0]); }
sub unsupported { die FrogErr->new(kind => 'unsupported', message => $_[0]); }
sub illegal {
  my ($rule, $msg, %extra) = @_;
  die FrogErr->new(kind => 'illegal', rule => $rule, message => $msg, %extra);
}

# ---------------------------------------------------------------- type checks
sub is_int {
  my $v = $_[0];
  return 0 if !defined $v || ref $v;
  my $f = B::svref_2object(\$_[0])->FLAGS;
  return 0 if $f & B::SVf_POK;
  return 1 if $f & B::SVf_IOK;
  return 0;
}
sub is_str {
  my $v = $_[0];
  return 0 if !defined $v || ref $v;
  my $f = B::svref_2object(\$_[0])->FLAGS;
  return ($f & B::SVf_POK) ? 1 : 0;
}
sub is_bool { ref($_[0]) && JSON::PP::is_bool($_[0]) }

sub need_int {
  my ($r, $k, $lo, $hi) = @_;
  invalid("missing $k") unless exists $r->{$k};
  invalid("$k is not an integer") unless is_int($r->{$k});
  my $v = $r->{$k};
  invalid("$k out of range") if (defined $lo && $v < $lo) || (defined $hi && $v > $hi);
  return 0 + $v;
}
sub need_card {
  my ($c) = @_;
  invalid("card is not a string") unless is_str($c);
  invalid("unknown card '$c'") unless $IS_CARD{$c};
  return $c;
}
sub need_cards {
  my ($r, $k, $lo, $hi) = @_;
  invalid("missing $k") unless exists $r->{$k};
  my $l = $r->{$k};
  invalid("$k is not a list") unless ref $l eq 'ARRAY';
  invalid("$k: wrong number of cards") if @$l < $lo || @$l > $hi;
  my %seen;
  for my $c (@$l) {
    need_card($c);
    invalid("card $c twice") if $seen{$c}++;
  }
  return [@$l];
}
sub need_trump {
  my ($r) = @_;
  invalid("missing trump") unless exists $r->{trump};
  my $t = $r->{trump};
  return undef unless defined $t;
  invalid("trump is not a suit") unless is_str($t) && $IS_SUIT{$t};
  return $t;
}
sub need_players {
  my ($r, $rs) = @_;
  my $p = need_int($r, 'players');
  my ($lo, $hi) = @{ $RS{$rs}{players} };
  invalid("the ruleset does not play with $p players") if $p < $lo || $p > $hi;
  return $p;
}
sub need_options {
  my ($r, $rs) = @_;
  invalid("missing options") unless exists $r->{options};
  my $o = $r->{options};
  invalid("options is not an object") unless ref $o eq 'HASH';
  my %opt = (sitting_out => 'receive-only', penalty_frog => 0);
  for my $k (keys %$o) {
    invalid("unknown option $k") unless $RS{$rs}{options}{$k};
    my $v = $o->{$k};
    if ($k eq 'sitting_out') {
      invalid("bad sitting_out") unless is_str($v) && $SITTING{$v};
      $opt{sitting_out} = $v;
    } elsif ($k eq 'penalty_frog') {
      invalid("penalty_frog is not a boolean") unless is_bool($v);
      $opt{penalty_frog} = $v ? 1 : 0;
    }
  }
  return \%opt;
}
sub need_deck {
  my ($r, $k) = @_;
  invalid("missing $k") unless exists $r->{$k};
  my $d = $r->{$k};
  invalid("deck is not a list") unless ref $d eq 'ARRAY';
  invalid("deck is not 36 cards") unless @$d == 36;
  my %seen;
  for my $c (@$d) { need_card($c); invalid("card $c twice in deck") if $seen{$c}++; }
  return [@$d];
}
sub need_actions {
  my ($r) = @_;
  invalid("missing actions") unless exists $r->{actions};
  my $a = $r->{actions};
  invalid("actions is not a list") unless ref $a eq 'ARRAY';
  my @out;
  for my $x (@$a) {
    invalid("action is not a string") unless is_str($x);
    if ($x =~ /^(pass|frog|chico|grand)$/) { push @out, [$1]; }
    elsif ($x =~ /^(discard|play) (\S+)$/ && $IS_CARD{$2}) { push @out, [$1, $2]; }
    elsif ($x =~ /^trump ([CDHS])$/) { push @out, ['trump', $1]; }
    else { invalid("not an action: '$x'"); }
  }
  return \@out;
}

# ---------------------------------------------------------------- seats and deal
sub active_seats {    # from eldest
  my ($players, $dealer) = @_;
  return [map { ($dealer + $_) % $players } 1, 2, 3] if $players == 3;
  return [map { ($dealer + $_) % $players } 1, 2, 3] if $players == 4;
  return [($dealer + 1) % $players, ($dealer + 2) % $players, ($dealer - 1 + $players) % $players];
}

sub deal_cards {
  my ($rs, $players, $dealer, $deck) = @_;
  my $act = active_seats($players, $dealer);
  my %hand = map { $_ => [] } @$act;
  my @widow;
  my @d = @$deck;
  my $kind = $RS{$rs}{deal};
  if ($kind eq 'slough') {
    if ($H{'widow-last'}) {
      my $i = 0;
      for my $k (0 .. 32) { push @{ $hand{ $act->[$i] } }, $d[$k]; $i = ($i + 1) % 3; }
      @widow = @d[33 .. 35];
    } else {
      my $i = 0;
      for my $k (0 .. 35) {
        if ($k == 0 || $k == 3 || $k == 7) { push @widow, $d[$k]; next; }
        push @{ $hand{ $act->[$i] } }, $d[$k];
        $i = ($i + 1) % 3;
      }
    }
  } else {
    my @pk = $kind eq 'p3344' ? (3, 'W', 4, 4) : (4, 'W', 3, 4);
    @pk = grep { $_ ne 'W' } @pk if $H{'widow-last'};
    my $pos = 0;
    for my $p (@pk) {
      if ($p eq 'W') { push @widow, @d[$pos .. $pos + 2]; $pos += 3; next; }
      for my $s (@$act) { push @{ $hand{$s} }, @d[$pos .. $pos + $p - 1]; $pos += $p; }
    }
    push @widow, @d[$pos .. $pos + 2] if $H{'widow-last'};
  }
  return ($act, \%hand, \@widow);
}

# ---------------------------------------------------------------- play duties
sub trick_winner_idx {
  my ($trump, $cards) = @_;
  my $best = 0;
  for my $i (1 .. $#$cards) {
    my ($b, $c) = ($cards->[$best], $cards->[$i]);
    my ($bs, $cs) = (suit_of($b), suit_of($c));
    if (defined $trump && $cs eq $trump && $bs ne $trump) { $best = $i; next; }
    if ($cs eq $bs && strength($c) > strength($b)) { $best = $i; }
  }
  return $best;
}

# returns (list of legal cards)
sub legal_cards {
  my ($trump, $hand, $trick) = @_;
  return @$hand unless @$trick;
  my $led = suit_of($trick->[0]);
  my @follow = grep { suit_of($_) eq $led } @$hand;
  if (@follow) {
    if ($H{'must-head'}) {
      my $w = $trick->[ trick_winner_idx($trump, $trick) ];
      if (suit_of($w) eq $led) {
        my @beat = grep { strength($_) > strength($w) } @follow;
        return @beat if @beat;
      }
    }
    return @follow;
  }
  if (defined $trump) {
    my @tr = grep { suit_of($_) eq $trump } @$hand;
    return @tr if @tr;
  }
  return @$hand;
}

sub play_violation {    # rule id broken by playing $card, or undef
  my ($trump, $hand, $trick, $card) = @_;
  return 'play.card-from-hand' unless grep { $_ eq $card } @$hand;
  return undef unless @$trick;
  my $led = suit_of($trick->[0]);
  my $has_led = grep { suit_of($_) eq $led } @$hand;
  if ($has_led) {
    return 'play.follow-suit' if suit_of($card) ne $led;
    my %ok = map { $_ => 1 } legal_cards($trump, $hand, $trick);
    return 'play.no-duty-to-head' unless $ok{$card};
    return undef;
  }
  if (defined $trump && grep { suit_of($_) eq $trump } @$hand) {
    return 'play.must-trump' if suit_of($card) ne $trump;
  }
  return undef;
}

# ---------------------------------------------------------------- settlement
sub round5 { my $x = shift; return $H{'round-up-to-five'} ? 5 * int(($x + 4) / 5) : $x; }

sub settle_payments {
  my ($rs, $opt, $players, $dealer, $bidder, $contract, $bp) = @_;
  my @pay = (0) x $players;
  my $diff = $bp - 60;
  return \@pay if $diff == 0;
  my $R = $RS{$rs};
  my $won = $diff > 0;
  my $amount;
  if ($R->{fixed}) {
    my $c = $contract;
    $c = 'grand' if !$won && $contract eq 'frog' && $opt->{penalty_frog};
    $amount = $R->{fixed}{$c};
  } else {
    my $rate = $R->{rates}{$contract};
    $rate = $R->{rates}{grand} if !$won && $contract eq 'frog' && $opt->{penalty_frog};
    $amount = abs($diff) * $rate;
  }
  $amount = round5($amount);
  my $act = active_seats($players, $dealer);
  my %active = map { $_ => 1 } @$act;
  my $so = $opt->{sitting_out} // 'receive-only';
  my $outs_settle;    # do players sitting out settle?
  if ($so eq 'pay-and-receive') { $outs_settle = 1; }
  elsif ($so eq 'pay-and-receive-solo-only') { $outs_settle = $contract eq 'frog' ? 0 : 1; }
  else { $outs_settle = 0; }
  for my $s (0 .. $players - 1) {
    next if $s == $bidder;
    my $settles = $active{$s} || $outs_settle || !$won;
    next unless $settles;
    if ($won) { $pay[$s] -= $amount; $pay[$bidder] += $amount; }
    else { $pay[$s] += $amount; $pay[$bidder] -= $amount; }
  }
  return \@pay;
}

# ---------------------------------------------------------------- the game state
sub new_game {
  my ($rs, $opt, $players, $dealer, $deck) = @_;
  my ($act, $hand, $widow) = deal_cards($rs, $players, $dealer, $deck);
  my $g = {
    rs => $rs, opt => $opt, players => $players, dealer => $dealer,
    active => $act, hand => $hand, widow => $widow,
    phase => 'auction', bidder => undef, contract => undef, trump => undef,
    # auction
    high => 0, high_bidder => undef, passed => {}, queue => [@$act], raise => undef,
    last => undef,
    laid => [], trick => [], trick_seats => [], leader => $act->[0],
    won => { map { $_ => 0 } @$act }, tricks_done => 0, last_winner => undef,
  };
  return $g;
}

sub clone_game {
  my ($g) = @_;
  my %n = %$g;
  $n{hand} = { map { $_ => [ @{ $g->{hand}{$_} } ] } keys %{ $g->{hand} } };
  $n{passed} = { %{ $g->{passed} } };
  $n{queue} = [ @{ $g->{queue} } ];
  $n{laid} = [ @{ $g->{laid} } ];
  $n{trick} = [ @{ $g->{trick} } ];
  $n{trick_seats} = [ @{ $g->{trick_seats} } ];
  $n{won} = { %{ $g->{won} } };
  return \%n;
}

sub to_act {
  my ($g) = @_;
  my $p = $g->{phase};
  return undef if $p eq 'over';
  if ($p eq 'auction') {
    return $g->{raise} if defined $g->{raise};
    return $g->{queue}[0];
  }
  return $g->{bidder} if $p eq 'discard' || $p eq 'trump';
  return $g->{leader} unless @{ $g->{trick} };
  my $last = $g->{trick_seats}[-1];
  my $act = $g->{active};
  my ($i) = grep { $act->[$_] == $last } 0 .. 2;
  return $act->[ ($i + 1) % 3 ];
}

sub contracts_of { @{ $RS{ $_[0]{rs} }{contracts} } }

sub chico_suits {
  my ($g) = @_;
  return ('C', 'D') if $H{'chico-minor-suits'};
  return $RS{ $g->{rs} }{chico_hearts} ? @SUITS : ('C', 'D', 'S');
}

sub legal_actions {
  my ($g) = @_;
  my $p = $g->{phase};
  return () if $p eq 'over';
  if ($p eq 'auction') {
    return ('pass', 'grand') if defined $g->{raise};
    return ('pass', grep { $CONTRACT_LEVEL{$_} > $g->{high} } contracts_of($g));
  }
  if ($p eq 'discard') {
    my @h = @{ $g->{hand}{ $g->{bidder} } };
    @h = grep { rank_of($_) ne 'A' && rank_of($_) ne '10' } @h if $H{'no-counters-away'};
    return map { "discard $_" } @h;
  }
  if ($p eq 'trump') { return map { "trump $_" } chico_suits($g); }
  my $s = to_act($g);
  return map { "play $_" } legal_cards($g->{trump}, $g->{hand}{$s}, $g->{trick});
}

sub auction_rule {
  my ($g) = @_;
  my $a = $RS{ $g->{rs} }{auction};
  return $a eq 'overbid' ? 'auction.overbid-to-raise'
    : $a eq 'oneround' ? 'auction.one-round-frog-may-raise' : 'auction.one-bid-each';
}

sub end_auction {
  my ($g) = @_;
  if (!$g->{high}) {
    $g->{phase} = 'over';
    $g->{payments} = [(0) x $g->{players}];
    return;
  }
  my $c = (undef, 'frog', 'chico', 'grand')[ $g->{high} ];
  $g->{contract} = $c;
  $g->{bidder} = $g->{high_bidder};
  $g->{raise} = undef;
  $g->{queue} = [];
  if ($c eq 'frog') {
    $g->{phase} = 'discard';
    $g->{trump} = 'H';
    push @{ $g->{hand}{ $g->{bidder} } }, @{ $g->{widow} };
  } elsif ($c eq 'chico') {
    $g->{phase} = 'trump';
  } else {
    $g->{phase} = 'play';
    $g->{trump} = 'H';
  }
}

# after an auction action: decide who acts next or end
sub auction_next {
  my ($g, $seat) = @_;
  my $kind = $RS{ $g->{rs} }{auction};
  if ($g->{high} == 3) { end_auction($g); return; }
  if ($kind eq 'overbid') {
    my @act = @{ $g->{active} };
    my @live = grep { !$g->{passed}{$_} } @act;
    if (!@live) { end_auction($g); return; }
    if (@live == 1 && defined $g->{high_bidder} && $live[0] == $g->{high_bidder}) {
      end_auction($g); return;
    }
    my ($i) = grep { $act[$_] == $seat } 0 .. 2;
    for my $k (1 .. 3) {
      my $s = $act[ ($i + $k) % 3 ];
      next if $g->{passed}{$s};
      next if defined $g->{high_bidder} && $s == $g->{high_bidder};
      $g->{queue} = [$s];
      return;
    }
    end_auction($g);
    return;
  }
  if (!@{ $g->{queue} } && !defined $g->{raise}) { end_auction($g); }
}

sub apply_action {
  my ($g, $act) = @_;    # $act = [kind, arg]
  my ($k, $x) = @$act;
  my $p = $g->{phase};
  my $seat = to_act($g);
  if ($p eq 'auction') {
    illegal('deal.actions-by-phase', "$k during the auction") unless $k =~ /^(pass|frog|chico|grand)$/;
    if (defined $g->{raise}) {
      if ($k eq 'pass') { $g->{raise} = undef; $g->{passed}{$seat} = 1; }
      else {
        illegal('auction.contract-order', "$k does not outbid") unless $k eq 'grand';
        $g->{high} = 3; $g->{high_bidder} = $seat; $g->{raise} = undef;
      }
      auction_next($g, $seat);
      return;
    }
    if ($k eq 'pass') {
      $g->{passed}{$seat} = 1;
      shift @{ $g->{queue} };
      auction_next($g, $seat);
      return;
    }
    illegal('auction.contracts-without-frog', "no Frog in this ruleset")
      unless grep { $_ eq $k } contracts_of($g);
    illegal('auction.contract-order', "$k does not outbid") unless $CONTRACT_LEVEL{$k} > $g->{high};
    my $prev_high = $g->{high};
    my $prev_bidder = $g->{high_bidder};
    $g->{high} = $CONTRACT_LEVEL{$k};
    $g->{high_bidder} = $seat;
    shift @{ $g->{queue} };
    if ($RS{ $g->{rs} }{auction} eq 'oneround' && $k eq 'chico' && $prev_high == 1
      && defined $prev_bidder && $prev_bidder != $seat) {
      $g->{raise} = $prev_bidder;
    }
    auction_next($g, $seat);
    return;
  }
  if ($p eq 'discard') {
    illegal('deal.actions-by-phase', "$k while laying away") unless $k eq 'discard';
    my $h = $g->{hand}{$seat};
    illegal('widow.frog-take-and-discard', "$x is not in the bidder's hand") unless grep { $_ eq $x } @$h;
    if ($H{'no-counters-away'} && (rank_of($x) eq 'A' || rank_of($x) eq '10')) {
      illegal('widow.frog-take-and-discard', "house rule: no Ace or Ten may be laid away");
    }
    @$h = grep { $_ ne $x } @$h;
    push @{ $g->{laid} }, $x;
    $g->{phase} = 'play' if @{ $g->{laid} } == 3;
    return;
  }
  if ($p eq 'trump') {
    illegal('deal.actions-by-phase', "$k while trump is named") unless $k eq 'trump';
    unless (grep { $_ eq $x } chico_suits($g)) {
      my $rule = $RS{ $g->{rs} }{chico_hearts} ? 'trump.chico-any-suit' : 'trump.chico-not-hearts';
      illegal($rule, "may not name $x");
    }
    $g->{trump} = $x;
    $g->{phase} = 'play';
    return;
  }
  if ($p eq 'play') {
    illegal('deal.actions-by-phase', "$k during the play") unless $k eq 'play';
    my $h = $g->{hand}{$seat};
    my $v = play_violation($g->{trump}, $h, $g->{trick}, $x);
    illegal($v, "may not play $x") if $v;
    @$h = grep { $_ ne $x } @$h;
    push @{ $g->{trick} }, $x;
    push @{ $g->{trick_seats} }, $seat;
    if (@{ $g->{trick} } == 3) {
      my $w = $g->{trick_seats}[ trick_winner_idx($g->{trump}, $g->{trick}) ];
      my $pts = 0;
      $pts += points_of($_) for @{ $g->{trick} };
      $g->{won}{$w} += $pts;
      $g->{trick} = [];
      $g->{trick_seats} = [];
      $g->{leader} = $w;
      $g->{tricks_done}++;
      $g->{last_winner} = $w;
      finish($g) if $g->{tricks_done} == 11;
    }
    return;
  }
  illegal('deal.actions-by-phase', "the deal is over");
}

sub finish {
  my ($g) = @_;
  my $b = $g->{bidder};
  my $bp = $g->{won}{$b};
  my $wpts = 0;
  my @w = $g->{contract} eq 'frog' ? @{ $g->{laid} } : @{ $g->{widow} };
  $wpts += points_of($_) for @w;
  if ($H{'last-trick-takes-widow'}) { $bp += $wpts if $g->{last_winner} == $b; }
  else { $bp += $wpts; }
  $g->{points} = { bidder => $bp, defenders => 120 - $bp };
  $g->{payments} = settle_payments($g->{rs}, $g->{opt}, $g->{players}, $g->{dealer}, $b,
    $g->{contract}, $bp);
  $g->{phase} = 'over';
}

sub observe {
  my ($g) = @_;
  my $ta = to_act($g);
  my %o = (
    phase => $g->{phase},
    to_act => defined $ta ? 0 + $ta : undef,
    legal => [legal_actions($g)],
    bidder => defined $g->{bidder} ? 0 + $g->{bidder} : undef,
    contract => $g->{contract},
    trump => ($g->{phase} eq 'auction' || $g->{phase} eq 'trump') ? undef : $g->{trump},
  );
  if (defined $g->{contract} && $g->{contract} eq 'frog') {
    $o{widow_shown} = $RS{ $g->{rs} }{shown} ? JSON::PP::true : JSON::PP::false;
  }
  if ($g->{phase} eq 'over') {
    $o{payments} = [map { 0 + $_ } @{ $g->{payments} }];
    $o{points} = { bidder => 0 + $g->{points}{bidder}, defenders => 0 + $g->{points}{defenders} }
      if $g->{points};
  }
  return \%o;
}

# ---------------------------------------------------------------- ops
my @OPS = qw(hello card_points trick_winner legal_plays deal settle game match first_dealer perft);
my %TAKES_RULESET = map { $_ => 1 } qw(trick_winner legal_plays deal settle game match first_dealer perft);

sub game_fields {
  my ($r, $rs) = @_;
  my $opt = need_options($r, $rs);
  my $players = need_players($r, $rs);
  my $dealer = need_int($r, 'dealer', 0, $players - 1);
  my $deck = need_deck($r, 'deck');
  my $actions = need_actions($r);
  return ($opt, $players, $dealer, $deck, $actions);
}

sub run_actions {
  my ($g, $actions) = @_;
  for my $i (0 .. $#$actions) {
    eval { apply_action($g, $actions->[$i]); 1 } or do {
      my $e = $@;
      $e->{at} = $i if ref $e && $e->{kind} eq 'illegal';
      die $e;
    };
  }
}

my %OP;
$OP{hello} = sub {
  my ($r) = @_;
  invalid("missing spec") unless exists $r->{spec};
  invalid("spec is not a string") unless is_str($r->{spec});
  unsupported("protocol version $r->{spec}") unless $r->{spec} eq '1';
  return { name => 'frog-perl', version => '1.0', rulesets => [@RULESETS], ops => [@OPS],
    rule_ids => 'frogspec', house => [sort keys %H] };
};
$OP{card_points} = sub {
  my ($r) = @_;
  invalid("missing card") unless exists $r->{card};
  my $c = need_card($r->{card});
  return 0 + points_of($c);
};
$OP{trick_winner} = sub {
  my ($r, $rs) = @_;
  my $t = need_trump($r);
  my $c = need_cards($r, 'cards', 1, 3);
  return 0 + trick_winner_idx($t, $c);
};
$OP{legal_plays} = sub {
  my ($r, $rs) = @_;
  my $t = need_trump($r);
  my $h = need_cards($r, 'hand', 1, 11);
  my $tr = need_cards($r, 'trick', 0, 2);
  my %inh = map { $_ => 1 } @$h;
  for (@$tr) { invalid("$_ both in hand and trick") if $inh{$_}; }
  return [legal_cards($t, $h, $tr)];
};
$OP{deal} = sub {
  my ($r, $rs) = @_;
  my $opt = need_options($r, $rs);
  my $players = need_players($r, $rs);
  my $dealer = need_int($r, 'dealer', 0, $players - 1);
  my $deck = need_deck($r, 'deck');
  my ($act, $hand, $widow) = deal_cards($rs, $players, $dealer, $deck);
  return { active => [map { 0 + $_ } @$act], eldest => 0 + $act->[0],
    hands => [map { $hand->{$_} ? $hand->{$_} : undef } 0 .. $players - 1], widow => $widow };
};
$OP{settle} = sub {
  my ($r, $rs) = @_;
  my $opt = need_options($r, $rs);
  my $players = need_players($r, $rs);
  my $dealer = need_int($r, 'dealer', 0, $players - 1);
  my $bidder = need_int($r, 'bidder', 0, $players - 1);
  my %act = map { $_ => 1 } @{ active_seats($players, $dealer) };
  invalid("the bidder sits out") unless $act{$bidder};
  invalid("missing contract") unless exists $r->{contract};
  my $c = $r->{contract};
  invalid("unknown contract") unless is_str($c) && $CONTRACT_LEVEL{$c};
  my $bp = need_int($r, 'bidder_points', 0, 120);
  illegal('auction.contracts-without-frog', "no Frog in this ruleset")
    unless grep { $_ eq $c } @{ $RS{$rs}{contracts} };
  return [map { 0 + $_ } @{ settle_payments($rs, $opt, $players, $dealer, $bidder, $c, $bp) }];
};
$OP{game} = sub {
  my ($r, $rs) = @_;
  my ($opt, $players, $dealer, $deck, $actions) = game_fields($r, $rs);
  my $g = new_game($rs, $opt, $players, $dealer, $deck);
  run_actions($g, $actions);
  return observe($g);
};
$OP{match} = sub {
  my ($r, $rs) = @_;
  my $opt = need_options($r, $rs);
  my $players = need_players($r, $rs);
  my $first = need_int($r, 'first_dealer', 0, $players - 1);
  invalid("missing deals") unless exists $r->{deals};
  my $deals = $r->{deals};
  invalid("deals is not a list") unless ref $deals eq 'ARRAY';
  my @parsed;
  for my $d (@$deals) {
    invalid("a deal is not an object") unless ref $d eq 'HASH';
    push @parsed, [need_deck($d, 'deck'), need_actions($d)];
  }
  my @bal = ($RS{$rs}{bank}) x $players;
  my @dealers;
  my $dealer = $first;
  my ($over, $loser) = (0, undef);
  for my $k (0 .. $#parsed) {
    if ($over) {
      illegal('match.first-unable-to-pay-loses', "the game is over", at => 0, deal => $k);
    }
    push @dealers, $dealer;
    my $g = new_game($rs, $opt, $players, $dealer, $parsed[$k][0]);
    eval { run_actions($g, $parsed[$k][1]); 1 } or do {
      my $e = $@;
      $e->{deal} = $k if ref $e && $e->{kind} eq 'illegal';
      die $e;
    };
    invalid("deal $k stops before its end") unless $g->{phase} eq 'over';
    my $pay = $g->{payments};
    if ($RS{$rs}{bankrupt} && defined $g->{bidder}) {
      for my $i (0 .. $players - 1) {
        my $s = ($g->{bidder} + $i) % $players;
        if ($pay->[$s] < 0 && -$pay->[$s] > $bal[$s]) { $over = 1; $loser = $s; last; }
      }
    }
    $bal[$_] += $pay->[$_] for 0 .. $players - 1;
    $dealer = $H{'deal-passes-right'} ? ($dealer - 1 + $players) % $players : ($dealer + 1) % $players;
  }
  return { balances => [map { 0 + $_ } @bal], dealers => [map { 0 + $_ } @dealers],
    over => $over ? JSON::PP::true : JSON::PP::false, loser => defined $loser ? 0 + $loser : undef };
};
$OP{first_dealer} = sub {
  my ($r, $rs) = @_;
  my $players = need_players($r, $rs);
  if ($RS{$rs}{first} eq 'any') {
    return need_int($r, 'chosen', 0, $players - 1);
  }
  my $low = need_int($r, 'lowest', 0, $players - 1);
  invalid("missing chooses_to_deal") unless exists $r->{chooses_to_deal};
  invalid("chooses_to_deal is not a boolean") unless is_bool($r->{chooses_to_deal});
  return $low if $r->{chooses_to_deal};
  return 0 + ($low - 1 + $players) % $players;
};
$OP{perft} = sub {
  my ($r, $rs) = @_;
  my ($opt, $players, $dealer, $deck, $actions) = game_fields($r, $rs);
  my $depth;
  if (exists $r->{depth} && defined $r->{depth}) { $depth = need_int($r, 'depth', 0); }
  my $g = new_game($rs, $opt, $players, $dealer, $deck);
  run_actions($g, $actions);
  $depth = 1_000_000 unless defined $depth;
  my $visited = 0;
  my $limit = 100_000;
  my $count;
  $count = sub {
    my ($n, $d) = @_;
    return 1 if $n->{phase} eq 'over' || $d == 0;
    my $t = 0;
    for my $a (legal_actions($n)) {
      my $c = clone_game($n);
      my @p = split / /, $a;
      apply_action($c, \@p);
      if ($c->{phase} ne 'over' && $d - 1 > 0) {
        invalid("perft would visit more than $limit positions") if ++$visited > $limit;
      }
      $t += $count->($c, $d - 1);
    }
    return $t;
  };
  my %by;
  my $total = 0;
  if ($g->{phase} ne 'over' && $depth > 0) {
    for my $a (legal_actions($g)) {
      my $c = clone_game($g);
      my @p = split / /, $a;
      apply_action($c, \@p);
      if ($c->{phase} ne 'over' && $depth - 1 > 0) {
        invalid("perft would visit more than $limit positions") if ++$visited > $limit;
      }
      my $n = $count->($c, $depth - 1);
      $by{$a} = 0 + $n;
      $total += $n;
    }
  } else {
    $total = 1;
  }
  undef $count;
  return { total => 0 + $total, by_first => \%by };
};

# ---------------------------------------------------------------- main loop
my $JSON = JSON::PP->new->utf8->canonical->allow_nonref;

sub respond {
  my ($h) = @_;
  print $JSON->encode($h), "\n";
}

sub handle_line {
  my ($line) = @_;
  my $r = eval { $JSON->decode($line) };
  if (!defined $r && $@) {
    respond({ id => undef, error => { kind => 'invalid', rule => undef, message => "json: not JSON" } });
    return;
  }
  if (ref $r ne 'HASH') {
    respond({ id => undef, error => { kind => 'invalid', rule => undef, message => "not an object" } });
    return;
  }
  my $id = $r->{id};
  if (!is_int($id)) {
    respond({ id => undef, error => { kind => 'invalid', rule => undef, message => "id is not an integer" } });
    return;
  }
  $id = 0 + $id;
  my $res = eval {
    my $op = $r->{op};
    invalid("op is not a string") unless is_str($op);
    unsupported("unknown op $op") unless $OP{$op};
    my $rs;
    if ($TAKES_RULESET{$op}) {
      invalid("missing ruleset") unless exists $r->{ruleset} && is_str($r->{ruleset});
      $rs = $r->{ruleset};
      unsupported("unknown ruleset $rs") unless $RS{$rs};
    }
    { value => $OP{$op}->($r, $rs) };
  };
  if ($res) { respond({ id => $id, result => $res->{value} }); return; }
  my $e = $@;
  if (ref $e eq 'FrogErr') {
    my %err = (kind => $e->{kind}, rule => $e->{kind} eq 'illegal' ? $e->{rule} : undef,
      message => $e->{message});
    $err{at} = 0 + $e->{at} if defined $e->{at};
    $err{deal} = 0 + $e->{deal} if defined $e->{deal};
    respond({ id => $id, error => \%err });
  } else {
    chomp $e;
    print STDERR "internal error: $e\n";
    respond({ id => $id, error => { kind => 'invalid', rule => undef, message => "internal: $e" } });
  }
}

while (my $line = <STDIN>) {
  $line =~ s/[\r\n]+\z//;
  next if $line =~ /^[ \t\r]*\z/;
  handle_line($line);
}
