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
 * - drag.js, keyboard.js: pointer and keyboard play; controls.js, notices.js: toolbar, banners;
 * - link.js: whether Python has answered (a busy kernel) and can still answer (a restarted one);
 * - speaker.js: of several views of one widget, only the one used last speaks in its live region.
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
import { GONE, LINK_TEXT, createLink } from "./link.js";
import { join, leave, speaks, used } from "./speaker.js";
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
  const voice = join(model);
  /** The kernel behind the widget, when the front end says (JupyterLab, Notebook 7). */
  const kernel = model.widget_manager?.kernel;
  const link = createLink({
    onChange: (status) => {
      notices.link(status);
      if (status === "disconnected") {
        prediction.abandon();
        drag.snapBack();
      }
    },
    kernelStatus: () => kernel?.status ?? null,
  });
  /**
   * Sends an intent, marked with this view's id (so only this view shows its refusal), and
   * waits for the answer; a disconnected board says so instead.
   * @param {Intent} intent
   */
  const send = (intent) => {
    if (link.status === "disconnected") return notices.toast(LINK_TEXT.disconnected);
    try {
      model.send({ ...intent, view: prefix });
    } catch {
      return link.disconnect(); // the comm is gone
    }
    link.sent();
  };

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
  const root = h(doc, "div", { class: "yk-root", "data-lm-suppress-shortcuts": "true" },
    controls.el, controls.confirmEl, controls.panel, boardEl, bar, live, help);
  el.append(root);
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView);

  /** Says `text` in the live region: aloud only in the view that speaks for this widget. */
  const say = (/** @type {string} */ text) => {
    live.setAttribute("aria-live", speaks(voice) ? "polite" : "off");
    live.textContent = text;
  };

  /**
   * The height the board should fit: what its scrolling container shows, less the toolbar
   * and the room under the board (notices), so the bottom card and the notices stay in view.
   */
  const fitHeight = () => {
    // The outermost scrolling box is the notebook's (inner ones, such as an output area,
    // grow with their content); the window when there is none.
    let visible = win.innerHeight;
    for (let box = root.parentElement; box; box = box.parentElement) {
      const overflow = win.getComputedStyle(box).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && box.clientHeight > 0) {
        visible = Math.min(win.innerHeight, box.clientHeight);
      }
    }
    const around = controls.el.offsetHeight + 84; // the toolbar; the bar, live region and help
    return Math.max(360, visible - around);
  };

  const display = createDisplay(boardEl, layer, prefix, {
    beforeDraw: () => drag.cancel(),
    afterDraw: (state, fresh) => {
      controls.update(state);
      notices.update(state);
      if (fresh && state.announcement && !state.predicted) say(state.announcement);
    },
    refit: () => keyboard.refresh(),
    settled: (state, done) => notices.celebrate(state, done),
    fitHeight,
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
    // A disconnected board predicts nothing: send() says it is disconnected instead.
    move: (source, index, target) => {
      if (link.status !== "disconnected") return prediction.move(display.state, source, index, target);
      send({ type: "move", source, index, target });
      return false;
    },
    showTargets: display.showTargets,
    onGrab: () => keyboard.release(),
    toast: (message) => notices.toast(message),
    offline: () => link.status === "disconnected",
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
  const onReply = (msg) => {
    link.answered();
    handleReply(msg, replyActions);
  };
  /** @type {import("./replies.js").ReplyActions} */
  const replyActions = {
    mine: (intent) => !intent?.view || intent.view === prefix,
    refused: prediction.refused,
    snapBack: () => drag.snapBack(),
    toast: (message) => notices.toast(message),
    shake: (source, index, message) => {
      const drawn = display.drawn;
      if (!drawn) return;
      shake(groupElements(drawn, source, index));
      if (message) say(message);
    },
  };

  const onState = () => {
    link.answered();
    redraw(true);
  };
  // The kernel restarted (or the comm closed): ipywidgets marks the model's comm dead.
  const onCommLive = () => link.disconnect();
  /** @type {(sender: unknown, status: string) => void} */
  const onKernelStatus = (_sender, status) => {
    if (GONE.includes(status)) link.disconnect();
  };
  const onUse = () => used(voice);
  model.on("change:state", onState);
  model.on("msg:custom", onReply);
  model.on("comm_live_update", onCommLive);
  kernel?.statusChanged?.connect?.(onKernelStatus);
  for (const type of ["pointerdown", "keydown", "focusin"]) root.addEventListener(type, onUse, true);
  const resize = new win.ResizeObserver(() => {
    if (display.resized()) display.draw(prediction.active ? display.state : model.get("state"), false);
  });
  resize.observe(boardEl);
  redraw(false);

  return () => {
    model.off("change:state", onState);
    model.off("msg:custom", onReply);
    model.off("comm_live_update", onCommLive);
    kernel?.statusChanged?.disconnect?.(onKernelStatus);
    for (const type of ["pointerdown", "keydown", "focusin"]) root.removeEventListener(type, onUse, true);
    leave(voice);
    link.dispose();
    controls.dispose();
    resize.disconnect();
    prediction.dispose();
    drag.detach();
    keyboard.detach();
    notices.destroy();
    root.remove();
  };
}

export default { render };
