/**
 * Predicted drops: the board a move listed in `state.legal` leads to, drawn at once instead of
 * after Python's round trip, and kept on show until Python answers.
 *
 * The page still decides no rule: it predicts only moves Python itself listed as legal, and
 * only where the cards go. What the page cannot know stays as it was: a face-down card the
 * move uncovers stays a back, counters and status are unchanged, and nothing is legal until
 * Python's next `state` (the truth) replaces the prediction. A refusal of the predicted move
 * draws Python's state again. A busy kernel only delays the answer: the prediction stays on
 * show however long it takes (the view says it is waiting for Python, see link.js), and is
 * taken back without an answer only when the board is disconnected (`abandon`).
 *
 * - predictMove(): the predicted state (pure);
 * - createPrediction(): the prediction on show in one view: sends moves, draws the predicted
 *   ones through the callbacks it is given, and forgets or takes back the prediction as
 *   Python answers. No DOM: drawing is the caller's (display.js), timers can be injected.
 */
/** @import { CardCode, Intent, MoveIntent, PileId, ShownState, State } from "./protocol.js" */

/** A deadline (ms) a caller may give a prediction (settleMs); by default there is none. */
export const SETTLE_MS = 3000;

/**
 * The state drawn after moving the group at (source, index) to target, or null when that move
 * is not in `state.legal` (or does not fit the piles as sent).
 * @param {State} state
 * @param {PileId} source
 * @param {number | null | undefined} index as in `state.legal`
 * @param {PileId} target
 * @returns {(State & {predicted: true}) | null} a state with `predicted: true`
 */
export function predictMove(state, source, index, target) {
  index = index ?? null;
  const listed = (state?.legal || []).some(([s, i, t]) => s === source && (i ?? null) === index && t === target);
  if (!listed || source === target) return null;

  const tableau = state.tableau.slice();
  const foundations = state.foundations.slice();
  const cells = (state.cells || []).slice();
  /** @type {(list: {id: PileId}[], id: PileId) => number} */
  const find = (list, id) => list.findIndex((p) => p.id === id);

  // Lift the group off its source.
  /** @type {CardCode[]} */
  let group;
  let k;
  if ((k = find(tableau, source)) >= 0) {
    const col = tableau[k];
    const j = index === null ? -1 : index - col.down;
    if (j < 0 || j >= col.up.length) return null;
    group = col.up.slice(j);
    tableau[k] = { ...col, up: col.up.slice(0, j) }; // a card it uncovers stays face down
  } else if ((k = find(foundations, source)) >= 0) {
    const f = foundations[k];
    if (index !== null || !f.cards.length) return null;
    group = f.cards.slice(-1);
    foundations[k] = { ...f, cards: f.cards.slice(0, -1) };
  } else if ((k = find(cells, source)) >= 0) {
    const card = cells[k].card;
    if (index !== null || !card) return null;
    group = [card];
    cells[k] = { ...cells[k], card: null };
  } else {
    return null;
  }

  // Put it on the target.
  if ((k = find(tableau, target)) >= 0) {
    tableau[k] = { ...tableau[k], up: tableau[k].up.concat(group) };
  } else if ((k = find(foundations, target)) >= 0) {
    if (group.length !== 1) return null;
    foundations[k] = { ...foundations[k], cards: foundations[k].cards.concat(group) };
  } else if ((k = find(cells, target)) >= 0) {
    if (group.length !== 1 || cells[k].card) return null;
    cells[k] = { ...cells[k], card: group[0] };
  } else {
    return null;
  }

  return {
    ...state,
    tableau,
    foundations,
    cells,
    legal: [], // unknown until Python answers: no move is offered from a guess
    hint: null,
    last: { kind: "move", moves: [{ card: group[0], source, index, target, flipped: null }] },
    announcement: "",
    predicted: true,
  };
}

/**
 * Whether a refused intent is the predicted move (a reply without its intent counts as it).
 * @param {Intent | undefined} intent the intent a `rejected` reply answers
 * @param {MoveIntent} move the predicted move
 */
export function sameMove(intent, move) {
  if (!intent) return true;
  return intent.type === "move" && intent.source === move.source
    && (intent.index ?? null) === move.index && intent.target === move.target;
}

/**
 * @typedef {object} Timers
 * @property {(fn: () => void, ms: number) => unknown} setTimeout
 * @property {(id: unknown) => void} clearTimeout
 */

/** @type {Timers} */
const TIMERS = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(/** @type {ReturnType<typeof setTimeout>} */ (id)),
};

/**
 * The prediction on show in one view (at most one at a time).
 * @typedef {object} Prediction
 * @property {(state: ShownState | null, source: PileId, index: number | null | undefined, target: PileId) => boolean} move
 *   sends the move; when `state.legal` lists it, first draws it (`show`) and waits for
 *   Python's answer. Returns whether it was drawn ahead of the answer. Nothing is predicted
 *   from a predicted state (it lists no moves) or before a state is drawn (null).
 * @property {() => void} settle Python's next state has come: forget the prediction without
 *   drawing anything (the caller draws that state)
 * @property {(intent: Intent | undefined) => boolean} refused a `rejected` reply: if it
 *   answers the predicted move, take the prediction back (`revert`) and return true; false
 *   when it refuses something else (or nothing is predicted)
 * @property {() => void} abandon Python will never answer (the board is disconnected): take
 *   the prediction back (`revert`)
 * @property {boolean} active a prediction is on show, not Python's state
 * @property {() => void} dispose stops the timer (the view is going away)
 */

/**
 * @param {object} io
 * @param {(intent: MoveIntent) => void} io.send sends an intent to Python
 * @param {(next: State & {predicted: true}) => void} io.show draws a predicted state
 * @param {() => void} io.revert draws Python's current state again (the prediction was
 *   refused, abandoned, or not answered within `settleMs`)
 * @param {number} [io.settleMs] a deadline for the answer; none by default (Infinity)
 * @param {Timers} [io.timers] setTimeout and clearTimeout (tests pass a fake clock)
 * @returns {Prediction}
 */
export function createPrediction({ send, show, revert, settleMs = Infinity, timers = TIMERS }) {
  /** @type {{intent: MoveIntent, timer: unknown} | null} */
  let guess = null;

  /** @type {Prediction["move"]} */
  function move(state, source, index, target) {
    /** @type {MoveIntent} */
    const intent = { type: "move", source, index: index ?? null, target };
    const next = state && predictMove(state, source, intent.index, target);
    if (next) {
      if (guess) timers.clearTimeout(guess.timer);
      show(next);
      guess = { intent, timer: Number.isFinite(settleMs) ? timers.setTimeout(takeBack, settleMs) : null };
    }
    send(intent);
    return !!next;
  }

  /** Drop a prediction Python did not confirm: draw its true state again. */
  function takeBack() {
    if (!guess) return;
    timers.clearTimeout(guess.timer);
    guess = null;
    revert();
  }

  function settle() {
    if (!guess) return;
    timers.clearTimeout(guess.timer);
    guess = null;
  }

  /** @type {Prediction["refused"]} */
  function refused(intent) {
    if (!guess || !sameMove(intent, guess.intent)) return false;
    takeBack();
    return true;
  }

  return {
    move,
    settle,
    refused,
    abandon: takeBack,
    get active() {
      return guess !== null;
    },
    dispose: settle,
  };
}
