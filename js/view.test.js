import test from "node:test";
import assert from "node:assert/strict";
import { assignKeys, buildBoard, buildCards, buildPiles, canGrab, cardName, legalTargets, moveIndex } from "./view.js";
import { yukonState } from "./fixtures.js";
/** @import { Board } from "./view.js" */

test("card names read as people say them", () => {
  assert.equal(cardName("7H"), "7 of hearts");
  assert.equal(cardName("TS"), "10 of spades");
  assert.equal(cardName("AC"), "ace of clubs");
  assert.equal(cardName("QD"), "queen of diamonds");
  assert.equal(cardName(null), "face-down card");
});

test("piles are labelled: columns, foundations by suit, free cells", () => {
  const piles = buildPiles(yukonState({ cells: [{ id: "c1", card: null }, { id: "c2", card: "KS" }] }));
  const label = Object.fromEntries(piles.map((p) => [p.id, p.label]));
  assert.equal(label.t3, "column 3");
  assert.equal(label.f1, "spades foundation");
  assert.equal(label.f4, "clubs foundation");
  assert.equal(label.c2, "free cell 2");
  assert.deepEqual(piles.map((p) => p.kind), ["tableau", "tableau", "tableau", "tableau",
    "foundation", "foundation", "foundation", "foundation", "cell", "cell"]);
});

test("two foundations of one suit are numbered apart", () => {
  const s = yukonState({ foundations: [{ id: "f1", suit: "S", cards: [] }, { id: "f2", suit: "S", cards: [] }] });
  assert.deepEqual(buildPiles(s).filter((p) => p.kind === "foundation").map((p) => p.label),
    ["spades foundation 1", "spades foundation 2"]);
});

test("face-down cards carry no code and tableau indexes count them", () => {
  const cards = buildCards(yukonState());
  const t3 = cards.filter((c) => c.pile === "t3");
  assert.deepEqual(t3.map((c) => c.index), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(t3.slice(0, 2).map((c) => [c.code, c.faceUp, c.label]),
    [[null, false, "face-down card"], [null, false, "face-down card"]]);
  assert.deepEqual([t3[2].code, t3[2].label], ["8C", "8 of clubs"]);
  assert.equal(t3.filter((c) => c.top).length, 1);
  assert.equal(t3[6].top, true);
  const f1 = cards.filter((c) => c.pile === "f1");
  assert.deepEqual(f1.map((c) => [c.code, c.top]), [["AS", false], ["2S", true]]);
});

test("cell cards are drawn, empty cells are not", () => {
  const cards = buildCards(yukonState({ cells: [{ id: "c1", card: null }, { id: "c2", card: "KS" }] }));
  assert.deepEqual(cards.filter((c) => c.pile.startsWith("c")).map((c) => [c.pile, c.code]), [["c2", "KS"]]);
});

test("legal targets for a grabbed card come from state.legal, without duplicates", () => {
  const s = yukonState();
  assert.deepEqual(legalTargets(s, "t3", 2), ["t1"]);
  assert.deepEqual(legalTargets(s, "t2", 1), ["t4"]);
  assert.deepEqual(legalTargets(s, "t3", 3), ["f1"]);
  assert.deepEqual(legalTargets(s, "f1", null), ["t1"]);
  assert.deepEqual(legalTargets(s, "t3", 4), []);
  assert.deepEqual(legalTargets(s, "t2", 2), []);
});

test("what can be grabbed: any face-up tableau card, only the top of a foundation", () => {
  const b = buildBoard(yukonState());
  const find = (/** @type {string} */ pile, /** @type {number} */ index) => {
    const card = b.cards.find((c) => c.pile === pile && c.index === index);
    assert.ok(card, `no card at ${pile} ${index}`);
    return card;
  };
  assert.equal(canGrab(b.piles, find("t3", 0)), false);
  assert.equal(canGrab(b.piles, find("t3", 3)), true);
  assert.equal(canGrab(b.piles, find("f1", 0)), false);
  assert.equal(canGrab(b.piles, find("f1", 1)), true);
  assert.equal(moveIndex(b.piles, find("t3", 3)), 3);
  assert.equal(moveIndex(b.piles, find("f1", 1)), null);
  assert.equal(b.cards.length, 1 + 6 + 7 + 0 + 2);
});

test("card keys follow a card from pile to pile", () => {
  const before = buildBoard(yukonState());
  const s = yukonState();
  s.tableau[0].up.push("QD", "5C", "TH");
  s.tableau[2] = { id: "t3", down: 2, up: ["8C", "3S"] };
  const after = buildBoard(s, before);
  const key = (/** @type {Board} */ b, /** @type {string} */ code) => {
    const card = b.cards.find((c) => c.code === code);
    assert.ok(card, `no ${code}`);
    return card.key;
  };
  for (const code of ["QD", "5C", "TH", "8C", "7H"]) assert.equal(key(after, code), key(before, code));
  assert.equal(new Set(after.cards.map((c) => c.key)).size, after.cards.length, "keys are unique");
});

test("with two decks, the copy that stayed keeps its key and the moved copy keeps the other", () => {
  const prev = assignKeys(null, [
    { pile: "t1", index: 0, code: "7H", faceUp: true },
    { pile: "t2", index: 0, code: "7H", faceUp: true },
  ]);
  assert.deepEqual(prev.map((c) => c.key), ["7H#0", "7H#1"]);
  // The t1 copy moves onto t3; the t2 copy stays.
  const next = assignKeys(prev, [
    { pile: "t2", index: 0, code: "7H", faceUp: true },
    { pile: "t3", index: 4, code: "7H", faceUp: true },
  ]);
  assert.deepEqual(next.map((c) => c.key), ["7H#1", "7H#0"]);
});

test("a card turned face up gets a fresh key, distinct from every other", () => {
  const prev = assignKeys(null, [{ pile: "t1", index: 0, code: null, faceUp: false }]);
  const next = assignKeys(prev, [{ pile: "t1", index: 0, code: "9C", faceUp: true }]);
  assert.equal(prev[0].key, "t1/0/down");
  assert.equal(next[0].key, "9C#0");
});
