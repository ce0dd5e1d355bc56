import test from "node:test";
import assert from "node:assert/strict";
import { confirmQuestion, hintLook, parseSeed, seedApplies } from "./controls.js";
import { yukonState } from "./fixtures.js";

test("the seed field: empty is random, digits replay a deal, anything else is refused", () => {
  assert.equal(parseSeed(""), null);
  assert.equal(parseSeed("   "), null);
  assert.equal(parseSeed(" 123 "), 123);
  assert.equal(parseSeed("0"), 0);
  assert.ok(Number.isNaN(parseSeed("12a")));
  assert.ok(Number.isNaN(parseSeed("-4")));
  assert.ok(Number.isNaN(parseSeed("1.5")));
});

test("the Hint button says it is thinking while the solver looks for a line", () => {
  assert.deepEqual(hintLook(yukonState()), { label: "Hint", busy: false });
  assert.deepEqual(hintLook(yukonState({ hint_status: "thinking" })), { label: "Thinking…", busy: true });
  assert.deepEqual(hintLook(yukonState({ hint_status: "lost" })), { label: "Hint", busy: false });
});

test("New game and Restart ask first only when moves would be lost", () => {
  assert.equal(confirmQuestion("new", yukonState()), null, "no move made");
  assert.equal(confirmQuestion("restart", yukonState({ moves_made: 5, status: "won" })), null, "a won game");
  const q = confirmQuestion("new", yukonState({ moves_made: 12 }));
  assert.match(q?.text ?? "", /12 moves will be lost/);
  assert.match(confirmQuestion("restart", yukonState({ moves_made: 1 }))?.text ?? "", /Your 1 move will be taken back/);
});

test("the seed field is used by random deals only", () => {
  assert.equal(seedApplies("random"), true);
  assert.equal(seedApplies("winnable"), false);
  assert.equal(seedApplies("daily"), false);
});
