import test from "node:test";
import assert from "node:assert/strict";
import { predictMove } from "./predict.js";
import { buildBoard, buildCards } from "./view.js";
import { yukonState } from "./fixtures.js";

const col = (s, id) => s.tableau.find((t) => t.id === id);

test("a listed column move puts the whole group on the target column", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  const p = predictMove(s, "t3", 3, "t1");
  assert.deepEqual(col(p, "t1"), { id: "t1", down: 0, up: ["7H", "3S", "QD", "5C", "TH"] });
  assert.deepEqual(col(p, "t3"), { id: "t3", down: 2, up: ["8C"] });
  assert.equal(p.predicted, true);
  assert.deepEqual(p.last, { kind: "move", moves: [{ card: "3S", source: "t3", index: 3, target: "t1", flipped: null }] });
});

test("a card the move uncovers stays face down: the page does not know it", () => {
  const s = yukonState({ legal: [["t3", 2, "t4"]] });
  const p = predictMove(s, "t3", 2, "t4");
  assert.deepEqual(col(p, "t3"), { id: "t3", down: 2, up: [] });
  assert.deepEqual(col(p, "t4").up, ["8C", "3S", "QD", "5C", "TH"]);
  const t3 = buildCards(p).filter((c) => c.pile === "t3");
  assert.deepEqual(t3.map((c) => [c.index, c.faceUp, c.top]), [[0, false, false], [1, false, true]]);
});

test("foundation and cell moves, both ways", () => {
  const cells = [{ id: "c1", card: null }, { id: "c2", card: "KS" }];
  const s = yukonState({ cells, legal: [["t2", 5, "f3"], ["f1", null, "t1"], ["c2", null, "t4"], ["t1", 0, "c1"]] });
  assert.deepEqual(predictMove(s, "t2", 5, "f3").foundations[2].cards, ["JD"]);
  assert.deepEqual(col(predictMove(s, "t2", 5, "f3"), "t2").up, ["KS", "2D", "9C", "4H"]);
  const back = predictMove(s, "f1", null, "t1");
  assert.deepEqual(back.foundations[0].cards, ["AS"]);
  assert.deepEqual(col(back, "t1").up, ["7H", "2S"]);
  const fromCell = predictMove(s, "c2", null, "t4");
  assert.deepEqual(fromCell.cells, [{ id: "c1", card: null }, { id: "c2", card: null }]);
  assert.deepEqual(col(fromCell, "t4").up, ["KS"]);
  const toCell = predictMove(s, "t1", 0, "c1");
  assert.deepEqual(toCell.cells[0], { id: "c1", card: "7H" });
  assert.deepEqual(col(toCell, "t1").up, []);
});

test("only moves Python listed are predicted", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  assert.equal(predictMove(s, "t3", 3, "t4"), null);
  assert.equal(predictMove(s, "t3", 4, "t1"), null);
  assert.equal(predictMove(s, "t2", 3, "t1"), null);
  assert.equal(predictMove({ ...s, legal: undefined }, "t3", 3, "t1"), null);
  // Listed, but not matching the piles as sent (a malformed state): no guess.
  assert.equal(predictMove(yukonState({ legal: [["t3", 1, "t1"]] }), "t3", 1, "t1"), null);
  assert.equal(predictMove(yukonState({ legal: [["t3", 3, "f2"]] }), "t3", 3, "f2"), null);
});

test("the guess offers no moves, no hint, and leaves the given state alone", () => {
  const s = yukonState({ hint: { source: "t3", index: 3, target: "t1", card: "3S", reason: "" } });
  const copy = structuredClone(s);
  const p = predictMove(s, "t3", 2, "t1");
  assert.deepEqual(p.legal, []);
  assert.equal(p.hint, null);
  assert.equal(p.moves_made, s.moves_made);
  assert.equal(p.status, s.status);
  assert.deepEqual(s, copy);
});

test("moved cards keep their identities on the predicted board", () => {
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  const before = buildBoard(s);
  const after = buildBoard(predictMove(s, "t3", 3, "t1"), before);
  const key = (b, code) => b.cards.find((c) => c.code === code).key;
  for (const code of ["3S", "QD", "5C", "TH", "7H"]) assert.equal(key(after, code), key(before, code));
  assert.equal(after.cards.find((c) => c.code === "3S").pile, "t1");
});
