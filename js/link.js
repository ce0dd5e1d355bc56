/**
 * The view's link to Python: whether the intents it sent have been answered, and whether
 * Python can still answer at all. No DOM; timers and the kernel's status are passed in.
 *
 * - "ok": nothing is waiting for an answer;
 * - "waiting": an intent has had no answer for WAIT_MS (the board shows "Waiting for Python…"
 *   and keeps a predicted move where it was dropped: it is never taken back silently);
 * - "busy": after CHECK_MS, the kernel says it is busy (a cell is running): still waiting;
 * - "unknown": after CHECK_MS, the kernel's status cannot be read: still waiting, and the
 *   board says how to get a working board if the kernel was restarted;
 * - "disconnected": the widget's comm is gone (the kernel restarted, or stopped), or the
 *   kernel is idle (or starting again: a new process, which never had this board) and still
 *   has not answered: Python will never answer this board. Final.
 *
 * Any state or reply from Python counts as an answer (every intent gets one, see
 * docs/widget-protocol.md).
 */
/** @import { Timers } from "./predict.js" */

/** An unanswered intent shows the waiting mark after this long (ms). */
export const WAIT_MS = 400;
/**
 * Kernel statuses that mean the kernel behind a board is gone: a board exists only once its
 * kernel ran the cell, so a kernel (re)starting after that is a new process without it.
 */
export const GONE = ["restarting", "autorestarting", "starting", "dead"];

/** After this long (ms) without an answer, the kernel's status is looked at. */
export const CHECK_MS = 4000;

/** @typedef {"ok" | "waiting" | "busy" | "unknown" | "disconnected"} LinkStatus */

/** What the board says for each status (nothing for "ok"). @type {Record<LinkStatus, string>} */
export const LINK_TEXT = {
  ok: "",
  waiting: "Waiting for Python…",
  busy: "Waiting for Python: the kernel is busy (a cell is running). The board catches up as soon as it is free.",
  unknown: "Still waiting for Python. If the kernel was restarted, run the cell again to get a new board.",
  disconnected: "This board is disconnected from Python (the kernel was restarted or stopped), so it cannot play. Run the cell again to get a new board.",
};

/**
 * @typedef {object} Link
 * @property {LinkStatus} status
 * @property {() => void} sent an intent went to Python
 * @property {() => void} answered a state or reply came from Python
 * @property {() => void} disconnect Python can no longer answer (final)
 * @property {() => void} dispose stops the timers
 */

/** @type {Timers} */
const TIMERS = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(/** @type {ReturnType<typeof setTimeout>} */ (id)),
};

/**
 * @param {object} io
 * @param {(status: LinkStatus) => void} io.onChange
 * @param {() => string | null | undefined} io.kernelStatus the kernel's execution status
 *   ("idle", "busy", "restarting", "dead"…), or null when it cannot be known
 * @param {Timers} [io.timers]
 * @returns {Link}
 */
export function createLink({ onChange, kernelStatus, timers = TIMERS }) {
  /** @type {LinkStatus} */
  let status = "ok";
  let waiting = false;
  /** @type {unknown[]} */
  let clocks = [];

  /** @param {LinkStatus} next */
  function set(next) {
    if (status === next || status === "disconnected") return;
    status = next;
    onChange(status);
  }

  function stop() {
    for (const id of clocks) timers.clearTimeout(id);
    clocks = [];
  }

  function check() {
    if (!waiting) return;
    const kernel = kernelStatus();
    if (kernel === "busy") set("busy");
    else if (kernel === null || kernel === undefined || kernel === "unknown") set("unknown");
    else return set("disconnected"); // idle and silent, restarting, dead: no answer will come
    clocks.push(timers.setTimeout(check, CHECK_MS));
  }

  return {
    get status() {
      return status;
    },
    sent() {
      if (status === "disconnected" || waiting) return;
      waiting = true;
      clocks.push(timers.setTimeout(() => waiting && set("waiting"), WAIT_MS));
      clocks.push(timers.setTimeout(check, CHECK_MS));
    },
    answered() {
      waiting = false;
      stop();
      set("ok");
    },
    disconnect() {
      waiting = false;
      stop();
      set("disconnected");
    },
    dispose: stop,
  };
}
