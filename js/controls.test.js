import test from "node:test";
import assert from "node:assert/strict";
import { hintLook, parseSeed } from "./controls.js";
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
