/**
 * The keyboard cursor: which card or pile the arrow keys point at. Pure, no DOM.
 *
 * A cursor is {pile, index}: index is a tableau card index (face-up cards only), or null
 * for a whole pile (a foundation, a cell, an empty column). The board has two rows: the top
 * row (cells, foundations) and the tableau; moving between rows goes to the pile nearest in x.
 */
/** @import { PileId } from "./protocol.js" */
/** @import { Board, Pile } from "./view.js" */
/** @import { Layout } from "./layout.js" */

/**
 * ``from``: the column the cursor left when it went up to the top row, so that Down takes it
 * back there (the pile nearest in x may be another column: from column 1, Up reaches the
 * spades foundation, which stands above column 4).
 * @typedef {{pile: PileId, index: number | null, from?: PileId}} Cursor
 */

/**
 * Cursor stops within one pile, bottom to top.
 * @param {Board} board
 * @param {PileId} pileId
 * @returns {(number | null)[]}
 */
export function stops(board, pileId) {
  const pile = board.piles.find((p) => p.id === pileId);
  if (pile?.kind !== "tableau") return [null];
  const up = board.cards.filter((c) => c.pile === pileId && c.faceUp).map((c) => c.index);
  return up.length ? up.sort((a, b) => a - b) : [null];
}

/**
 * @param {Board} board
 * @param {Layout} layout
 */
function rows(board, layout) {
  const byX = (/** @type {Pile} */ a, /** @type {Pile} */ b) => layout.slots[a.id].x - layout.slots[b.id].x;
  const tableau = board.piles.filter((p) => p.kind === "tableau").sort(byX);
  const top = board.piles.filter((p) => p.kind !== "tableau").sort(byX);
  return { tableau, top };
}

/**
 * @param {Board} board
 * @param {PileId} pileId
 * @returns {Cursor}
 */
function topStop(board, pileId) {
  const s = stops(board, pileId);
  return { pile: pileId, index: s[s.length - 1] };
}

/**
 * @param {Layout} layout
 * @param {Pile[]} piles
 * @param {PileId} fromId
 */
function nearest(layout, piles, fromId) {
  const x = layout.slots[fromId].x;
  let best = piles[0];
  for (const p of piles) {
    if (Math.abs(layout.slots[p.id].x - x) < Math.abs(layout.slots[best.id].x - x)) best = p;
  }
  return best;
}

/**
 * Where the cursor starts: the top card of the first column.
 * @param {Board} board
 * @param {Layout} layout
 */
export function initialCursor(board, layout) {
  return topStop(board, rows(board, layout).tableau[0].id);
}

/**
 * A cursor made valid for a new board: same pile if it still exists, nearest stop in it.
 * @param {Board} board
 * @param {Layout} layout
 * @param {Cursor | null} cursor
 * @returns {Cursor}
 */
export function clampCursor(board, layout, cursor) {
  if (!cursor || !layout.slots[cursor.pile]) return initialCursor(board, layout);
  const s = stops(board, cursor.pile);
  if (s.includes(cursor.index)) return cursor;
  if (cursor.index === null || s[0] === null) return { pile: cursor.pile, index: s[s.length - 1] };
  const at = cursor.index;
  const below = s.filter((i) => /** @type {number} */ (i) <= at); // no null stop here
  return { pile: cursor.pile, index: below.length ? below[below.length - 1] : s[0] };
}

/**
 * The cursor after an arrow key ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown").
 * Left/right step between piles of the same row and land on the top card; up/down walk the
 * face-up cards of a column and cross between the rows at its ends.
 * @param {Board} board
 * @param {Layout} layout
 * @param {Cursor} cursor
 * @param {string} key
 * @returns {Cursor}
 */
export function moveCursor(board, layout, cursor, key) {
  const { tableau, top } = rows(board, layout);
  const inTableau = tableau.some((p) => p.id === cursor.pile);
  const row = inTableau ? tableau : top;
  const at = row.findIndex((p) => p.id === cursor.pile);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const next = row[at + (key === "ArrowLeft" ? -1 : 1)];
    return next ? topStop(board, next.id) : cursor;
  }
  const s = stops(board, cursor.pile);
  const k = s.indexOf(cursor.index);
  if (key === "ArrowUp") {
    if (inTableau && k > 0) return { pile: cursor.pile, index: s[k - 1] };
    if (inTableau && top.length) {
      return { ...topStop(board, nearest(layout, top, cursor.pile).id), from: cursor.pile };
    }
    return cursor;
  }
  if (key === "ArrowDown") {
    if (!inTableau) {
      const back = tableau.find((p) => p.id === cursor.from);
      return topStop(board, (back ?? nearest(layout, tableau, cursor.pile)).id);
    }
    if (k < s.length - 1) return { pile: cursor.pile, index: s[k + 1] };
    return cursor;
  }
  return cursor;
}

/**
 * What picking up at the cursor grabs, as move-intent fields {source, index}, or null
 * when there is nothing to pick up there (an empty pile).
 * @param {Board} board
 * @param {Cursor} cursor
 * @returns {{source: PileId, index: number | null} | null}
 */
export function grabAt(board, cursor) {
  const pile = board.piles.find((p) => p.id === cursor.pile);
  if (!pile) return null;
  if (pile.kind === "tableau") return cursor.index === null ? null : { source: pile.id, index: cursor.index };
  return board.cards.some((c) => c.pile === pile.id) ? { source: pile.id, index: null } : null;
}
