/**
 * The toolbar: new game (variant, deal mode, seed), restart, undo, redo, hint, auto-finish,
 * the settings checkboxes, and the moves counter. The Hint button reads "Thinking…" (and is
 * busy) while Python's solver looks for a winning line.
 *
 * Built once per view and updated in place, so a half-typed seed or an open menu survives
 * the state updates that every move brings.
 */
import { h } from "./dom.js";
/** @import { Intent, State } from "./protocol.js" */

/** @typedef {"new" | "restart" | "undo" | "redo" | "hint" | "auto-finish"} Action a toolbar button's data-action */

/** @type {Record<string, string>} */
const MODE_LABELS = { random: "Random", winnable: "Winnable", daily: "Daily" };

/**
 * Parses the seed field: "" -> null (random), digits -> number, anything else -> NaN.
 * @param {string} text
 * @returns {number | null}
 */
export function parseSeed(text) {
  const t = text.trim();
  if (t === "") return null;
  return /^\d{1,15}$/.test(t) ? Number(t) : NaN;
}

/**
 * How the Hint button looks for a state: busy while the solver thinks.
 * @param {State} state
 * @returns {{label: string, busy: boolean}}
 */
export function hintLook(state) {
  return state.hint_status === "thinking" ? { label: "Thinking…", busy: true } : { label: "Hint", busy: false };
}

/**
 * @param {Document} doc
 * @param {(intent: Intent) => void} send
 * @returns {{el: HTMLElement, update(state: State): void, newGame(): void}}
 */
export function createControls(doc, send) {
  /** @type {string | null} */
  let shownVariant = null;
  const variant = h(doc, "select", { class: "yk-variant", "aria-label": "Variant" });
  const mode = h(doc, "select", { class: "yk-mode", "aria-label": "Deal mode" });
  const seed = h(doc, "input", {
    class: "yk-seed-input", type: "text", inputmode: "numeric", placeholder: "seed",
    "aria-label": "Seed (empty for a random deal)", size: 8,
    onkeydown: (/** @type {KeyboardEvent} */ e) => e.key === "Enter" && newGame(),
    oninput: () => seed.removeAttribute("aria-invalid"),
  });
  /** @type {(action: Action, label: string, title: string) => HTMLButtonElement} */
  const button = (action, label, title) => h(doc, "button", { type: "button", class: "yk-btn", dataset: { action }, title, onclick: () => act(action) }, label);
  /** @type {(key: "click_to_move" | "safe_autoplay" | "fair_hints", label: string, title?: string) => [HTMLInputElement, HTMLLabelElement]} */
  const checkbox = (key, label, title) => {
    const box = h(doc, "input", { type: "checkbox", dataset: { setting: key }, onchange: () => send({ type: "settings", [key]: box.checked }) });
    return [box, h(doc, "label", { class: "yk-check", title }, box, label)];
  };

  const buttons = {
    new: button("new", "New game", "Deal a new game"),
    restart: button("restart", "Restart", "Replay this deal from the start"),
    undo: button("undo", "Undo", "Undo (U)"),
    redo: button("redo", "Redo", "Redo (R)"),
    hint: button("hint", "Hint", "Hint (H)"),
    "auto-finish": button("auto-finish", "Auto-finish", "Play every remaining card to the foundations"),
  };
  buttons["auto-finish"].classList.add("yk-primary");
  const [clickBox, clickLabel] = checkbox("click_to_move", "Click to move");
  const [safeBox, safeLabel] = checkbox("safe_autoplay", "Safe auto-play");
  const [fairBox, fairLabel] = checkbox("fair_hints", "Fair hints",
    "Hints from what you can see only: the solver never peeks at the face-down cards");
  const title = h(doc, "span", { class: "yk-title" });
  const dealInfo = h(doc, "span", { class: "yk-deal" });
  const moves = h(doc, "span", { class: "yk-moves", "aria-live": "off" });

  function newGame() {
    const n = parseSeed(seed.value);
    if (Number.isNaN(n)) {
      seed.setAttribute("aria-invalid", "true");
      seed.focus();
      return;
    }
    send({ type: "new_game", variant: variant.value, seed: n, mode: mode.value });
    seed.value = "";
  }

  /** @param {Action} action */
  function act(action) {
    if (action === "new") newGame();
    else send({ type: action === "auto-finish" ? "auto_finish" : action });
  }

  const group = (/** @type {HTMLElement[]} */ ...items) => h(doc, "span", { class: "yk-group" }, ...items);
  const spacer = () => h(doc, "span", { class: "yk-spacer" });
  const el = h(doc, "div", { class: "yk-toolbar", role: "toolbar", "aria-label": "Game controls" },
    h(doc, "div", { class: "yk-row" }, group(title, dealInfo), spacer(), group(variant, mode, seed, buttons.new)),
    h(doc, "div", { class: "yk-row" },
      group(buttons.restart, buttons.undo, buttons.redo, buttons.hint, buttons["auto-finish"]), spacer(),
      group(clickLabel, safeLabel, fairLabel, moves)));

  /** @param {State} state */
  function update(state) {
    title.textContent = state.title;
    dealInfo.textContent = state.seed === null || state.seed === undefined ? "set-up position" : `deal ${state.seed}`;
    if (variant.options.length !== state.variants.length) {
      variant.replaceChildren(...state.variants.map(([v, label]) => h(doc, "option", { value: v }, label)));
    }
    if (mode.options.length !== state.modes.length) {
      mode.replaceChildren(...state.modes.map((m) => h(doc, "option", { value: m }, MODE_LABELS[m] || m)));
    }
    if (state.variant !== shownVariant) variant.value = shownVariant = state.variant;
    buttons.undo.disabled = !state.can_undo;
    buttons.redo.disabled = !state.can_redo;
    buttons["auto-finish"].hidden = !state.can_auto_finish;
    clickBox.checked = !!state.settings?.click_to_move;
    safeBox.checked = !!state.settings?.safe_autoplay;
    fairBox.checked = !!state.settings?.fair_hints;
    const look = hintLook(state);
    buttons.hint.textContent = look.label;
    buttons.hint.disabled = look.busy;
    buttons.hint.classList.toggle("yk-thinking", look.busy);
    if (look.busy) buttons.hint.setAttribute("aria-busy", "true");
    else buttons.hint.removeAttribute("aria-busy");
    moves.textContent = `Moves: ${state.moves_made}`;
  }

  return { el, update, newGame };
}
