/**
 * The board on show in one view: draws a state into the board element, and keeps what it drew
 * (the state, the board model, the layout, the card and pile elements) for the pointer and
 * keyboard code to read.
 *
 * A state is drawn whole (board.js) and animated from the previous drawing (effects.js). A
 * predicted state (predict.js) is drawn by moving the card elements already on the page
 * instead: nothing is built or measured, so a drop shows within the frame. The board's height
 * only grows within one game (so the notebook does not jump as columns shrink).
 */
import { buildBoard } from "./view.js";
import { cardPosition, computeLayout } from "./layout.js";
import { cardAt, drawBoard, patchBoard } from "./board.js";
import { animateBoard, glide, reducedMotion, snapshot } from "./effects.js";
/** @import { ShownState, State, PileId } from "./protocol.js" */
/** @import { Board } from "./view.js" */
/** @import { Layout } from "./layout.js" */
/** @import { Drawn } from "./board.js" */

const FALLBACK_WIDTH = 800; // a board not laid out yet (no width) is drawn this wide

/**
 * The layout of a state's piles on a board `width` px wide.
 * @param {State} state
 * @param {number} width 0 when the board has no width yet
 * @param {number} minHeight
 * @param {number} [maxHeight] the height on screen the board should fit (see computeLayout)
 * @returns {Layout}
 */
export function boardLayout(state, width, minHeight, maxHeight = Infinity) {
  return computeLayout({
    width: width || FALLBACK_WIDTH,
    tableau: state.tableau,
    foundations: state.foundations.map((f) => f.id),
    cells: (state.cells || []).map((c) => c.id),
    minHeight: Math.min(minHeight, maxHeight),
    maxHeight,
  });
}

/**
 * Whether `next` begins another game than `prev` (another variant, a new deal, a restart, a
 * loaded save), so the board may shrink back to fit it.
 * @param {State | null} prev
 * @param {State} next
 */
export function startsOver(prev, next) {
  return next.variant !== prev?.variant || ["new", "restart", "load"].includes(next.last?.kind ?? "");
}

/**
 * Whether the board may shrink back to fit `next`: another game begins, or this one is won
 * (its tall columns have gone up; the banner needs no more room than the cards).
 * @param {State | null} prev
 * @param {State} next
 */
export function mayShrink(prev, next) {
  return startsOver(prev, next) || next.status === "won";
}

/**
 * The drag offset drag.js put on a card element (its `style.transform`, translate(dx, dy)),
 * or none.
 * @param {string} transform
 * @returns {{x: number, y: number}}
 */
export function dragOffset(transform) {
  const m = /translate\(\s*([-\d.e+]+)px,\s*([-\d.e+]+)px\)/.exec(transform);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : { x: 0, y: 0 };
}

/**
 * What the rest of the view does around a drawing.
 * @typedef {object} DisplayHooks
 * @property {() => void} beforeDraw before anything is drawn: abandon a drag in progress
 * @property {(state: ShownState, fresh: boolean) => void} afterDraw after a full drawing
 *   (not a predicted one moved into place): the toolbar, notices and live region follow the
 *   state; `fresh` when it is not the state drawn before (a resize redraws the same one)
 * @property {() => void} refit after every drawing, before any animation: the keyboard
 *   cursor refits the new board
 * @property {(state: ShownState, settled: Promise<void>) => void} [settled] after a full
 *   drawing, with a promise that resolves when its animations have finished (at once when
 *   nothing moves): the win banner waits for it
 * @property {() => number} [fitHeight] the height on screen the board should fit (long
 *   columns fan tighter to stay in view); Infinity or absent for no limit
 */

/**
 * @typedef {object} Display
 * @property {ShownState | null} state the state on show (null before the first drawing)
 * @property {Board | null} board
 * @property {Layout | null} layout
 * @property {Drawn | null} drawn the elements on show
 * @property {(next: ShownState | null | undefined, animate: boolean) => void} draw draws a state
 *   whole, animating the cards from where they were drawn when `animate`; ignores anything
 *   that is not a state
 * @property {(next: ShownState) => void} showPredicted draws a predicted state by moving the
 *   card elements on show, each gliding from where it was (drag offset included); a full
 *   drawing when that cannot be done
 * @property {(ids: PileId[] | null, over?: PileId | null) => void} showTargets lights up the
 *   piles a held group may go to, `over` the one it would land on; null clears
 * @property {() => boolean} resized whether the board's width is not the one last drawn
 */

/**
 * @param {HTMLElement} boardEl the board (its width is measured, its label set)
 * @param {HTMLElement} layer inside the board: the piles and cards are drawn here
 * @param {string} prefix unique to the view, for element ids
 * @param {DisplayHooks} hooks
 * @returns {Display}
 */
export function createDisplay(boardEl, layer, prefix, hooks) {
  const doc = boardEl.ownerDocument;
  /** @type {ShownState | null} */
  let state = null;
  /** @type {Board | null} */
  let board = null;
  /** @type {Layout | null} */
  let layout = null;
  /** @type {Drawn | null} */
  let drawn = null;
  let drawnWidth = 0;
  let floor = 0; // the board's height only grows within one game

  /** @type {Display["draw"]} */
  function draw(next, animate) {
    if (!next || !Array.isArray(next.tableau)) return;
    const fresh = next !== state;
    const before = animate && drawn ? snapshot(drawn, boardEl) : null;
    hooks.beforeDraw();
    const prevBoard = board;
    const newDeal = fresh && mayShrink(state, next);
    if (newDeal || !prevBoard || boardEl.clientWidth !== drawnWidth) floor = 0;
    state = next;
    board = buildBoard(state, prevBoard);
    drawnWidth = boardEl.clientWidth;
    layout = boardLayout(state, drawnWidth, floor, hooks.fitHeight?.() ?? Infinity);
    floor = layout.height;
    drawn = drawBoard(layer, board, layout, prefix);
    boardEl.setAttribute("aria-label", `${state.title} board`);
    markHint(state, drawn);
    hooks.afterDraw(state, fresh);
    hooks.refit();
    /** @type {Promise<void>} */
    let settled = Promise.resolve();
    if (before && prevBoard && !reducedMotion(doc.defaultView)) {
      settled = animateBoard(drawn, board, prevBoard, before, state.last, boardEl);
    }
    hooks.settled?.(state, settled);
  }

  /** @type {Display["showPredicted"]} */
  function showPredicted(next) {
    if (!patch(next)) draw(next, true);
  }

  /**
   * Draws a predicted state by moving the card elements already on the page; false when a
   * full drawing is needed instead.
   * @param {ShownState} next
   */
  function patch(next) {
    if (!drawn || !layout) return false;
    const nextBoard = buildBoard(next, board);
    const nextLayout = boardLayout(next, drawnWidth, floor, hooks.fitHeight?.() ?? Infinity);
    hooks.beforeDraw();
    const patched = patchBoard(layer, drawn, nextBoard, nextLayout, prefix);
    if (!patched) return false;
    const prevLayout = layout;
    state = next;
    board = nextBoard;
    layout = nextLayout;
    floor = layout.height;
    drawn = { cards: patched.cards, piles: patched.piles };
    for (const el of layer.querySelectorAll(".yk-hint, .yk-hint-target")) el.classList.remove("yk-hint", "yk-hint-target");
    hooks.refit();
    const still = reducedMotion(doc.defaultView);
    for (const { el, from, card } of patched.placed) {
      const offset = dragOffset(el.style.transform);
      el.classList.remove("yk-dragging");
      el.style.transform = "";
      if (still) continue;
      const a = cardPosition(prevLayout, from.pile, from.index);
      const b = cardPosition(layout, card.pile, card.index);
      const dx = a.x + offset.x - b.x;
      const dy = a.y + offset.y - b.y;
      if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) glide(el, dx, dy);
    }
    return true;
  }

  /** @type {Display["showTargets"]} */
  function showTargets(ids, over = null) {
    if (!drawn) return;
    for (const [id, pileEl] of drawn.piles) {
      pileEl.classList.toggle("yk-target", !!ids && ids.includes(id));
      pileEl.classList.toggle("yk-over", id === over);
    }
  }

  return {
    get state() {
      return state;
    },
    get board() {
      return board;
    },
    get layout() {
      return layout;
    },
    get drawn() {
      return drawn;
    },
    draw,
    showPredicted,
    showTargets,
    resized: () => !!boardEl.clientWidth && boardEl.clientWidth !== drawnWidth,
  };
}

/**
 * Outlines the hinted card and its target pile.
 * @param {State} state
 * @param {Drawn} drawn
 */
function markHint(state, drawn) {
  const hint = state.hint;
  if (!hint) return;
  cardAt(drawn, hint.source, hint.index ?? null)?.classList.add("yk-hint");
  drawn.piles.get(hint.target)?.classList.add("yk-hint-target");
}
