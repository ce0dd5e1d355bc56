/**
 * Messages about the game: the win banner (.yk-win, with confetti) and a brief toast
 * (.yk-toast) for refusals, both over the board; and the stuck notice (.yk-stuck, offering
 * undo, restart, new game) in a bar under the board, where it hides no card.
 */
import { h } from "./dom.js";
import { confetti, reducedMotion } from "./effects.js";
/** @import { Intent, State, Status } from "./protocol.js" */

const TOAST_MS = 2800;

/**
 * @param {HTMLElement} host the board, which the banner and toast overlay
 * @param {HTMLElement} bar where the stuck notice goes
 * @param {{send(intent: Intent): void, newGame(): void}} actions
 * @returns {{update(state: State): void, toast(message: string): void, destroy(): void}}
 */
export function createNotices(host, bar, actions) {
  const doc = host.ownerDocument;
  /** @type {{el: HTMLElement, stop: () => void} | null} */
  let win = null;
  /** @type {{el: HTMLElement, status: Status} | null} */
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
        h(doc, "span", {}, `${state.title} in ${state.moves_made} moves`),
        button("New game", () => actions.newGame(), "new")));
    host.append(el);
    const stop = reducedMotion(doc.defaultView) ? () => {} : confetti(canvas);
    win = { el, stop };
  }

  /** @param {State} state */
  function showStuck(state) {
    // Python says "no_useful_moves" only when it has proven that no line of play can turn
    // a card or send one home: the deal is lost, and the words say so.
    const text = state.status === "stuck"
      ? "No moves left"
      : "No move can turn a card or send one home: this deal can no longer be won";
    const el = h(doc, "div", { class: "yk-stuck", role: "status" },
      h(doc, "span", {}, text),
      button("Undo", () => actions.send({ type: "undo" }), "undo"),
      button("Restart", () => actions.send({ type: "restart" }), "restart"),
      button("New game", () => actions.newGame(), "new"));
    bar.append(el);
    stuck = { el, status: state.status };
  }

  /** @param {State} state */
  function update(state) {
    if (state.status === "won" && !win) showWin(state);
    if (state.status !== "won" && win) {
      win.stop();
      win.el.remove();
      win = null;
    }
    const isStuck = state.status === "stuck" || state.status === "no_useful_moves";
    if (stuck && (!isStuck || stuck.status !== state.status)) {
      stuck.el.remove();
      stuck = null;
    }
    if (isStuck && !stuck) showStuck(state);
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

  return { update, toast, destroy };
}
