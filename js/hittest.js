/**
 * Which pile a point (or a dragged card) is over. Pure geometry on a layout.
 *
 * Each pile owns a generous region: a tableau column owns its whole strip down to the board's
 * bottom, a foundation or cell its card slot plus half the gap around it. Regions never overlap.
 */
/** @import { PileId } from "./protocol.js" */
/** @import { Layout } from "./layout.js" */

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */

/**
 * {id: {x, y, w, h}} for every pile in the layout.
 * @param {Layout} layout
 * @returns {Record<PileId, Rect>}
 */
export function pileRegions(layout) {
  const { cardW, cardH, gap, pad, tableauY, height } = layout;
  const between = (pad + cardH + tableauY) / 2; // halfway from the top row to the columns
  /** @type {Record<PileId, Rect>} */
  const regions = {};
  for (const [id, slot] of Object.entries(layout.slots)) {
    const x = slot.x - gap / 2;
    const w = cardW + gap;
    regions[id] = slot.kind === "tableau"
      ? { x, y: between, w, h: height - between }
      : { x, y: 0, w, h: between };
  }
  return regions;
}

/**
 * The pile whose region contains (x, y), or null.
 * @param {Layout} layout
 * @param {number} x
 * @param {number} y
 * @param {Record<PileId, Rect>} [regions]
 * @returns {PileId | null}
 */
export function pileAt(layout, x, y, regions = pileRegions(layout)) {
  for (const [id, r] of Object.entries(regions)) {
    if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return id;
  }
  return null;
}

/**
 * Where a drop lands: the legal pile under the pointer, else the legal pile the dragged card
 * overlaps most, else null (the cards snap back).
 * @param {Layout} layout
 * @param {{x: number, y: number}} pointer
 * @param {Rect} cardRect the grabbed card, as dragged
 * @param {PileId[]} legal target pile ids allowed for this grab
 * @returns {PileId | null}
 */
export function dropTarget(layout, pointer, cardRect, legal) {
  const regions = pileRegions(layout);
  const under = pileAt(layout, pointer.x, pointer.y, regions);
  if (under && legal.includes(under)) return under;
  /** @type {PileId | null} */
  let best = null;
  let bestArea = 0;
  for (const id of legal) {
    const r = regions[id];
    if (!r) continue;
    const area = overlap(r, cardRect);
    if (area > bestArea) [best, bestArea] = [id, area];
  }
  return best;
}

/**
 * @param {Rect} a
 * @param {Rect} b
 */
function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The card drawn topmost at board point (x, y), or null: what a press there means even while
 * the card's element cannot be hit (a card turning face up is edge-on for part of its flip).
 * @template {{pile: PileId, index: number}} C
 * @param {Layout} layout
 * @param {C[]} cards
 * @param {number} x
 * @param {number} y
 * @returns {C | null}
 */
export function cardAtPoint(layout, cards, x, y) {
  /** @type {C | null} */
  let best = null;
  for (const card of cards) {
    const slot = layout.slots[card.pile];
    if (!slot) continue;
    const ys = layout.stacks[card.pile];
    const top = ys ? (ys[card.index] ?? slot.y) : slot.y;
    if (x < slot.x || x >= slot.x + layout.cardW || y < top || y >= top + layout.cardH) continue;
    if (!best || card.index > best.index) best = card;
  }
  return best;
}
