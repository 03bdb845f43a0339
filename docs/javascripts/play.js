// The Play page: draws the table that frogspec.web_table describes and passes clicks
// to it. No rule of Frog is here: the engine runs in Pyodide, from this site, and every
// legal action, refusal and payment comes from it.
//
// The same engine runs the rulebook's examples: under each rule's example a "Run it here"
// button makes the example editable and runs it in the page's Pyodide, started on demand.
// And it replays a deal from its link (the page deals/replay/): frogspec computes the
// step-through view's data from the link, and deals.js draws it.
(function () {
  "use strict";
  const app = document.getElementById("frog-play");
  const config = document.getElementById("__config");
  const base = config ? JSON.parse(config.textContent).base : "..";
  const root = new URL(base.replace(/\/?$/, "/"), window.location.href);
  const SUITS = { H: "♥", S: "♠", D: "♦", C: "♣" };
  const SUIT_NAMES = { H: "hearts", S: "spades", D: "diamonds", C: "clubs" };
  const RED = { H: true, D: true };
  const state = { call: null, view: null, rulesets: [], refusal: null, record: null, hint: null };
  // What the browser test reads: readiness and the time to the first playable table.
  window.frogPlay = { ready: false, error: null, readyMs: null, timings: {}, state: state };
  const mark = (name) => { window.frogPlay.timings[name] = Math.round(performance.now()); };

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "onclick") node.addEventListener("click", value);
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of [].concat(children || [])) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function ruleLink(rule, label) {
    return el("a", { href: new URL(rule.url, root).href, className: "fp-rule", title: rule.statement },
      el("code", { text: label || rule.id }));
  }

  // "1 trick", "2 tricks"; a unit already plural ("counters") loses its "s" for one.
  function count(n, word) {
    if (Math.abs(n) === 1) return n + " " + word.replace(/s$/, "");
    return n + " " + (word.endsWith("s") ? word : word + "s");
  }

  function cardFace(code, attrs) {
    const suit = code.slice(-1);
    const rank = code.slice(0, -1);
    const names = { A: "Ace", K: "King", Q: "Queen", J: "Jack", "10": "Ten" };
    const title = (names[rank] || rank) + " of " + SUIT_NAMES[suit];
    const cls = "fs-card " + (RED[suit] ? "fs-red" : "fs-black") + " " + ((attrs && attrs.className) || "");
    const tag = attrs && attrs.onclick ? "button" : "span";
    return el(tag, Object.assign({}, attrs || {}, { className: cls, title: title, "aria-label": title }),
      [rank, el("span", { className: "fs-suit", text: SUITS[suit] })]);
  }

  // A message of the engine's with its cards drawn as cards: "not play 8H" becomes "not
  // play 8♥", the card as everywhere else on the page.
  function withCards(text) {
    return String(text).split(/\b((?:10|[2-9AKQJ])[CDHS])\b/).map((part, i) => (i % 2 ? cardFace(part) : part));
  }

  // A suit as the cards show it: its symbol, in its colour, and its name.
  function suitFace(letter) {
    return el("span", { className: "fp-suit " + (RED[letter] ? "fs-red" : "fs-black") }, SUITS[letter] + " " + SUIT_NAMES[letter]);
  }

  // One step of the deal in words, its card drawn as a card: "Seat 1 plays A♣", "You pass".
  function stepWords(view, e) {
    const you = e.seat === view.human;
    const verb = (mine, theirs) => e.who + " " + (you ? mine : theirs);
    const [kind, argument] = e.action.split(" ");
    if (kind === "play" && argument) return [verb("play ", "plays "), cardFace(argument)];
    if (kind === "discard" && argument) return [verb("lay away ", "lays away "), cardFace(argument)];
    if (kind === "discard") return [verb("lay away a card", "lays away a card")];
    if (kind === "trump" && argument) return [verb("name ", "names "), suitFace(argument), " as trumps"];
    if (kind === "pass") return [verb("pass", "passes")];
    return [verb("bid ", "bids ") + (e.label || e.action)];
  }

  function send(command, argument) {
    const answer = JSON.parse(state.call(command, argument === undefined ? "" : argument));
    state.refusal = answer.refused || null;
    if (answer.view) state.view = answer.view;
    return answer;
  }

  function act(action) {
    state.record = null;
    send("act", action);
    draw();
  }

  // ------------------------------------------------------------------ drawing

  function seatName(view, seat) {
    return view.seats[seat].name;
  }

  function drawSetup() {
    const form = app.querySelector(".fp-setup");
    form.hidden = false;
    const select = form.querySelector("select[name=ruleset]");
    if (!select.options.length) {
      for (const rs of state.rulesets) select.append(el("option", { value: rs.id, text: rs.name }));
      select.addEventListener("change", drawPlayerChoices);
    }
    drawPlayerChoices();
  }

  function drawPlayerChoices() {
    const form = app.querySelector(".fp-setup");
    const rs = state.rulesets.find((r) => r.id === form.ruleset.value);
    const players = form.querySelector("select[name=players]");
    const wanted = Number(players.value) || 3;
    players.replaceChildren(...rs.players.map((n) => el("option", { value: n, text: n + " players", selected: n === wanted })));
    // The marks of the rulings and readings the summary states, as printed elsewhere.
    const marks = document.getElementById("fp-summary-marks");
    const mark = marks ? JSON.parse(marks.textContent)[rs.id] : "";
    form.querySelector(".fp-summary").textContent = rs.summary + (mark ? " " + mark : "") + (rs.has_end ? " A match ends when a player cannot pay." : "");
  }

  function start() {
    const form = app.querySelector(".fp-setup");
    state.record = null;
    state.hint = null;
    send("start", JSON.stringify({ ruleset: form.ruleset.value, players: Number(form.players.value), seed: Number(form.seed.value) || 1, opponent: form.opponent.value }));
    draw();
  }

  function actionButton(view, action, label, extra) {
    const legal = view.legal.includes(action);
    return el("button", {
      type: "button", className: "md-button fp-action" + (legal ? " fp-legal md-button--primary" : "") + (extra || ""),
      "data-action": action, onclick: () => act(action), text: label,
    });
  }

  function drawSeats(view) {
    return el("ul", { className: "fp-seats" }, view.seats.map((s) => {
      const tags = [];
      if (s.dealer) tags.push("dealer");
      if (!s.playing) tags.push("sits out");
      if (s.bidder) tags.push("bidder: " + view.contract_names[view.contract]);
      if (view.to_act === s.seat) tags.push("to act");
      return el("li", { className: "fp-seat" + (view.to_act === s.seat ? " fp-to-act" : ""), "data-seat": s.seat }, [
        el("strong", { text: s.name }),
        el("span", { text: " " + count(s.cards, "card") + " · " + count(s.tricks, "trick") + " · balance " + s.balance + " " + view.unit }),
        tags.length ? el("span", { className: "fp-tags", text: " (" + tags.join(", ") + ")" }) : null,
      ]);
    }));
  }

  function drawTrick(view, cards, caption) {
    return el("figure", { className: "fp-trick" }, [
      el("figcaption", { text: caption }),
      el("div", { className: "fp-trick-cards" }, cards.length ? cards.map((p) =>
        el("span", { className: "fp-played" }, [cardFace(p.card), el("small", { text: seatName(view, p.seat) })])) :
        el("span", { className: "fp-empty", text: "(no card yet)" })),
    ]);
  }

  function drawRefusal() {
    const r = state.refusal;
    if (!r) return null;
    const body = [el("p", {}, [el("strong", { text: "Refused: " })].concat(withCards(r.message)))];
    if (r.rule) {
      body.push(el("p", {}, [ruleLink(r.rule), " ", r.rule.statement]));
      if (r.rule.editorial) body.push(el("p", { className: "fp-where", text: "An editorial ruling of this rulebook: " + r.rule.reasoning }));
      for (const c of r.rule.citations) {
        body.push(el("blockquote", {}, [el("p", { text: "“" + c.quote + "”" }), el("p", { className: "fp-where", text: c.where })]));
      }
    }
    return el("div", { className: "admonition failure fp-refusal", role: "alert", "data-rule": r.rule ? r.rule.id : "" }, body);
  }

  function drawPrompt(view) {
    if (view.phase === "over") return null;
    const words = { auction: "bid or pass", discard: "lay away a card (three in all)", trump: "name the trump", play: "play a card" };
    const text = view.your_turn ? "Your turn: " + words[view.phase] + "." : seatName(view, view.to_act) + " is to act.";
    return el("p", { className: "fp-prompt" }, [text, " Rule: ", ruleLink(view.step_rule), " ", view.step_rule.statement]);
  }

  function drawActions(view) {
    if (!view.your_turn) return null;
    if (view.phase === "auction") {
      const bids = ["pass"].concat(view.contracts);
      const label = (b) => view.contract_names[b] || b[0].toUpperCase() + b.slice(1);
      return el("div", { className: "fp-actions" }, bids.map((b) => actionButton(view, b, label(b))));
    }
    if (view.phase === "trump") {
      return el("div", { className: "fp-actions" }, Object.keys(SUITS).map((s) =>
        actionButton(view, "trump " + s, SUITS[s] + " " + s, RED[s] ? " fs-red" : "")));
    }
    return null;
  }

  function drawHand(view) {
    const verb = view.phase === "discard" ? "discard " : "play ";
    const clickable = view.your_turn && (view.phase === "play" || view.phase === "discard");
    return el("div", { className: "fp-hand" }, view.hand.map((code) => {
      const action = verb + code;
      const legal = clickable && view.legal.includes(action);
      return cardFace(code, clickable ? {
        className: legal ? "fp-card fp-legal" : "fp-card", "data-action": action,
        onclick: () => act(action), type: "button",
      } : { className: "fp-card" });
    }));
  }

  function drawResult(view) {
    const r = view.result;
    if (!r) return null;
    const lines = [];
    if (view.bidder === null) {
      lines.push(el("p", { text: "Every player passed: the deal is over with no payments." }));
    } else {
      lines.push(el("p", { className: "fp-count", text: seatName(view, view.bidder) + " played " + view.contract_names[view.contract] +
        " and took " + count(r.bidder_points, "point") + "; the defenders took " + r.defender_points + "." }));
    }
    lines.push(el("p", { className: "fp-paid", text: paymentWords(view, r) }));
    lines.push(el("table", { className: "fp-payments" }, [
      el("thead", {}, el("tr", {}, [el("th", { text: "seat" }), el("th", { text: "this deal" }), el("th", { text: "balance" })])),
      el("tbody", {}, view.seats.map((s) => el("tr", {}, [
        el("td", { text: s.name }), el("td", { text: (r.payments[s.seat] > 0 ? "+" : "") + r.payments[s.seat] + " " + view.unit }),
        el("td", { text: String(view.balances[s.seat]) }),
      ]))),
    ]));
    lines.push(el("p", {}, ["Rules: "].concat(r.rules.flatMap((rule, i) => [i ? ", " : "", ruleLink(rule)]))));
    if (view.match_over) {
      lines.push(el("p", { className: "fp-match-over", text: "The match is over: " + seatName(view, view.loser) + " could not pay." }));
    } else {
      lines.push(el("button", { type: "button", className: "md-button md-button--primary fp-next", onclick: () => { state.record = null; state.hint = null; send("next"); draw(); }, text: "Next deal" }));
    }
    lines.push(el("p", { className: "fp-offers" }, [
      el("a", { className: "md-button fp-replay", href: new URL(r.replay, root).href, text: "Replay this deal step by step" }), " ",
      recordButton(() => { state.record = send("record"); draw(); }),
    ]));
    if (state.record && state.record.vector) lines.push(drawRecord(state.record));
    return el("section", { className: "fp-result" }, [el("h3", { text: "The count and the payments" })].concat(lines));
  }

  // Who pays whom, in words: "Seat 1 pays you 10 counters and Seat 2 pays you 10 counters."
  function paymentWords(view, r) {
    const seats = view.seats.map((s) => s.seat);
    const subject = (seat) => seatName(view, seat);
    const object = (seat) => (seat === view.human ? "you" : seatName(view, seat));
    const pays = (seat) => subject(seat) + (seat === view.human ? " pay " : " pays ");
    const amount = (n) => count(Math.abs(n), view.unit);
    const payers = seats.filter((s) => r.payments[s] < 0);
    const paid = seats.filter((s) => r.payments[s] > 0);
    if (!payers.length && !paid.length) return "Nothing is paid: no one pays anyone for this deal.";
    const and = (parts) => parts.length < 2 ? parts.join("") : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
    if (paid.length === 1) return and(payers.map((s) => pays(s) + object(paid[0]) + " " + amount(r.payments[s]))) + ".";
    if (payers.length === 1) return pays(payers[0]) + and(paid.map((s) => object(s) + " " + amount(r.payments[s]))) + ".";
    return and(seats.filter((s) => r.payments[s]).map((s) => subject(s) + (r.payments[s] > 0 ? " receives " : " pays ") +
      amount(r.payments[s]))) + ".";
  }

  // The hint: the hand-worth table's row for your hand as dealt (frogspec.worth), asked of
  // the engine when you press the button; analysis of this ruleset's deals, not a rule.
  function drawHint(view) {
    if (view.you_sit_out) return null;
    const button = el("button", { type: "button", className: "md-button fp-hint-button", text: "Hint: what is this hand worth?",
      onclick: () => { state.hint = JSON.parse(state.call("hint", "")); draw(); } });
    const hint = state.hint;
    if (!hint) return el("div", { className: "fp-hint" }, button);
    if (hint.refused) return el("div", { className: "fp-hint" }, el("p", { className: "admonition note", text: "No hint: " + hint.refused.message + "." }));
    const h = hint.hint;
    return el("div", { className: "fp-hint admonition info", "data-position": h.position }, [
      el("p", { className: "fp-hint-intro", text: "What a hand like yours is worth, seated " + h.position + ", under " + view.ruleset_name + " (the hand-worth tables: deals solved with every hand open, not a rule; a Frog's figures a lower bound):" }),
      h.note ? el("p", { className: "fp-hint-note", text: h.note }) : null,
      h.assumes ? el("p", { className: "fp-hint-assumes", text: h.assumes }) : null,
      el("div", { className: "fp-scroll" }, el("table", { className: "fp-hint-table" }, [
        el("thead", {}, el("tr", {}, hintColumns(h).map((c, i) => el("th", { text: c, className: numeric(hintCells(h, h.rows[0] || [], 0)[i]) ? "fp-num" : null })))),
        el("tbody", {}, h.rows.map((row, r) => el("tr", {}, hintCells(h, row, r).map((cell, i) =>
          el(i ? "td" : "th", { text: cell, scope: i ? null : "row", className: numeric(cell) ? "fp-num" : null }))))),
      ])),
      h.estimate ? el("p", { className: "fp-hint-estimate", text: h.estimate }) : null,
    ]);
  }

  // A figure (a rate, a payment, a count), set flush right so that its digits line up.
  function numeric(cell) {
    return /^[-+]?\d/.test(cell || "");
  }

  // The hint's columns, with the trump each row assumes after the contract.
  function hintColumns(h) {
    return h.trumps ? [h.columns[0], "trumps"].concat(h.columns.slice(1)) : h.columns;
  }

  function hintCells(h, row, index) {
    return h.trumps ? [row[0], h.trumps[index]].concat(row.slice(1)) : row;
  }

  // "This deal as a test case": the offer of the Play page and of the replay page alike.
  function recordButton(onclick) {
    return el("button", { type: "button", className: "md-button fp-record-button", onclick: onclick, text: "This deal as a test case" });
  }

  function drawRecord(record) {
    const text = JSON.stringify(record.vector, null, 2) + "\n";
    const blob = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const id = record.vector.cases[0].id;
    return el("div", { className: "fp-record" }, [
      el("p", {}, ["A conformance vector (", el("a", { href: blob, download: id + ".json", text: "download " + id + ".json" }),
        "): put it in a folder and run ", el("code", { text: "frogspec conform --vectors FOLDER -- your-engine" }),
        ". In the position notation, as dealt and at the end:"]),
      el("pre", { className: "fp-notation" }, el("code", { text: record.notation.start + "\n" + record.notation.actions.join(" ") + "\n" + record.notation.final })),
      el("details", {}, [el("summary", { text: "The vector" }), el("pre", { className: "fp-vector" }, el("code", { text: text }))]),
    ]);
  }

  // What the computers did since your last action, one step after another (each fades in
  // after the one before), so that their cards do not all appear at once.
  function drawSince(view) {
    const steps = view.since_you || [];
    if (!steps.length || view.you_sit_out) return null;
    return el("div", { className: "fp-since" }, [
      el("p", { className: "fp-since-title", text: "Since your move:" }),
      el("ol", {}, steps.map((e, i) => {
        const won = e.trick_won_by !== undefined ? " — trick to " + seatName(view, e.trick_won_by) : "";
        return el("li", { style: "animation-delay: " + (0.5 * i).toFixed(1) + "s" }, stepWords(view, e).concat([won]));
      })),
    ]);
  }

  // Sitting out, you would see the deal only once it is over: say so, and open its steps.
  function drawSatOut(view) {
    if (!view.you_sit_out) return null;
    return el("p", { className: "admonition note fp-sat-out", text: "You sit out this deal: the others played it. " +
      "Every step is listed below, from the first bid to the last trick." });
  }

  function drawLog(view) {
    const items = view.log.map((e) => {
      const parts = stepWords(view, e).concat([" ", ruleLink(e.rule)]);
      if (e.trick_won_by !== undefined) parts.push(" — trick to " + seatName(view, e.trick_won_by) + " ", ruleLink(e.trick_rule));
      return el("li", {}, parts);
    });
    return el("details", { className: "fp-log", open: view.you_sit_out && view.phase === "over" }, [
      el("summary", { text: "Every step of this deal, with its rule (" + view.log.length + ")" }),
      el("ol", {}, items),
    ]);
  }

  function draw() {
    const view = state.view;
    const board = app.querySelector(".fp-board");
    if (!view) { board.replaceChildren(drawRefusal() || ""); return; }
    const info = ["Deal " + view.deal_number + " of " + view.ruleset_name + "."];
    if (view.contract) info.push(" Contract: " + view.contract_names[view.contract] + " by " + seatName(view, view.bidder) + ".");
    if (view.trump) info.push(" Trump: " + SUITS[view.trump] + ".");
    const widowLabel = view.widow_name[0].toUpperCase() + view.widow_name.slice(1) + ": ";
    const widow = view.widow ? el("p", { className: "fp-widow" }, [widowLabel].concat(view.widow.map((c) => cardFace(c)))) : null;
    const laid = view.laid_away && view.laid_away.length ? el("p", { className: "fp-laid" }, ["You laid away: "].concat(view.laid_away.map((c) => cardFace(c)))) : null;
    // The table (the trick, what to do, your hand) beside the messages (a refusal, what the
    // others did, the hint), so that all three are in view together: side by side on a
    // wide screen, the messages under the hand (scrolling within themselves) on a phone.
    const table = [
      view.phase === "play" || view.last_trick.length ? el("div", { className: "fp-tricks" }, [
        view.phase === "play" ? drawTrick(view, view.trick, "This trick") : null,
        view.last_trick.length ? drawTrick(view, view.last_trick, "Last trick, won by " + seatName(view, view.last_trick_won_by)) : null,
      ]) : null,
      drawPrompt(view),
      drawActions(view),
      el("h3", { className: "fp-hand-title", text: "Your hand" + (view.seats[view.human].playing ? "" : " (you sit out this deal)") }),
      drawHand(view),
    ].filter(Boolean);
    const messages = [drawSatOut(view), drawRefusal(), drawHint(view)].filter(Boolean);
    board.replaceChildren(...[
      el("p", { className: "fp-info", text: info.join("") }),
      drawSeats(view),
      widow, laid,
      el("div", { className: "fp-layout" }, [
        el("div", { className: "fp-table" }, table),
        el("div", { className: "fp-messages" }, messages),
        drawSince(view),
      ].filter(Boolean)),
      drawResult(view),
      drawLog(view),
    ].filter(Boolean));
    app.dataset.phase = view.phase;
  }

  // ------------------------------------------------------------------ start

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = el("script", { src: src });
      script.onload = resolve;
      script.onerror = () => reject(new Error("cannot load " + src));
      document.head.append(script);
    });
  }

  // The engine: Pyodide from this site, with frogspec's wheel; started once, on demand.
  let engine = null;
  function startEngine() {
    if (engine) return engine;
    engine = (async () => {
      const manifest = await (await fetch(new URL("play-assets/manifest.json", root))).json();
      if (!manifest.runtime) throw Object.assign(new Error(manifest.missing), { missing: true });
      const index = new URL(manifest.runtime.path + "/", root).href;
      await loadScript(index + "pyodide.js");
      const pyodide = await window.loadPyodide({ indexURL: index, packages: [] });
      mark("runtime");
      const wheel = await (await fetch(new URL("play-assets/" + manifest.wheel, root))).arrayBuffer();
      pyodide.unpackArchive(wheel, "wheel");
      const session = pyodide.pyimport("frogspec.web_table");
      mark("engine");
      return { version: manifest.runtime.version, call: (command, argument) => session.call(command, argument) };
    })();
    return engine;
  }

  async function boot() {
    const status = app.querySelector(".fp-status");
    try {
      status.textContent = "Loading the engine: Python (Pyodide) and frogspec…";
      const started = await startEngine();
      state.call = started.call;
      state.rulesets = JSON.parse(state.call("rulesets", ""));
      const seed = app.querySelector(".fp-setup input[name=seed]");
      if (!seed.value) seed.value = String(1 + Math.floor(Math.random() * 99999));
      app.querySelector(".fp-setup").addEventListener("submit", (event) => { event.preventDefault(); start(); });
      drawSetup();
      app.querySelector(".fp-controls").disabled = false;  // the engine answers from now on
      start();
      status.hidden = true;
      window.frogPlay.readyMs = Math.round(performance.now());
      window.frogPlay.ready = true;
    } catch (error) {
      status.className = "admonition " + (error.missing ? "warning" : "failure") + " fp-status";
      status.textContent = error.missing ? error.message : "The engine could not start: " + error.message;
      window.frogPlay.error = error.missing ? "no runtime" : String(error && error.message || error);
    }
  }

  // ------------------------------------------------------------------ the examples

  function exampleRunner(source, result) {
    const button = el("button", { type: "button", className: "md-button fp-run-example", text: "Run it here" });
    button.addEventListener("click", async () => {
      const editor = el("textarea", { className: "fp-example-code", spellcheck: "false", "aria-label": "the example, editable" });
      editor.value = source.querySelector("code").textContent.replace(/\n$/, "");
      editor.rows = Math.min(30, editor.value.split("\n").length + 1);
      const output = el("pre", { className: "fp-example-output", "aria-live": "polite" }, el("code", { text: "Starting Python…" }));
      const run = el("button", { type: "button", className: "md-button md-button--primary fp-run", text: "Run" });
      const panel = el("div", { className: "fp-example" }, [editor, run, output]);
      button.replaceWith(panel);
      const execute = async () => {
        output.firstChild.textContent = "Running…";
        try {
          const started = await startEngine();
          output.firstChild.textContent = JSON.parse(started.call("run", editor.value)).output;
        } catch (error) {
          output.firstChild.textContent = error.message;
        }
        panel.dataset.done = String(Number(panel.dataset.done || 0) + 1);
      };
      run.addEventListener("click", execute);
      execute();
    });
    result.after(button);
  }

  for (const result of document.querySelectorAll("article .result")) {
    const source = result.previousElementSibling;
    const label = source && source.previousElementSibling;
    if (source && source.matches(".highlight") && label && label.textContent.startsWith("Example")) {
      exampleRunner(source, result);
    }
  }

  if (app) boot();

  // ------------------------------------------------------------------ the replay page

  const replayApp = document.getElementById("frog-replay");
  // What the browser test reads: the deal shown (or the error) and when.
  window.frogReplay = { ready: false, error: null, readyMs: null, shown: 0, done: 0, steps: null };

  function replayStatus(kind, text) {
    const status = replayApp.querySelector(".fr-status");
    status.className = (kind ? "admonition " + kind + " " : "") + "fr-status";
    status.textContent = text;
    status.hidden = !text;
  }

  function replayFailed(message, rule) {
    const box = replayApp.querySelector(".fr-error");
    const body = [el("p", {}, [el("strong", { text: "This link cannot be replayed: " }), message])];
    if (rule) body.push(el("p", {}, ["The rule: ", ruleLink(rule), " ", rule.statement]));
    body.push(el("p", { text: "Check the link, or play a deal on the Play page for a new one." }));
    box.className = "admonition failure fr-error";
    box.dataset.rule = rule ? rule.id : "";
    box.replaceChildren(...body);
    box.hidden = false;
    replayApp.querySelector(".fr-deal").hidden = true;
    window.frogReplay.error = message;
  }

  function replayRules(data, links) {
    const items = Object.keys(data.rules).map((id) => el("li", {}, [
      el("a", { href: links[id], className: "fs-rule" }, el("code", { text: id })), ": " + data.rules[id],
    ]));
    return [el("p", { className: "fs-step-title", text: "The rules in this deal" }), el("ul", {}, items)];
  }

  // An anchor of the page itself (its table of contents) is not a deal.
  function isAnchor(fragment) {
    try {
      return document.getElementById(decodeURIComponent(fragment)) !== null;
    } catch (error) {
      return false;  // a malformed escape: not an anchor, and the engine will say what is wrong
    }
  }

  async function showReplay() {
    const link = window.location.hash.slice(1);
    if (link && isAnchor(link) && window.frogReplay.shown) return;  // keep the deal on view
    window.frogReplay.ready = false;
    window.frogReplay.error = null;
    replayApp.querySelector(".fr-error").hidden = true;
    if (!link || isAnchor(link)) {
      replayApp.querySelector(".fr-deal").hidden = true;
      replayStatus("info", "This address carries no deal. Play one on the Play page and follow " +
        "\u201cReplay this deal step by step\u201d, or paste a replay link here.");
      window.frogReplay.error = "no deal";
      return;
    }
    replayStatus("", "Loading the engine: Python (Pyodide) and frogspec…");
    let started;
    try {
      started = await startEngine();
    } catch (error) {
      replayStatus(error.missing ? "warning" : "failure", error.missing ? error.message : "The engine could not start: " + error.message);
      window.frogReplay.error = error.missing ? "no runtime" : String(error && error.message || error);
      return;
    }
    const answer = JSON.parse(started.call("replay", link));
    replayStatus("", "");
    if (answer.refused) {
      replayFailed(answer.refused.message, answer.refused.rule);
      return;
    }
    const data = answer.deal;
    const links = {};
    for (const [id, url] of Object.entries(data.rule_urls)) links[id] = new URL(url, root).href;
    const deal = replayApp.querySelector(".fr-deal");
    deal.querySelector(".fr-title").textContent = data.title;
    deal.querySelector(".fr-rules").replaceChildren(...replayRules(data, links));
    const testCase = deal.querySelector(".fr-test-case");
    const offer = el("p", { className: "fp-offers" }, recordButton(() => {
      const record = JSON.parse(started.call("replay-record", link));
      if (record.refused) replayFailed(record.refused.message, record.refused.rule);
      else testCase.replaceChildren(offer, drawRecord(record));
    }));
    testCase.replaceChildren(offer);
    deal.hidden = false;
    window.frogDeals.draw(deal.querySelector(".fr-stepper"), data, links);
    Object.assign(window.frogReplay, { ready: true, steps: data.steps.length, shown: window.frogReplay.shown + 1 });
    if (window.frogReplay.readyMs === null) window.frogReplay.readyMs = Math.round(performance.now());
  }

  if (replayApp) {
    const paste = replayApp.querySelector(".fr-paste");
    paste.hidden = false;
    paste.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = paste.link.value.trim();
      const at = text.indexOf("#");
      window.location.hash = at >= 0 ? text.slice(at + 1) : text;
    });
    // Whatever goes wrong is said on the page, never only in the console.
    const replayNow = () => showReplay()
      .catch((error) => replayFailed("the page could not show it (" + (error && error.message || error) + ")", null))
      .finally(() => { window.frogReplay.done += 1; });
    window.addEventListener("hashchange", replayNow);
    replayNow();
  }
})();