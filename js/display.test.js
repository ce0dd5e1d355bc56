import test from "node:test";
import assert from "node:assert/strict";
import { boardLayout, createDisplay, dragOffset, startsOver } from "./display.js";
import { cardPosition, computeLayout } from "./layout.js";
import { predictMove } from "./predict.js";
import { yukonState } from "./fixtures.js";
/** @import { ShownState, State } from "./protocol.js" */
/** @import { Layout } from "./layout.js" */

test("the layout comes from the state's piles, 800 px wide before the board has a width", () => {
  const s = yukonState({ cells: [{ id: "c1", card: null }] });
  const expected = (/** @type {number} */ width) => computeLayout({
    width, tableau: s.tableau, foundations: ["f1", "f2", "f3", "f4"], cells: ["c1"], minHeight: 500,
  });
  assert.deepEqual(boardLayout(s, 640, 500), expected(640));
  assert.deepEqual(boardLayout(s, 0, 500), expected(800));
  assert.equal(boardLayout(s, 640, 5000).height, 5000, "never shorter than minHeight");
});

test("a new game is another variant, a new deal, a restart or a loaded save", () => {
  const s = yukonState();
  /** @type {(kind: NonNullable<State["last"]>["kind"]) => State} */
  const after = (kind) => yukonState({ last: { kind, moves: [] } });
  assert.equal(startsOver(null, s), true, "the first state");
  assert.equal(startsOver(s, yukonState()), false);
  assert.equal(startsOver(s, yukonState({ variant: "alaska" })), true);
  for (const kind of /** @type {const} */ (["new", "restart", "load"])) assert.equal(startsOver(s, after(kind)), true, kind);
  for (const kind of /** @type {const} */ (["move", "undo", "redo", "auto_finish"])) assert.equal(startsOver(s, after(kind)), false, kind);
});

test("the drag offset is read from a card's transform", () => {
  assert.deepEqual(dragOffset("translate(12px, -3.5px)"), { x: 12, y: -3.5 });
  assert.deepEqual(dragOffset("translate( 1e-3px,2px)"), { x: 0.001, y: 2 });
  assert.deepEqual(dragOffset(""), { x: 0, y: 0 });
  assert.deepEqual(dragOffset("scale(2)"), { x: 0, y: 0 });
});

// A DOM just big enough for display.js and board.js to draw into, in node.

class FakeStyle {
  constructor() {
    /** @type {Map<string, string>} */
    this.props = new Map();
    this.transform = "";
  }
  /** @type {(name: string, value: string) => void} */
  setProperty(name, value) {
    this.props.set(name, value);
  }
  /** @param {string} name */
  getPropertyValue(name) {
    return this.props.get(name) ?? "";
  }
}

class FakeElement {
  /** @param {FakeDocument} doc */
  constructor(doc) {
    this.ownerDocument = doc;
    /** @type {FakeElement[]} */
    this.children = [];
    /** @type {FakeElement | null} */
    this.parentElement = null;
    this.style = new FakeStyle();
    /** @type {Record<string, string>} */
    this.dataset = {};
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    this.classes = new Set();
    this.id = "";
    this.innerHTML = "";
    this.clientWidth = 0;
    /** @type {unknown[]} */
    this.animations = [];
    const classes = this.classes;
    this.classList = {
      add: (/** @type {string[]} */ ...names) => {
        for (const n of names) classes.add(n);
      },
      remove: (/** @type {string[]} */ ...names) => {
        for (const n of names) classes.delete(n);
      },
      contains: (/** @type {string} */ name) => classes.has(name),
      toggle: (/** @type {string} */ name, /** @type {boolean} */ on) => (on ? classes.add(name) : classes.delete(name)),
    };
  }
  set className(value) {
    this.classes.clear();
    for (const name of value.split(" ")) if (name) this.classes.add(name);
  }
  get className() {
    return [...this.classes].join(" ");
  }
  /** @type {(name: string, value: string) => void} */
  setAttribute(name, value) {
    this.attributes.set(name, value);
  }
  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }
  /** @param {FakeElement[]} nodes */
  append(...nodes) {
    for (const node of nodes) {
      if (node instanceof FakeFragment) {
        this.append(...node.children);
        node.children = [];
        continue;
      }
      const old = node.parentElement;
      if (old) old.children = old.children.filter((c) => c !== node);
      node.parentElement = this;
      this.children.push(node);
    }
  }
  /** @param {FakeElement[]} nodes */
  replaceChildren(...nodes) {
    for (const c of this.children) c.parentElement = null;
    this.children = [];
    this.append(...nodes);
  }
  /** @returns {FakeElement[]} */
  descendants() {
    return this.children.flatMap((c) => [c, ...c.descendants()]);
  }
  /** Class selectors only: ".a, .b". @param {string} selector */
  querySelectorAll(selector) {
    const names = selector.split(",").map((s) => s.trim().replace(/^\./, ""));
    return this.descendants().filter((el) => names.some((n) => el.classes.has(n)));
  }
  getBoundingClientRect() {
    return { left: 0, top: 0, width: this.clientWidth, height: 0 };
  }
  /** @param {unknown[]} keyframes */
  animate(keyframes) {
    this.animations.push(keyframes);
    return { finished: Promise.resolve() };
  }
}

class FakeFragment extends FakeElement {}

class FakeDocument {
  constructor() {
    this.defaultView = null; // no window: reducedMotion() is false, animations run
  }
  createElement() {
    return new FakeElement(this);
  }
  createDocumentFragment() {
    return new FakeFragment(this);
  }
}

/** A display drawing into fake elements, with a log of the hooks it calls. */
function setup(width = 700) {
  const doc = new FakeDocument();
  const boardEl = doc.createElement();
  boardEl.clientWidth = width;
  const layer = doc.createElement();
  boardEl.append(layer);
  /** @type {string[]} */
  const log = [];
  const display = createDisplay(/** @type {any} */ (boardEl), /** @type {any} */ (layer), "ykT", {
    beforeDraw: () => log.push("beforeDraw"),
    afterDraw: (state, fresh) => log.push(`afterDraw ${state.serial} ${fresh ? "fresh" : "again"}`),
    refit: () => log.push("refit"),
  });
  /** The card element drawn for a card code. */
  const cardEl = (/** @type {string} */ code) => {
    const el = layer.descendants().find((e) => e.dataset.card === code);
    assert.ok(el, `${code} is not drawn`);
    return el;
  };
  return { boardEl, layer, log, display, cardEl };
}

test("a state is drawn whole: every card and pile, the board's label, hooks in order", () => {
  const { boardEl, layer, log, display, cardEl } = setup();
  const s = yukonState();
  display.draw(s, false);
  assert.deepEqual(log, ["beforeDraw", "afterDraw 1 fresh", "refit"]);
  assert.equal(display.state, s);
  assert.equal(layer.children.length, 8, "4 columns and 4 foundations");
  assert.equal(display.drawn?.cards.size, 16);
  assert.equal(cardEl("JD").parentElement?.dataset.pile, "t2");
  assert.equal(layer.descendants().filter((e) => e.dataset.card === "back").length, 3);
  assert.equal(boardEl.getAttribute("aria-label"), "Yukon board");
  assert.equal(boardEl.style.getPropertyValue("--yk-cw"), `${display.layout?.cardW}px`);
  display.draw(s, false);
  assert.deepEqual(log.slice(3), ["beforeDraw", "afterDraw 1 again", "refit"], "the same state again is not fresh");
});

test("anything that is not a state is not drawn", () => {
  const { log, display } = setup();
  display.draw(null, true);
  display.draw(/** @type {any} */ ({ serial: 3 }), true);
  assert.deepEqual(log, []);
  assert.equal(display.state, null);
});

test("the hinted card and its target are outlined", () => {
  const { layer, display, cardEl } = setup();
  display.draw(yukonState({ hint: { source: "t3", index: 3, target: "t1", card: "3S", reason: "" } }), false);
  assert.ok(cardEl("3S").classes.has("yk-hint"));
  const marked = layer.children.filter((p) => p.classes.has("yk-hint-target")).map((p) => p.dataset.pile);
  assert.deepEqual(marked, ["t1"]);
});

test("the board only grows within a game, and fits again for a new deal", () => {
  const { display } = setup();
  const long = yukonState();
  long.tableau[1] = { id: "t2", down: 1, up: ["KS", "2D", "9C", "4H", "JD", "QH", "JC", "TH", "9S", "8D", "7C", "6H"] };
  display.draw(long, false);
  const tall = display.layout?.height ?? 0;
  display.draw(yukonState({ serial: 2, last: { kind: "move", moves: [] } }), true);
  assert.equal(display.layout?.height, tall, "a move keeps the height");
  display.draw(yukonState({ serial: 3, last: { kind: "new", moves: [] } }), true);
  assert.ok((display.layout?.height ?? 0) < tall, "a new deal shrinks it");
});

test("a predicted move moves the cards already drawn, from where they were dragged", () => {
  const { log, display, cardEl } = setup();
  const s = yukonState({ legal: [["t3", 3, "t1"]], hint: { source: "t3", index: 3, target: "t1", card: "3S", reason: "" } });
  display.draw(s, false);
  const moving = ["3S", "QD", "5C", "TH"].map(cardEl);
  const staying = cardEl("7H");
  for (const el of moving) {
    el.style.transform = "translate(40px, -20px)";
    el.classes.add("yk-dragging");
  }
  const next = /** @type {ShownState} */ (predictMove(s, "t3", 3, "t1"));
  const drawnAt = /** @type {Layout} */ (display.layout);
  log.length = 0;
  display.showPredicted(next);
  assert.deepEqual(log, ["beforeDraw", "refit"], "the toolbar and notices stay as they were");
  assert.equal(display.state, next);
  assert.deepEqual(["3S", "QD", "5C", "TH"].map(cardEl), moving, "the same elements");
  assert.equal(cardEl("7H"), staying);
  for (const el of moving) {
    assert.equal(el.parentElement?.dataset.pile, "t1");
    assert.equal(el.style.transform, "");
    assert.ok(!el.classes.has("yk-dragging"));
    assert.equal(el.animations.length, 1, "it glides into place");
  }
  assert.deepEqual(moving.map((el) => el.dataset.index), ["1", "2", "3", "4"]);
  // 3S glides from where it was dragged to (its old place + the drag offset) to its new place.
  const from = cardPosition(drawnAt, "t3", 3);
  const to = cardPosition(/** @type {Layout} */ (display.layout), "t1", 1);
  assert.deepEqual(moving[0].animations[0], [
    { transform: `translate(${from.x + 40 - to.x}px, ${from.y - 20 - to.y}px)` }, { transform: "none" },
  ]);
  assert.equal(staying.animations.length, 0);
  assert.ok(!cardEl("3S").classes.has("yk-hint"), "the hint is gone");
});

test("a predicted move before anything is drawn is drawn whole", () => {
  const { log, display } = setup();
  const s = yukonState({ legal: [["t3", 3, "t1"]] });
  const next = /** @type {ShownState} */ (predictMove(s, "t3", 3, "t1"));
  display.showPredicted(next);
  assert.deepEqual(log, ["beforeDraw", "afterDraw 1 fresh", "refit"]);
  assert.equal(display.state, next);
});

test("legal piles light up, the one under the drag most", () => {
  const { layer, display } = setup();
  display.draw(yukonState(), false);
  const lit = (/** @type {string} */ cls) => layer.children.filter((p) => p.classes.has(cls)).map((p) => p.dataset.pile);
  display.showTargets(["t1", "f1"], "f1");
  assert.deepEqual(lit("yk-target"), ["t1", "f1"]);
  assert.deepEqual(lit("yk-over"), ["f1"]);
  display.showTargets(null);
  assert.deepEqual(lit("yk-target"), []);
  assert.deepEqual(lit("yk-over"), []);
});

test("a board laid out at another width needs drawing again", () => {
  const { boardEl, display } = setup(700);
  assert.equal(display.resized(), true, "nothing drawn yet");
  display.draw(yukonState(), false);
  assert.equal(display.resized(), false);
  boardEl.clientWidth = 0;
  assert.equal(display.resized(), false, "a hidden board waits");
  boardEl.clientWidth = 500;
  assert.equal(display.resized(), true);
});
