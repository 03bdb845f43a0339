/* The step-through view of the rulebook's "Deals to read".
 *
 * The build writes each deal as JSON (frogspec.site.annotated.deal_data): every position
 * from the deal to the payments, with the engine's legal actions for the player to act and
 * the commentary naming the rules. This script only draws those positions; it decides
 * nothing about the game. Plain JavaScript, nothing loaded from anywhere but this site.
 *
 * A deal page's view fetches its JSON; the replay page hands the view data that
 * frogspec computed in the browser, through window.frogDeals.draw(root, data, links).
 */
(function () {
  "use strict";

  var SUITS = {
    C: ["\u2663", "fs-black", "clubs"],
    D: ["\u2666", "fs-red", "diamonds"],
    H: ["\u2665", "fs-red", "hearts"],
    S: ["\u2660", "fs-black", "spades"]
  };
  var RANKS = {
    A: "Ace", "10": "Ten", K: "King", Q: "Queen", J: "Jack",
    "9": "Nine", "8": "Eight", "7": "Seven", "6": "Six"
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardEl(code) {
    var rank = code.slice(0, -1);
    var suit = SUITS[code.slice(-1)];
    var card = el("span", "fs-card " + suit[1], rank);
    card.title = RANKS[rank] + " of " + suit[2];
    card.setAttribute("data-card", code);
    card.appendChild(el("span", "fs-suit", suit[0]));
    return card;
  }

  function backEl() {
    var card = el("span", "fs-card fs-back", "\u00a0");
    card.title = "face down";
    return card;
  }

  function handEl(codes, decorate) {
    var hand = el("span", "fs-hand");
    if (!codes.length) hand.appendChild(el("span", "fs-empty", "(no cards)"));
    codes.forEach(function (code) {
      var card = cardEl(code);
      if (decorate) decorate(card, code);
      hand.appendChild(card);
    });
    return hand;
  }

  /* The address of each rule's section, from the page's list of the rules in this deal
     (links MkDocs has checked and made relative). */
  function ruleLinks(root) {
    var links = {};
    var article = root.closest("article") || document;
    article.querySelectorAll("a[data-rule]").forEach(function (a) {
      links[a.getAttribute("data-rule")] = a.getAttribute("href");
    });
    return links;
  }

  function textEl(tag, className, segments, links, statements) {
    var node = el(tag, className);
    segments.forEach(function (segment) {
      node.appendChild(document.createTextNode(segment.text));
      if (!segment.rule) return;
      node.appendChild(document.createTextNode(" ("));
      var code = el("code", "", segment.rule);
      var href = links[segment.rule];
      if (href) {
        var a = el("a", "fs-rule");
        a.href = href;
        a.title = statements[segment.rule] || "";
        a.appendChild(code);
        node.appendChild(a);
      } else {
        node.appendChild(code);
      }
      node.appendChild(document.createTextNode(")"));
    });
    return node;
  }

  function playsEl(plays, winner) {
    var row = el("span", "fs-trick");
    plays.forEach(function (play, n) {
      var box = el("span", "fs-play" + (play[0] === winner ? " fs-won" : ""));
      box.appendChild(el("span", "fs-who", "Seat " + play[0] + (n === 0 ? " leads" : "")));
      box.appendChild(cardEl(play[1]));
      row.appendChild(box);
    });
    return row;
  }

  function phaseTitle(data, step, previous) {
    if (!previous) return "The deal";
    if (step.phase === "auction" || previous.phase === "auction") return "The auction";
    if (previous.phase === "discard") return "The " + data.widow_name;
    if (previous.phase === "trump") return "Naming trump";
    if (step.phase === "over") return "Trick 11 and the count";
    return "Trick " + (step.tricks + (step.completed ? 0 : 1));
  }

  /* links: each rule's address, by id; by default the page's list of the rules. */
  function Stepper(root, data, links) {
    this.root = root;
    this.data = data;
    this.links = links || ruleLinks(root);
    this.at = 0;
    this.build();
    this.show(0);
  }

  Stepper.prototype.build = function () {
    var self = this;
    var root = this.root;
    root.textContent = "";
    var bar = el("div", "fs-step-bar");
    function button(label, aria, move) {
      var b = el("button", "md-button fs-step-button", label);
      b.type = "button";
      b.setAttribute("aria-label", aria);
      b.addEventListener("click", function () { self.show(move()); });
      bar.appendChild(b);
      return b;
    }
    this.first = button("\u00ab", "First step", function () { return 0; });
    this.prev = button("\u2039 Previous", "Previous step", function () { return self.at - 1; });
    this.position = el("span", "fs-step-position");
    this.position.setAttribute("aria-live", "polite");
    bar.appendChild(this.position);
    this.next = button("Next \u203a", "Next step", function () { return self.at + 1; });
    this.last = button("\u00bb", "Last step", function () { return self.data.steps.length - 1; });
    root.appendChild(bar);
    this.title = el("p", "fs-step-title");
    root.appendChild(this.title);
    this.note = el("div", "fs-step-note");
    root.appendChild(this.note);
    this.table = el("div", "fs-step-table");
    root.appendChild(this.table);
    this.after = el("div", "fs-step-after");
    root.appendChild(this.after);
    this.seats = el("div", "fs-step-seats");
    root.appendChild(this.seats);
    root.setAttribute("tabindex", "-1");
  };

  Stepper.prototype.show = function (index) {
    var data = this.data;
    var steps = data.steps;
    index = Math.max(0, Math.min(steps.length - 1, index));
    this.at = index;
    var step = steps[index];
    var previous = index ? steps[index - 1] : null;
    this.first.disabled = this.prev.disabled = index === 0;
    this.next.disabled = this.last.disabled = index === steps.length - 1;
    this.position.textContent = "Step " + index + " of " + (steps.length - 1);
    this.title.textContent = phaseTitle(data, step, previous);
    this.note.textContent = "";
    this.note.appendChild(textEl("p", "", step.note, this.links, data.rules));
    this.drawTable(step, previous);
    this.drawSeats(step);
    this.drawAfter(step);
    this.root.setAttribute("data-step", String(index));
  };

  /* The legal actions of the player to act, as the engine listed them. */
  function legalCards(step) {
    var cards = {};
    step.legal.forEach(function (action) {
      var parts = action.split(" ");
      if (parts.length === 2 && (parts[0] === "play" || parts[0] === "discard")) cards[parts[1]] = true;
    });
    return cards;
  }

  Stepper.prototype.drawTable = function (step, previous) {
    var data = this.data;
    var table = this.table;
    table.textContent = "";
    var line = el("div", "fs-step-line");
    if (step.phase === "auction" || (previous && previous.phase === "auction")) {
      line.appendChild(el("span", "fs-step-label", "Bids:"));
      if (!step.auction.length) line.appendChild(el("span", "fs-empty", "none yet"));
      step.auction.forEach(function (bid) {
        line.appendChild(el("span", "fs-chip", "Seat " + bid[0] + ": " + bid[1]));
      });
      table.appendChild(line);
    }
    if (step.choices.length) {
      var choices = el("div", "fs-step-line");
      choices.appendChild(el("span", "fs-step-label", "Seat " + step.to_act + " may:"));
      step.choices.forEach(function (choice) {
        var chip = el("span", "fs-chip fs-legal", choice);
        chip.setAttribute("data-legal", "true");
        choices.appendChild(chip);
      });
      table.appendChild(choices);
    }
    var trick = el("div", "fs-step-line fs-step-trick");
    if (step.trick.length) {
      trick.appendChild(el("span", "fs-step-label", "On the table:"));
      trick.appendChild(playsEl(step.trick, null));
    } else if (step.completed) {
      trick.appendChild(el("span", "fs-step-label", "Seat " + step.completed.winner + " takes the trick:"));
      trick.appendChild(playsEl(step.completed.cards, step.completed.winner));
    } else if (step.phase === "play") {
      trick.appendChild(el("span", "fs-step-label", "Seat " + step.to_act + " to lead."));
    }
    if (trick.childNodes.length) table.appendChild(trick);
    var widow = el("div", "fs-step-line");
    var name = step.widow === "revealed" ? data.result.counted_name : "the " + data.widow_name;
    widow.appendChild(el("span", "fs-step-label", name.charAt(0).toUpperCase() + name.slice(1) + ":"));
    if (step.widow === "down") {
      var backs = el("span", "fs-hand");
      data.widow.forEach(function () { backs.appendChild(backEl()); });
      widow.appendChild(backs);
      widow.appendChild(el("span", "fs-step-aside", "face down"));
    } else if (step.widow === "taken") {
      if (step.phase === "discard" && !step.laid_away.length && data.widow_shown) {
        widow.appendChild(handEl(data.widow));
        widow.appendChild(el("span", "fs-step-aside", "shown face up, then taken into seat " + step.bidder + "'s hand"));
      } else {
        widow.appendChild(el("span", "fs-step-aside", "taken into seat " + step.bidder + "'s hand."));
      }
      if (step.laid_away.length) {
        table.appendChild(widow);
        widow = el("div", "fs-step-line");
        widow.appendChild(el("span", "fs-step-label", "Laid away:"));
        widow.appendChild(handEl(step.laid_away, function (card) { card.classList.add("fs-laid"); }));
        widow.appendChild(el("span", "fs-step-aside", "face down; they count for the bidder"));
      }
    } else {
      widow.appendChild(handEl(data.result.counted));
      widow.appendChild(el("span", "fs-step-aside", "turned up at the count; they count for the bidder"));
    }
    table.appendChild(widow);
    if (step.points) {
      var points = el("div", "fs-step-line fs-step-points");
      points.appendChild(el("span", "fs-step-label", "Card points in tricks:"));
      points.appendChild(el("span", "", "bidder " + step.points[0] + ", defenders " + step.points[1]));
      if (step.trump) {
        var suit = SUITS[step.trump];
        points.appendChild(el("span", "fs-step-label", "Trump:"));
        points.appendChild(el("span", suit[1] === "fs-red" ? "fs-trump fs-red" : "fs-trump", suit[0] + " " + suit[2]));
      }
      table.appendChild(points);
    }
  };

  Stepper.prototype.drawSeats = function (step) {
    var data = this.data;
    var seats = this.seats;
    seats.textContent = "";
    var legal = legalCards(step);
    var widowCards = {};
    data.widow.forEach(function (code) { widowCards[code] = true; });
    if (step.phase === "over") return;  // every hand is empty: the count is shown instead
    data.order.forEach(function (seat, n) {
      var acting = step.to_act === seat;
      var box = el("div", "fs-seat" + (acting ? " fs-acting" : ""));
      box.setAttribute("data-seat", String(seat));
      var roles = [];
      if (seat === data.dealer) roles.push("dealer");
      if (n === 0) roles.push("eldest");
      if (step.bidder === seat) roles.push("bidder" + (step.contract ? ", " + step.contract : ""));
      var head = el("div", "fs-seat-head");
      head.appendChild(el("strong", "", "Seat " + seat));
      if (roles.length) head.appendChild(el("span", "fs-step-aside", roles.join(", ")));
      if (acting) {
        var what = { auction: "to bid", discard: "to lay away", trump: "to name trump", play: "to play" }[step.phase];
        head.appendChild(el("span", "fs-to-act", what));
      }
      box.appendChild(head);
      var frog = step.widow === "taken" && step.bidder === seat;
      box.appendChild(handEl(step.hands[seat], function (card, code) {
        if (frog && widowCards[code]) card.classList.add("fs-from-widow");
        if (!acting || (step.phase !== "play" && step.phase !== "discard")) return;
        if (legal[code]) {
          card.classList.add("fs-legal");
          card.setAttribute("data-legal", "true");
          card.title += " (may be played)";
        } else {
          card.classList.add("fs-dim");
        }
      }));
      seats.appendChild(box);
    });
    var out = [];
    for (var seat = 0; seat < data.players; seat++) if (data.order.indexOf(seat) < 0) out.push(seat);
    if (out.length) {
      var line = el("p", "fs-step-aside fs-sitting-out");
      var dealer = out.indexOf(data.dealer) >= 0;
      line.textContent = out.length > 1
        ? "Seats " + out.join(" and ") + " sit out this deal" + (dealer ? " (the dealer among them)" : "") + ": no cards."
        : "Seat " + out[0] + (dealer ? ", the dealer," : "") + " sits out this deal: no cards.";
      seats.appendChild(line);
    }
  };

  Stepper.prototype.drawAfter = function (step) {
    var after = this.after;
    var data = this.data;
    after.textContent = "";
    if (step.phase !== "over") return;
    // A deal everyone passed has no count, only its (empty) payments.
    var counted = data.result.count.length > 0;
    after.appendChild(el("p", "fs-step-title", counted ? "The count and the payments" : "The payments"));
    if (counted) after.appendChild(textEl("p", "", data.result.count, this.links, data.rules));
    var list = el("ul", "fs-payments");
    var self = this;
    data.result.lines.forEach(function (line) {
      var item = el("li");
      var amount = (line.amount > 0 ? "+" : line.amount < 0 ? "\u2212" : "") + Math.abs(line.amount);
      item.appendChild(el("strong", "", "Seat " + line.seat + ": " + amount + " " + data.unit));
      item.appendChild(textEl("span", "", [{ text: ": " }].concat(line.why), self.links, data.rules));
      list.appendChild(item);
    });
    after.appendChild(list);
  };

  function editing(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || target.isContentEditable;
  }

  var current = null;  // the view on the page now

  document.addEventListener("keydown", function (event) {
    if (!current || !current.root.isConnected) return;
    if (event.altKey || event.ctrlKey || event.metaKey || editing(event.target)) return;
    var last = current.data.steps.length - 1;
    var moves = { ArrowRight: current.at + 1, ArrowLeft: current.at - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    // Home and End scroll the page unless the view has the focus.
    if ((event.key === "Home" || event.key === "End") && !current.root.contains(document.activeElement)) return;
    event.preventDefault();
    current.show(moves[event.key]);
  });

  /* Draw a deal's data in root, as the deal pages do; the arrow keys follow this view. */
  function draw(root, data, links) {
    current = new Stepper(root, data, links);
    root.setAttribute("data-ready", "true");
    return current;
  }

  window.frogDeals = { draw: draw };

  function start(root) {
    if (root.getAttribute("data-ready")) return;
    var article = root.closest("article") || document;
    var source = article.querySelector("a.fs-deal-data");
    if (!source) return;
    root.setAttribute("data-ready", "loading");
    fetch(source.href)
      .then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      })
      .then(function (data) { draw(root, data); })
      .catch(function (error) {
        root.textContent = "The step-through view could not load its data (" + error.message +
          "); the whole deal is written out below.";
        root.setAttribute("data-ready", "error");
      });
  }

  function init() {
    document.querySelectorAll(".fs-stepper").forEach(start);
  }

  // With the theme's instant loading, pages arrive without a new load: follow its document$.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
