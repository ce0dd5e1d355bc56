/**
 * Drawing one card: the face (corners, centre) as inline SVG and text, or the back.
 *
 * Sizes are all relative to the board's --yk-cw custom property (see styles.css), so one
 * drawing serves every card size. Nothing is fetched: suit shapes are inline SVG paths.
 */
import { isRed, rankLabel } from "./view.js";
/** @import { CardCode, Suit } from "./protocol.js" */
/** @import { CardInfo } from "./view.js" */

/** @type {Record<Suit, string>} */
const SUIT_SHAPES = {
  H: '<path d="M50 90C47 86 8 60 6 34 4 16 16 6 29 6c10 0 17 6 21 15 4-9 11-15 21-15 13 0 25 10 23 28-2 26-41 52-44 56z"/>',
  D: '<path d="M50 4c10 16 22 32 36 46C72 64 60 80 50 96 40 80 28 64 14 50 28 36 40 20 50 4z"/>',
  S: '<path d="M50 6c8 14 44 34 44 56 0 14-11 22-23 22-8 0-14-4-18-10 1 10 5 16 13 21H34c8-5 12-11 13-21-4 6-10 10-18 10C17 84 6 76 6 62 6 40 42 20 50 6z"/>',
  C: '<circle cx="50" cy="29" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/>'
    + '<circle cx="50" cy="52" r="10"/><path d="M47 58c-1 18-5 29-14 37h34c-9-8-13-19-14-37z"/>',
};

/**
 * An inline SVG of a suit symbol, coloured by the text colour around it.
 * @param {Suit} suit
 * @param {string} [cls] its class
 */
export function suitSVG(suit, cls = "") {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false" fill="currentColor">${SUIT_SHAPES[suit]}</svg>`;
}

/**
 * Inner markup of a face-up card: two corners (rank beside suit) and a large centre.
 * @param {CardCode} code
 */
export function faceHTML(code) {
  const rank = rankLabel(code);
  const suit = /** @type {Suit} */ (code[1]);
  const ten = code[0] === "T" ? " yk-ten" : "";
  const corner = (/** @type {string} */ pos) => `<span class="yk-corner yk-${pos}${ten}"><span class="yk-rank">${rank}</span>${suitSVG(suit, "yk-csuit")}</span>`;
  const centre = "JQK".includes(code[0])
    ? `<span class="yk-face"><span class="yk-face-letter">${rank}</span>${suitSVG(suit, "yk-face-suit")}</span>`
    : suitSVG(suit, code[0] === "A" ? "yk-pip yk-ace" : "yk-pip");
  return corner("tl") + centre + corner("br");
}

/**
 * A card element with the DOM hooks of the protocol: class yk-card, data-pile, data-index,
 * data-card (the code, or "back"), and an aria-label.
 * @param {Document} doc
 * @param {CardInfo} card
 */
export function cardElement(doc, card) {
  const el = doc.createElement("div");
  el.className = card.faceUp ? `yk-card ${isRed(card.code) ? "yk-red" : "yk-black"}` : "yk-card yk-back";
  el.dataset.pile = card.pile;
  el.dataset.index = String(card.index);
  el.dataset.card = card.faceUp ? card.code : "back";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", card.label);
  if (card.faceUp) el.innerHTML = faceHTML(card.code);
  return el;
}
