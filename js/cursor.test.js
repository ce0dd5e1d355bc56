import test from "node:test";
import assert from "node:assert/strict";
import { clampCursor, grabAt, initialCursor, moveCursor, stops } from "./cursor.js";
import { buildBoard } from "./view.js";
import { computeLayout } from "./layout.js";
import { yukonState } from "./fixtures.js";
/** @import { State } from "./protocol.js" */
/** @import { Cursor } from "./cursor.js" */

/** @param {Partial<State>} [overrides] */
function setup(overrides) {
  const s = yukonState(overrides);
  const board = buildBoard(s);
  const layout = computeLayout({
    width: 700, tableau: s.tableau, foundations: s.foundations.map((f) => f.id), cells: s.cells.map((c) => c.id),
  });
  const go = (/** @type {Cursor} */ cursor, /** @type {string[]} */ ...keys) => keys.reduce((c, k) => moveCursor(board, layout, c, k), cursor);
  return { board, layout, go };
}

test("stops are the face-up cards of a column, or the pile itself", () => {
  const { board } = setup();
  assert.deepEqual(stops(board, "t3"), [2, 3, 4, 5, 6]);
  assert.deepEqual(stops(board, "t4"), [null]);
  assert.deepEqual(stops(board, "f1"), [null]);
});

test("the cursor starts on the top card of the first column", () => {
  const { board, layout } = setup();
  assert.deepEqual(initialCursor(board, layout), { pile: "t1", index: 0 });
});

test("left and right step between columns and land on the top card", () => {
  const { go } = setup();
  const start = { pile: "t1", index: 0 };
  assert.deepEqual(go(start, "ArrowRight"), { pile: "t2", index: 5 });
  assert.deepEqual(go(start, "ArrowRight", "ArrowRight", "ArrowRight"), { pile: "t4", index: null });
  assert.deepEqual(go(start, "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"), { pile: "t4", index: null }, "stops at the edge");
  assert.deepEqual(go(start, "ArrowLeft"), start);
});

test("up and down walk the face-up cards and never reach face-down ones", () => {
  const { go } = setup();
  const top = { pile: "t3", index: 6 };
  assert.deepEqual(go(top, "ArrowUp"), { pile: "t3", index: 5 });
  assert.deepEqual(go(top, "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp"), { pile: "t3", index: 2 });
  assert.deepEqual(go({ pile: "t3", index: 2 }, "ArrowDown", "ArrowDown"), { pile: "t3", index: 4 });
  assert.deepEqual(go(top, "ArrowDown"), top, "stays on the top card");
});

test("up from a column's first face-up card reaches the nearest top-row pile, down comes back", () => {
  const { go } = setup();
  // 4 columns, 4 foundations: f1..f4 sit straight above t1..t4.
  const f = go({ pile: "t4", index: null }, "ArrowUp");
  assert.deepEqual(f, { pile: "f4", index: null, from: "t4" });
  assert.deepEqual(go(f, "ArrowLeft", "ArrowLeft"), { pile: "f2", index: null });
  assert.deepEqual(go(f, "ArrowLeft", "ArrowDown"), { pile: "t3", index: 6 });
  assert.deepEqual(go({ pile: "f1", index: null }, "ArrowUp"), { pile: "f1", index: null });
});

test("a cursor is refitted to a new board", () => {
  const { board, layout } = setup();
  assert.deepEqual(clampCursor(board, layout, { pile: "t2", index: 9 }), { pile: "t2", index: 5 });
  assert.deepEqual(clampCursor(board, layout, { pile: "t3", index: 0 }), { pile: "t3", index: 2 });
  assert.deepEqual(clampCursor(board, layout, { pile: "t3", index: null }), { pile: "t3", index: 6 });
  assert.deepEqual(clampCursor(board, layout, { pile: "t9", index: 1 }), { pile: "t1", index: 0 });
  assert.deepEqual(clampCursor(board, layout, null), { pile: "t1", index: 0 });
  assert.deepEqual(clampCursor(board, layout, { pile: "t4", index: 3 }), { pile: "t4", index: null });
});

test("picking up at the cursor gives the move fields, nothing on an empty pile", () => {
  const { board } = setup();
  assert.deepEqual(grabAt(board, { pile: "t3", index: 4 }), { source: "t3", index: 4 });
  assert.deepEqual(grabAt(board, { pile: "f1", index: null }), { source: "f1", index: null });
  assert.equal(grabAt(board, { pile: "f2", index: null }), null);
  assert.equal(grabAt(board, { pile: "t4", index: null }), null);
});

test("down from the top row goes back to the column the cursor came up from", () => {
  // Yukon: seven columns, the four foundations above columns 4 to 7. From column 1, Up
  // reaches the nearest foundation (above column 4); Down must return to column 1.
  const s = yukonState();
  const tableau = Array.from({ length: 7 }, (_, k) => ({ id: `t${k + 1}`, down: 0, up: [`${k + 2}S`] }));
  const { go } = setup({ tableau: /** @type {State["tableau"]} */ (tableau), foundations: s.foundations });
  const up = go({ pile: "t1", index: 0 }, "ArrowUp");
  assert.equal(up.pile.startsWith("f"), true);
  assert.deepEqual(go(up, "ArrowDown"), { pile: "t1", index: 0 });
  // Moving along the top row forgets where it came from: Down takes the nearest column.
  const along = go(up, "ArrowRight");
  assert.equal(along.from, undefined);
  assert.notEqual(go(along, "ArrowDown").pile, "t1");
});
