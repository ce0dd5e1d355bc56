"""Engine speed: legal-move listings and play+undo pairs per second on one core.

Positions: for each variant measured, 20 mid-game positions reached by playing 25 random legal
moves from seeds 1..20 (random choices from a fixed seed, so every run measures the same
positions). Prints one line per variant and operation.
"""

from __future__ import annotations

import random
import time

from yukon_widget import Game


def midgame_positions(variant: str, count: int = 20, depth: int = 25) -> list[Game]:
    rng = random.Random(1234)
    games = []
    for seed in range(1, count + 1):
        game = Game(variant, seed=seed)
        for _ in range(depth):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        games.append(game)
    return games


def rate(fn, seconds: float = 1.5) -> float:
    """Calls of ``fn`` per second, timed over about ``seconds``."""
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(100):
            fn()
        calls += 100
    return calls / elapsed


def measure(variant: str) -> tuple[float, float, float]:
    """(listings per second, play+undo pairs per second, mean legal moves) for a variant."""
    games = midgame_positions(variant)
    pairs = [(g, g.legal_moves()) for g in games]
    pairs = [(g, ms) for g, ms in pairs if ms]
    step = {"i": 0}

    def listing() -> None:
        games[step["i"] % len(games)].legal_moves()
        step["i"] += 1

    def play_undo() -> None:
        game, moves = pairs[step["i"] % len(pairs)]
        game.play(moves[step["i"] % len(moves)])
        game.undo()
        step["i"] += 1

    mean_moves = sum(len(ms) for _, ms in pairs) / len(pairs)
    return rate(listing), rate(play_undo), mean_moves


def main() -> None:
    print(f"{'variant':<14}{'operation':<28}{'per second':>12}")
    for variant in ("yukon", "double-yukon"):
        listings, pairs, mean_moves = measure(variant)
        print(f"{variant:<14}{'legal_moves() listings':<28}{listings:>12,.0f}")
        print(f"{variant:<14}{'play()+undo() pairs':<28}{pairs:>12,.0f}")
        print(f"{variant:<14}{'(mean legal moves listed)':<28}{mean_moves:>12.1f}")


if __name__ == "__main__":
    main()
