/**
 * The anywidget entry: one view of a Yukon game.
 *
 * Python owns the game. This view draws `state`, turns pointer and keyboard play into
 * intents (`model.send`), and shows Python's replies. render() puts the parts together, each
 * its own per view so several views of one model keep their own board, cursor and drag:
 *
 * - display.js: the board on show, drawn from a state (whole, or a predicted move moved into place);
 * - predict.js: a legal drop drawn before Python answers, taken back if it refuses or is silent;
 * - replies.js: Python's custom messages (refusals, notices, shakes);
 * - drag.js, keyboard.js: pointer and keyboard play; controls.js, notices.js: toolbar, banners.
 */
import "./styles.css";
import { createDisplay } from "./display.js";
import { groupElements } from "./board.js";
import { attachDrag } from "./drag.js";
import { attachKeyboard } from "./keyboard.js";
import { createControls } from "./controls.js";
import { createNotices } from "./notices.js";
import { shake } from "./effects.js";
import { createPrediction } from "./predict.js";
import { handleReply } from "./replies.js";
import { h } from "./dom.js";
/** @import { Intent, Model, Reply, ShownState } from "./protocol.js" */
/** @import { Board } from "./view.js" */
/** @import { Layout } from "./layout.js" */
/** @import { Drawn } from "./board.js" */
/** @import { PlayEnv } from "./drag.js" */

/**
 * @param {{model: Model, el: HTMLElement}} view
 * @returns {() => void} cleanup
 */
function render({ model, el }) {
  const doc = el.ownerDocument;
  const prefix = `yk${Math.random().toString(36).slice(2, 8)}`;
  /** @param {Intent} intent */
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

  const display = createDisplay(boardEl, layer, prefix, {
    beforeDraw: () => drag.cancel(),
    afterDraw: (state, fresh) => {
      controls.update(state);
      notices.update(state);
      if (fresh && state.announcement && !state.predicted) live.textContent = state.announcement;
    },
    refit: () => keyboard.refresh(),
  });
  const prediction = createPrediction({
    send,
    show: (next) => display.showPredicted(next),
    revert: () => display.draw(model.get("state"), true),
  });
  // Drag and keyboard read the view only once a state is drawn, so never see null here.
  /** @type {PlayEnv} */
  const env = {
    getState: () => /** @type {ShownState} */ (display.state),
    getBoard: () => /** @type {Board} */ (display.board),
    getLayout: () => /** @type {Layout} */ (display.layout),
    getDrawn: () => /** @type {Drawn} */ (display.drawn),
    send,
    // Sent, and drawn at once when Python listed it as legal (see predict.js).
    move: (source, index, target) => prediction.move(display.state, source, index, target),
    showTargets: display.showTargets,
    onGrab: () => keyboard.release(),
  };
  const notices = createNotices(boardEl, bar, { send, newGame: () => controls.newGame() });
  const drag = attachDrag(boardEl, env);
  const keyboard = attachKeyboard(root, boardEl, env);

  /** Draws Python's state; a prediction on show gives way to it. */
  function redraw(/** @type {boolean} */ animate) {
    prediction.settle();
    display.draw(model.get("state"), animate);
  }

  /** @param {Reply} msg */
  const onReply = (msg) => handleReply(msg, {
    refused: prediction.refused,
    snapBack: () => drag.snapBack(),
    toast: (message) => notices.toast(message),
    shake: (source, index, message) => {
      const drawn = display.drawn;
      if (!drawn) return;
      shake(groupElements(drawn, source, index));
      if (message) live.textContent = message;
    },
  });

  const onState = () => redraw(true);
  model.on("change:state", onState);
  model.on("msg:custom", onReply);
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView);
  const resize = new win.ResizeObserver(() => {
    if (display.resized()) display.draw(prediction.active ? display.state : model.get("state"), false);
  });
  resize.observe(boardEl);
  redraw(false);

  return () => {
    model.off("change:state", onState);
    model.off("msg:custom", onReply);
    resize.disconnect();
    prediction.dispose();
    drag.detach();
    keyboard.detach();
    notices.destroy();
    root.remove();
  };
}

export default { render };
