#!/usr/bin/env ruby
# frozen_string_literal: true
# Frog (solo sixty) engine speaking the frogspec conformance protocol, version 1.
# JSON lines on stdin/stdout. House rules: --house NAME (repeatable); see README.md.

require 'json'
require 'set'

module Frog
  RANKS = %w[A 10 K Q J 9 8 7 6].freeze
  SUITS = %w[C D H S].freeze
  PACK = SUITS.flat_map { |s| RANKS.map { |r| r + s } }.freeze
  PACK_SET = PACK.to_set.freeze
  VALUE = { 'A' => 11, '10' => 10, 'K' => 4, 'Q' => 3, 'J' => 2 }.freeze
  CONTRACT_LEVEL = { 'frog' => 1, 'chico' => 2, 'grand' => 3 }.freeze
  ACTION_RE = /\A(pass|frog|chico|grand|(discard|play) (A|10|K|Q|J|9|8|7|6)[CDHS]|trump [CDHS])\z/.freeze

  HOUSE_RULES = %w[
    dealer-plays-at-four open-auction widow-always-shown bidder-leads-first
    queen-of-clubs-top chico-trump-from-widow discards-to-defenders schneider-bonus bank-100
  ].freeze

  SITTING = %w[receive-only pay-and-receive pay-and-receive-solo-only].freeze

  RULESETS = {
    'foster-1909' => { players: 3..5, deal: :p3344, auction: :open, shown: true, chico_hearts: false,
                       contracts: %w[frog chico grand], pay: :rate, rates: { 'frog' => 1, 'chico' => 2, 'grand' => 4 },
                       bank: 0, ends: false, first: :any, options: [] },
    'hoyle-1907' => { players: 3..5, deal: :p3344, auction: :open, shown: true, chico_hearts: false,
                      contracts: %w[frog chico grand], pay: :rate, rates: { 'frog' => 1, 'chico' => 2, 'grand' => 4 },
                      bank: 0, ends: false, first: :any, options: [] },
    'modern' => { players: 3..5, deal: :p4334, auction: :one_round_raise, shown: false, chico_hearts: false,
                  contracts: %w[frog chico grand], pay: :rate, rates: { 'frog' => 1, 'chico' => 2, 'grand' => 4 },
                  bank: 0, ends: false, first: :any, options: [] },
    'gamerules' => { players: 3..3, deal: :p4334, auction: :one_bid, shown: false, chico_hearts: true,
                     contracts: %w[frog chico grand], pay: :rate, rates: { 'frog' => 1, 'chico' => 2, 'grand' => 3 },
                     bank: 150, ends: false, first: :any, options: [] },
    'official-1922-solo' => { players: 3..7, deal: :singly, auction: :one_round_raise, shown: false, chico_hearts: false,
                              contracts: %w[frog chico grand], pay: :rate, rates: { 'frog' => 1, 'chico' => 2, 'grand' => 3 },
                              bank: 120, ends: true, first: :low_card, options: %w[sitting_out penalty_frog] },
    'official-1922-straight' => { players: 3..7, deal: :singly, auction: :one_round_raise, shown: false, chico_hearts: false,
                                  contracts: %w[chico grand], pay: :rate, rates: { 'chico' => 1, 'grand' => 2 },
                                  bank: 120, ends: true, first: :low_card, options: %w[sitting_out] },
    'official-1922-coeur-dalene' => { players: 3..7, deal: :singly, auction: :one_round_raise, shown: false, chico_hearts: false,
                                      contracts: %w[frog chico grand], pay: :fixed, fixed: { 'frog' => 25, 'chico' => 50, 'grand' => 75 },
                                      bank: 120, ends: true, first: :low_card, options: %w[sitting_out penalty_frog] }
  }.freeze

  OPS = %w[hello card_points trick_winner legal_plays deal settle game match first_dealer perft].freeze
  RULESET_OPS = %w[trick_winner legal_plays deal settle game match first_dealer perft].freeze

  # An error answer, raised and turned into a response line.
  class Fail < StandardError
    attr_reader :kind, :rule, :extra
    def initialize(kind, message, rule: nil, extra: {})
      super(message)
      @kind = kind
      @rule = rule
      @extra = extra
    end
  end

  def self.invalid(msg)
    raise Fail.new('invalid', msg)
  end

  def self.suit(card) = card[-1]
  def self.rank(card) = card[0..-2]
  def self.points(card) = VALUE.fetch(rank(card), 0)

  # ---------------------------------------------------------------- configuration
  class Rules
    attr_reader :id, :cfg, :house, :options
    def initialize(id, house, options = {})
      @id = id
      @cfg = RULESETS.fetch(id)
      @house = house
      @options = options
    end

    def h?(name) = @house.include?(name)
    def sitting_out = @options.fetch('sitting_out', 'receive-only')
    def penalty_frog = @options.fetch('penalty_frog', false)
    def contracts = @cfg[:contracts]
    def auction_kind = h?('open-auction') ? :open : @cfg[:auction]
    def widow_shown = h?('widow-always-shown') ? true : @cfg[:shown]
    def bank = h?('bank-100') ? 100 : @cfg[:bank]
    def chico_suits = @cfg[:chico_hearts] ? SUITS : %w[C D S]

    # Active seats from eldest, clockwise.
    def active(players, dealer)
      n = players
      if n == 3
        [(dealer + 1) % n, (dealer + 2) % n, dealer]
      elsif n == 4
        if h?('dealer-plays-at-four')
          [(dealer + 1) % n, (dealer + 2) % n, dealer]
        else
          [(dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n]
        end
      else
        [(dealer + 1) % n, (dealer + 2) % n, (dealer - 1) % n]
      end
    end

    # Returns [hands (seat => cards), widow (in dealt order)].
    def deal(players, dealer, deck)
      act = active(players, dealer)
      hands = Hash.new { |h, k| h[k] = [] }
      widow = []
      pos = 0
      give = lambda do |count|
        act.each do |s|
          count.times { hands[s] << deck[pos]; pos += 1 }
        end
      end
      case @cfg[:deal]
      when :p3344
        give.call(3)
        3.times { widow << deck[pos]; pos += 1 }
        give.call(4)
        give.call(4)
      when :p4334
        give.call(4)
        3.times { widow << deck[pos]; pos += 1 }
        give.call(3)
        give.call(4)
      when :singly
        i = 0
        deck.each_with_index do |c, k|
          if [0, 3, 7].include?(k)
            widow << c
          else
            hands[act[i % 3]] << c
            i += 1
          end
        end
      end
      [act.to_h { |s| [s, hands[s]] }, widow]
    end

    # --- cards in the play
    def eff_suit(card, trump)
      return trump if trump && card == 'QC' && h?('queen-of-clubs-top')
      Frog.suit(card)
    end

    def strength(card, trump)
      return 100 if trump && card == 'QC' && h?('queen-of-clubs-top')
      8 - RANKS.index(Frog.rank(card))
    end

    def trick_winner(cards, trump)
      led = eff_suit(cards[0], trump)
      best = 0
      cards.each_with_index do |c, i|
        next if i.zero?
        b = cards[best]
        cs = eff_suit(c, trump)
        bs = eff_suit(b, trump)
        if trump && cs == trump
          best = i if bs != trump || strength(c, trump) > strength(b, trump)
        elsif cs == led && bs == led
          best = i if strength(c, trump) > strength(b, trump)
        end
      end
      best
    end

    def legal_plays(hand, trick, trump)
      return hand.dup if trick.empty?
      led = eff_suit(trick[0], trump)
      follow = hand.select { |c| eff_suit(c, trump) == led }
      return follow unless follow.empty?
      if trump
        trumps = hand.select { |c| eff_suit(c, trump) == trump }
        return trumps unless trumps.empty?
      end
      hand.dup
    end

    # Which rule refuses this card (nil when legal).
    def play_fault(hand, trick, trump, card)
      return 'play.card-from-hand' unless hand.include?(card)
      return nil if trick.empty?
      led = eff_suit(trick[0], trump)
      if hand.any? { |c| eff_suit(c, trump) == led }
        return eff_suit(card, trump) == led ? nil : 'play.follow-suit'
      end
      if trump && hand.any? { |c| eff_suit(c, trump) == trump }
        return eff_suit(card, trump) == trump ? nil : 'play.must-trump'
      end
      nil
    end

    # --- settlement
    def settle(players, dealer, bidder, contract, pts)
      pay = Array.new(players, 0)
      diff = pts - 60
      return pay if diff.zero?
      won = diff.positive?
      if @cfg[:pay] == :fixed
        c = (!won && contract == 'frog' && penalty_frog) ? 'grand' : contract
        amount = @cfg[:fixed][c]
      else
        c = (!won && contract == 'frog' && penalty_frog) ? 'grand' : contract
        margin = diff.abs
        margin += 30 if h?('schneider-bonus') && (pts >= 90 || pts <= 30)
        amount = margin * @cfg[:rates][c]
      end
      act = active(players, dealer)
      others = (0...players).reject { |s| s == bidder }
      if won
        payers = others.select do |s|
          act.include?(s) || sitting_out == 'pay-and-receive' ||
            (sitting_out == 'pay-and-receive-solo-only' && contract != 'frog')
        end
        payers.each { |s| pay[s] -= amount; pay[bidder] += amount }
      else
        others.each { |s| pay[s] += amount; pay[bidder] -= amount }
      end
      pay
    end
  end

  # ---------------------------------------------------------------- one deal
  class Deal
    attr_reader :phase, :bidder, :contract, :trump, :payments, :bidder_points, :to_act

    def initialize(rules, players, dealer, deck)
      @r = rules
      @players = players
      @dealer = dealer
      @active = rules.active(players, dealer)
      hands, @widow = rules.deal(players, dealer, deck)
      @hands = hands.transform_values(&:dup)
      @phase = 'auction'
      @bidder = nil
      @contract = nil
      @trump = nil
      @payments = nil
      @bidder_points = nil
      # auction
      @passed = Set.new
      @high = nil           # [contract, seat]
      @acted = Set.new      # seats that have spoken in the one round
      @pending_answer = nil # frog bidder who must answer a chico at once
      @round_pos = 0        # index into @active of the next to speak in the round
      @to_act = @active[0]
      # play
      @discards = []
      @trick = []
      @leader = nil
      @tricks_won = Hash.new(0) # seat => card points
      @tricks_count = Hash.new(0)
      @tricks_played = 0
    end

    def initialize_copy(src)
      super
      @hands = src.instance_variable_get(:@hands).transform_values(&:dup)
      @passed = src.instance_variable_get(:@passed).dup
      @acted = src.instance_variable_get(:@acted).dup
      @discards = src.instance_variable_get(:@discards).dup
      @trick = src.instance_variable_get(:@trick).dup
      @tricks_won = src.instance_variable_get(:@tricks_won).dup
      @tricks_count = src.instance_variable_get(:@tricks_count).dup
    end

    def over? = @phase == 'over'

    def bids_above
      lvl = @high ? CONTRACT_LEVEL[@high[0]] : 0
      @r.contracts.select { |c| CONTRACT_LEVEL[c] > lvl }
    end

    def legal
      case @phase
      when 'auction' then ['pass'] + bids_above
      when 'discard' then @hands[@bidder].map { |c| "discard #{c}" }
      when 'trump' then @r.chico_suits.map { |s| "trump #{s}" }
      when 'play' then @r.legal_plays(@hands[@to_act], @trick, @trump).map { |c| "play #{c}" }
      else []
      end
    end

    def observation
      o = { 'phase' => @phase, 'to_act' => over? ? nil : @to_act, 'legal' => legal,
            'bidder' => @bidder, 'contract' => @contract, 'trump' => @trump }
      o['widow_shown'] = @r.widow_shown if @contract == 'frog'
      if over?
        o['payments'] = @payments
        o['points'] = { 'bidder' => @bidder_points, 'defenders' => 120 - @bidder_points } if @bidder
      end
      o
    end

    # Apply an action (already well formed); returns nil or the rule id it breaks.
    def apply(action)
      word, arg = action.split(' ', 2)
      case @phase
      when 'auction'
        return 'deal.actions-by-phase' unless %w[pass frog chico grand].include?(word)
        auction(word)
      when 'discard'
        return 'deal.actions-by-phase' unless word == 'discard'
        return 'widow.frog-take-and-discard' unless @hands[@bidder].include?(arg)
        @hands[@bidder].delete(arg)
        @discards << arg
        start_play if @discards.size == 3
        nil
      when 'trump'
        return 'deal.actions-by-phase' unless word == 'trump'
        return 'trump.chico-not-hearts' unless @r.chico_suits.include?(arg)
        @trump = arg
        start_play
        nil
      when 'play'
        return 'deal.actions-by-phase' unless word == 'play'
        fault = @r.play_fault(@hands[@to_act], @trick, @trump, arg)
        return fault if fault
        play(arg)
        nil
      else
        'deal.actions-by-phase'
      end
    end

    private

    def auction(bid)
      seat = @to_act
      if bid != 'pass'
        return 'auction.contracts-without-frog' unless @r.contracts.include?(bid)
        return 'auction.contract-order' unless bids_above.include?(bid)
      end
      case @r.auction_kind
      when :open then auction_open(seat, bid)
      else auction_round(seat, bid)
      end
      nil
    end

    def next_seat_after(seat)
      i = @active.index(seat)
      @active[(i + 1) % 3]
    end

    # Goes round until all but one have passed; an overbid player may bid again.
    def auction_open(seat, bid)
      if bid == 'pass'
        @passed << seat
      else
        @high = [bid, seat]
      end
      in_play = @active.reject { |s| @passed.include?(s) }
      return finish_auction if in_play.empty?
      return finish_auction if @high && (bid == 'grand' || in_play == [@high[1]])
      s = next_seat_after(seat)
      s = next_seat_after(s) while @passed.include?(s)
      return finish_auction if @high && s == @high[1]
      @to_act = s
    end

    # One round from eldest; (one_round_raise) a Frog overbid by Chico answers at once.
    def auction_round(seat, bid)
      if @pending_answer == seat
        @pending_answer = nil
        if bid == 'pass'
          @passed << seat
        else
          @high = [bid, seat]
        end
      else
        @round_pos += 1
        if bid == 'pass'
          @passed << seat
        else
          prev = @high
          @high = [bid, seat]
          if @r.auction_kind == :one_round_raise && bid == 'chico' && prev && prev[0] == 'frog'
            @pending_answer = prev[1]
          end
        end
      end
      return finish_auction if @high && @high[0] == 'grand'
      if @pending_answer
        @to_act = @pending_answer
        return
      end
      return finish_auction if @round_pos >= 3
      @to_act = @active[@round_pos]
    end

    def finish_auction
      unless @high
        @phase = 'over'
        @payments = Array.new(@players, 0)
        @to_act = nil
        return
      end
      @contract, @bidder = @high
      case @contract
      when 'frog'
        @trump = 'H'
        @hands[@bidder].concat(@widow)
        @phase = 'discard'
        @to_act = @bidder
      when 'chico'
        if @r.h?('chico-trump-from-widow')
          turned = @widow.find { |c| @r.chico_suits.include?(Frog.suit(c)) }
          if turned
            @trump = Frog.suit(turned)
            return start_play
          end
        end
        @phase = 'trump'
        @to_act = @bidder
      when 'grand'
        @trump = 'H'
        start_play
      end
    end

    def start_play
      @phase = 'play'
      @leader = @r.h?('bidder-leads-first') ? @bidder : @active[0]
      @to_act = @leader
    end

    def play(card)
      @hands[@to_act].delete(card)
      @trick << card
      if @trick.size < 3
        @to_act = next_seat_after(@to_act)
        return
      end
      w = @r.trick_winner(@trick, @trump)
      seats = [@leader, next_seat_after(@leader), next_seat_after(next_seat_after(@leader))]
      winner = seats[w]
      @tricks_won[winner] += @trick.sum { |c| Frog.points(c) }
      @tricks_count[winner] += 1
      @trick = []
      @tricks_played += 1
      @leader = winner
      @to_act = winner
      finish_play if @tricks_played == 11
    end

    def finish_play
      pts = @tricks_won[@bidder]
      if @contract == 'frog'
        pts += @discards.sum { |c| Frog.points(c) } unless @r.h?('discards-to-defenders')
      else
        pts += @widow.sum { |c| Frog.points(c) }
      end
      @bidder_points = pts
      @payments = @r.settle(@players, @dealer, @bidder, @contract, pts)
      @phase = 'over'
      @to_act = nil
    end
  end

  # ---------------------------------------------------------------- the protocol
  class Server
    def initialize(house)
      @house = house
    end

    def handle_line(line)
      req = parse(line)
      return req if req.is_a?(String)
      id = req.is_a?(Hash) && req['id'].is_a?(Integer) ? req['id'] : nil
      begin
        result = dispatch(req)
        JSON.generate({ 'id' => id, 'result' => result })
      rescue Fail => e
        err = { 'kind' => e.kind, 'rule' => e.rule, 'message' => e.message }.merge(e.extra)
        JSON.generate({ 'id' => id, 'error' => err })
      end
    end

    class StrictHash < Hash
      def []=(k, v)
        raise JSON::ParserError, 'duplicate-key' if key?(k)
        super
      end
    end

    def bad_line(msg)
      JSON.generate({ 'id' => nil, 'error' => { 'kind' => 'invalid', 'rule' => nil, 'message' => msg } })
    end

    def parse(line)
      return bad_line('length: line too long') if line.bytesize > 16_777_216
      line = line.dup.force_encoding('UTF-8')
      return bad_line('utf-8: not UTF-8') unless line.valid_encoding?
      if line =~ /-?\d[\d.eE+-]{40,}/
        return bad_line('number: a number longer than 40 characters')
      end
      begin
        v = JSON.parse(line, max_nesting: 64, object_class: StrictHash, allow_nan: false)
      rescue JSON::NestingError
        return bad_line('depth: nested too deep')
      rescue JSON::ParserError => e
        return bad_line('duplicate-key: a key given twice') if e.message.include?('duplicate-key')
        return bad_line('non-finite: NaN or Infinity') if line.match?(/(\A|[^"\w])-?(NaN|Infinity)\b/)
        return bad_line('surrogate: lone surrogate escape') if line.match?(/\\u[dD][89abAB]\h\h(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB]\h\h)\\u[dD][c-fC-F]/)
        return bad_line('json: not JSON')
      end
      chk = check_values(v)
      return bad_line(chk) if chk
      v
    end

    def check_values(v)
      case v
      when Float then v.finite? ? nil : 'non-finite: number out of range'
      when String then v.valid_encoding? ? nil : 'surrogate: lone surrogate'
      when Array then v.each { |x| (c = check_values(x)) and return c }; nil
      when Hash
        v.each do |k, x|
          return 'surrogate: lone surrogate' unless k.valid_encoding?
          (c = check_values(x)) and return c
        end
        nil
      end
    end

    # --- validation helpers
    def int?(v) = v.is_a?(Integer)

    def need(req, key)
      Frog.invalid("missing field #{key}") unless req.key?(key)
      req[key]
    end

    def card!(v)
      Frog.invalid("not a card: #{v.inspect}") unless v.is_a?(String) && PACK_SET.include?(v)
      v
    end

    def cards!(v, min, max, what)
      Frog.invalid("#{what} is not a list") unless v.is_a?(Array)
      Frog.invalid("#{what} has #{v.size} cards") unless v.size.between?(min, max)
      v.each { |c| card!(c) }
      Frog.invalid("#{what} holds a card twice") unless v.uniq.size == v.size
      v
    end

    def trump!(req)
      t = need(req, 'trump')
      Frog.invalid('trump is not a suit or null') unless t.nil? || (t.is_a?(String) && SUITS.include?(t))
      t
    end

    def players!(req, rs)
      n = need(req, 'players')
      Frog.invalid('players is not an integer') unless int?(n)
      Frog.invalid("#{n} players are not allowed in #{rs}") unless RULESETS[rs][:players].include?(n)
      n
    end

    def seat!(req, key, n)
      s = need(req, key)
      Frog.invalid("#{key} is not an integer") unless int?(s)
      Frog.invalid("#{key} #{s} is not a seat") unless s >= 0 && s < n
      s
    end

    def options!(req, rs)
      o = need(req, 'options')
      Frog.invalid('options is not an object') unless o.is_a?(Hash)
      allowed = RULESETS[rs][:options]
      o.each do |k, v|
        Frog.invalid("unknown option #{k}") unless allowed.include?(k)
        case k
        when 'sitting_out' then Frog.invalid("bad sitting_out #{v.inspect}") unless SITTING.include?(v)
        when 'penalty_frog' then Frog.invalid('penalty_frog is not a boolean') unless [true, false].include?(v)
        end
      end
      o
    end

    def deck!(v)
      Frog.invalid('deck is not a list') unless v.is_a?(Array)
      Frog.invalid('deck is not 36 cards') unless v.size == 36
      v.each { |c| card!(c) }
      Frog.invalid('deck holds a card twice') unless v.uniq.size == 36
      v
    end

    def actions!(v)
      Frog.invalid('actions is not a list') unless v.is_a?(Array)
      v.each { |a| Frog.invalid("not an action: #{a.inspect}") unless a.is_a?(String) && a.match?(ACTION_RE) }
      v
    end

    # --- dispatch
    def dispatch(req)
      Frog.invalid('request is not an object') unless req.is_a?(Hash)
      Frog.invalid('id is not an integer') unless int?(req['id'])
      op = req['op']
      Frog.invalid('op is not a string') unless op.is_a?(String)
      raise Fail.new('unsupported', "op #{op} is not offered") unless OPS.include?(op)
      rs = nil
      if RULESET_OPS.include?(op)
        rs = req['ruleset']
        Frog.invalid('ruleset missing or not a string') unless rs.is_a?(String)
        raise Fail.new('unsupported', "ruleset #{rs} is not offered") unless RULESETS.key?(rs)
      end
      send("op_#{op}", req, rs)
    end

    def op_hello(req, _rs)
      spec = need(req, 'spec')
      Frog.invalid('spec is not a string') unless spec.is_a?(String)
      raise Fail.new('unsupported', "protocol #{spec} is not spoken") unless spec == '1'
      { 'name' => 'frog-ruby' + (@house.empty? ? '' : " (house: #{@house.to_a.join(', ')})"),
        'version' => '1.0.0', 'rulesets' => RULESETS.keys, 'ops' => OPS, 'rule_ids' => 'frogspec' }
    end

    def op_card_points(req, _rs)
      Frog.points(card!(need(req, 'card')))
    end

    def op_trick_winner(req, rs)
      t = trump!(req)
      cards = cards!(need(req, 'cards'), 1, 3, 'cards')
      Rules.new(rs, @house).trick_winner(cards, t)
    end

    def op_legal_plays(req, rs)
      t = trump!(req)
      hand = cards!(need(req, 'hand'), 1, 11, 'hand')
      trick = cards!(need(req, 'trick'), 0, 2, 'trick')
      Frog.invalid('a card is both in hand and in the trick') unless (hand & trick).empty?
      Rules.new(rs, @house).legal_plays(hand, trick, t)
    end

    def op_deal(req, rs)
      opts = options!(req, rs)
      n = players!(req, rs)
      d = seat!(req, 'dealer', n)
      deck = deck!(need(req, 'deck'))
      r = Rules.new(rs, @house, opts)
      hands, widow = r.deal(n, d, deck)
      act = r.active(n, d)
      { 'active' => act, 'eldest' => act[0], 'hands' => (0...n).map { |s| hands[s] }, 'widow' => widow }
    end

    def op_settle(req, rs)
      opts = options!(req, rs)
      n = players!(req, rs)
      d = seat!(req, 'dealer', n)
      b = seat!(req, 'bidder', n)
      c = need(req, 'contract')
      Frog.invalid('unknown contract') unless c.is_a?(String) && CONTRACT_LEVEL.key?(c)
      pts = need(req, 'bidder_points')
      Frog.invalid('bidder_points is not an integer 0..120') unless int?(pts) && pts.between?(0, 120)
      r = Rules.new(rs, @house, opts)
      Frog.invalid('the bidder sits out this deal') unless r.active(n, d).include?(b)
      unless r.contracts.include?(c)
        raise Fail.new('illegal', "#{rs} has no #{c}", rule: 'auction.contracts-without-frog')
      end
      r.settle(n, d, b, c, pts)
    end

    def game_setup(req, rs)
      opts = options!(req, rs)
      n = players!(req, rs)
      d = seat!(req, 'dealer', n)
      deck = deck!(need(req, 'deck'))
      acts = actions!(need(req, 'actions'))
      r = Rules.new(rs, @house, opts)
      [r, n, d, deck, acts]
    end

    def play_actions(deal, acts, extra = {})
      acts.each_with_index do |a, i|
        rule = deal.apply(a)
        next unless rule
        raise Fail.new('illegal', "action #{i} (#{a}) breaks #{rule}", rule: rule, extra: { 'at' => i }.merge(extra))
      end
    end

    def op_game(req, rs)
      r, n, d, deck, acts = game_setup(req, rs)
      g = Deal.new(r, n, d, deck)
      play_actions(g, acts)
      g.observation
    end

    def op_perft(req, rs)
      r, n, d, deck, acts = game_setup(req, rs)
      depth = req['depth']
      Frog.invalid('depth is not a non-negative integer') unless depth.nil? || (int?(depth) && depth >= 0)
      g = Deal.new(r, n, d, deck)
      play_actions(g, acts)
      return { 'total' => 1, 'by_first' => {} } if g.over? || depth&.zero?
      @visited = 0
      by = {}
      g.legal.each do |a|
        c = g.dup
        c.apply(a)
        by[a] = count(c, depth && depth - 1)
      end
      { 'total' => by.values.sum, 'by_first' => by }
    end

    def count(g, depth)
      return 1 if g.over? || depth&.zero?
      @visited += 1
      Frog.invalid('perft would visit more than 100000 positions') if @visited > 100_000
      g.legal.sum do |a|
        c = g.dup
        c.apply(a)
        count(c, depth && depth - 1)
      end
    end

    def op_match(req, rs)
      opts = options!(req, rs)
      n = players!(req, rs)
      fd = seat!(req, 'first_dealer', n)
      deals = need(req, 'deals')
      Frog.invalid('deals is not a list') unless deals.is_a?(Array)
      deals.each do |dl|
        Frog.invalid('a deal is not an object') unless dl.is_a?(Hash)
        deck!(need(dl, 'deck'))
        actions!(need(dl, 'actions'))
      end
      r = Rules.new(rs, @house, opts)
      bal = Array.new(n, r.bank)
      dealers = []
      over = false
      loser = nil
      dealer = fd
      deals.each_with_index do |dl, k|
        if over
          raise Fail.new('illegal', "deal #{k} comes after the game is over",
                         rule: 'match.first-unable-to-pay-loses', extra: { 'at' => 0, 'deal' => k })
        end
        dealers << dealer
        g = Deal.new(r, n, dealer, dl['deck'])
        play_actions(g, dl['actions'], { 'deal' => k })
        Frog.invalid("deal #{k} stops before its end") unless g.over?
        pay = g.payments
        if r.cfg[:ends] && g.bidder
          n.times do |i|
            s = (g.bidder + i) % n
            next unless pay[s].negative? && -pay[s] > bal[s]
            loser = s
            over = true
            break
          end
        end
        n.times { |s| bal[s] += pay[s] }
        dealer = (dealer + 1) % n
      end
      { 'balances' => bal, 'dealers' => dealers, 'over' => over, 'loser' => loser }
    end

    def op_first_dealer(req, rs)
      n = players!(req, rs)
      %w[chosen lowest].each do |k|
        next unless req.key?(k)
        seat!(req, k, n)
      end
      if req.key?('chooses_to_deal') && ![true, false].include?(req['chooses_to_deal'])
        Frog.invalid('chooses_to_deal is not a boolean')
      end
      if RULESETS[rs][:first] == :any
        seat!(req, 'chosen', n)
      else
        low = seat!(req, 'lowest', n)
        ctd = need(req, 'chooses_to_deal')
        Frog.invalid('chooses_to_deal is not a boolean') unless [true, false].include?(ctd)
        ctd ? low : (low - 1) % n
      end
    end
  end
end

if $PROGRAM_NAME == __FILE__
  house = Set.new
  args = ARGV.dup
  until args.empty?
    a = args.shift
    if a == '--house'
      name = args.shift
      if name.nil? || !Frog::HOUSE_RULES.include?(name)
        warn "frog.rb: unknown house rule #{name.inspect}; known: #{Frog::HOUSE_RULES.join(', ')}"
        exit 2
      end
      house << name
    elsif a.start_with?('--house=')
      name = a.split('=', 2)[1]
      unless Frog::HOUSE_RULES.include?(name)
        warn "frog.rb: unknown house rule #{name.inspect}; known: #{Frog::HOUSE_RULES.join(', ')}"
        exit 2
      end
      house << name
    elsif a == '--protocol'
      next
    else
      warn "frog.rb: unknown argument #{a.inspect}"
      exit 2
    end
  end
  server = Frog::Server.new(house)
  $stdout.sync = true
  $stdin.binmode
  $stdin.each_line do |line|
    line = line.chomp("\n")
    next if line.strip.empty? && line.match?(/\A[ \t\r]*\z/)
    $stdout.write(server.handle_line(line) + "\n")
  end
end
