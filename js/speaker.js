/**
 * One voice per widget: when the same widget is displayed twice, both views draw every
 * state, but only one live region may speak it, or a screen reader says everything twice.
 * The view the player used last speaks (the first one shown, until then); the others show the
 * same text silently.
 *
 * Views of one widget are told apart from views of another by their model's current `state`:
 * every view of a model reads the very same object, while two widgets never share one.
 */

/** @typedef {{get(name: "state"): unknown}} StateSource */
/** @typedef {{model: StateSource, used: number}} Voice */

/** @type {Set<Voice>} */
const voices = new Set();
let clock = 0;

/**
 * A view joins (render); returns its voice.
 * @param {StateSource} model
 * @returns {Voice}
 */
export function join(model) {
  const voice = { model, used: 0 };
  voices.add(voice);
  return voice;
}

/** A view goes away. @param {Voice} voice */
export function leave(voice) {
  voices.delete(voice);
}

/** The player used this view (a key, a press, focus). @param {Voice} voice */
export function used(voice) {
  voice.used = ++clock;
}

/**
 * Whether this view speaks for its widget: it is the one used last among the views of the
 * same widget (the earliest shown when none was used).
 * @param {Voice} voice
 */
export function speaks(voice) {
  const state = voice.model.get("state");
  /** @type {Voice | null} */
  let best = null;
  for (const v of voices) {
    if (v.model.get("state") !== state) continue;
    if (!best || v.used > best.used) best = v;
  }
  return best === voice || best === null;
}
