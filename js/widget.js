/**
 * The anywidget entry: one view of a Yukon game.
 *
 * Python owns the game. This view draws `state`, turns pointer and keyboard play into
 * intents (`model.send`), and shows Python's replies. Everything lives in render()'s
 * closure, so several views of one model each keep their own board, cursor and drag.
 */
import "./styles.css";
import { buildBoard } from "./view.js";
import { cardPosition, computeLayout } from "./layout.js";
import { cardAt, drawBoard, groupElements, patchBoard } from "./board.js";
import { attachDrag } from "./drag.js";
import { attachKeyboard } from "./keyboard.js";
import { createControls } from "./controls.js";
import { createNotices } from "./notices.js";
import { animateBoard, glide, reducedMotion, shake, snapshot } from "./effects.js";
import { predictMove } from "./predict.js";
import { h } from "./dom.js";

const SETTLE_MS = 3000; // a predicted move waits this long for Python's answer, then is undone

function render({ model, el }) {
  const doc = el.ownerDocument;
  const prefix = `yk${Math.random().toString(36).slice(2, 8)}`;
  const send = (intent) => model.send(intent);

  const controls = createControls(doc, send);
  const layer = h(doc, "div", { class: "yk-layer" });
  const boardEl = h(doc, "div", {
    class: "yk-board", tabindex: "0", role: "application", "aria-roledescription": "solitaire board",
    "data-lm-suppress-shortcuts": "true",
  }, layer);
  const bar = h(doc, "div", { class: "yk-bar" });
  const live = h(doc, "div", { class: "yk-live", "aria-live": "polite", role: "status" });
  const help = h(doc, "div", { class: "yk-help" },
    "Drag cards, or click one to send it somewhere sensible. Keys: arrows, Enter/Space to pick up and drop, Esc, U undo, R redo, H hint.");
  const root = h(doc, "div", { class: "yk-root", "data-lm-suppress-shortcuts": "true" }, controls.el, boardEl, bar, live, help);
  el.append(root);

  let state = null;
  let board = null;
  let layout = null;
  let drawn = null;
  let drawnWidth = 0;
  let floor = 0; // the board's height only grows within one game
  let guess = null; // a predicted move on show until Python answers: {intent, timer}

  const showTargets = (ids, over = null) => {
    if (!drawn) return;
    for (const [id, pileEl] of drawn.piles) {
      pileEl.classList.toggle("yk-target", !!ids && ids.includes(id));
      pileEl.classList.toggle("yk-over", id === over);
    }
  };
  const env = {
    getState: () => state,
    getBoard: () => board,
    getLayout: () => layout,
    getDrawn: () => drawn,
    send,
    move,
    showTargets,
    onGrab: () => keyboard.release(),
  };
  const notices = createNotices(boardEl, bar, { send, newGame: () => controls.newGame() });
  const drag = attachDrag(boardEl, env);
  const keyboard = attachKeyboard(root, boardEl, env);

  /**
   * Send a move, and if Python listed it as legal draw it at once (see predict.js); the
   * next `state` replaces the guess, a refusal puts the true state back.
   * @returns {boolean} whether the move was drawn ahead of Python's answer
   */
  function move(source, index, target) {
    const intent = { type: "move", source, index: index ?? null, target };
    const next = state && predictMove(state, source, intent.index, target);
    if (next) {
      if (guess) clearTimeout(guess.timer);
      if (!drawGuess(next)) draw(next, true);
      guess = { intent, timer: setTimeout(unguess, SETTLE_MS) };
    }
    send(intent);
    return !!next;
  }

  /**
   * Draw a predicted state by moving the card elements already on the page (nothing is built
   * or measured, so the drop shows within the frame), gliding each from where it was drawn,
   * drag offset included. Returns false when a full draw is needed instead.
   */
  function drawGuess(next) {
    if (!drawn || !layout) return false;
    const nextBoard = buildBoard(next, board);
    const nextLayout = computeLayout({
      width: drawnWidth || 800,
      tableau: next.tableau,
      foundations: next.foundations.map((f) => f.id),
      cells: (next.cells || []).map((c) => c.id),
      minHeight: floor,
    });
    drag.cancel();
    const patched = patchBoard(layer, drawn, nextBoard, nextLayout, prefix);
    if (!patched) return false;
    const prevLayout = layout;
    state = next;
    board = nextBoard;
    layout = nextLayout;
    floor = layout.height;
    drawn = { cards: patched.cards, piles: patched.piles };
    for (const el of layer.querySelectorAll(".yk-hint, .yk-hint-target")) el.classList.remove("yk-hint", "yk-hint-target");
    keyboard.refresh();
    const still = reducedMotion(doc.defaultView);
    for (const { el, from, card } of patched.placed) {
      const offset = dragOffset(el);
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

  /** Drop a prediction Python did not confirm: draw its true state again. */
  function unguess() {
    if (!guess) return;
    clearTimeout(guess.timer);
    guess = null;
    redraw(true);
  }

  function redraw(animate) {
    if (guess) {
      clearTimeout(guess.timer);
      guess = null;
    }
    draw(model.get("state"), animate);
  }

  function draw(next, animate) {
    if (!next || !Array.isArray(next.tableau)) return;
    const fresh = next !== state;
    const before = animate && drawn ? snapshot(drawn, boardEl) : null;
    drag.cancel();
    const prevBoard = board;
    const newDeal = fresh && (next.variant !== state?.variant || ["new", "restart", "load"].includes(next.last?.kind));
    if (newDeal || !prevBoard || boardEl.clientWidth !== drawnWidth) floor = 0;
    state = next;
    board = buildBoard(state, prevBoard);
    drawnWidth = boardEl.clientWidth;
    layout = computeLayout({
      width: drawnWidth || 800,
      tableau: state.tableau,
      foundations: state.foundations.map((f) => f.id),
      cells: (state.cells || []).map((c) => c.id),
      minHeight: floor,
    });
    floor = layout.height;
    drawn = drawBoard(layer, board, layout, prefix);
    boardEl.setAttribute("aria-label", `${state.title} board`);
    controls.update(state);
    notices.update(state);
    markHint();
    if (fresh && state.announcement && !state.predicted) live.textContent = state.announcement;
    keyboard.refresh();
    if (before && prevBoard && !reducedMotion(doc.defaultView)) {
      animateBoard(drawn, board, prevBoard, before, state.last, boardEl);
    }
  }

  function markHint() {
    const hint = state.hint;
    if (!hint) return;
    cardAt(drawn, hint.source, hint.index ?? null)?.classList.add("yk-hint");
    drawn.piles.get(hint.target)?.classList.add("yk-hint-target");
  }

  function onReply(msg) {
    if (msg?.type === "rejected") {
      if (guess && sameMove(msg.intent, guess.intent)) unguess();
      else drag.snapBack();
      if (msg.message) notices.toast(msg.message);
    } else if (msg?.type === "notice") {
      // Python's word on something besides the move (a save that failed, say): nothing to undo.
      if (msg.message) notices.toast(msg.message);
    } else if (msg?.type === "shake" && drawn) {
      shake(groupElements(drawn, msg.source, msg.index ?? null));
      if (msg.message) live.textContent = msg.message;
    }
  }

  const onState = () => redraw(true);
  model.on("change:state", onState);
  model.on("msg:custom", onReply);
  const resize = new doc.defaultView.ResizeObserver(() => {
    if (boardEl.clientWidth && boardEl.clientWidth !== drawnWidth) draw(guess ? state : model.get("state"), false);
  });
  resize.observe(boardEl);
  redraw(false);

  return () => {
    model.off("change:state", onState);
    model.off("msg:custom", onReply);
    resize.disconnect();
    if (guess) clearTimeout(guess.timer);
    drag.detach();
    keyboard.detach();
    notices.destroy();
    root.remove();
  };
}

/** The drag offset drag.js put on a card element (translate(dx, dy)), or none. */
function dragOffset(el) {
  const m = /translate\(\s*([-\d.e+]+)px,\s*([-\d.e+]+)px\)/.exec(el.style.transform);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : { x: 0, y: 0 };
}

/** Whether a refused intent is the predicted move (a reply without its intent counts as it). */
function sameMove(intent, move) {
  if (!intent) return true;
  return intent.type === "move" && intent.source === move.source
    && (intent.index ?? null) === move.index && intent.target === move.target;
}

export default { render };
