import test from "node:test";
import assert from "node:assert/strict";
import { moveSteps } from "./effects.js";
import { buildBoard } from "./view.js";
import { yukonState } from "./fixtures.js";

test("each moved card, and the cards riding on it, animate at their move's step", () => {
  const s = yukonState();
  // Step 0: 8C (with 3S riding) from t3 to t1, turning up 9H in t3. Step 1: JD from t2 to t4.
  s.tableau[0].up = ["7H", "8C", "3S"];
  s.tableau[2] = { id: "t3", down: 1, up: ["9H"] };
  s.tableau[1].up = ["KS", "2D", "9C", "4H"];
  s.tableau[3].up = ["JD"];
  s.last = { kind: "auto_finish", moves: [
    { card: "8C", source: "t3", index: 2, target: "t1", flipped: "9H" },
    { card: "JD", source: "t2", index: 5, target: "t4", flipped: null },
  ] };
  const board = buildBoard(s);
  const steps = moveSteps(s.last, board.cards);
  const stepOf = (/** @type {string} */ code) => {
    const card = board.cards.find((c) => c.code === code);
    assert.ok(card, `no ${code}`);
    return steps.get(card.key);
  };
  assert.equal(stepOf("8C"), 0);
  assert.equal(stepOf("3S"), 0);
  assert.equal(stepOf("9H"), 0, "the flip follows its move");
  assert.equal(stepOf("JD"), 1);
  assert.equal(stepOf("7H"), undefined, "cards that stayed have no step");
  assert.equal(moveSteps(null, board.cards).size, 0);
});
