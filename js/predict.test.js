import test from "node:test";
import assert from "node:assert/strict";
import { createPrediction, predictMove, SETTLE_MS, sameMove } from "./predict.js";
import { buildBoard, buildCards } from "./view.js";
import { yukonState } from "./fixtures.js";
/** @import { Intent, MoveIntent, PileId, ShownState, State } from "./protocol.js" */
/** @import { Board } from "./view.js" */

/**
 * predictMove, which must predict something here.
 * @param {State} s
 * @param {PileId} source
 * @param {number | null} index
 * @param {PileId} target
 */
function predicted(s, source, index, target) {
  const p = predictMove(s, source, index, target);
  assert.ok(p, `no prediction for ${source} ${index} ${target}`);
  return p;
}

/**
 * The card with this code on a board.
 * @param {Board} b
 * @param {string} code
 */
function cardOf(b, code) {
  const c = b.cards.find((card) => card.code === code);
  assert.ok(c, `no ${code}`);
  return c;
}

/**
 * @param {State} s
 * @param {PileId} id
 */
function col(s, id) {
  const c = s.tableau.find((t) => t.id === id);
  assert.ok(c, `no column ${id}`);
  return c;
}

test("a listed column move puts the whole group on the target column", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  const p = predicted(s, "t3", 3, "t1");
  assert.deepEqual(col(p, "t1"), { id: "t1", down: 0, up: ["7H", "3S", "QD", "5C", "TH"] });
  assert.deepEqual(col(p, "t3"), { id: "t3", down: 2, up: ["8C"] });
  assert.equal(p.predicted, true);
  assert.deepEqual(p.last, { kind: "move", moves: [{ card: "3S", source: "t3", index: 3, target: "t1", flipped: null }] });
});

test("a card the move uncovers stays face down: the page does not know it", () => {
  const s = yukonState({ legal: [["t3", 2, "t4"]] });
  const p = predicted(s, "t3", 2, "t4");
  assert.deepEqual(col(p, "t3"), { id: "t3", down: 2, up: [] });
  assert.deepEqual(col(p, "t4").up, ["8C", "3S", "QD", "5C", "TH"]);
  const t3 = buildCards(p).filter((c) => c.pile === "t3");
  assert.deepEqual(t3.map((c) => [c.index, c.faceUp, c.top]), [[0, false, false], [1, false, true]]);
});

test("foundation and cell moves, both ways", () => {
  /** @type {State["cells"]} */
  const cells = [{ id: "c1", card: null }, { id: "c2", card: "KS" }];
  const s = yukonState({ cells, legal: [["t2", 5, "f3"], ["f1", null, "t1"], ["c2", null, "t4"], ["t1", 0, "c1"]] });
  assert.deepEqual(predicted(s, "t2", 5, "f3").foundations[2].cards, ["JD"]);
  assert.deepEqual(col(predicted(s, "t2", 5, "f3"), "t2").up, ["KS", "2D", "9C", "4H"]);
  const back = predicted(s, "f1", null, "t1");
  assert.deepEqual(back.foundations[0].cards, ["AS"]);
  assert.deepEqual(col(back, "t1").up, ["7H", "2S"]);
  const fromCell = predicted(s, "c2", null, "t4");
  assert.deepEqual(fromCell.cells, [{ id: "c1", card: null }, { id: "c2", card: null }]);
  assert.deepEqual(col(fromCell, "t4").up, ["KS"]);
  const toCell = predicted(s, "t1", 0, "c1");
  assert.deepEqual(toCell.cells[0], { id: "c1", card: "7H" });
  assert.deepEqual(col(toCell, "t1").up, []);
});

test("only moves Python listed are predicted", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  assert.equal(predictMove(s, "t3", 3, "t4"), null);
  assert.equal(predictMove(s, "t3", 4, "t1"), null);
  assert.equal(predictMove(s, "t2", 3, "t1"), null);
  assert.equal(predictMove(/** @type {any} */ ({ ...s, legal: undefined }), "t3", 3, "t1"), null);
  // Listed, but not matching the piles as sent (a malformed state): no guess.
  assert.equal(predictMove(yukonState({ legal: [["t3", 1, "t1"]] }), "t3", 1, "t1"), null);
  assert.equal(predictMove(yukonState({ legal: [["t3", 3, "f2"]] }), "t3", 3, "f2"), null);
});

test("the guess offers no moves, no hint, and leaves the given state alone", () => {
  const s = yukonState({ hint: { source: "t3", index: 3, target: "t1", card: "3S", reason: "" } });
  const copy = structuredClone(s);
  const p = predicted(s, "t3", 2, "t1");
  assert.deepEqual(p.legal, []);
  assert.equal(p.hint, null);
  assert.equal(p.moves_made, s.moves_made);
  assert.equal(p.status, s.status);
  assert.deepEqual(s, copy);
});

test("moved cards keep their identities on the predicted board", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  const before = buildBoard(s);
  const after = buildBoard(predicted(s, "t3", 3, "t1"), before);
  const key = (/** @type {Board} */ b, /** @type {string} */ code) => cardOf(b, code).key;
  for (const code of ["3S", "QD", "5C", "TH", "7H"]) assert.equal(key(after, code), key(before, code));
  assert.equal(cardOf(after, "3S").pile, "t1");
});

test("a refusal is for the predicted move when it names it, or names nothing", () => {
  /** @type {MoveIntent} */
  const move = { type: "move", source: "t3", index: 3, target: "t1" };
  assert.equal(sameMove({ ...move }, move), true);
  assert.equal(sameMove(undefined, move), true, "a reply without its intent counts as the move");
  assert.equal(sameMove({ ...move, target: "t4" }, move), false);
  assert.equal(sameMove({ ...move, source: "t2" }, move), false);
  assert.equal(sameMove({ ...move, index: 4 }, move), false);
  assert.equal(sameMove({ type: "click", source: "t3", index: 3 }, move), false);
  const fromFoundation = /** @type {MoveIntent} */ ({ type: "move", source: "f1", index: null, target: "t1" });
  assert.equal(sameMove(/** @type {any} */ ({ type: "move", source: "f1", target: "t1" }), fromFoundation), true,
    "a missing index is null");
});

/** A clock for setTimeout/clearTimeout that moves only when told to. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  /** @type {Map<number, {at: number, fn: () => void}>} */
  const timers = new Map();
  return {
    /** @type {(fn: () => void, ms: number) => number} */
    setTimeout(fn, ms) {
      timers.set(nextId, { at: now + ms, fn });
      return nextId++;
    },
    /** @param {unknown} id */
    clearTimeout(id) {
      timers.delete(/** @type {number} */ (id));
    },
    /** @param {number} ms */
    advance(ms) {
      now += ms;
      for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) continue;
        timers.delete(id);
        t.fn();
      }
    },
    get waiting() {
      return timers.size;
    },
  };
}

/** A prediction wired to a log of what it sends, shows and takes back. */
/** @param {number | null} [settleMs] null: the default (no deadline) */
function setup(settleMs = SETTLE_MS) {
  const clock = fakeClock();
  /** @type {string[]} */
  const log = [];
  /** @type {Intent[]} */
  const sent = [];
  /** @type {ShownState[]} */
  const shown = [];
  const prediction = createPrediction({
    send: (intent) => {
      log.push("send");
      sent.push(intent);
    },
    show: (next) => {
      log.push("show");
      shown.push(next);
    },
    revert: () => log.push("revert"),
    ...(settleMs === null ? {} : { settleMs }),
    timers: clock,
  });
  const state = yukonState({ legal: [["t3", 3, "t1"], ["t2", 5, "f3"]] });
  return { clock, log, sent, shown, prediction, state };
}

test("a listed move is drawn first, then sent, and waits for Python", () => {
  const { clock, log, sent, shown, prediction, state } = setup();
  assert.equal(prediction.active, false);
  assert.equal(prediction.move(state, "t3", 3, "t1"), true);
  assert.deepEqual(log, ["show", "send"]);
  assert.deepEqual(sent, [{ type: "move", source: "t3", index: 3, target: "t1" }]);
  assert.deepEqual(shown, [predictMove(state, "t3", 3, "t1")]);
  assert.equal(prediction.active, true);
  assert.equal(clock.waiting, 1);
});

test("a move Python did not list, or before any state, is only sent", () => {
  const { clock, log, sent, prediction, state } = setup();
  assert.equal(prediction.move(state, "t3", 3, "t4"), false);
  assert.equal(prediction.move(null, "t3", 3, "t1"), false);
  assert.equal(prediction.move(state, "f1", undefined, "t4"), false);
  assert.deepEqual(log, ["send", "send", "send"]);
  assert.deepEqual(sent[2], { type: "move", source: "f1", index: null, target: "t4" }, "index undefined is sent as null");
  assert.equal(prediction.active, false);
  assert.equal(clock.waiting, 0);
});

test("nothing is predicted from a predicted state: it lists no moves", () => {
  const { log, shown, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  assert.equal(prediction.move(shown[0], "t2", 5, "f3"), false);
  assert.deepEqual(log, ["show", "send", "send"]);
});

test("without an answer within SETTLE_MS the prediction is taken back, once", () => {
  const { clock, log, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  clock.advance(SETTLE_MS - 1);
  assert.deepEqual(log, ["show", "send"]);
  clock.advance(1);
  assert.deepEqual(log, ["show", "send", "revert"]);
  assert.equal(prediction.active, false);
  clock.advance(10 * SETTLE_MS);
  assert.equal(prediction.refused(undefined), false, "nothing left to take back");
  assert.deepEqual(log, ["show", "send", "revert"]);
});

test("Python's next state settles the prediction: nothing is taken back", () => {
  const { clock, log, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  prediction.settle();
  assert.equal(prediction.active, false);
  assert.equal(clock.waiting, 0);
  clock.advance(2 * SETTLE_MS);
  assert.equal(prediction.refused({ type: "move", source: "t3", index: 3, target: "t1" }), false);
  assert.deepEqual(log, ["show", "send"]);
});

test("a refusal of the predicted move takes it back at once", () => {
  const { clock, log, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  assert.equal(prediction.refused({ type: "move", source: "t3", index: 3, target: "t1" }), true);
  assert.deepEqual(log, ["show", "send", "revert"]);
  assert.equal(prediction.active, false);
  assert.equal(clock.waiting, 0);
  clock.advance(2 * SETTLE_MS);
  assert.deepEqual(log, ["show", "send", "revert"], "and the timer does not take it back again");
});

test("a refusal of something else leaves the prediction on show", () => {
  const { log, prediction, state } = setup();
  assert.equal(prediction.refused({ type: "undo" }), false, "nothing predicted yet");
  prediction.move(state, "t3", 3, "t1");
  assert.equal(prediction.refused({ type: "undo" }), false);
  assert.equal(prediction.refused({ type: "move", source: "t3", index: 3, target: "t4" }), false);
  assert.equal(prediction.active, true);
  assert.deepEqual(log, ["show", "send"]);
});

test("a new prediction replaces the one on show, and its timer", () => {
  const { clock, log, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  clock.advance(SETTLE_MS / 2);
  prediction.move(state, "t2", 5, "f3");
  assert.equal(clock.waiting, 1);
  clock.advance(SETTLE_MS / 2);
  assert.equal(prediction.active, true, "the first move's deadline no longer counts");
  assert.equal(prediction.refused({ type: "move", source: "t3", index: 3, target: "t1" }), false);
  clock.advance(SETTLE_MS / 2);
  assert.deepEqual(log, ["show", "send", "show", "send", "revert"]);
});

test("dispose stops the timer", () => {
  const { clock, log, prediction, state } = setup();
  prediction.move(state, "t3", 3, "t1");
  prediction.dispose();
  assert.equal(clock.waiting, 0);
  clock.advance(2 * SETTLE_MS);
  assert.deepEqual(log, ["show", "send"]);
});

test("by default a prediction waits for Python however long it takes, until abandoned", () => {
  const { clock, log, prediction, state } = setup(null);
  prediction.move(state, "t3", 3, "t1");
  assert.equal(clock.waiting, 0, "no deadline");
  clock.advance(60 * SETTLE_MS);
  assert.equal(prediction.active, true, "a busy kernel never makes the move slide back");
  assert.deepEqual(log, ["show", "send"]);
  prediction.abandon();
  assert.deepEqual(log, ["show", "send", "revert"], "a disconnected board takes it back");
  assert.equal(prediction.active, false);
});
