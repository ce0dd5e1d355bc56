import test from "node:test";
import assert from "node:assert/strict";
import { DOUBLE_CLICK_MS, secondClick } from "./drag.js";

test("a second click soon after and near the first is the same double click", () => {
  const first = { time: 1000, x: 50, y: 80 };
  assert.equal(secondClick(null, first), false);
  assert.equal(secondClick(first, { time: 1000 + DOUBLE_CLICK_MS - 1, x: 52, y: 81 }), true);
  assert.equal(secondClick(first, { time: 1000 + DOUBLE_CLICK_MS, x: 50, y: 80 }), false, "too late: a click of its own");
  assert.equal(secondClick(first, { time: 1100, x: 150, y: 80 }), false, "elsewhere: a click of its own");
});
