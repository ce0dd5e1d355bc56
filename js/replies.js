/**
 * Python's replies to the page's intents (custom messages: docs/widget-protocol.md, "Replies"),
 * turned into what the view does. Pure: the view passes its actions in.
 *
 * - `rejected`: nothing changed. The refused move is taken back: a predicted move is drawn as
 *   Python has it again (predict.js), any other dropped group snaps back (drag.js). The
 *   message is shown briefly on the board. Replies reach every view of the widget: only the
 *   view that sent the refused intent (its `view` field) acts on it.
 * - `notice`: the message is shown the same way; the change that caused it stands.
 * - `shake`: a clicked card has nowhere to go; it shakes and the message is read out.
 */
/** @import { Intent, PileId, Reply } from "./protocol.js" */

/**
 * @typedef {object} ReplyActions
 * @property {(intent: Intent | undefined) => boolean} refused takes back the predicted move
 *   if the refusal is for it (see predict.js); false otherwise
 * @property {() => void} snapBack puts a dropped group that is waiting for an answer back
 * @property {(message: string) => void} toast shows a message briefly on the board
 * @property {(source: PileId, index: number | null, message: string | undefined) => void} shake
 *   shakes the group at (source, index) and reads out the message
 * @property {(intent: Intent | undefined) => boolean} [mine] whether this view sent the intent
 *   (absent: every refusal is this view's)
 */

/**
 * @param {Reply | null | undefined} msg a custom message from Python (others are ignored)
 * @param {ReplyActions} act
 */
export function handleReply(msg, act) {
  if (msg?.type === "rejected") {
    if (act.mine && !act.mine(msg.intent)) return; // another view's refusal
    if (!act.refused(msg.intent)) act.snapBack();
    if (msg.message) act.toast(msg.message);
  } else if (msg?.type === "notice") {
    // Python's word on something besides the move (a save that failed, say): nothing to undo.
    if (msg.message) act.toast(msg.message);
  } else if (msg?.type === "shake") {
    act.shake(msg.source, msg.index ?? null, msg.message);
  }
}
