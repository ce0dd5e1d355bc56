import test from "node:test";
import assert from "node:assert/strict";
import { CHECK_MS, LINK_TEXT, WAIT_MS, createLink } from "./link.js";

/** A clock for setTimeout/clearTimeout that moves only when told to. */
function fakeClock() {
  let now = 0;
  let next = 0;
  /** @type {Map<number, {at: number, fn: () => void}>} */
  const timers = new Map();
  return {
    setTimeout: (/** @type {() => void} */ fn, /** @type {number} */ ms) => {
      timers.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (/** @type {unknown} */ id) => void timers.delete(/** @type {number} */ (id)),
    /** @param {number} ms */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

/** @param {string | null} kernel */
function setup(kernel) {
  const clock = fakeClock();
  /** @type {string[]} */
  const seen = [];
  const link = createLink({ onChange: (s) => seen.push(s), kernelStatus: () => kernel, timers: clock });
  return { clock, seen, link };
}

test("an answer within WAIT_MS shows nothing", () => {
  const { clock, seen, link } = setup("idle");
  link.sent();
  clock.advance(WAIT_MS - 1);
  link.answered();
  clock.advance(10 * CHECK_MS);
  assert.deepEqual(seen, []);
  assert.equal(link.status, "ok");
});

test("a busy kernel: the board waits, says why, and settles when Python answers", () => {
  const { clock, seen, link } = setup("busy");
  link.sent();
  clock.advance(WAIT_MS);
  assert.equal(link.status, "waiting");
  clock.advance(CHECK_MS * 5);
  assert.equal(link.status, "busy", "never given up while the kernel works");
  link.answered();
  assert.deepEqual(seen, ["waiting", "busy", "ok"]);
});

test("an idle kernel that never answers has lost the board: disconnected, for good", () => {
  const { clock, link } = setup("idle");
  link.sent();
  clock.advance(CHECK_MS);
  assert.equal(link.status, "disconnected");
  link.answered();
  link.sent();
  assert.equal(link.status, "disconnected");
  assert.match(LINK_TEXT.disconnected, /Run the cell again/);
});

test("a kernel starting again is a new process: the board is disconnected", () => {
  const { clock, link } = setup("starting");
  link.sent();
  clock.advance(CHECK_MS);
  assert.equal(link.status, "disconnected");
});

test("an unknown kernel keeps waiting and says how to recover; a dead comm disconnects at once", () => {
  const { clock, link } = setup(null);
  link.sent();
  clock.advance(CHECK_MS * 3);
  assert.equal(link.status, "unknown");
  assert.match(LINK_TEXT.unknown, /run the cell again/);
  link.disconnect();
  assert.equal(link.status, "disconnected");
});
