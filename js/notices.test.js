import test from "node:test";
import assert from "node:assert/strict";
import { LOST_TEXT, barNotice } from "./notices.js";
import { yukonState } from "./fixtures.js";

test("no notice under the board while the game goes on", () => {
  assert.equal(barNotice(yukonState()), null);
  assert.equal(barNotice(yukonState({ hint_status: "thinking" })), null);
  assert.equal(barNotice(yukonState({ hint_status: null })), null);
});

test("the solver's proof of loss is said in player words, with Undo on offer", () => {
  const notice = barNotice(yukonState({ hint_status: "lost", can_undo: true }));
  assert.deepEqual(notice, { kind: "lost", text: LOST_TEXT });
  assert.equal(LOST_TEXT, "This deal can no longer be won from here");
});

test("a stuck board or a proven dead end says so, whatever the hint said", () => {
  assert.equal(barNotice(yukonState({ status: "stuck", hint_status: "lost" }))?.kind, "stuck");
  assert.equal(barNotice(yukonState({ status: "no_useful_moves" }))?.kind, "no_useful_moves");
  assert.equal(barNotice(yukonState({ status: "won", hint_status: "lost" })), null);
});
