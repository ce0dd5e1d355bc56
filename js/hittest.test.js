import test from "node:test";
import assert from "node:assert/strict";
import { cardPosition, computeLayout } from "./layout.js";
import { cardAtPoint, dropTarget, pileAt, pileRegions } from "./hittest.js";
import { columns, FOUR } from "./fixtures.js";

const L = computeLayout({ width: 700, tableau: columns(7, 2, 5), foundations: FOUR, cells: ["c1"] });
const centre = (/** @type {string} */ id, dy = 0) => ({ x: L.slots[id].x + L.cardW / 2, y: L.slots[id].y + L.cardH / 2 + dy });

test("points over a card slot find that pile", () => {
  for (const id of ["t1", "t4", "t7", "f1", "f4", "c1"]) {
    const p = centre(id);
    assert.equal(pileAt(L, p.x, p.y), id);
  }
});

test("a column owns its strip down to the bottom of the board, and half the gap either side", () => {
  const p = centre("t3");
  assert.equal(pileAt(L, p.x, L.height - 1), "t3");
  assert.equal(pileAt(L, L.slots.t3.x - L.gap / 2 + 0.5, p.y), "t3");
  assert.equal(pileAt(L, L.slots.t3.x - L.gap / 2 - 0.5, p.y), "t2");
});

test("the empty top-left corner and points off the board hit nothing", () => {
  assert.equal(pileAt(L, L.slots.t3.x + 5, L.slots.f1.y + 5), null); // no top-row pile above t3
  assert.equal(pileAt(L, -5, 50), null);
  assert.equal(pileAt(L, 50, L.height + 5), null);
});

test("regions do not overlap", () => {
  const rs = Object.entries(pileRegions(L));
  for (const [a, r] of rs) for (const [b, s] of rs) {
    if (a >= b) continue;
    const w = Math.min(r.x + r.w, s.x + s.w) - Math.max(r.x, s.x);
    const h = Math.min(r.y + r.h, s.y + s.h) - Math.max(r.y, s.y);
    assert.ok(w <= 1e-9 || h <= 1e-9, `${a} overlaps ${b}`);
  }
});

test("a drop goes to the legal pile under the pointer", () => {
  const p = centre("t5", 80);
  const rect = { x: p.x - 10, y: p.y - 10, w: L.cardW, h: L.cardH };
  assert.equal(dropTarget(L, p, rect, ["t2", "t5"]), "t5");
});

test("a pointer over an illegal pile falls back to the legal pile the card overlaps most", () => {
  // Pointer just inside t4, the dragged card mostly over t5.
  const x = L.slots.t5.x - L.gap / 2 - 2;
  const p = { x, y: centre("t4", 40).y };
  const rect = { x: x - 10, y: p.y - 10, w: L.cardW, h: L.cardH };
  assert.equal(pileAt(L, p.x, p.y), "t4");
  assert.equal(dropTarget(L, p, rect, ["t5", "t1"]), "t5");
});

test("a drop away from every legal pile snaps back (null)", () => {
  const p = centre("t1", 40);
  const rect = { x: p.x - 10, y: p.y - 10, w: L.cardW, h: L.cardH };
  assert.equal(dropTarget(L, p, rect, ["t6"]), null);
  assert.equal(dropTarget(L, p, rect, []), null);
});

test("a press finds the topmost card under it from the layout alone", () => {
  const L = computeLayout({ width: 700, tableau: columns(7, 2, 3), foundations: FOUR });
  /** @type {{pile: string, index: number}[]} */
  const cards = [];
  for (let i = 0; i < 5; i++) cards.push({ pile: "t2", index: i });
  cards.push({ pile: "f1", index: 0 }, { pile: "f1", index: 1 });
  const pos = cardPosition(L, "t2", 4);
  assert.deepEqual(cardAtPoint(L, cards, pos.x + 5, pos.y + 5), { pile: "t2", index: 4 });
  const under = cardPosition(L, "t2", 1);
  assert.deepEqual(cardAtPoint(L, cards, under.x + 5, under.y + 2), { pile: "t2", index: 1 });
  assert.deepEqual(cardAtPoint(L, cards, L.slots.f1.x + 3, L.slots.f1.y + 3), { pile: "f1", index: 1 });
  assert.equal(cardAtPoint(L, cards, L.slots.t5.x + 3, L.slots.t5.y + 3), null, "no card in that column here");
  assert.equal(cardAtPoint(L, cards, 1, 1), null);
});
