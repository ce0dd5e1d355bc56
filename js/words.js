/**
 * What the page says in words about the clock, the statistics and the deal: pure functions,
 * no DOM, so the wording is tested in node. The protocol's `clock`, `statistics` and `deal`
 * keys may be absent (an older kernel): every function copes with that.
 */
/** @import { Clock, Deal, State, Statistics } from "./protocol.js" */

/**
 * Elapsed time as a clock shows it: "0:07", "12:34", "1:02:03" (whole seconds, rounded down).
 * @param {number} seconds
 */
export function formatClock(seconds) {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * Elapsed time in words, for screen readers: "1 minute 7 seconds", "2 hours 3 minutes".
 * @param {number} seconds
 */
export function spokenTime(seconds) {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const unit = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return m ? `${unit(h, "hour")} ${unit(m, "minute")}` : unit(h, "hour");
  if (m) return s % 60 ? `${unit(m, "minute")} ${unit(s % 60, "second")}` : unit(m, "minute");
  return unit(s, "second");
}

/**
 * The clock's seconds `sinceMs` milliseconds after `clock` arrived: it runs on locally
 * between states while Python says it is running.
 * @param {Clock | null | undefined} clock
 * @param {number} sinceMs
 */
export function clockSeconds(clock, sinceMs) {
  if (!clock || !Number.isFinite(clock.seconds)) return 0;
  return clock.seconds + (clock.running ? Math.max(0, sinceMs) / 1000 : 0);
}

/**
 * Whether the clock is on show: the state has one and the `show_clock` setting is not off.
 * @param {State} state
 */
export function showsClock(state) {
  return !!state.clock && state.settings?.show_clock !== false;
}

/** @param {number} n @param {string} one @param {string} [many] */
const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A streak in words: 3 -> "3 wins in a row", -2 -> "2 losses in a row", 0 -> "none".
 * @param {number | null | undefined} streak
 */
export function streakWords(streak) {
  if (!streak) return "none";
  return streak > 0 ? `${count(streak, "win")} in a row` : `${count(-streak, "loss", "losses")} in a row`;
}

/**
 * The statistics panel's lines, [label, value] in words. Null statistics: one line saying so.
 * @param {Statistics | null | undefined} stats
 * @param {string} [title] the variant's title, for the heading
 * @returns {{heading: string, lines: [string, string][]}}
 */
export function statsLines(stats, title = "") {
  if (!stats) return { heading: "Statistics", lines: [["Games", "no statistics are kept for this board yet"]] };
  const rate = stats.win_rate === null || stats.win_rate === undefined ? "" : ` (${Math.round(stats.win_rate * 100)}%)`;
  return {
    heading: `Statistics${title ? ` for ${title}` : ""}`,
    lines: [
      ["Games played", String(stats.played ?? 0)],
      ["Games won", `${stats.won ?? 0}${rate}`],
      ["Current streak", streakWords(stats.current_streak)],
      ["Longest winning streak", count(stats.longest_win_streak ?? 0, "win")],
      ["Longest losing streak", count(stats.longest_losing_streak ?? 0, "loss", "losses")],
      ["Fewest moves in a win", stats.fewest_moves === null || stats.fewest_moves === undefined ? "no win yet" : count(stats.fewest_moves, "move")],
      ["Fastest win", stats.fastest_seconds === null || stats.fastest_seconds === undefined ? "no win yet" : formatClock(stats.fastest_seconds)],
      ["Perfect wins", String(stats.perfect_wins ?? 0)],
    ],
  };
}

/**
 * What the win banner says under "You won!": moves, time and the current streak when known.
 * "Yukon in 87 moves and 4:32. 3 wins in a row."
 * @param {State} state
 */
export function winSummary(state) {
  let text = `${state.title} in ${count(state.moves_made, "move")}`;
  if (state.clock && Number.isFinite(state.clock.seconds)) text += ` and ${formatClock(state.clock.seconds)}`;
  text += ".";
  const streak = state.statistics?.current_streak;
  if (streak && streak > 1) text += ` ${streak} wins in a row.`;
  else if (streak === 1) text += " Streak: 1 win.";
  return text;
}

/**
 * The deal as the toolbar labels it: "deal 123", "winnable deal 123", "daily deal (2026-12-01)",
 * "set-up position". `state.deal` (when sent) carries the mode and the seed as text (a seed past
 * 2**53 is not exact as a JavaScript number).
 * @param {State} state
 */
export function dealLabel(state) {
  /** @type {Deal | undefined} */
  const deal = state.deal;
  const seed = deal?.seed ?? (state.seed === null || state.seed === undefined ? null : String(state.seed));
  if (seed === null) return "set-up position";
  if (deal?.mode === "daily") return `daily deal${deal.date ? ` of ${deal.date}` : ""} (deal ${seed})`;
  if (deal?.mode === "winnable") return `winnable deal ${seed}`;
  return `deal ${seed}`;
}

/** The largest deal number, 2**64 - 1, as text (beyond JavaScript's exact whole numbers). */
export const MAX_SEED = "18446744073709551615";

/** What the seed field says when it cannot be used. */
export const SEED_PROBLEM = "A deal number is a whole number from 0 to 18,446,744,073,709,551,615.";

/**
 * Parses the seed field: "" -> null (random), digits -> the number (as text past 2**53, where
 * a JavaScript number would no longer be exact), anything else -> NaN.
 * @param {string} text
 * @returns {number | string | null}
 */
export function parseSeed(text) {
  const t = text.trim().replace(/^0+(?=\d)/, "");
  if (t === "") return null;
  if (!/^\d{1,20}$/.test(t)) return NaN;
  if (t.length === MAX_SEED.length && t > MAX_SEED) return NaN;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : t;
}
