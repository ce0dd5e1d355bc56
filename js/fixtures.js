/** Small hand-made states for the unit tests (shape as in docs/widget-protocol.md). */
/** @import { Column, State } from "./protocol.js" */

/**
 * A small Yukon-like state: four columns, four foundations, no cells.
 * @param {Partial<State>} [overrides] fields to replace
 * @returns {State}
 */
export function yukonState(overrides = {}) {
  return {
    serial: 1, variant: "yukon", title: "Yukon", variants: [["yukon", "Yukon"]], modes: ["random"], seed: 7,
    tableau: [
      { id: "t1", down: 0, up: ["7H"] },
      { id: "t2", down: 1, up: ["KS", "2D", "9C", "4H", "JD"] },
      { id: "t3", down: 2, up: ["8C", "3S", "QD", "5C", "TH"] },
      { id: "t4", down: 0, up: [] },
    ],
    foundations: [
      { id: "f1", suit: "S", cards: ["AS", "2S"] },
      { id: "f2", suit: "H", cards: [] },
      { id: "f3", suit: "D", cards: [] },
      { id: "f4", suit: "C", cards: [] },
    ],
    cells: [],
    moves_made: 0, can_undo: false, can_redo: false, status: "playing", can_auto_finish: false,
    legal: [["t3", 2, "t1"], ["t2", 1, "t4"], ["t2", 1, "t4"], ["f1", null, "t1"], ["t3", 3, "f1"]],
    settings: { click_to_move: true, safe_autoplay: false },
    hint: null, last: null, announcement: "",
    ...overrides,
  };
}

/**
 * Columns as in `state.tableau`: n columns, each with `down` hidden and `up` face-up cards.
 * @param {number} n
 * @param {number} down
 * @param {number} up
 * @returns {Column[]}
 */
export function columns(n, down, up) {
  return Array.from({ length: n }, (_, i) => ({ id: `t${i + 1}`, down, up: Array(up).fill("5C") }));
}

export const FOUR = ["f1", "f2", "f3", "f4"];
export const EIGHT = ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];
