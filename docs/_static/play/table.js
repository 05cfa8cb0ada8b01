// What the Play page's two tables (Pocha and Poch) share: the log that says
// what happened (a live region: screen readers read each new line), the
// bots' pace, and keeping the keyboard's focus in the hand while the board
// is drawn again after every move.
import { el } from "./runtime.js";

// The bots' pace, in milliseconds: before a move, after a finished trick
// (or a stop), and after a finished round (or deal). The page's "Bots'
// speed" chooses one; docs/check_play.py plays at "instant".
export const PACE = {
  slow: { move: 1500, trick: 2800, round: 4500 },
  normal: { move: 900, trick: 1900, round: 3200 },
  fast: { move: 200, trick: 500, round: 800 },
  instant: { move: 0, trick: 0, round: 0 },
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The log: every line is kept in the box (it scrolls), the newest last;
// role="log" makes screen readers announce each line added.
export class Log {
  constructor(label, id = "play-log") {
    this.node = el("div", { class: "pocha-log", id, role: "log", "aria-live": "polite", "aria-label": label, tabindex: "0" });
  }

  clear() {
    this.node.replaceChildren();
  }

  add(text, kind = "") {
    if (!text) return;
    const line = el("p", { class: kind ? `pocha-log-${kind}` : "" }, text);
    this.node.append(line);
    while (this.node.childElementCount > 200) this.node.firstElementChild.remove();
    this.node.scrollTop = this.node.scrollHeight;
  }
}

// Where the focus is inside `box` (the hand or the move buttons), so that
// drawing the board again can put it back: the element's key and position.
export function focusIn(...boxes) {
  const active = document.activeElement;
  for (const box of boxes) {
    if (box && active && box.contains(active)) {
      const items = [...box.querySelectorAll("button")];
      return { box: box.id, key: active.dataset.key || null, index: items.indexOf(active) };
    }
  }
  return null;
}

// Put the focus back after drawing: on the same item if it is still there,
// else on the item now at its position, else on the first one; on the box
// itself while it is empty (a hand played out), so that the focus stays in
// it until the next deal.
export function restoreFocus(where, box) {
  if (!box) return false;
  const items = [...box.querySelectorAll("button")];
  if (!items.length) {
    box.focus({ preventScroll: true });
    return true;
  }
  const same = where && where.key ? items.find((b) => b.dataset.key === where.key) : null;
  const index = where && where.index >= 0 ? Math.min(where.index, items.length - 1) : 0;
  (same || items[index]).focus({ preventScroll: true });
  return true;
}

// Where the focus was if drawing the board dropped it (onto the page's body)
// after the person played by keyboard or pointer: back into the hand.
export function dropped(table) {
  const active = document.activeElement;
  return table.playing && (!active || active === document.body) ? { box: "play-hand", index: 0 } : null;
}

// Left and right arrows (and Home and End) move the focus along a row of
// buttons: the hand, the bids.
export function arrowKeys(box) {
  box.addEventListener("keydown", (event) => {
    const items = [...box.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, to))].focus();
  });
}

// A choice among a few values as a labelled <select>.
export function select(id, label, options, value, onchange) {
  const node = el("select", { id, onchange }, ...options.map(([v, text]) => el("option", { value: v, selected: v === value ? "" : null }, text)));
  return el("label", { for: id }, label + " ", node);
}

// A list of names: "A, B and C".
export function joinNames(names, and) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
}

// What both tables do the same way: take a view from Python and say what
// happened, let the bots move at the chosen pace, make the person's move and
// keep the focus in the hand. A table has: web (its Python module), log,
// message, status, handRow, moves, words (its texts), and the methods
// say(event, view), drawTable(view) (the felt: seats, cards on the table,
// summaries), renderMoves(view), renderHand(view), drawRecord(view) (the
// score sheet, the payments), prompt(view), refusal(choice) (why a choice
// is refused, as a sentence) and wait(view, pace) (how long before the next
// bot's move).
export class CardTable {
  // The table's parts and their places: the controls (the game switch, New
  // game, the options `choices`), the felt (`board`, the board's own parts
  // first), the prompt, the choices, the hand, the log and the `record`.
  assemble(T, choices, board, record, attributes = {}) {
    const controls = el(
      "div", { class: "pocha-controls", lang: attributes.lang || null }, this.switcher,
      el("button", { id: "play-new", type: "button", onclick: () => this.newGame() }, T.newGame),
      el("details", { class: "pocha-options", id: "play-options", open: this.optionsOpen ? "" : null }, el("summary", {}, T.options), el("div", {}, ...choices)),
    );
    this.info = el("p", { class: "pocha-info", id: "play-info" });
    this.seats = el("ul", { class: "pocha-seats", id: "play-seats" });
    this.trick = el("div", { class: "pocha-trick", id: "play-trick" });
    this.summary = el("div", { class: "pocha-summary", id: "play-summary" });
    this.status = el("p", { class: "pocha-status", id: "play-status" });
    this.message = el("p", { class: "pocha-error", id: "play-message" });
    this.moves = el("div", { class: "pocha-moves", id: "play-moves", role: "group", "aria-label": T.moves });
    this.handRow = el("div", { class: "pocha-row pocha-hand-row", id: "play-hand", role: "group", "aria-label": T.hand, tabindex: "-1" });
    this.handBox = el("div", { class: "pocha-hand" }, el("h2", { class: "pocha-caption" }, T.hand), this.handRow);
    this.log = new Log(T.log);
    arrowKeys(this.moves);
    arrowKeys(this.handRow);
    const table = el(
      "div", { class: "pocha-board", ...attributes },
      el("div", { class: "pocha-felt" }, this.info, ...board, this.seats, this.trick, this.summary),
      this.status, this.message, this.moves, this.handBox, this.log.node, record,
    );
    this.root.replaceChildren(controls, table);
  }

  // A new game (`web.start(...args, seed)`, a fresh random seed): the old
  // game's bots stop, the log starts afresh.
  begin(...args) {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2 ** 31;
    this.generation = (this.generation || 0) + 1;
    this.since = 0;
    this.view = null;
    this.log.clear();
    this.message.textContent = "";
    this.receive(this.web.start(...args, seed));
    this.advance();
  }

  // Make `face` (a card of the hand, a button) playable or not: `choice` is
  // the person's move with this card now (none when it is not their turn),
  // `reason` why it may not be played. The card's name (and the reason) is
  // the button's text for screen readers; the picture is hidden from them.
  cardButton(face, name, choice, index, reason) {
    face.type = "button";
    const label = !choice || choice.legal ? name : `${name}: ${reason}`;
    face.append(el("span", { class: "pocha-sr" }, label));
    face.title = label;
    if (choice) {
      face.classList.add(choice.legal ? "pocha-legal" : "pocha-illegal");
      face.dataset.legal = choice.legal ? "1" : "0";
      face.addEventListener("click", () => this.human(index));
    } else {
      face.addEventListener("click", () => { if (!this.view.over) this.message.textContent = this.words.notYourTurn; });
    }
    if (!choice || !choice.legal) face.setAttribute("aria-disabled", "true");
    return face;
  }

  pace() {
    return PACE[document.getElementById("play-speed")?.value] || PACE.normal;
  }

  // A view from Python: say what happened, draw the board (the focus where
  // it was), and prompt the person when it is their turn.
  receive(text) {
    const view = JSON.parse(text);
    const before = this.view;
    this.since = view.event_count;
    for (const event of view.events) this.say(event, view, before);
    this.view = view;
    const focus = focusIn(this.handRow, this.moves) || dropped(this);
    this.render(view);
    if (focus) {
      const inMoves = this.moves.querySelector("button");
      if (focus.box === "play-moves" && inMoves) restoreFocus(focus, this.moves);
      else if (inMoves && view.to_move === 0) restoreFocus(null, this.moves);
      else restoreFocus(focus.box === "play-hand" ? focus : { index: 0 }, this.handRow);
    }
    if (!view.over && view.to_move === 0 && (!before || before.to_move !== 0 || before.phase !== view.phase || view.events.length)) {
      this.log.add(this.prompt(view), "prompt");
    }
    return view;
  }

  render(view) {
    this.drawTable(view);
    // The prompt, with the phase and the seat to move for the checks.
    this.status.textContent = this.prompt(view);
    this.status.dataset.phase = view.over ? "over" : view.phase;
    this.status.dataset.toMove = String(view.to_move);
    this.renderMoves(view);
    this.renderHand(view);
    this.drawRecord(view);
  }

  // The bots' moves, one at a time, until it is the person's turn.
  async advance() {
    if (this.busy) return;
    this.busy = true;
    const mine = this.generation;
    try {
      let view = this.view;
      while (!view.over && view.to_move !== 0 && mine === this.generation) {
        await sleep(this.wait(view, this.pace()));
        if (mine !== this.generation) break;
        view = this.receive(this.web.step(this.since));
      }
    } finally {
      this.busy = false;
    }
  }

  // The person's choice number `index`: refused with the reason, or made;
  // after it the focus stays in the hand (on the card now in the played
  // card's place, or on the first card after a bid).
  human(index) {
    const view = this.view;
    if (view.to_move !== 0 || this.busy) {
      this.message.textContent = this.words.notYourTurn;
      return;
    }
    const choice = view.moves[index];
    if (!choice.legal) {
      const text = this.refusal(choice);
      this.message.textContent = text;
      this.log.add(text, "refused");
      return;
    }
    this.message.textContent = "";
    const where = focusIn(this.handRow);
    this.playing = where !== null || focusIn(this.moves) !== null;
    this.receive(this.web.play(index, this.since));
    if (this.playing) restoreFocus(where || { index: 0 }, this.handRow);
    this.advance();
  }
}

// "Not allowed (the 5 of clubs). Must follow suit: ..."
export function refused(what, reason, notAllowed) {
  return `${notAllowed(what)} ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
