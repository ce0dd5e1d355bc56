import test from "node:test";
import assert from "node:assert/strict";
import { handleReply } from "./replies.js";
/** @import { Intent, Reply } from "./protocol.js" */
/** @import { ReplyActions } from "./replies.js" */

/**
 * Actions that log what they are asked to do; `refused` answers as told.
 * @param {boolean} predicted whether the refusal is for the predicted move
 */
function actions(predicted) {
  /** @type {unknown[][]} */
  const log = [];
  /** @type {ReplyActions} */
  const act = {
    refused: (intent) => {
      log.push(["refused", intent]);
      return predicted;
    },
    snapBack: () => log.push(["snapBack"]),
    toast: (message) => log.push(["toast", message]),
    shake: (source, index, message) => log.push(["shake", source, index, message]),
  };
  return { log, act };
}

/** @type {Intent} */
const MOVE = { type: "move", source: "t3", index: 3, target: "t1" };

test("a refusal of the predicted move takes it back, and its message is shown", () => {
  const { log, act } = actions(true);
  handleReply({ type: "rejected", message: "7♥ cannot go on 8♥.", intent: MOVE }, act);
  assert.deepEqual(log, [["refused", MOVE], ["toast", "7♥ cannot go on 8♥."]]);
});

test("a refusal of anything else snaps a dropped group back", () => {
  const { log, act } = actions(false);
  handleReply({ type: "rejected", message: "There is no move to take back.", intent: { type: "undo" } }, act);
  assert.deepEqual(log, [["refused", { type: "undo" }], ["snapBack"], ["toast", "There is no move to take back."]]);
});

test("a refusal without a message shows nothing", () => {
  const { log, act } = actions(false);
  handleReply({ type: "rejected", message: "" }, act);
  assert.deepEqual(log, [["refused", undefined], ["snapBack"]]);
});

test("a notice is shown and nothing is taken back", () => {
  const { log, act } = actions(true);
  handleReply({ type: "notice", message: "Could not save to my-game.json." }, act);
  assert.deepEqual(log, [["toast", "Could not save to my-game.json."]]);
});

test("a shake names the clicked group; a missing index is the pile's top", () => {
  const { log, act } = actions(false);
  handleReply({ type: "shake", source: "t3", index: 5, message: "That card has nowhere to go." }, act);
  handleReply({ type: "shake", source: "f1" }, act);
  assert.deepEqual(log, [["shake", "t3", 5, "That card has nowhere to go."], ["shake", "f1", null, undefined]]);
});

test("other messages, and none, are ignored", () => {
  const { log, act } = actions(true);
  handleReply(/** @type {Reply} */ (/** @type {unknown} */ ({ type: "confetti" })), act);
  handleReply(null, act);
  handleReply(undefined, act);
  assert.deepEqual(log, []);
});

test("a refusal of another view's intent is left to that view", () => {
  const { log, act } = actions(false);
  const mine = (/** @type {Intent | undefined} */ intent) => !intent?.view || intent.view === "ykA";
  handleReply({ type: "rejected", message: "No.", intent: { type: "undo", view: "ykB" } }, { ...act, mine });
  assert.deepEqual(log, [], "nothing taken back, nothing shown");
  handleReply({ type: "rejected", message: "No.", intent: { type: "undo", view: "ykA" } }, { ...act, mine });
  assert.deepEqual(log, [["refused", { type: "undo", view: "ykA" }], ["snapBack"], ["toast", "No."]]);
});
