/**
 * Keyboard play on the focused board: arrows move the cursor, Enter/Space picks up and drops,
 * Esc cancels, U undoes, R redoes, H asks for a hint.
 *
 * Every keydown inside the widget stops propagating, so JupyterLab's command shortcuts
 * (which listen on the document) never see keys meant for the game.
 */
import { clampCursor, grabAt, moveCursor } from "./cursor.js";
import { groupElements } from "./board.js";
import { legalTargets } from "./view.js";
/** @import { PileId } from "./protocol.js" */
/** @import { Cursor } from "./cursor.js" */
/** @import { PlayEnv } from "./drag.js" */

const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];

/**
 * @param {HTMLElement} root the widget root (keys are stopped here)
 * @param {HTMLElement} boardEl the focusable board
 * @param {Omit<PlayEnv, "onGrab">} env the view (see drag.js)
 * @returns {{refresh(): void, release(): void, detach(): void}}
 */
export function attachKeyboard(root, boardEl, env) {
  /** @type {Cursor} null until refresh() fits it to the first board drawn */
  let cursor = /** @type {any} */ (null);
  /** @type {{source: PileId, index: number | null, targets: PileId[]} | null} */
  let held = null;

  function paint() {
    for (const el of boardEl.querySelectorAll(".yk-cursor, .yk-held")) el.classList.remove("yk-cursor", "yk-held");
    const drawn = env.getDrawn();
    if (!cursor || !drawn) return;
    const el = cursor.index === null
      ? drawn.piles.get(cursor.pile)
      : groupElements(drawn, cursor.pile, cursor.index)[0];
    if (el) {
      el.classList.add("yk-cursor");
      boardEl.setAttribute("aria-activedescendant", el.id);
    }
    if (held) {
      for (const g of groupElements(drawn, held.source, held.index)) g.classList.add("yk-held");
      env.showTargets(held.targets, held.targets.includes(cursor.pile) ? cursor.pile : null);
    }
  }

  /** Re-fit the cursor to a freshly drawn board. */
  function refresh() {
    cursor = clampCursor(env.getBoard(), env.getLayout(), cursor);
    if (held && !groupElements(env.getDrawn(), held.source, held.index).length) held = null;
    paint();
  }

  /** Put down whatever is held, without moving it. */
  function release() {
    if (!held) return;
    held = null;
    env.showTargets(null);
    paint();
  }

  function pickOrDrop() {
    if (!held) {
      const grab = grabAt(env.getBoard(), cursor);
      if (!grab) return;
      held = { ...grab, targets: legalTargets(env.getState(), grab.source, grab.index) };
      return paint();
    }
    const { source, index } = held;
    release();
    if (cursor.pile === source) return;
    const target = cursor.pile;
    cursor = { pile: target, index: null };
    env.move(source, index, target); // drawn at once when legal, and sent either way
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    e.stopPropagation();
    if (!boardEl.contains(/** @type {Node | null} */ (e.target)) || e.altKey || e.ctrlKey || e.metaKey) return;
    boardEl.classList.add("yk-kbd");
    if (ARROWS.includes(e.key)) {
      cursor = moveCursor(env.getBoard(), env.getLayout(), cursor, e.key);
      paint();
    } else if (e.key === "Enter" || e.key === " ") {
      pickOrDrop();
    } else if (e.key === "Escape") {
      release();
    } else if (e.key === "u" || e.key === "U") {
      env.send({ type: "undo" });
    } else if (e.key === "r" || e.key === "R") {
      env.send({ type: "redo" });
    } else if (e.key === "h" || e.key === "H") {
      env.send({ type: "hint" });
    } else {
      return;
    }
    e.preventDefault();
  }

  // The cursor shows only for keyboard users: after a key, or when the board is tabbed to,
  // not when a press of the pointer focuses it.
  let pressedAt = -Infinity;
  /** @param {PointerEvent} e */
  function onPointer(e) {
    pressedAt = e.timeStamp;
    boardEl.classList.remove("yk-kbd");
  }
  /** @param {FocusEvent} e */
  function onFocus(e) {
    if (e.timeStamp - pressedAt > 500) boardEl.classList.add("yk-kbd");
  }

  root.addEventListener("keydown", onKey);
  boardEl.addEventListener("pointerdown", onPointer, true);
  boardEl.addEventListener("focus", onFocus);
  return {
    refresh,
    release,
    detach() {
      root.removeEventListener("keydown", onKey);
      boardEl.removeEventListener("pointerdown", onPointer, true);
      boardEl.removeEventListener("focus", onFocus);
    },
  };
}
