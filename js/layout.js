/**
 * Board geometry: card size, pile slots and every card's position, from the board width.
 *
 * Pure maths, in CSS pixels relative to the board's top-left corner. The top row holds the
 * free cells (left) and the foundations (right) on the same grid as the tableau columns.
 */

/** @import { Column, PileId } from "./protocol.js" */

/**
 * A pile's place: the top-left corner of its card slot.
 * @typedef {object} Slot
 * @property {number} x
 * @property {number} y
 * @property {"cell" | "foundation" | "tableau"} kind
 */

/**
 * @typedef {object} Layout
 * @property {number} width
 * @property {number} height
 * @property {number} cardW
 * @property {number} cardH
 * @property {number} gap between columns
 * @property {number} pad around the board
 * @property {number} tableauY top of the tableau
 * @property {Record<PileId, Slot>} slots
 * @property {Record<PileId, number[]>} stacks each column's card tops, bottom card first
 */

const CARD_RATIO = 1.4; // height / width, close to a real playing card
const MAX_CARD_W = 100; // wider boards centre the grid instead of growing huge cards
const GAP_RATIO = 0.12; // gap between columns, relative to card width
const DOWN_STEP = 0.1; // nominal offset of a face-down card, relative to card height
const UP_STEP = 0.27; // nominal offset of a face-up card: its whole corner shows
const MIN_DOWN_STEP = 0.05;
const MIN_UP_STEP = 0.175; // still shows the rank in the corner
const BUDGET_CARDS = 4.2; // tableau height budget, in card heights, before columns tighten
const MIN_BUDGET = 340;
const MIN_TABLEAU_CARDS = 3; // the board is at least this tall below the top row, in card heights
const MIN_UP_PX = 9; // a face-up step never hides the corner's rank, whatever the card size
const MIN_FIT_CARD_W = 34; // cards shrink to fit a tall column into maxHeight, down to this width

/**
 * @param {object} opts
 * @param {number} opts.width board width in px
 * @param {Column[]} opts.tableau columns as in `state`
 * @param {string[]} opts.foundations foundation ids, left to right
 * @param {string[]} [opts.cells] free cell ids
 * @param {number} [opts.minHeight] the board never gets shorter than this (a view passes its
 *   last height so the notebook does not jump as columns shrink)
 * @param {number} [opts.maxHeight] the height on screen the board should fit (a view passes
 *   what is visible): long columns fan tighter, then the cards get smaller (down to
 *   MIN_FIT_CARD_W), so the bottom card stays in view; only past that does the board grow taller
 * @returns {Layout}
 */
export function computeLayout({ width, tableau, foundations, cells = [], minHeight = 0, maxHeight = Infinity }) {
  const nCols = tableau.length;
  const topNeeded = cells.length + foundations.length;
  const spacer = cells.length && foundations.length && topNeeded + 1 <= nCols ? 1 : 0;
  const n = Math.max(nCols, topNeeded + spacer, 1);
  const pad = clamp(width * 0.015, 6, 16);
  const natural = Math.min(MAX_CARD_W, (width - 2 * pad) / (n + GAP_RATIO * (n - 1)));
  const opts = { width, tableau, foundations, cells, n, pad, maxHeight };
  let layout = placeCards(opts, natural);
  for (let w = natural - 2; layout.height > maxHeight && w >= MIN_FIT_CARD_W; w -= 2) layout = placeCards(opts, w);
  layout.height = Math.max(minHeight, layout.height);
  return layout;
}

/**
 * The layout for one card width (computeLayout picks the width).
 * @param {{width: number, tableau: Column[], foundations: string[], cells: string[], n: number, pad: number, maxHeight: number}} opts
 * @param {number} cardW
 * @returns {Layout}
 */
function placeCards({ width, tableau, foundations, cells, n, pad, maxHeight }, cardW) {
  const cardH = cardW * CARD_RATIO;
  const gap = cardW * GAP_RATIO;
  const gridW = n * cardW + (n - 1) * gap;
  const x0 = (width - gridW) / 2;
  const slotX = (/** @type {number} */ i) => x0 + i * (cardW + gap);

  /** @type {Record<PileId, Slot>} */
  const slots = {};
  cells.forEach((id, i) => {
    slots[id] = { x: slotX(i), y: pad, kind: "cell" };
  });
  foundations.forEach((id, i) => {
    slots[id] = { x: slotX(n - foundations.length + i), y: pad, kind: "foundation" };
  });

  const tableauY = pad + cardH + Math.max(10, cardH * 0.18);
  // Columns tighten past this budget; never past what is visible, when that is known.
  const budget = Math.max(cardH, Math.min(Math.max(cardH * BUDGET_CARDS, MIN_BUDGET), maxHeight - tableauY - pad));
  /** @type {Record<PileId, number[]>} */
  const stacks = {};
  let deepest = cardH;
  tableau.forEach((col, i) => {
    slots[col.id] = { x: slotX(i), y: tableauY, kind: "tableau" };
    const [down, up] = columnSteps(col.down, col.up.length, cardH, budget);
    const ys = [];
    let y = tableauY;
    for (let k = 0; k < col.down + col.up.length; k++) {
      ys.push(y);
      y += k < col.down ? down : up;
    }
    stacks[col.id] = ys;
    if (ys.length) deepest = Math.max(deepest, ys[ys.length - 1] - tableauY + cardH);
  });

  const height = tableauY + Math.max(cardH * MIN_TABLEAU_CARDS, deepest) + pad;
  return { width, height, cardW, cardH, gap, pad, tableauY, slots, stacks };
}

/**
 * Offsets [face-down step, face-up step] for one column. A column taller than the budget
 * tightens: face-down cards first (they carry no information), then face-up ones, never
 * below the step that still shows each card's corner.
 * @param {number} down face-down cards
 * @param {number} up face-up cards
 * @param {number} cardH
 * @param {number} budget the column's height budget, px
 * @returns {[number, number]}
 */
export function columnSteps(down, up, cardH, budget) {
  const n = down + up;
  if (n <= 1) return [DOWN_STEP * cardH, UP_STEP * cardH];
  // Steps are taken by every card but the last; the last one is drawn in full.
  const downSteps = up === 0 ? down - 1 : down;
  const upSteps = n - 1 - downSteps;
  const room = budget - cardH;
  let dStep = DOWN_STEP * cardH;
  let uStep = UP_STEP * cardH;
  if (downSteps * dStep + upSteps * uStep <= room) return [dStep, uStep];
  if (downSteps) dStep = Math.max(MIN_DOWN_STEP * cardH, Math.min(dStep, (room - upSteps * uStep) / downSteps));
  if (upSteps && downSteps * dStep + upSteps * uStep > room) {
    uStep = Math.max(Math.min(uStep, Math.max(MIN_UP_STEP * cardH, MIN_UP_PX)), (room - downSteps * dStep) / upSteps);
  }
  return [dStep, uStep];
}

/**
 * Top-left corner of the card at (pile, index): tableau cards fan down, others stack.
 * @param {Layout} layout
 * @param {PileId} pile
 * @param {number} index
 * @returns {{x: number, y: number}}
 */
export function cardPosition(layout, pile, index) {
  const slot = layout.slots[pile];
  const ys = layout.stacks[pile];
  if (!ys) return { x: slot.x, y: slot.y };
  return { x: slot.x, y: ys[index] ?? slot.y };
}

/**
 * The bottom edge of a column's drawn cards (its slot's bottom when empty).
 * @param {Layout} layout
 * @param {PileId} pile
 */
export function columnBottom(layout, pile) {
  const ys = layout.stacks[pile];
  const last = ys?.length ? ys[ys.length - 1] : layout.slots[pile].y;
  return last + layout.cardH;
}

/**
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
function clamp(v, lo, hi) {
  return Math.min(hi, Math.max(lo, v));
}
