/**
 * A stand-in for anywidget's model, for looking at the widget without Python.
 *
 * It logs every intent and applies nothing, except that `move` intents may be echoed back as
 * a new state (option `apply`) so animations can be watched. Its move rules are a rough
 * sketch for the harness only: the real rules live in Python.
 */
/** @import { Foundation, Intent, LegalMove, MoveIntent, Reply, State, Suit } from "../protocol.js" */

const SUITS = "SHDC";
const RANKS = "A23456789TJQK";
/** @type {[string, string][]} */
const VARIANTS = [["yukon", "Yukon"], ["russian", "Russian"], ["alaska", "Alaska"], ["moosehide", "Moosehide"],
  ["double-yukon", "Double Yukon"], ["yukon-cells", "Yukon Cells"]];

/** @param {number} [copies] */
function deck(copies = 1) {
  /** @type {string[]} */
  const cards = [];
  for (let k = 0; k < copies; k++) for (const s of SUITS) for (const r of RANKS) cards.push(r + s);
  return cards;
}

/**
 * Deterministic shuffle (mulberry32), so screenshots are stable.
 * @param {string[]} cards
 * @param {number} seed
 */
function shuffle(cards, seed) {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const red = (/** @type {string} */ c) => c[1] === "H" || c[1] === "D";
const rank = (/** @type {string} */ c) => RANKS.indexOf(c[0]);

/**
 * Rough Yukon moves: [source, index, target], as the protocol lists them.
 * @param {State} s
 */
function legalMoves(s) {
  /** @type {LegalMove[]} */
  const legal = [];
  const tops = s.tableau.map((t) => t.up[t.up.length - 1] || null);
  s.tableau.forEach((t) => {
    t.up.forEach((c, j) => {
      const index = t.down + j;
      s.tableau.forEach((u, k) => {
        if (u.id === t.id) return;
        const top = tops[k];
        if (top ? red(top) !== red(c) && rank(top) === rank(c) + 1 : u.down === 0 && c[0] === "K") legal.push([t.id, index, u.id]);
      });
      if (j === t.up.length - 1) {
        const f = s.foundations.find((f) => f.suit === c[1] && f.cards.length === rank(c));
        if (f) legal.push([t.id, index, f.id]);
      }
    });
  });
  return legal;
}

/**
 * A state without cards (each of STATES deals its own).
 * @param {string} variant
 * @param {number} seed
 * @returns {State}
 */
function base(variant, seed) {
  return {
    serial: 1, variant, title: /** @type {[string, string]} */ (VARIANTS.find((v) => v[0] === variant))[1], variants: VARIANTS,
    tableau: [], foundations: [], legal: [], // dealt by each of STATES
    modes: ["random", "winnable", "daily"], seed, cells: [], moves_made: 0, can_undo: false, can_redo: false,
    status: "playing", can_auto_finish: false, settings: { click_to_move: true, safe_autoplay: false },
    hint: null, last: null, announcement: "",
  };
}

/**
 * @param {number} copies decks
 * @param {number} [filled] cards on each foundation
 */
function foundations(copies, filled = 0) {
  /** @type {Foundation[]} */
  const out = [];
  for (const suit of /** @type {Suit[]} */ ([...SUITS])) for (let k = 0; k < copies; k++) {
    out.push({ id: `f${out.length + 1}`, suit, cards: [...RANKS.slice(0, filled)].map((r) => r + suit) });
  }
  return out;
}

/** @param {State} s */
function withLegal(s) {
  s.legal = legalMoves(s);
  return s;
}

export const STATES = {
  yukon() {
    const cards = shuffle(deck(), 7);
    const s = base("yukon", 7);
    s.tableau = [0, 1, 2, 3, 4, 5, 6].map((i) => ({ id: `t${i + 1}`, down: i, up: cards.splice(0, i === 0 ? 1 : 5) }));
    s.foundations = foundations(1);
    s.announcement = "New Yukon game, deal 7.";
    return withLegal(s);
  },
  "double-yukon"() {
    const s = base("double-yukon", 4242);
    s.foundations = foundations(2, 3);
    const rest = shuffle(deck(2).filter((c) => rank(c) >= 3), 4242);
    const ups = [18, 3, 14, 6, 9, 16, 2, 5, 4, 3];
    const downs = [0, 1, 2, 3, 4, 1, 0, 2, 0, 1];
    s.tableau = ups.map((u, i) => ({ id: `t${i + 1}`, down: downs[i], up: rest.splice(0, u) }));
    s.moves_made = 57;
    s.can_undo = true;
    s.hint = { source: "t3", index: 9, target: "t6", card: s.tableau[2].up[7], reason: "turns up a hidden card" };
    s.announcement = "Hint: move to column 6.";
    return withLegal(s);
  },
  "yukon-cells"() {
    const s = base("yukon-cells", 99);
    const cards = shuffle(deck(), 99);
    s.cells = [{ id: "c1", card: null }, { id: "c2", card: null }];
    s.foundations = foundations(1);
    s.tableau = [0, 1, 2, 3, 4, 5, 6].map((i) => ({ id: `t${i + 1}`, down: i, up: cards.splice(0, i === 0 ? 1 : 5) }));
    s.cells[1].card = s.tableau[6].up.pop() ?? null;
    s.moves_made = 1;
    s.can_undo = true;
    return withLegal(s);
  },
  won() {
    const s = base("yukon", 7);
    s.tableau = [0, 1, 2, 3, 4, 5, 6].map((i) => ({ id: `t${i + 1}`, down: 0, up: [] }));
    s.foundations = foundations(1, 13);
    s.status = "won";
    s.moves_made = 112;
    s.can_undo = true;
    s.announcement = "You won!";
    return withLegal(s);
  },
  stuck() {
    const s = STATES.yukon();
    s.status = "no_useful_moves";
    s.moves_made = 40;
    s.can_undo = true;
    s.can_auto_finish = true;
    return s;
  },
};

/**
 * Apply a move roughly (harness only), producing the next state with `last`.
 * @param {State} s
 * @param {MoveIntent} move a tableau move
 */
function applyMove(s, { source, index, target }) {
  const n = structuredClone(s);
  const src = /** @type {State["tableau"][number]} */ (n.tableau.find((t) => t.id === source));
  const moving = src.up.splice(/** @type {number} */ (index) - src.down);
  let flipped = null;
  if (!src.up.length && src.down) {
    src.down -= 1;
    flipped = shuffle(deck(), n.serial)[0];
    src.up.push(flipped);
  }
  const dst = n.tableau.find((t) => t.id === target)?.up ?? n.foundations.find((f) => f.id === target)?.cards;
  /** @type {string[]} */ (dst).push(...moving);
  n.serial += 1;
  n.moves_made += 1;
  n.can_undo = true;
  n.hint = null;
  n.last = { kind: "move", moves: [{ card: moving[0], source, index, target, flipped }] };
  n.announcement = `${moving[0]} to ${target}.`;
  return withLegal(n);
}

/** @typedef {(...args: any[]) => void} Handler */

export class FakeModel {
  /**
   * @param {State} state
   * @param {{apply?: boolean}} [options] apply: echo legal moves back as new states
   */
  constructor(state, { apply = false } = {}) {
    this.state = state;
    this.apply = apply;
    /** @type {Record<string, Handler[]>} */
    this.handlers = {};
    /** @type {Intent[]} */
    this.sent = [];
  }
  /** @param {string} name */
  get(name) {
    return name === "state" ? this.state : undefined;
  }
  /**
   * @param {string} name
   * @param {State} value
   */
  set(name, value) {
    if (name !== "state") return;
    this.state = value;
    this.emit("change:state");
  }
  /**
   * @param {string} event
   * @param {Handler} fn
   */
  on(event, fn) {
    (this.handlers[event] ||= []).push(fn);
  }
  /**
   * @param {string} event
   * @param {Handler} fn
   */
  off(event, fn) {
    this.handlers[event] = (this.handlers[event] || []).filter((f) => f !== fn);
  }
  /**
   * @param {string} event
   * @param {...(Reply | unknown)} args
   */
  emit(event, ...args) {
    for (const fn of this.handlers[event] || []) fn(...args);
  }
  /** @param {Intent} intent */
  send(intent) {
    this.sent.push(intent);
    console.log("intent", JSON.stringify(intent));
    if (!this.apply || intent.type !== "move") return;
    const ok = this.state.legal.some(([s, i, t]) => s === intent.source && i === intent.index && t === intent.target);
    if (ok) this.set("state", applyMove(this.state, intent));
    else this.emit("msg:custom", { type: "rejected", message: "That move is not allowed.", intent });
  }
}
