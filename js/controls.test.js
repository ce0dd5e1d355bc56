import test from "node:test";
import assert from "node:assert/strict";
import { parseSeed } from "./controls.js";

test("the seed field: empty is random, digits replay a deal, anything else is refused", () => {
  assert.equal(parseSeed(""), null);
  assert.equal(parseSeed("   "), null);
  assert.equal(parseSeed(" 123 "), 123);
  assert.equal(parseSeed("0"), 0);
  assert.ok(Number.isNaN(parseSeed("12a")));
  assert.ok(Number.isNaN(parseSeed("-4")));
  assert.ok(Number.isNaN(parseSeed("1.5")));
});
