/**
 * The widget protocol as types (docs/widget-protocol.md): the `state` Python sends, the
 * intents the page sends back, and Python's replies. Types only, for `npm test`'s type check
 * (tsc --checkJs): a field renamed on one side and not the other fails the check. Python
 * builds `state` in yukon_widget/widget/state.py and checks intents in widget/intents.py.
 *
 * Import with a JSDoc tag: `@import { State } from "./protocol.js"` (nothing is bundled).
 */

/** @typedef {string} CardCode rank + suit: "7H", "TS" (rank A 2-9 T J Q K, suit S H D C) */
/** @typedef {"S" | "H" | "D" | "C"} Suit */
/** @typedef {string} PileId "t1"…"t10" columns, "f1"…"f8" foundations, "c1" "c2" cells */

/**
 * A tableau column. Face-down cards are sent as a count only.
 * @typedef {object} Column
 * @property {PileId} id
 * @property {number} down face-down cards, under the face-up ones
 * @property {CardCode[]} up face-up cards, bottom to top
 */

/**
 * @typedef {object} Foundation
 * @property {PileId} id
 * @property {Suit} suit
 * @property {CardCode[]} cards bottom to top
 */

/**
 * @typedef {object} Cell
 * @property {PileId} id
 * @property {CardCode | null} card
 */

/**
 * A legal move: [source, index, target]. index is the moved card's position in its column
 * counted from the bottom, face-down cards included; null for foundation and cell sources.
 * @typedef {[source: PileId, index: number | null, target: PileId]} LegalMove
 */

/**
 * @typedef {object} Settings
 * @property {boolean} click_to_move
 * @property {boolean} safe_autoplay
 * @property {boolean} [fair_hints] hints never ask the solver (absent until set: off)
 * @property {boolean} [show_clock] the clock is on show (absent: on)
 */

/**
 * The game's clock.
 * @typedef {object} Clock
 * @property {number} seconds elapsed when the state was built
 * @property {boolean} running the page ticks it on locally while true
 */

/**
 * The player's record for this variant.
 * @typedef {object} Statistics
 * @property {string} variant
 * @property {number} played
 * @property {number} won
 * @property {number | null} win_rate 0..1, null before any game
 * @property {number} current_streak positive: wins in a row; negative: losses in a row
 * @property {number} longest_win_streak
 * @property {number} longest_losing_streak
 * @property {number | null} fewest_moves in a win
 * @property {number | null} fastest_seconds of a win
 * @property {number} perfect_wins
 */

/**
 * How this deal was dealt, for its label on the board.
 * @typedef {object} Deal
 * @property {"random" | "winnable" | "daily" | null} mode null for a set-up position
 * @property {string | null} seed the deal number as text (exact past 2**53); null for a position
 * @property {string | null} [date] the daily deal's day, "2026-12-01"
 */

/**
 * The move Python suggests (the Hint button), outlined on the board.
 * @typedef {object} Hint
 * @property {PileId} source
 * @property {number | null} index
 * @property {PileId} target
 * @property {CardCode} card
 * @property {string} reason
 */

/**
 * One move of an update, for animation.
 * @typedef {object} LastMove
 * @property {CardCode} card the moved card (the lowest of its group)
 * @property {PileId} source
 * @property {number | null} index
 * @property {PileId} target
 * @property {CardCode | null} flipped the card the move turned face up
 */

/** @typedef {"move" | "undo" | "redo" | "restart" | "new" | "auto_finish" | "load"} LastKind */

/**
 * What just happened. Several moves (auto-finish, safe auto-play) animate one by one.
 * @typedef {object} Last
 * @property {LastKind} kind
 * @property {LastMove[]} moves
 */

/** @typedef {"playing" | "won" | "stuck" | "no_useful_moves"} Status */

/**
 * Where the Hint button stands: "thinking" while the solver looks for a winning line (the
 * board stays playable; a move drops the search), "lost" when it proved that no line wins
 * from here (the page offers Undo); null otherwise.
 * @typedef {"thinking" | "lost" | null} HintStatus
 */

/**
 * Python → page: the whole game as the page draws it (one synced traitlets Dict; only
 * Python writes it, and it is replaced, never changed in place).
 * @typedef {object} State
 * @property {number} serial grows by one with every update
 * @property {string} variant engine variant name, "yukon"
 * @property {string} title human title of the variant, "Yukon"
 * @property {[name: string, title: string][]} variants the variants New game offers
 * @property {string[]} modes the deal modes New game offers: "random", "winnable", "daily"
 * @property {number | null} seed null when the game was built from a position
 * @property {Column[]} tableau
 * @property {Foundation[]} foundations order S H D C (two decks: S S H H D D C C)
 * @property {Cell[]} cells [] without cells
 * @property {number} moves_made
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {Status} status
 * @property {boolean} can_auto_finish the engine simulated the finish and it wins
 * @property {LegalMove[]} legal every legal move
 * @property {Settings} settings
 * @property {Hint | null} hint
 * @property {HintStatus} [hint_status] absent from older boards: null
 * @property {Last | null} last
 * @property {string} announcement text for the aria-live region (notices too)
 * @property {Clock} [clock] absent from older kernels
 * @property {Statistics | null} [statistics] absent from older kernels
 * @property {Deal} [deal] absent from older kernels
 */

/**
 * A state the page drew ahead of Python (predict.js): `predicted` is never sent by Python.
 * @typedef {State & {predicted?: boolean}} ShownState
 */

/**
 * Page → Python: a drag and drop or keyboard drop.
 * @typedef {object} MoveIntent
 * @property {"move"} type
 * @property {PileId} source
 * @property {number | null} index as in `legal`
 * @property {PileId} target
 * @property {string} [view] which view sent it (echoed in a refusal's `intent`)
 */

/**
 * A click or tap: Python picks the target.
 * @typedef {object} ClickIntent
 * @property {"click"} type
 * @property {PileId} source
 * @property {number | null} index
 * @property {string} [view]
 */

/**
 * Buttons and keys that carry no fields.
 * @typedef {object} PlainIntent
 * @property {"undo" | "redo" | "restart" | "hint" | "auto_finish"} type
 * @property {string} [view]
 */

/**
 * @typedef {object} NewGameIntent
 * @property {"new_game"} type
 * @property {string} variant one of `state.variants`
 * @property {number | string | null} seed null for a random deal; a decimal string past 2**53
 * @property {string} mode one of `state.modes`
 * @property {string} [view]
 */

/**
 * Either setting may be left out.
 * @typedef {object} SettingsIntent
 * @property {"settings"} type
 * @property {boolean} [click_to_move]
 * @property {boolean} [safe_autoplay]
 * @property {boolean} [fair_hints]
 * @property {boolean} [show_clock]
 * @property {string} [view]
 */

/** @typedef {MoveIntent | ClickIntent | PlainIntent | NewGameIntent | SettingsIntent} Intent */

/**
 * Python → page (custom message): the intent was refused and nothing changed.
 * @typedef {object} RejectedReply
 * @property {"rejected"} type
 * @property {string} message in player words, shown briefly on the board
 * @property {Intent} [intent] the message as the page sent it
 */

/**
 * A clicked card has nowhere to go.
 * @typedef {object} ShakeReply
 * @property {"shake"} type
 * @property {PileId} source
 * @property {number | null} [index]
 * @property {string} [message]
 */

/**
 * Something the player should know that is not a refusal (a save that failed, say).
 * @typedef {object} NoticeReply
 * @property {"notice"} type
 * @property {string} message
 */

/** @typedef {RejectedReply | ShakeReply | NoticeReply} Reply */

/**
 * The part of anywidget's model a view uses.
 * @typedef {object} Model
 * @property {(name: "state") => State} get
 * @property {any} [widget_manager] the ipywidgets manager (its `kernel`, when there is one)
 * @property {(intent: Intent) => void} send
 * @property {(event: string, handler: (...args: any[]) => void) => void} on
 * @property {(event: string, handler: (...args: any[]) => void) => void} off
 */

export {};
