import test from "node:test";
import assert from "node:assert/strict";
import { cardPosition, columnBottom, columnSteps, computeLayout } from "./layout.js";
import { columns, EIGHT, FOUR } from "./fixtures.js";
/** @import { Layout } from "./layout.js" */

/**
 * Every slot's card lies inside the board, and no two slots of a row overlap.
 * @param {Layout} layout
 */
function assertFits(layout) {
  /** @type {Record<number, number[]>} */
  const xs = {};
  for (const [id, s] of Object.entries(layout.slots)) {
    assert.ok(s.x >= 0, `${id} starts left of the board`);
    assert.ok(s.x + layout.cardW <= layout.width + 1e-9, `${id} ends past the board's right edge`);
    (xs[s.y] ||= []).push(s.x);
  }
  for (const row of Object.values(xs)) {
    row.sort((a, b) => a - b);
    for (let i = 1; i < row.length; i++) assert.ok(row[i] - row[i - 1] >= layout.cardW, "slots overlap");
  }
}

test("a Yukon deal fits a 600 px board with readable cards", () => {
  const L = computeLayout({ width: 600, tableau: columns(7, 6, 5), foundations: FOUR });
  assertFits(L);
  assert.ok(L.cardW >= 70 && L.cardW <= 80, `card width ${L.cardW}`);
  assert.ok(Math.abs(L.cardH / L.cardW - 1.4) < 1e-9);
  // Foundations sit right-aligned above the last four columns.
  assert.equal(L.slots.f4.x, L.slots.t7.x);
  assert.equal(L.slots.f1.x, L.slots.t4.x);
  assert.ok(L.slots.t1.y >= L.slots.f1.y + L.cardH, "tableau starts below the top row");
});

test("wide boards cap the card size and centre the grid", () => {
  const L = computeLayout({ width: 1600, tableau: columns(7, 0, 1), foundations: FOUR });
  assertFits(L);
  assert.equal(L.cardW, 100);
  const left = L.slots.t1.x;
  const right = L.width - (L.slots.t7.x + L.cardW);
  assert.ok(Math.abs(left - right) < 1e-6, "grid is centred");
});

test("Double Yukon's ten long columns fit 600 px, and the top row holds eight foundations", () => {
  const L = computeLayout({ width: 600, tableau: columns(10, 4, 24), foundations: EIGHT });
  assertFits(L);
  assert.ok(L.cardW >= 48, `cards too small: ${L.cardW}`);
  for (let i = 1; i <= 10; i++) {
    const id = `t${i}`;
    const ys = L.stacks[id];
    assert.equal(ys.length, 28);
    assert.ok(columnBottom(L, id) <= L.height, "column runs off the board");
    // Every face-up card still shows its corner: at least 17.5% of a card height.
    for (let k = 5; k < ys.length; k++) assert.ok(ys[k] - ys[k - 1] >= 0.175 * L.cardH - 1e-9);
  }
});

test("the overlap tightens as a column gets long", () => {
  const L = computeLayout({ width: 800, tableau: [
    { id: "t1", down: 3, up: Array(4).fill("5C") },
    { id: "t2", down: 3, up: Array(22).fill("5C") },
  ], foundations: FOUR });
  const step = (/** @type {string} */ id) => L.stacks[id][L.stacks[id].length - 1] - L.stacks[id][L.stacks[id].length - 2];
  assert.ok(step("t2") < step("t1"), `long ${step("t2")} vs short ${step("t1")}`);
  const downStep = (/** @type {string} */ id) => L.stacks[id][1] - L.stacks[id][0];
  assert.ok(downStep("t1") < step("t1"), "face-down cards overlap more than face-up ones");
});

test("columnSteps keeps the natural steps while a column fits, and shrinks face-down steps first", () => {
  const [d, u] = columnSteps(2, 3, 100, 400);
  assert.equal(d, 10);
  assert.equal(u, 27);
  // 10 down + 8 up natural: 10*10 + 7*27 = 289 > room 200: down shrinks to 5 first, then up.
  const [d2, u2] = columnSteps(10, 8, 100, 300);
  assert.equal(d2, 5);
  assert.ok(Math.abs(u2 - 150 / 7) < 1e-9, `up step ${u2}`);
  assert.ok(10 * d2 + 7 * u2 <= 200 + 1e-9);
});

test("the board never gets shorter than minHeight, and grows past it for long columns", () => {
  const short = computeLayout({ width: 700, tableau: columns(7, 0, 1), foundations: FOUR, minHeight: 900 });
  assert.equal(short.height, 900);
  const tall = computeLayout({ width: 700, tableau: columns(7, 0, 40), foundations: FOUR, minHeight: 300 });
  assert.ok(tall.height >= columnBottom(tall, "t1"));
  assert.ok(tall.height > 300);
});

test("free cells take the left of the top row, foundations the right", () => {
  const L = computeLayout({ width: 700, tableau: columns(7, 1, 5), foundations: FOUR, cells: ["c1", "c2"] });
  assertFits(L);
  assert.equal(L.slots.c1.x, L.slots.t1.x);
  assert.equal(L.slots.c2.x, L.slots.t2.x);
  assert.equal(L.slots.f1.x, L.slots.t4.x);
  assert.deepEqual(cardPosition(L, "c2", 0), { x: L.slots.c2.x, y: L.slots.c2.y });
  assert.equal(cardPosition(L, "t3", 2).y, L.stacks.t3[2]);
});

test("a top row wider than the tableau widens the grid instead of overflowing", () => {
  const L = computeLayout({ width: 600, tableau: columns(7, 0, 3), foundations: FOUR, cells: ["c1", "c2", "c3", "c4"] });
  assertFits(L);
});

test("a tall column fans tighter, then the cards shrink, so the board fits the visible height", () => {
  // Double Yukon with all 104 cards face up in two columns: 52 cards each.
  const tableau = [
    { id: "t1", down: 0, up: Array(52).fill("5C") },
    { id: "t2", down: 0, up: Array(52).fill("5C") },
    ...columns(8, 0, 0).map((c, i) => ({ ...c, id: `t${i + 3}` })),
  ];
  const free = computeLayout({ width: 1200, tableau, foundations: EIGHT });
  assert.ok(free.height > 1000, `without a limit the board grows (${free.height})`);
  const fitted = computeLayout({ width: 1200, tableau, foundations: EIGHT, maxHeight: 640 });
  assert.ok(fitted.height <= 640, `board ${fitted.height} px`);
  assert.ok(columnBottom(fitted, "t1") <= fitted.height, "the bottom card is on the board");
  assert.ok(fitted.cardW >= 34, `cards too small: ${fitted.cardW}`);
  const ys = fitted.stacks.t1;
  for (let k = 1; k < ys.length; k++) assert.ok(ys[k] - ys[k - 1] >= 9 - 1e-9, "every rank still shows");
  // A 19-card Yukon column in a short window keeps cards nearly full size.
  const yukon = computeLayout({ width: 900, tableau: [{ id: "t1", down: 5, up: Array(14).fill("5C") }, ...columns(6, 1, 4).map((c, i) => ({ ...c, id: `t${i + 2}` }))], foundations: FOUR, maxHeight: 700 });
  assert.ok(yukon.height <= 700 && yukon.cardW >= 90, `${yukon.height} ${yukon.cardW}`);
});

test("a short board is not made taller by maxHeight, and minHeight still holds", () => {
  const a = computeLayout({ width: 700, tableau: columns(7, 1, 2), foundations: FOUR });
  const b = computeLayout({ width: 700, tableau: columns(7, 1, 2), foundations: FOUR, maxHeight: 5000 });
  assert.deepEqual(a, b);
  assert.equal(computeLayout({ width: 700, tableau: columns(7, 1, 2), foundations: FOUR, minHeight: 800, maxHeight: 600 }).height, 800);
});
