/**
 * Messages about the game: the win banner (.yk-win, with confetti) and a brief toast
 * (.yk-toast) for refusals, both over the board; and the stuck notice (.yk-stuck, offering
 * undo, restart, new game) in a bar under the board, where it hides no card. The same bar
 * (.yk-stuck.yk-lost) says so when the Hint button's solver proved the deal lost.
 */
import { h } from "./dom.js";
import { confetti, reducedMotion } from "./effects.js";
import { LINK_TEXT } from "./link.js";
import { winSummary } from "./words.js";
/** @import { Intent, State } from "./protocol.js" */
/** @import { LinkStatus } from "./link.js" */

const TOAST_MS = 2800;

/** What the solver says when it proves that no line of play wins from here (the Hint button). */
export const LOST_TEXT = "This deal can no longer be won from here";

/**
 * The notice under the board, offering Undo, Restart and New game: "stuck" (no legal move),
 * "no_useful_moves" (proven: no line turns a card or sends one home) or "lost" (the Hint
 * button's solver proved that no line wins); null when there is none.
 * @typedef {{kind: "stuck" | "no_useful_moves" | "lost", text: string}} BarNotice
 */

/**
 * The notice a state calls for, if any.
 * @param {State} state
 * @returns {BarNotice | null}
 */
export function barNotice(state) {
  // Python says "no_useful_moves" only when it has proven that no line of play can turn
  // a card or send one home: the deal is lost, and the words say so.
  if (state.status === "stuck") return { kind: "stuck", text: "No moves left" };
  if (state.status === "no_useful_moves") {
    return { kind: "no_useful_moves", text: "No move can turn a card or send one home: this deal can no longer be won" };
  }
  if (state.status === "playing" && state.hint_status === "lost") return { kind: "lost", text: LOST_TEXT };
  return null;
}

/**
 * @param {HTMLElement} host the board, which the banner and toast overlay
 * @param {HTMLElement} bar where the stuck notice goes
 * @param {{send(intent: Intent): void, newGame(): void}} actions
 * @returns {{update(state: State): void, celebrate(state: State, settled: Promise<void>): void,
 *   toast(message: string): void, link(status: LinkStatus): void, destroy(): void}}
 */
export function createNotices(host, bar, actions) {
  const doc = host.ownerDocument;
  /** @type {{el: HTMLElement, stop: () => void} | null} */
  let win = null;
  /** @type {State | null} */
  let latest = null;
  let winWaits = false; // the banner waits for the winning move's animations to finish
  /** @type {HTMLElement | null} */
  let linkEl = null;
  /** @type {{el: HTMLElement, undo: HTMLButtonElement, key: string} | null} */
  let stuck = null;
  /** @type {HTMLElement | null} */
  let toastEl = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let toastTimer;

  /** @type {(label: string, onclick: () => void, notice: string) => HTMLButtonElement} */
  const button = (label, onclick, notice) => h(doc, "button", { type: "button", class: "yk-btn", dataset: { notice }, onclick }, label);

  /** @param {State} state */
  function showWin(state) {
    const canvas = h(doc, "canvas", { class: "yk-confetti", "aria-hidden": "true" });
    const el = h(doc, "div", { class: "yk-win", role: "dialog", "aria-label": "Game won" },
      canvas,
      h(doc, "div", { class: "yk-banner" },
        h(doc, "strong", {}, "You won!"),
        h(doc, "span", { class: "yk-win-summary" }, winSummary(state)),
        button("New game", () => actions.newGame(), "new")));
    host.append(el);
    const stop = reducedMotion(doc.defaultView) ? () => {} : confetti(canvas);
    win = { el, stop };
  }

  /** @param {BarNotice} notice */
  function showBar(notice) {
    const undo = button("Undo", () => actions.send({ type: "undo" }), "undo");
    const el = h(doc, "div", { class: notice.kind === "lost" ? "yk-stuck yk-lost" : "yk-stuck", role: "status" },
      h(doc, "span", {}, notice.text),
      undo,
      button("Restart", () => actions.send({ type: "restart" }), "restart"),
      button("New game", () => actions.newGame(), "new"));
    bar.append(el);
    stuck = { el, undo, key: `${notice.kind}/${notice.text}` };
  }

  /** @param {State} state */
  function update(state) {
    latest = state;
    if (state.status !== "won" && win) {
      win.stop();
      win.el.remove();
      win = null;
    }
    const notice = barNotice(state);
    const key = notice ? `${notice.kind}/${notice.text}` : null;
    if (stuck && stuck.key !== key) {
      stuck.el.remove();
      stuck = null;
    }
    if (notice && !stuck) showBar(notice);
    if (stuck) stuck.undo.disabled = !state.can_undo;
  }

  /**
   * A won state was drawn: the banner comes once its cards have landed (the winning move,
   * an auto-finish's flight), not over cards still flying.
   * @param {State} state
   * @param {Promise<void>} settled
   */
  function celebrate(state, settled) {
    if (state.status !== "won" || win || winWaits) return;
    winWaits = true;
    settled.then(() => {
      winWaits = false;
      if (latest?.status === "won" && !win) showWin(latest);
    });
  }

  /**
   * The board's link to Python: a "waiting" mark, or the disconnected notice.
   * @param {LinkStatus} status
   */
  function link(status) {
    host.classList.toggle("yk-offline", status === "disconnected");
    if (status === "ok") {
      linkEl?.remove();
      linkEl = null;
      return;
    }
    if (!linkEl) {
      linkEl = h(doc, "div", { class: "yk-link" });
      host.append(linkEl);
    }
    linkEl.dataset.status = status;
    linkEl.setAttribute("role", status === "disconnected" ? "alert" : "status");
    linkEl.textContent = LINK_TEXT[status];
  }

  /** @param {string} message */
  function toast(message) {
    if (!toastEl) {
      toastEl = h(doc, "div", { class: "yk-toast", role: "status" });
      host.append(toastEl);
    }
    toastEl.textContent = message;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toastEl?.remove();
      toastEl = null;
    }, TOAST_MS);
  }

  function destroy() {
    clearTimeout(toastTimer);
    win?.stop();
  }

  return { update, celebrate, toast, link, destroy };
}
