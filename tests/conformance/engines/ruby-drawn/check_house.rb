#!/usr/bin/env ruby
# frozen_string_literal: true
# Self-check of the house rules, without the kit: builds requests from the portable deal
# generator (spec/prng.md) and random legal playouts, sends each to the engine with no flag
# and with one flag, and counts, per flag, ruleset and op, the answers that change.
#   ruby check_house.rb [DEALS_PER_TABLE]      (default 12)

require 'json'
require 'set'
require_relative 'frog'

MASK = (1 << 64) - 1

class SplitMix
  def initialize(seed) = @s = seed & MASK
  def next64
    @s = (@s + 0x9E3779B97F4A7C15) & MASK
    z = @s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^ (z >> 31)
  end
  def next32 = next64 >> 32
  def below(b)
    t = (1 << 32) % b
    loop do
      d = next32
      return d % b if d >= t
    end
  end
end

def deck_of(n)
  g = SplitMix.new(n)
  d = Frog::PACK.dup
  35.downto(1) { |i| j = g.below(i + 1); d[i], d[j] = d[j], d[i] }
  d
end

# the generator's own test values (prng.md)
raise 'prng: deck 12345 differs' unless deck_of(12345).first(4) == %w[7H KH QH QD]
raise 'prng: deck 1 differs' unless deck_of(1).last(3) == %w[QS AS 10S]

def ask(server, req)
  JSON.parse(server.handle_line(JSON.generate(req)))
end

# A random legal playout of one deal, chosen by `server`'s own legal actions.
def playout(server, rs, players, dealer, deck, rng)
  acts = []
  loop do
    obs = ask(server, { 'id' => 1, 'op' => 'game', 'ruleset' => rs, 'options' => {}, 'players' => players,
                        'dealer' => dealer, 'deck' => deck, 'actions' => acts })['result']
    return acts if obs['phase'] == 'over'
    legal = obs['legal'].sort
    a = if obs['phase'] == 'auction'
          rng.below(3).zero? ? 'pass' : legal.reject { |x| x == 'pass' }.min_by { |x| Frog::CONTRACT_LEVEL[x] } || 'pass'
        else
          legal[rng.below(legal.size)]
        end
    acts << a
  end
end

def norm(resp)
  r = resp.dup
  r.delete('id')
  if r['result'].is_a?(Hash) && r['result']['legal']
    r['result'] = r['result'].merge('legal' => r['result']['legal'].sort)
  end
  if r['error']
    r['error'] = r['error'].reject { |k, _| k == 'message' }
  end
  r
end

per_table = (ARGV[0] || 12).to_i
base = Frog::Server.new(Set.new)
tables = Frog::RULESETS.to_h { |rs, cfg| [rs, cfg[:players].to_a.first(3)] }
counts = Hash.new { |h, k| h[k] = Hash.new { |h2, k2| h2[k2] = [0, 0] } } # flag => "rs op" => [changed, total]
examples = {}

def tally(counts, examples, flag, rs, op, req, a, b)
  key = "#{rs} #{op}"
  counts[flag][key][1] += 1
  return if a == b
  counts[flag][key][0] += 1
  examples[[flag, key]] ||= [req, a, b]
end

Frog::HOUSE_RULES.each do |flag|
  hs = Frog::Server.new(Set[flag])
  rng = SplitMix.new(0xC0FFEE ^ flag.sum)
  tables.each do |rs, plist|
    plist.each do |players|
      per_table.times do |k|
        seed = 9000 + k * 7 + players
        deck = deck_of(seed)
        dealer = k % players
        # deal
        req = { 'id' => 1, 'op' => 'deal', 'ruleset' => rs, 'options' => {}, 'players' => players,
                'dealer' => dealer, 'deck' => deck }
        tally(counts, examples, flag, rs, 'deal', req, norm(ask(base, req)), norm(ask(hs, req)))
        # games: playouts chosen under the flag and under the written rules; every prefix
        [hs, base].each do |chooser|
          acts = playout(chooser, rs, players, dealer, deck, rng)
          (0..acts.size).each do |m|
            next unless m == acts.size || m < 6 || m % 9 == 0
            req = { 'id' => 1, 'op' => 'game', 'ruleset' => rs, 'options' => {}, 'players' => players,
                    'dealer' => dealer, 'deck' => deck, 'actions' => acts.first(m) }
            tally(counts, examples, flag, rs, m == acts.size ? 'game(end)' : 'game(mid)', req,
                  norm(ask(base, req)), norm(ask(hs, req)))
          end
        end
        # settle grid
        act = Frog::Rules.new(rs, Set[flag]).active(players, dealer)
        %w[frog chico grand].each do |c|
          [0, 25, 30, 45, 59, 60, 61, 75, 90, 95, 120].each do |pts|
            req = { 'id' => 1, 'op' => 'settle', 'ruleset' => rs, 'options' => {}, 'players' => players,
                    'dealer' => dealer, 'bidder' => act[k % 3], 'contract' => c, 'bidder_points' => pts }
            tally(counts, examples, flag, rs, 'settle', req, norm(ask(base, req)), norm(ask(hs, req)))
          end
        end
        # legal_plays / trick_winner on random positions
        d2 = deck_of(seed + 1)
        [nil, 'H', 'C', 'S'].each do |tr|
          hand = d2[0, 1 + rng.below(11)]
          trick = d2[20, rng.below(3)]
          req = { 'id' => 1, 'op' => 'legal_plays', 'ruleset' => rs, 'trump' => tr, 'hand' => hand, 'trick' => trick }
          tally(counts, examples, flag, rs, 'legal_plays', req, norm(ask(base, req)).tap { |x| x['result']&.sort! },
                norm(ask(hs, req)).tap { |x| x['result']&.sort! })
          cards = ([d2[0]] + (d2.select { |c| c == 'QC' }) + [d2[30]]).uniq.first(3)
          req = { 'id' => 1, 'op' => 'trick_winner', 'ruleset' => rs, 'trump' => tr, 'cards' => cards.shuffle(random: Random.new(seed)) }
          tally(counts, examples, flag, rs, 'trick_winner', req, norm(ask(base, req)), norm(ask(hs, req)))
        end
      end
      # a match of six deals, played out under the flag
      deals = []
      dealer = 0
      req = nil
      3.times do |m|
        deals = []
        6.times do |k|
          deck = deck_of(77_000 + k + players * 100 + m * 1000)
          deals << { 'deck' => deck, 'actions' => playout(hs, rs, players, (dealer + k) % players, deck, rng) }
          req = { 'id' => 1, 'op' => 'match', 'ruleset' => rs, 'options' => {}, 'players' => players,
                  'first_dealer' => 0, 'deals' => deals }
          # stop adding deals once the game is over under the house rule
          break if ask(hs, req).dig('result', 'over')
        end
        tally(counts, examples, flag, rs, 'match', req, norm(ask(base, req)), norm(ask(hs, req)))
      end
    end
  end
end

counts.each do |flag, by|
  puts "== --house #{flag}"
  changed = by.select { |_, (c, _)| c.positive? }
  if changed.empty?
    puts '   NO ANSWER CHANGED'
  else
    changed.sort.each { |key, (c, t)| puts format('   %-42s %4d / %-4d changed', key, c, t) }
  end
  untouched = by.select { |_, (c, _)| c.zero? }.keys.map { |k| k.split.first }.tally
  rs_changed = changed.keys.map { |k| k.split.first }.uniq
  puts "   rulesets with a change: #{rs_changed.join(', ')}"
  ex = examples.find { |(f, _), _| f == flag }
  if ex
    (_, key), (req, a, b) = ex
    short = req.reject { |k, _| %w[deck deals].include?(k) }
    puts "   e.g. #{key}: #{JSON.generate(short)[0, 300]}"
    puts "        written: #{JSON.generate(a)[0, 300]}"
    puts "        house:   #{JSON.generate(b)[0, 300]}"
  end
end
