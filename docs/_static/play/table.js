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
