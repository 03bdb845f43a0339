#!/usr/bin/env perl
# Self-check of the house rules, without the conformance kit.
# Plays random deals (packs from the portable generator of spec/prng.md, choices from a
# second SplitMix64 stream) on the engine with no flag, sends the same requests to the
# engine with each flag, and counts the answers that differ. It also plays random deals
# on each flagged engine itself and reports any request it could not answer.
# usage: perl check_house.pl [SEEDS]   (default 40)
use strict;
use warnings;
no warnings "portable";
use JSON::PP ();
use IPC::Open2 ();
use FindBin ();

my $NSEEDS = shift // 40;
my $ENGINE = "$FindBin::Bin/frog.pl";
my @FLAGS = qw(deal-dealer-plays-at-four auction-stuck-last-hand widow-grand-takes-widow
               play-must-overtrump rank-ace-low trump-grand-no-trumps count-widow-to-defenders
               settle-tie-loses match-ends-at-minus-100);
my %PLAYERS = ('foster-1909' => [3, 4, 5], 'hoyle-1907' => [3, 4, 5], 'modern' => [3, 4, 5],
               'gamerules' => [3], 'official-1922-solo' => [3, 4, 5, 7],
               'official-1922-straight' => [3, 4, 6], 'official-1922-coeur-dalene' => [3, 4, 5]);

# ------------------------------------------------------------ SplitMix64 (spec/prng.md)
my $M32 = 4294967296;
sub add64 { my ($a, $b) = @_; my $max = 18446744073709551615; return $a > $max - $b ? $a - ($max - $b) - 1 : $a + $b; }
sub mul64 {
  my ($a, $b) = @_;
  my ($ah, $al) = (int($a / $M32), $a % $M32);
  my ($bh, $bl) = (int($b / $M32), $b % $M32);
  my $lo = $al * $bl;                                  # < 2^64, exact as UV
  my $mid = (($ah * $bl) % $M32 + ($al * $bh) % $M32) % $M32;
  return add64($lo, $mid * $M32);
}
sub xorshr { my ($z, $s) = @_; return $z ^ ($z >> $s); }
sub sm_new { my ($n) = @_; return { s => $n } }
sub sm_next {
  my ($g) = @_;
  $g->{s} = add64($g->{s}, 0x9E3779B97F4A7C15);
  my $z = $g->{s};
  $z = mul64(xorshr($z, 30), 0xBF58476D1CE4E5B9);
  $z = mul64(xorshr($z, 27), 0x94D049BB133111EB);
  return xorshr($z, 31);
}
sub sm_below {
  my ($g, $b) = @_;
  my $th = ($M32 % $b);
  while (1) { my $d = sm_next($g) >> 32; return $d % $b if $d >= $th; }
}
my @CANON;
for my $s (qw(C D H S)) { for my $r ('A', '10', 'K', 'Q', 'J', '9', '8', '7', '6') { push @CANON, "$r$s" } }
sub deck_of {
  my ($n) = @_;
  my $g = sm_new($n);
  my @d = @CANON;
  for (my $i = 35; $i >= 1; $i--) { my $j = sm_below($g, $i + 1); @d[$i, $j] = @d[$j, $i]; }
  return \@d;
}
# self-test against prng.md
{
  my $d = join ' ', @{ deck_of(12345) };
  die "prng port wrong: $d\n" unless $d eq
    '7H KH QH QD 9H 6H 6C 7C AS 9D JH JC JD AH KS QC 8D 10D 9C 8C 7S AD 8H 10H KD JS 10C 6D 8S KC 6S 10S QS AC 7D 9S';
}

# ------------------------------------------------------------ engines
my $J = JSON::PP->new->canonical;
my %ENG;
sub start { my ($flag) = @_; my @cmd = ($^X, $ENGINE); push @cmd, '--house', $flag if $flag;
  my ($out, $in); my $pid = IPC::Open2::open2($out, $in, @cmd); return { pid => $pid, out => $out, in => $in, id => 0 }; }
sub ask {
  my ($e, $req) = @_;
  my %r = (%$req, id => ++$e->{id});
  print { $e->{in} } $J->encode(\%r), "\n";
  my $line = readline($e->{out});
  die "engine died\n" unless defined $line;
  my $res = $J->decode($line);
  delete $res->{id};
  return $res;
}
sub canon {   # legal lists are sets: sort them before comparing
  my ($r) = @_;
  if (ref $r->{result} eq 'HASH' && ref $r->{result}{legal} eq 'ARRAY') { $r->{result}{legal} = [sort @{ $r->{result}{legal} }]; }
  if (ref $r->{result} eq 'ARRAY' && !grep { ref $_ || /^-?\d+$/ } @{ $r->{result} }) { $r->{result} = [sort @{ $r->{result} }]; }
  if (ref $r->{error} eq 'HASH') { delete $r->{error}{message}; }
  return $J->encode($r);
}
$ENG{''} = start('');
$ENG{$_} = start($_) for @FLAGS;

# ------------------------------------------------------------ random playouts
sub playout {   # random legal playout of one deal on engine $e; returns actions
  my ($e, $rng, $base) = @_;
  my @acts;
  for (1 .. 60) {
    my $r = ask($e, { %$base, op => 'game', actions => [@acts] });
    die "engine refused its own playout: " . $J->encode($r) . "\n" unless $r->{result};
    my $o = $r->{result};
    last if $o->{phase} eq 'over';
    my @l = sort @{ $o->{legal} };
    my $a;
    if ($o->{phase} eq 'auction') {
      my @bids = grep { $_ ne 'pass' } @l;
      if (!@bids || (grep { $_ eq 'pass' } @l) && sm_below($rng, 2) == 0) { $a = 'pass' }
      else { $a = $bids[ sm_below($rng, scalar @bids) ] }
    } else { $a = $l[ sm_below($rng, scalar @l) ]; }
    push @acts, $a;
  }
  return \@acts;
}

my (%diff, %total, %selferr, %byop);
sub compare_all {
  my ($req) = @_;
  my $b = canon(ask($ENG{''}, $req));
  for my $f (@FLAGS) {
    my $x = canon(ask($ENG{$f}, $req));
    $total{$f}++;
    if ($x ne $b) { $diff{$f}++; $byop{$f}{ $req->{op} }++; }
  }
}

for my $k (0 .. $NSEEDS - 1) {
  for my $rs (sort keys %PLAYERS) {
    for my $n (@{ $PLAYERS{$rs} }) {
      my $seed = 30000000 + $k * 100 + $n;
      my $rng = sm_new($seed ^ 0x5EEDF406);
      my $dealer = $k % $n;
      my $deck = deck_of($seed);
      my $base = { ruleset => $rs, options => {}, players => $n, dealer => $dealer, deck => $deck };
      compare_all({ %$base, op => 'deal' });
      my $acts = playout($ENG{''}, $rng, $base);
      for my $cut (0, int(@$acts / 3), int(2 * @$acts / 3), scalar @$acts) {
        compare_all({ %$base, op => 'game', actions => [@$acts[0 .. $cut - 1]] });
      }
      if (@$acts > 12) {
        compare_all({ %$base, op => 'perft', actions => [@$acts[0 .. $#$acts - 6]] });
      }
      # settle around the tie, every contract, a random active bidder
      my $dres = ask($ENG{''}, { %$base, op => 'deal' })->{result};
      my $bidder = $dres->{active}[ sm_below($rng, 3) ];
      for my $c (qw(frog chico grand)) {
        for my $bp (59, 60, 61, sm_below($rng, 121)) {
          compare_all({ %$base, op => 'settle', bidder => $bidder, contract => $c, bidder_points => $bp });
        }
      }
      # a trick and a hand from the pack
      my @c = @$deck;
      my $trump = (qw(C D H S))[ sm_below($rng, 4) ];
      compare_all({ op => 'trick_winner', ruleset => $rs, trump => $trump, cards => [@c[0 .. 2]] });
      compare_all({ op => 'legal_plays', ruleset => $rs, trump => $trump, hand => [@c[3 .. 10]], trick => [@c[11 .. 12]] });
      compare_all({ op => 'card_points', card => $c[0] });
      # a match of six deals played on the engine with no flag
      my @deals;
      for my $d (0 .. 5) {
        my $dk = deck_of($seed * 10 + $d);
        my $a = playout($ENG{''}, $rng, { %$base, dealer => ($k + $d) % $n, deck => $dk });
        push @deals, { deck => $dk, actions => $a };
      }
      my $mreq = { op => 'match', ruleset => $rs, options => {}, players => $n, first_dealer => $k % $n, deals => \@deals };
      my $mres = ask($ENG{''}, $mreq);
      # cut the match where the game without a flag ends, so every deal is playable
      compare_all($mreq);
      # each flagged engine plays its own random deal and match to the end
      for my $f (@FLAGS) {
        my $r2 = sm_new($seed + 7);
        my @own;
        eval {
          for my $d (0 .. 2) {
            my $dk = deck_of($seed * 10 + $d);
            my $a = playout($ENG{$f}, $r2, { %$base, dealer => ($k + $d) % $n, deck => $dk });
            push @own, { deck => $dk, actions => $a };
          }
          my $m = ask($ENG{$f}, { op => 'match', ruleset => $rs, options => {}, players => $n, first_dealer => $k % $n, deals => \@own });
          die "own match refused: " . $J->encode($m) . "\n"
            unless $m->{result} || ($m->{error} && $m->{error}{kind} eq 'illegal' && $m->{error}{rule} =~ /^match\./);
          1;
        } or do { $selferr{$f}++; print STDERR "$f $rs p$n: $@"; };
      }
    }
  }
}

printf "%-28s %8s %8s  %s\n", 'flag', 'differ', 'of', 'differing answers by op';
for my $f (@FLAGS) {
  my $ops = join ', ', map { "$_ $byop{$f}{$_}" } sort keys %{ $byop{$f} || {} };
  printf "%-28s %8d %8d  %s%s\n", $f, $diff{$f} // 0, $total{$f}, $ops, $selferr{$f} ? "  SELF-PLAY ERRORS $selferr{$f}" : '';
}
my $bad = grep { !($diff{$_}) || $selferr{$_} } @FLAGS;
print $bad ? "SOME FLAG SHOWED NO CHANGE OR FAILED\n" : "every flag changes some answer\n";
close $_->{in} for values %ENG;
exit($bad ? 1 : 0);
