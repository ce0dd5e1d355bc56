/**
 * Pointer play (mouse, pen, touch) on the board: drag a group to a pile, or click a card.
 * A drop on a legal pile is drawn at once and sent as a move (Python's next state confirms
 * it, see predict.js); on another pile it snaps back and is still sent,
 * so Python's refusal explains why; anywhere else it just snaps back.
 *
 * Pointer events with pointer capture on the board, not HTML5 drag and drop, which is
 * unreliable inside JupyterLab. pointerdown is prevented and stopped so neither text selection
 * nor Lumino's own drag handling starts.
 */
import { canGrab, legalTargets, moveIndex } from "./view.js";
import { cardPosition } from "./layout.js";
import { cardAtPoint, dropTarget, pileAt } from "./hittest.js";
import { groupElements } from "./board.js";
/** @import { Intent, PileId, ShownState } from "./protocol.js" */
/** @import { Board, BoardCard } from "./view.js" */
/** @import { Layout } from "./layout.js" */
/** @import { CardElement, Drawn } from "./board.js" */

/**
 * The view as pointer and keyboard play see it (widget.js makes it). The getters are called
 * only once a state is drawn.
 * @typedef {object} PlayEnv
 * @property {() => ShownState} getState the state on show
 * @property {() => Board} getBoard
 * @property {() => Layout} getLayout
 * @property {() => Drawn} getDrawn
 * @property {(intent: Intent) => void} send
 * @property {(source: PileId, index: number | null, target: PileId) => boolean} move sends a
 *   move, drawing it at once when it is listed as legal; returns whether it did
 * @property {(ids: PileId[] | null, over?: PileId | null) => void} showTargets lights up legal
 *   piles, `over` the one a drop would land on (null clears)
 * @property {() => void} onGrab tells the page a pointer took over (the keyboard drops what it holds)
 * @property {(message: string) => void} [toast] shows a message briefly on the board
 * @property {() => boolean} [offline] the board can no longer reach Python (disconnected)
 */

/**
 * A pointer press on a card, until it is released: a click, or a drag once it moves.
 * @typedef {object} Press
 * @property {number} id the pointer
 * @property {string} type the pointer's type: "mouse", "pen", "touch"
 * @property {{x: number, y: number}} start board point of the press
 * @property {BoardCard} card the card pressed
 * @property {number | null} index the move index of the group
 * @property {CardElement[]} els the group's elements
 * @property {PileId[]} targets where the group may go
 * @property {boolean} dragging
 */

/** @type {Record<string, number>} */
const CLICK_SLOP = { mouse: 4, pen: 6, touch: 10 }; // px a press may wander and stay a click
/** A second press this soon (ms) and this near (px) after a click is the same double click. */
export const DOUBLE_CLICK_MS = 500;
const DOUBLE_CLICK_PX = 8;
export const CLICK_OFF = "Click to move is off: drag the card instead.";

/**
 * Whether a click at `at` (ms, board point) is the second half of a double click whose first
 * click was `last`: one action, not two (the first click already moved the card).
 * @param {{time: number, x: number, y: number} | null} last
 * @param {{time: number, x: number, y: number}} at
 */
export function secondClick(last, at) {
  return !!last && at.time - last.time < DOUBLE_CLICK_MS
    && Math.hypot(at.x - last.x, at.y - last.y) <= DOUBLE_CLICK_PX;
}

/**
 * @param {HTMLElement} boardEl
 * @param {PlayEnv} env
 * @returns {{cancel(): void, snapBack(): void, detach(): void}}
 */
export function attachDrag(boardEl, env) {
  /** @type {Press | null} */
  let press = null; // the current press: pointer, grabbed card, its group's elements
  /** @type {{els: CardElement[]} | null} */
  let pending = null; // a dropped group awaiting Python's answer (it never times out)
  /** @type {{time: number, x: number, y: number} | null} */
  let lastClick = null; // the last click sent, to fold a double click into one

  /** @param {PointerEvent} e */
  function boardPoint(e) {
    const r = boardEl.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  /** @param {PointerEvent} e */
  function onDown(e) {
    if (press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const t = /** @type {Element} */ (e.target);
    const board = env.getBoard();
    /** @type {CardElement | null | undefined} */
    let el = /** @type {CardElement | null | undefined} */ (t.closest?.(".yk-card"));
    if (el && !boardEl.contains(el)) return;
    // A card turning face up is edge-on for part of its flip: the press then hits the card
    // under it (or the pile), so the card drawn there by the layout is the one meant.
    if (!el?.ykCard || !canGrab(board.piles, el.ykCard)) el = cardUnder(e) ?? el;
    if (!el?.ykCard) return;
    e.preventDefault();
    e.stopPropagation();
    boardEl.focus({ preventScroll: true });
    const card = el.ykCard;
    if (!canGrab(board.piles, card)) return;
    settle();
    env.onGrab();
    try {
      boardEl.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic event (tests) has no live pointer to capture; the board still hears it.
    }
    const index = moveIndex(board.piles, card);
    press = {
      id: e.pointerId,
      type: e.pointerType,
      start: boardPoint(e),
      card,
      index,
      els: groupElements(env.getDrawn(), card.pile, card.index),
      targets: legalTargets(env.getState(), card.pile, index),
      dragging: false,
    };
  }

  /**
   * The card drawn under the pointer when no card element was hit: one turning face up is
   * edge-on during part of its flip, and must still be grabbed.
   * @param {PointerEvent} e
   * @returns {CardElement | null}
   */
  function cardUnder(e) {
    const drawn = env.getDrawn?.();
    if (!drawn) return null;
    const p = boardPoint(e);
    const hit = cardAtPoint(env.getLayout(), [...drawn.cards.values()].map((c) => c.ykCard), p.x, p.y);
    return hit ? [...drawn.cards.values()].find((c) => c.ykCard === hit) ?? null : null;
  }

  /** @param {PointerEvent} e */
  function onMove(e) {
    if (!press || e.pointerId !== press.id) return;
    e.preventDefault();
    const p = boardPoint(e);
    const dx = p.x - press.start.x;
    const dy = p.y - press.start.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < (CLICK_SLOP[press.type] ?? 4)) return;
      press.dragging = true;
      press.els.forEach((el, i) => {
        el.classList.add("yk-dragging");
        el.style.zIndex = String(1000 + i);
      });
    }
    const [cx, cy] = keepInView(press, dx, dy);
    for (const el of press.els) el.style.transform = `translate(${cx}px, ${cy}px)`;
    env.showTargets(press.targets, target(press, p));
  }

  /**
   * A drag offset that keeps the grabbed card on screen: across the board's width, and from
   * the top of the widget (over its toolbar) to its bottom, never where the notebook would clip
   * it or grow a scroll bar.
   * @param {Press} grab
   * @param {number} dx
   * @param {number} dy
   * @returns {[number, number]}
   */
  function keepInView(grab, dx, dy) {
    const layout = env.getLayout();
    const pos = cardPosition(layout, grab.card.pile, grab.card.index);
    const board = boardEl.getBoundingClientRect();
    const root = (boardEl.parentElement ?? boardEl).getBoundingClientRect();
    const x = Math.min(Math.max(pos.x + dx, 0), Math.max(0, board.width - layout.cardW));
    const y = Math.min(Math.max(pos.y + dy, root.top - board.top), Math.max(0, root.bottom - board.top - layout.cardH));
    return [x - pos.x, y - pos.y];
  }

  /**
   * The legal pile a grab would land on if released at board point p, or null.
   * @param {Press} grab
   * @param {{x: number, y: number}} p
   */
  function target(grab, p) {
    const layout = env.getLayout();
    const pos = cardPosition(layout, grab.card.pile, grab.card.index);
    const rect = { x: pos.x + p.x - grab.start.x, y: pos.y + p.y - grab.start.y, w: layout.cardW, h: layout.cardH };
    return dropTarget(layout, p, rect, grab.targets);
  }

  /** @param {PointerEvent} e */
  function onUp(e) {
    if (!press || e.pointerId !== press.id) return;
    e.preventDefault();
    e.stopPropagation();
    const done = press;
    press = null;
    env.showTargets(null);
    if (!done.dragging) {
      const at = { time: e.timeStamp, ...boardPoint(e) };
      if (secondClick(lastClick, at)) return; // a double click is one click
      lastClick = at;
      if (env.getState().settings?.click_to_move) {
        env.send({ type: "click", source: done.card.pile, index: done.index });
      } else {
        env.toast?.(CLICK_OFF);
      }
      return;
    }
    lastClick = null;
    const p = boardPoint(e);
    const to = target(done, p);
    const move = (/** @type {PileId} */ pile) => env.send({ type: "move", source: done.card.pile, index: done.index, target: pile });
    if (to && !env.offline?.()) {
      // A legal pile: the page draws the move at once (predicted) and sends it.
      if (!env.move(done.card.pile, done.index, to)) pending = { els: done.els };
      return;
    }
    if (to) {
      animateBack(done.els);
      move(to); // says the board is disconnected
      return;
    }
    animateBack(done.els);
    // Dropped on a pile that cannot take it: ask anyway, so Python's refusal says why.
    const over = pileAt(env.getLayout(), p.x, p.y);
    if (over && over !== done.card.pile) move(over);
  }

  /** @param {PointerEvent} e */
  function onCancel(e) {
    if (!press || e.pointerId !== press.id) return;
    const done = press;
    press = null;
    env.showTargets(null);
    if (done.dragging) animateBack(done.els);
  }

  /** Forget a dropped group without moving it (a new state has replaced it). */
  function settle() {
    pending = null;
  }

  /** Send a dropped group home: Python rejected the move, or never answered. */
  function snapBack() {
    if (!pending) return;
    const { els } = pending;
    settle();
    animateBack(els);
  }

  /** Abandon any drag in progress, as a new state is about to be drawn. */
  function cancel() {
    if (press && boardEl.hasPointerCapture?.(press.id)) boardEl.releasePointerCapture(press.id);
    press = null;
    settle();
    env.showTargets(null);
  }

  boardEl.addEventListener("pointerdown", onDown);
  boardEl.addEventListener("pointermove", onMove);
  boardEl.addEventListener("pointerup", onUp);
  boardEl.addEventListener("pointercancel", onCancel);
  boardEl.addEventListener("lostpointercapture", onCancel);

  return {
    cancel,
    snapBack,
    detach() {
      cancel();
      boardEl.removeEventListener("pointerdown", onDown);
      boardEl.removeEventListener("pointermove", onMove);
      boardEl.removeEventListener("pointerup", onUp);
      boardEl.removeEventListener("pointercancel", onCancel);
      boardEl.removeEventListener("lostpointercapture", onCancel);
    },
  };
}

/**
 * Glide cards from wherever they were dragged back to their own place.
 * @param {CardElement[]} els
 */
function animateBack(els) {
  for (const el of els) {
    const from = el.style.transform;
    el.style.transform = "";
    const done = () => {
      el.classList.remove("yk-dragging");
      el.style.zIndex = String(el.ykCard.index + 1);
    };
    if (!from || !el.animate) {
      done();
      continue;
    }
    el.animate([{ transform: from }, { transform: "none" }], { duration: 180, easing: "ease-out" }).finished.then(done, done);
  }
}
