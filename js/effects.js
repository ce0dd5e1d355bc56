/**
 * Card animations: moves glide and flips turn (FLIP: remember where each card was drawn, by
 * identity, then animate from there to where the new state puts it), new deals fly out from
 * the corner, refused clicks shake, and a won game rains confetti.
 */
/** @import { Last } from "./protocol.js" */
/** @import { Board, BoardCard } from "./view.js" */
/** @import { CardElement, Drawn } from "./board.js" */

/** @typedef {{x: number, y: number}} Point */
/** @typedef {Map<string, Point>} Snapshot board-relative card positions by card key */

const MOVE_MS = 200;
const MAX_STAGGER_MS = 140; // gap between successive moves of one update...
const MAX_TOTAL_MS = 1600; // ...shrunk so a long auto-finish still ends quickly
const DEAL_TOTAL_MS = 450;

/** @param {Window | null | undefined} win */
export function reducedMotion(win) {
  return !!win?.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where every card element is now, board-relative, including any drag offset: key -> {x, y}.
 * @param {Drawn | null} drawn
 * @param {HTMLElement} boardEl
 * @returns {Snapshot}
 */
export function snapshot(drawn, boardEl) {
  const origin = boardEl.getBoundingClientRect();
  /** @type {Snapshot} */
  const rects = new Map();
  if (!drawn) return rects;
  for (const [key, el] of drawn.cards) {
    const r = el.getBoundingClientRect();
    rects.set(key, { x: r.left - origin.left, y: r.top - origin.top });
  }
  return rects;
}

/**
 * Which step of `last.moves` each card belongs to (key -> step), so several moves in one
 * update play one after another. A moved card and the cards riding on it take the step of
 * the move that put them where they are; a card turned face up takes its uncovering move's step.
 * @param {Last | null} last
 * @param {BoardCard[]} cards
 * @returns {Map<string, number>}
 */
export function moveSteps(last, cards) {
  /** @type {Map<string, number>} */
  const steps = new Map();
  (last?.moves || []).forEach((m, i) => {
    const landed = cards.find((c) => c.pile === m.target && c.code === m.card);
    if (landed) {
      for (const c of cards) if (c.pile === m.target && c.index >= landed.index) steps.set(c.key, i);
    }
    if (m.flipped) {
      const flipped = cards.find((c) => c.pile === m.source && c.code === m.flipped);
      if (flipped) steps.set(flipped.key, i);
    }
  });
  return steps;
}

/**
 * Animates a freshly drawn board from `before` (a snapshot of the previous drawing).
 * @param {Drawn} drawn as drawn now
 * @param {Board} board the drawn board model (cards with keys)
 * @param {Board | null} prevBoard the previous board model, to spot cards turned face up
 * @param {Snapshot} before
 * @param {Last | null} last
 * @param {HTMLElement} boardEl
 * @returns {Promise<void>} resolves when every animation it started has finished (or was
 *   cancelled by a later drawing)
 */
export function animateBoard(drawn, board, prevBoard, before, last, boardEl) {
  const now = snapshot(drawn, boardEl);
  /** @type {Promise<unknown>[]} */
  const running = [];
  const done = () => Promise.all(running).then(() => {}, () => {});
  if (last && ["new", "restart", "load"].includes(last.kind)) {
    // Only if the cards really changed: a later update may repeat the same `last`.
    const moved = [...now].some(([key, r]) => {
      const was = before.get(key);
      return !was || was.x !== r.x || was.y !== r.y;
    });
    if (moved) deal(drawn, now, running);
    return done();
  }
  const steps = moveSteps(last, board.cards);
  const gap = Math.min(MAX_STAGGER_MS, MAX_TOTAL_MS / Math.max(1, last?.moves?.length || 1));
  const wasDown = new Set((prevBoard?.cards || []).filter((c) => !c.faceUp).map((c) => `${c.pile}/${c.index}`));
  for (const card of board.cards) {
    const el = /** @type {CardElement} */ (drawn.cards.get(card.key)); // every card is drawn
    const from = before.get(card.key);
    const to = /** @type {Point} */ (now.get(card.key));
    const delay = (steps.get(card.key) ?? 0) * gap;
    if (from && (Math.abs(from.x - to.x) > 0.5 || Math.abs(from.y - to.y) > 0.5)) {
      running.push(lifted(el, el.animate(
        [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)` }, { transform: "none" }],
        { duration: MOVE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      )));
    } else if (!from && card.faceUp && wasDown.has(`${card.pile}/${card.index}`)) {
      running.push(el.animate(
        [{ transform: "perspective(600px) rotateY(90deg)", filter: "brightness(.8)" }, { transform: "none", filter: "none" }],
        { duration: MOVE_MS, delay: delay + MOVE_MS * 0.6, easing: "ease-out", fill: "backwards" },
      ).finished);
    }
  }
  return done();
}

/**
 * Glides a card element from an offset (dx, dy) back to its drawn place, above the others,
 * as animateBoard does for a moved card (used where the offset is known without measuring).
 * @param {HTMLElement} el
 * @param {number} dx
 * @param {number} dy
 */
export function glide(el, dx, dy) {
  lifted(el, el.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  ));
}

/**
 * A new deal: every card flies out from the top-left corner, left column first.
 * @param {Drawn} drawn
 * @param {Snapshot} now
 * @param {Promise<unknown>[]} running each card's animation is added here
 */
function deal(drawn, now, running) {
  const els = [...drawn.cards.entries()];
  const step = DEAL_TOTAL_MS / Math.max(1, els.length);
  els.forEach(([key, el], i) => {
    const to = /** @type {Point} */ (now.get(key));
    running.push(lifted(el, el.animate(
      [{ transform: `translate(${-to.x}px, ${-to.y}px)`, opacity: 0 }, { transform: "none", opacity: 1 }],
      { duration: MOVE_MS, delay: i * step, easing: "ease-out", fill: "backwards" },
    )));
  });
}

/**
 * Keeps a travelling card above the others until it lands.
 * @param {HTMLElement} el
 * @param {Animation} animation
 * @returns {Promise<void>} when it has landed (finished or cancelled)
 */
function lifted(el, animation) {
  el.classList.add("yk-moving");
  const land = () => el.classList.remove("yk-moving");
  return animation.finished.then(land, land);
}

/**
 * A short horizontal shake: the clicked card has nowhere to go.
 * @param {HTMLElement[]} els
 */
export function shake(els) {
  for (const el of els) {
    el.animate(
      [0, -6, 6, -4, 4, 0].map((x) => ({ transform: `translateX(${x}px)` })),
      { duration: 320, easing: "ease-in-out" },
    );
  }
}

const CONFETTI_COLOURS = ["#e53935", "#fdd835", "#43a047", "#1e88e5", "#8e24aa", "#fb8c00"];

/**
 * Confetti falling over a canvas for a few seconds.
 * @param {HTMLCanvasElement} canvas
 * @param {number} [durationMs]
 * @returns {() => void} stops it early
 */
export function confetti(canvas, durationMs = 3500) {
  const win = /** @type {Window} */ (canvas.ownerDocument.defaultView);
  const ctx = canvas.getContext("2d");
  const w = (canvas.width = canvas.clientWidth);
  const h = (canvas.height = canvas.clientHeight);
  if (!ctx || !w || !h) return () => {};
  const bits = Array.from({ length: Math.round(Math.min(220, w / 4)) }, () => ({
    x: Math.random() * w,
    y: -Math.random() * h * 0.6,
    vx: (Math.random() - 0.5) * 1.6,
    vy: 1.5 + Math.random() * 2.5,
    spin: Math.random() * Math.PI,
    size: 5 + Math.random() * 5,
    colour: CONFETTI_COLOURS[Math.floor(Math.random() * CONFETTI_COLOURS.length)],
  }));
  const start = win.performance.now();
  let frame = 0;
  const tick = (/** @type {number} */ t) => {
    const fade = Math.max(0, 1 - Math.max(0, t - start - durationMs * 0.7) / (durationMs * 0.3));
    ctx.clearRect(0, 0, w, h);
    ctx.globalAlpha = fade;
    for (const b of bits) {
      b.x += b.vx;
      b.y += b.vy;
      b.spin += 0.1;
      ctx.fillStyle = b.colour;
      ctx.fillRect(b.x, b.y, b.size, b.size * Math.abs(Math.cos(b.spin)) + 1);
    }
    frame = t - start < durationMs ? win.requestAnimationFrame(tick) : 0;
    if (!frame) ctx.clearRect(0, 0, w, h);
  };
  frame = win.requestAnimationFrame(tick);
  return () => frame && win.cancelAnimationFrame(frame);
}
