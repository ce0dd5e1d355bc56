/**
 * The toolbar: new game (variant, deal mode, seed), restart, undo, redo, hint, auto-finish,
 * the settings checkboxes, and the moves counter. The Hint button reads "Thinking…" (and is
 * busy) while Python's solver looks for a winning line.
 *
 * Built once per view and updated in place, so a half-typed seed or an open menu survives
 * the state updates that every move brings.
 */
import { h } from "./dom.js";
import { SEED_PROBLEM, clockSeconds, dealLabel, formatClock, parseSeed, showsClock, spokenTime, statsLines } from "./words.js";
/** @import { Intent, State } from "./protocol.js" */

export { parseSeed };

/** @typedef {"new" | "restart" | "undo" | "redo" | "hint" | "auto-finish" | "statistics"} Action a toolbar button's data-action */

/** @type {Record<string, string>} */
const MODE_LABELS = { random: "Random", winnable: "Winnable", daily: "Daily" };

/**
 * How the Hint button looks for a state: busy while the solver thinks.
 * @param {State} state
 * @returns {{label: string, busy: boolean}}
 */
export function hintLook(state) {
  return state.hint_status === "thinking" ? { label: "Thinking…", busy: true } : { label: "Hint", busy: false };
}

/**
 * What to ask before New game or Restart throws moves away; null when nothing is lost (no
 * move made yet, or the game is won).
 * @param {"new" | "restart"} action
 * @param {State} state
 * @returns {{text: string, yes: string} | null}
 */
export function confirmQuestion(action, state) {
  const n = state.moves_made;
  if (!n || state.status === "won") return null;
  const moves = `${n} move${n === 1 ? "" : "s"}`;
  return action === "new"
    ? { text: `Deal a new game? This game and its ${moves} will be lost.`, yes: "Deal a new game" }
    : { text: `Restart this deal from the beginning? Your ${moves} will be taken back.`, yes: "Restart" };
}

/**
 * Whether the seed field is used by a deal mode: winnable and daily deals pick their own.
 * @param {string} mode
 */
export function seedApplies(mode) {
  return mode === "random" || mode === "";
}

/**
 * @param {Document} doc
 * @param {(intent: Intent) => void} send
 * @returns {{el: HTMLElement, confirmEl: HTMLElement, panel: HTMLElement, update(state: State): void, newGame(ask?: boolean): void, dispose(): void}}
 */
export function createControls(doc, send) {
  /** @type {string | null} */
  let shownVariant = null;
  /** @type {State | null} */
  let current = null;
  const uid = `yk${Math.random().toString(36).slice(2, 8)}`;
  const variant = h(doc, "select", { class: "yk-variant", "aria-label": "Variant" });
  const mode = h(doc, "select", { class: "yk-mode", "aria-label": "Deal mode", onchange: () => seedMode() });
  const seedError = h(doc, "span", { class: "yk-seed-error", id: `${uid}-seed-error`, role: "alert", hidden: true });
  const seed = h(doc, "input", {
    class: "yk-seed-input", type: "text", inputmode: "numeric", placeholder: "seed",
    "aria-label": "Seed (empty for a random deal)", size: 8, maxlength: 24,
    "aria-describedby": `${uid}-seed-error`,
    onkeydown: (/** @type {KeyboardEvent} */ e) => e.key === "Enter" && act("new"),
    oninput: () => seedWrong(null),
  });
  /** @type {(action: Action, label: string, title: string) => HTMLButtonElement} */
  const button = (action, label, title) => h(doc, "button", { type: "button", class: "yk-btn", dataset: { action }, title, onclick: () => act(action) }, label);
  /** @type {(key: "click_to_move" | "safe_autoplay" | "fair_hints" | "show_clock", label: string, title?: string) => [HTMLInputElement, HTMLLabelElement]} */
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
    statistics: button("statistics", "Statistics", "Your games of this variant: played, won, streaks, records"),
  };
  buttons["auto-finish"].classList.add("yk-primary");
  const [clickBox, clickLabel] = checkbox("click_to_move", "Click to move");
  const [safeBox, safeLabel] = checkbox("safe_autoplay", "Safe auto-play");
  const [fairBox, fairLabel] = checkbox("fair_hints", "Fair hints",
    "Hints from what you can see only: the solver never peeks at the face-down cards");
  const [clockBox, clockLabel] = checkbox("show_clock", "Clock", "Show the time this game has taken");
  const title = h(doc, "span", { class: "yk-title" });
  const dealInfo = h(doc, "span", { class: "yk-deal" });
  const clock = h(doc, "span", { class: "yk-clock", role: "timer", "aria-live": "off", hidden: true });
  const moves = h(doc, "span", { class: "yk-moves", "aria-live": "off" });

  // The statistics panel (under the toolbar), opened by the Statistics button.
  const panel = h(doc, "section", { class: "yk-stats", id: `${uid}-stats`, hidden: true, tabindex: "-1" });
  buttons.statistics.setAttribute("aria-expanded", "false");
  buttons.statistics.setAttribute("aria-controls", panel.id);
  panel.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    toggleStats(false);
    buttons.statistics.focus();
  });

  // The confirm bar: New game and Restart ask before throwing moves away.
  const question = h(doc, "span", { class: "yk-confirm-text", id: `${uid}-confirm` });
  const yes = h(doc, "button", { type: "button", class: "yk-btn yk-primary", dataset: { confirm: "yes" } }, "Yes");
  const no = h(doc, "button", { type: "button", class: "yk-btn", dataset: { confirm: "cancel" } }, "Cancel");
  const confirmEl = h(doc, "div", { class: "yk-confirm", role: "alertdialog", "aria-labelledby": question.id, hidden: true }, question, yes, no);
  /** @type {{run: () => void, back: HTMLElement} | null} */
  let asking = null;
  yes.addEventListener("click", () => closeConfirm(true));
  no.addEventListener("click", () => closeConfirm(false));
  confirmEl.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      closeConfirm(false);
    }
  });

  /**
   * @param {"new" | "restart"} action
   * @param {() => void} run what happens on Yes
   */
  function ask(action, run) {
    const q = current && confirmQuestion(action, current);
    if (!q) return run();
    question.textContent = q.text;
    yes.textContent = q.yes;
    asking = { run, back: buttons[action] };
    confirmEl.hidden = false;
    yes.focus();
  }

  /** @param {boolean} ok */
  function closeConfirm(ok) {
    const was = asking;
    asking = null;
    confirmEl.hidden = true;
    if (!was) return;
    if (ok) was.run();
    was.back.focus();
  }

  /** @param {string | null} problem */
  function seedWrong(problem) {
    if (problem) seed.setAttribute("aria-invalid", "true");
    else seed.removeAttribute("aria-invalid");
    seedError.textContent = problem ?? "";
    seedError.hidden = !problem;
  }

  function seedMode() {
    const used = seedApplies(mode.value);
    seed.disabled = !used;
    seed.title = used ? "" : `${MODE_LABELS[mode.value] || mode.value} deals pick their own deal number`;
    seed.placeholder = used ? "seed" : "auto";
    if (!used) seedWrong(null);
  }

  /** @param {boolean} [confirm] ask first when moves would be lost */
  function newGame(confirm = false) {
    const used = seedApplies(mode.value);
    const n = used ? parseSeed(seed.value) : null;
    if (typeof n === "number" && Number.isNaN(n)) {
      seedWrong(SEED_PROBLEM);
      seed.focus();
      return;
    }
    const deal = () => {
      send({ type: "new_game", variant: variant.value, seed: n, mode: mode.value });
      seed.value = "";
    };
    if (confirm) ask("new", deal);
    else deal();
  }

  /** @param {boolean} [open] */
  function toggleStats(open = panel.hidden === true) {
    panel.hidden = !open;
    buttons.statistics.setAttribute("aria-expanded", String(open));
    if (open) {
      drawStats();
      panel.focus();
    }
  }

  function drawStats() {
    if (!current || panel.hidden) return;
    const { heading, lines } = statsLines(current.statistics, current.title);
    const close = h(doc, "button", { type: "button", class: "yk-btn", dataset: { stats: "close" }, onclick: () => {
      toggleStats(false);
      buttons.statistics.focus();
    } }, "Close");
    panel.setAttribute("aria-label", heading);
    panel.replaceChildren(
      h(doc, "h3", {}, heading),
      h(doc, "dl", {}, lines.flatMap(([k, v]) => [h(doc, "dt", {}, k), h(doc, "dd", {}, v)])),
      close,
    );
  }

  /** @param {Action} action */
  function act(action) {
    if (action === "new") newGame(true);
    else if (action === "restart") ask("restart", () => send({ type: "restart" }));
    else if (action === "statistics") toggleStats();
    else send({ type: action === "auto-finish" ? "auto_finish" : action });
  }

  // The clock ticks on locally between states while Python says it runs.
  let clockAt = 0;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;
  const now = () => doc.defaultView?.performance.now() ?? Date.now();
  function tick() {
    if (!current?.clock) return;
    const secs = clockSeconds(current.clock, now() - clockAt);
    const text = formatClock(secs);
    if (clock.textContent !== text) {
      clock.textContent = text;
      clock.setAttribute("aria-label", `Time: ${spokenTime(secs)}`);
    }
  }

  const group = (/** @type {HTMLElement[]} */ ...items) => h(doc, "span", { class: "yk-group" }, ...items);
  const spacer = () => h(doc, "span", { class: "yk-spacer" });
  const el = h(doc, "div", { class: "yk-toolbar", role: "toolbar", "aria-label": "Game controls" },
    h(doc, "div", { class: "yk-row" }, group(title, dealInfo), spacer(), group(variant, mode, seed, buttons.new), seedError),
    h(doc, "div", { class: "yk-row" },
      group(buttons.restart, buttons.undo, buttons.redo, buttons.hint, buttons["auto-finish"]), spacer(),
      group(clickLabel, safeLabel, fairLabel, clockLabel, buttons.statistics, clock, moves)));

  /** @param {State} state */
  function update(state) {
    current = state;
    title.textContent = state.title;
    dealInfo.textContent = dealLabel(state);
    if (variant.options.length !== state.variants.length) {
      variant.replaceChildren(...state.variants.map(([v, label]) => h(doc, "option", { value: v }, label)));
    }
    if (mode.options.length !== state.modes.length) {
      mode.replaceChildren(...state.modes.map((m) => h(doc, "option", { value: m }, MODE_LABELS[m] || m)));
      seedMode();
    }
    if (state.variant !== shownVariant) variant.value = shownVariant = state.variant;
    buttons.undo.disabled = !state.can_undo;
    buttons.redo.disabled = !state.can_redo;
    buttons["auto-finish"].hidden = !state.can_auto_finish;
    clickBox.checked = !!state.settings?.click_to_move;
    safeBox.checked = !!state.settings?.safe_autoplay;
    fairBox.checked = !!state.settings?.fair_hints;
    clockLabel.hidden = !state.clock;
    clockBox.checked = state.settings?.show_clock !== false;
    clock.hidden = !showsClock(state);
    clockAt = now();
    clock.textContent = "";
    tick();
    clearInterval(ticker);
    ticker = state.clock?.running && showsClock(state) ? setInterval(tick, 250) : undefined;
    buttons.statistics.hidden = !("statistics" in state);
    if (buttons.statistics.hidden && !panel.hidden) toggleStats(false);
    drawStats();
    const look = hintLook(state);
    buttons.hint.textContent = look.label;
    buttons.hint.disabled = look.busy;
    buttons.hint.classList.toggle("yk-thinking", look.busy);
    if (look.busy) buttons.hint.setAttribute("aria-busy", "true");
    else buttons.hint.removeAttribute("aria-busy");
    moves.textContent = `Moves: ${state.moves_made}`;
    if (asking && !confirmQuestion(asking.back === buttons.new ? "new" : "restart", state)) closeConfirm(false);
  }

  return { el, confirmEl, panel, update, newGame, dispose: () => clearInterval(ticker) };
}
