/**
 * The drawn board as plain data, built from Python's `state`.
 *
 * Pure: no DOM. Everything the renderer, the drag code and the keyboard cursor need to know
 * about piles and cards comes from here, so it can be tested in node.
 */
/** @import { CardCode, LegalMove, PileId, State, Suit } from "./protocol.js" */

/**
 * @typedef {object} Pile
 * @property {PileId} id
 * @property {"tableau" | "foundation" | "cell"} kind
 * @property {string} label accessible name: "column 3", "spades foundation", "free cell 1"
 * @property {Suit | null} [suit] a foundation's suit
 */

/**
 * @typedef {object} CardSpot
 * @property {PileId} pile
 * @property {number} index in its pile, from the bottom (tableau: face-down cards included)
 * @property {string} label accessible name: "7 of hearts", "face-down card"
 * @property {boolean} top the pile's top card
 */

/**
 * A card as drawn: a face-up card has its code, a face-down one none.
 * @typedef {CardSpot & ({faceUp: true, code: CardCode} | {faceUp: false, code: null})} CardInfo
 */

/** @typedef {CardInfo & {key: string}} BoardCard a card with its identity across states (assignKeys) */

/**
 * The drawn board as data.
 * @typedef {object} Board
 * @property {Pile[]} piles in drawing order
 * @property {BoardCard[]} cards
 */

/** @type {Record<string, string>} */
const RANKS = {
  A: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
  T: "10", J: "jack", Q: "queen", K: "king",
};
/** @type {Record<string, string>} */
const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/**
 * "7H" -> "7 of hearts"; null (a face-down card) -> "face-down card".
 * @param {CardCode | null} code
 */
export function cardName(code) {
  if (!code) return "face-down card";
  return `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
}

/** @param {CardCode} code */
export function isRed(code) {
  return code[1] === "H" || code[1] === "D";
}

/**
 * Rank as printed in a card corner: "T" is shown as "10".
 * @param {CardCode} code
 */
export function rankLabel(code) {
  return code[0] === "T" ? "10" : code[0];
}

/**
 * Piles in drawing order: tableau, foundations, cells, each with an accessible label.
 * Two foundations of one suit (Double Yukon) are told apart by a number.
 * @param {State} state
 * @returns {Pile[]}
 */
export function buildPiles(state) {
  /** @type {Pile[]} */
  const piles = state.tableau.map((t, i) => ({ id: t.id, kind: "tableau", label: `column ${i + 1}` }));
  /** @type {Record<string, number>} */
  const suitCount = {};
  for (const f of state.foundations) suitCount[f.suit] = (suitCount[f.suit] || 0) + 1;
  /** @type {Record<string, number>} */
  const seen = {};
  state.foundations.forEach((f, i) => {
    const base = f.suit ? `${SUITS[f.suit]} foundation` : `foundation ${i + 1}`;
    seen[f.suit] = (seen[f.suit] || 0) + 1;
    const label = f.suit && suitCount[f.suit] > 1 ? `${base} ${seen[f.suit]}` : base;
    piles.push({ id: f.id, kind: "foundation", label, suit: f.suit || null });
  });
  (state.cells || []).forEach((c, i) => {
    piles.push({ id: c.id, kind: "cell", label: `free cell ${i + 1}` });
  });
  return piles;
}

/**
 * Every card on the board: {pile, index, code (null when face down), faceUp, label, top}.
 * Tableau indexes count face-down cards too, as `legal` does; foundation and cell cards
 * carry their stack position but are moved with index null.
 * @param {State} state
 * @returns {CardInfo[]}
 */
export function buildCards(state) {
  /** @type {CardInfo[]} */
  const cards = [];
  for (const t of state.tableau) {
    const n = t.down + t.up.length;
    for (let i = 0; i < t.down; i++) cards.push(card(t.id, i, null, i === n - 1));
    t.up.forEach((code, j) => {
      cards.push(card(t.id, t.down + j, code, t.down + j === n - 1));
    });
  }
  for (const f of state.foundations) {
    f.cards.forEach((code, j) => {
      cards.push(card(f.id, j, code, j === f.cards.length - 1));
    });
  }
  for (const c of state.cells || []) if (c.card) cards.push(card(c.id, 0, c.card, true));
  return cards;
}

/**
 * @param {PileId} pile
 * @param {number} index
 * @param {CardCode | null} code
 * @param {boolean} top
 * @returns {CardInfo}
 */
function card(pile, index, code, top) {
  return /** @type {CardInfo} */ ({ pile, index, code, faceUp: code !== null, label: cardName(code), top });
}

/**
 * The index a move from this card uses: its tableau index, or null for foundations/cells.
 * @param {Pile[]} piles
 * @param {{pile: PileId, index: number}} cardInfo
 */
export function moveIndex(piles, cardInfo) {
  const pile = piles.find((p) => p.id === cardInfo.pile);
  return pile && pile.kind === "tableau" ? cardInfo.index : null;
}

/**
 * Target pile ids that `state.legal` allows for the group picked up at (source, index).
 * @param {{legal: LegalMove[]}} state
 * @param {PileId} source
 * @param {number | null} [index]
 * @returns {PileId[]}
 */
export function legalTargets(state, source, index) {
  /** @type {PileId[]} */
  const out = [];
  for (const [s, i, t] of state.legal || []) {
    if (s === source && (i ?? null) === (index ?? null) && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * Whether a card may be picked up at all: face up, and the top card unless in the tableau.
 * @param {Pile[]} piles
 * @param {CardInfo} cardInfo
 */
export function canGrab(piles, cardInfo) {
  if (!cardInfo.faceUp) return false;
  const pile = /** @type {Pile} */ (piles.find((p) => p.id === cardInfo.pile));
  return pile.kind === "tableau" || cardInfo.top;
}

/** @typedef {{pile: PileId, index: number, code: CardCode | null, faceUp: boolean}} Spot what identifies a card */

/**
 * Stable identities for cards across two states, so animations know which card went where.
 * Face-up cards keep the key of the same code in the previous board (preferring the same
 * spot, which matters with two decks); face-down cards are keyed by their spot.
 * @template {Spot} C
 * @param {(Spot & {key: string})[] | null} prevCards
 * @param {C[]} cards
 * @returns {(C & {key: string})[]}
 */
export function assignKeys(prevCards, cards) {
  /** @type {Map<CardCode | null, (Spot & {key: string})[]>} */
  const pool = new Map();
  for (const c of prevCards || []) {
    if (!c.faceUp) continue;
    const same = pool.get(c.code) || [];
    pool.set(c.code, same);
    same.push(c);
  }
  /** @type {Set<string>} */
  const used = new Set();
  const keyed = cards.map((c) => /** @type {C & {key: string}} */ ({ ...c }));
  /** @type {(C & {key: string})[]} */
  const pending = [];
  for (const c of keyed) {
    if (!c.faceUp) {
      c.key = `${c.pile}/${c.index}/down`;
      continue;
    }
    const candidates = pool.get(c.code) || [];
    const same = candidates.find((p) => p.pile === c.pile && p.index === c.index && !used.has(p.key));
    if (same) {
      c.key = same.key;
      used.add(same.key);
    } else pending.push(c);
  }
  const taken = new Set((prevCards || []).map((p) => p.key));
  for (const c of pending) {
    const candidates = (pool.get(c.code) || []).filter((p) => !used.has(p.key));
    const pick = candidates.find((p) => p.pile === c.pile) || candidates[0];
    /** @type {string | null} */
    let key = pick ? pick.key : null;
    for (let n = 0; key === null; n++) {
      const fresh = `${c.code}#${n}`;
      if (!used.has(fresh) && !taken.has(fresh)) key = fresh;
    }
    c.key = key;
    used.add(key);
  }
  return keyed;
}

/**
 * The whole drawn board. `prev` (the previous board, or null) keeps card identities.
 * @param {State} state
 * @param {Board | null} [prev]
 * @returns {Board}
 */
export function buildBoard(state, prev = null) {
  const piles = buildPiles(state);
  const cards = assignKeys(prev ? prev.cards : null, buildCards(state));
  return { piles, cards };
}
