import test from "node:test";
import assert from "node:assert/strict";
import { MAX_SEED, clockSeconds, dealLabel, formatClock, parseSeed, showsClock, spokenTime, statsLines, streakWords, winSummary } from "./words.js";
import { yukonState } from "./fixtures.js";

test("the clock reads m:ss, and h:mm:ss past an hour", () => {
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(7.9), "0:07");
  assert.equal(formatClock(754), "12:34");
  assert.equal(formatClock(3723), "1:02:03");
  assert.equal(formatClock(-5), "0:00");
  assert.equal(formatClock(Number.NaN), "0:00");
  assert.equal(spokenTime(67), "1 minute 7 seconds");
  assert.equal(spokenTime(1), "1 second");
  assert.equal(spokenTime(7380), "2 hours 3 minutes");
});

test("the clock ticks on locally only while Python says it runs, and may be hidden", () => {
  assert.equal(clockSeconds({ seconds: 10, running: true }, 2500), 12.5);
  assert.equal(clockSeconds({ seconds: 10, running: false }, 2500), 10);
  assert.equal(clockSeconds(undefined, 2500), 0);
  assert.equal(showsClock(yukonState()), false, "no clock in state: nothing to show");
  assert.equal(showsClock(yukonState({ clock: { seconds: 1, running: true } })), true);
  const off = yukonState({ clock: { seconds: 1, running: true }, settings: { click_to_move: true, safe_autoplay: false, show_clock: false } });
  assert.equal(showsClock(off), false);
});

test("the statistics panel says everything in words, and copes with nothing yet", () => {
  const { heading, lines } = statsLines({
    variant: "yukon", played: 12, won: 5, win_rate: 5 / 12, current_streak: -2, longest_win_streak: 3,
    longest_losing_streak: 1, fewest_moves: 87, fastest_seconds: 272, perfect_wins: 1,
  }, "Yukon");
  assert.equal(heading, "Statistics for Yukon");
  assert.deepEqual(lines, [
    ["Games played", "12"],
    ["Games won", "5 (42%)"],
    ["Current streak", "2 losses in a row"],
    ["Longest winning streak", "3 wins"],
    ["Longest losing streak", "1 loss"],
    ["Fewest moves in a win", "87 moves"],
    ["Fastest win", "4:32"],
    ["Perfect wins", "1"],
  ]);
  const empty = statsLines({
    variant: "yukon", played: 0, won: 0, win_rate: null, current_streak: 0, longest_win_streak: 0,
    longest_losing_streak: 0, fewest_moves: null, fastest_seconds: null, perfect_wins: 0,
  }).lines;
  assert.deepEqual(empty[1], ["Games won", "0"]);
  assert.deepEqual(empty[2], ["Current streak", "none"]);
  assert.deepEqual(empty[5], ["Fewest moves in a win", "no win yet"]);
  assert.equal(statsLines(null).lines.length, 1);
  assert.equal(streakWords(1), "1 win in a row");
});

test("the win banner gives moves, time and the streak when known", () => {
  assert.equal(winSummary(yukonState({ status: "won", moves_made: 87 })), "Yukon in 87 moves.");
  const full = yukonState({
    status: "won", moves_made: 87, clock: { seconds: 272.4, running: false },
    statistics: { variant: "yukon", played: 3, won: 3, win_rate: 1, current_streak: 3, longest_win_streak: 3,
      longest_losing_streak: 0, fewest_moves: 87, fastest_seconds: 272, perfect_wins: 0 },
  });
  assert.equal(winSummary(full), "Yukon in 87 moves and 4:32. 3 wins in a row.");
  const first = { ...full, statistics: { ...full.statistics, current_streak: 1 } };
  assert.equal(winSummary(/** @type {any} */ (first)), "Yukon in 87 moves and 4:32. Streak: 1 win.");
});

test("the deal is labelled by its mode, with a seed past 2**53 exact", () => {
  assert.equal(dealLabel(yukonState()), "deal 7");
  assert.equal(dealLabel(yukonState({ seed: null })), "set-up position");
  assert.equal(dealLabel(yukonState({ deal: { mode: "winnable", seed: "42" } })), "winnable deal 42");
  assert.equal(dealLabel(yukonState({ deal: { mode: "daily", seed: "9", date: "2026-12-01" } })), "daily deal of 2026-12-01 (deal 9)");
  assert.equal(dealLabel(yukonState({ seed: 2 ** 64, deal: { mode: "random", seed: MAX_SEED } })), `deal ${MAX_SEED}`);
});

test("the seed field takes every deal number up to 2**64 - 1, exactly", () => {
  assert.equal(parseSeed(""), null);
  assert.equal(parseSeed(" 123 "), 123);
  assert.equal(parseSeed("0"), 0);
  assert.equal(parseSeed("000"), 0);
  assert.equal(parseSeed("9007199254740991"), 9007199254740991, "the largest exact number stays a number");
  assert.equal(parseSeed("9007199254740993"), "9007199254740993", "past it, text");
  assert.equal(parseSeed(MAX_SEED), MAX_SEED);
  assert.ok(Number.isNaN(parseSeed("18446744073709551616")), "2**64 is too big");
  assert.ok(Number.isNaN(parseSeed("123456789012345678901")));
  assert.ok(Number.isNaN(parseSeed("12a")));
  assert.ok(Number.isNaN(parseSeed("-4")));
});
