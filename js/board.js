/**
 * Puts a drawn board on the page: pile elements at their slots, card elements inside them,
 * absolutely positioned from the layout. Redrawn whole on every state; animations (effects.js)
 * bridge old and new positions by card identity.
 */
import { cardElement, suitSVG } from "./cards.js";
import { cardPosition, columnBottom } from "./layout.js";
/** @import { PileId } from "./protocol.js" */
/** @import { Board, BoardCard } from "./view.js" */
/** @import { Layout } from "./layout.js" */

/** @typedef {HTMLElement & {ykCard: BoardCard}} CardElement a card element, with the card it shows */

/**
 * The elements on show.
 * @typedef {object} Drawn
 * @property {Map<string, CardElement>} cards by card key
 * @property {Map<PileId, HTMLElement>} piles by pile id
 */

/**
 * Replaces the piles and cards inside `layer`.
 * @param {HTMLElement} layer
 * @param {Board} board
 * @param {Layout} layout
 * @param {string} idPrefix
 * @returns {Drawn}
 */
export function drawBoard(layer, board, layout, idPrefix) {
  const doc = layer.ownerDocument;
  const host = /** @type {HTMLElement} */ (layer.parentElement);
  host.style.setProperty("--yk-cw", `${layout.cardW}px`);
  host.style.setProperty("--yk-ch", `${layout.cardH}px`);
  host.style.height = `${layout.height}px`;

  /** @type {Map<PileId, HTMLElement>} */
  const piles = new Map();
  const frag = doc.createDocumentFragment();
  for (const pile of board.piles) {
    const slot = layout.slots[pile.id];
    const el = doc.createElement("div");
    el.className = `yk-pile yk-${pile.kind}`;
    el.id = `${idPrefix}-${pile.id}`;
    el.dataset.pile = pile.id;
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", pile.label);
    el.style.left = `${slot.x}px`;
    el.style.top = `${slot.y}px`;
    const h = pile.kind === "tableau" ? columnBottom(layout, pile.id) - slot.y : layout.cardH;
    el.style.height = `${Math.max(h, layout.cardH)}px`;
    if (pile.kind === "foundation" && pile.suit) el.innerHTML = suitSVG(pile.suit, "yk-slot-mark");
    piles.set(pile.id, el);
    frag.append(el);
  }

  /** @type {Map<string, CardElement>} */
  const cards = new Map();
  for (const card of board.cards) {
    const el = Object.assign(cardElement(doc, card), { ykCard: card });
    const slot = layout.slots[card.pile];
    const pos = cardPosition(layout, card.pile, card.index);
    el.id = `${idPrefix}-${card.pile}-${card.index}`;
    el.style.left = `${pos.x - slot.x}px`;
    el.style.top = `${pos.y - slot.y}px`;
    el.style.zIndex = String(card.index + 1);
    cards.set(card.key, el);
    /** @type {HTMLElement} */ (piles.get(card.pile)).append(el);
  }
  layer.replaceChildren(frag);
  return { cards, piles };
}

/**
 * Redraws `board` by moving the card elements already drawn instead of making new ones: much
 * cheaper than drawBoard (no elements built, nothing measured), for a predicted move. Possible
 * only when every card is already drawn with the same face, on the same piles and card size.
 * Cards that change pile are appended to it, so this suits moves off and onto pile tops.
 * @param {HTMLElement} layer
 * @param {Drawn | null} drawn
 * @param {Board} board
 * @param {Layout} layout
 * @param {string} idPrefix
 * @returns {(Drawn & {placed: {el: CardElement, from: BoardCard, card: BoardCard}[]}) | null}
 *   the updated drawing, and every card element with its previous and new card info;
 *   null when a full drawBoard is needed
 */
export function patchBoard(layer, drawn, board, layout, idPrefix) {
  const host = /** @type {HTMLElement} */ (layer.parentElement);
  if (!drawn || host.style.getPropertyValue("--yk-cw") !== `${layout.cardW}px`) return null;
  if (board.piles.length !== drawn.piles.size || board.cards.length !== drawn.cards.size) return null;
  if (!board.piles.every((p) => drawn.piles.has(p.id))) return null;
  for (const card of board.cards) {
    const el = drawn.cards.get(card.key);
    if (!el || el.ykCard.code !== card.code) return null;
  }

  host.style.height = `${layout.height}px`;
  for (const pile of board.piles) {
    if (pile.kind !== "tableau") continue;
    const slot = layout.slots[pile.id];
    const h = columnBottom(layout, pile.id) - slot.y;
    /** @type {HTMLElement} */ (drawn.piles.get(pile.id)).style.height = `${Math.max(h, layout.cardH)}px`;
  }
  /** @type {Map<string, CardElement>} */
  const cards = new Map();
  /** @type {{el: CardElement, from: BoardCard, card: BoardCard}[]} */
  const placed = [];
  for (const card of board.cards) {
    const el = /** @type {CardElement} */ (drawn.cards.get(card.key));
    const from = el.ykCard;
    const slot = layout.slots[card.pile];
    const pos = cardPosition(layout, card.pile, card.index);
    el.dataset.pile = card.pile;
    el.dataset.index = String(card.index);
    el.id = `${idPrefix}-${card.pile}-${card.index}`;
    el.style.left = `${pos.x - slot.x}px`;
    el.style.top = `${pos.y - slot.y}px`;
    el.style.zIndex = String(card.index + 1);
    el.ykCard = card;
    if (from.pile !== card.pile) /** @type {HTMLElement} */ (drawn.piles.get(card.pile)).append(el);
    placed.push({ el, from, card });
    cards.set(card.key, el);
  }
  return { cards, piles: drawn.piles, placed };
}

/**
 * The card element at (pile, index), or the pile's top card when index is null.
 * @param {Drawn} drawn
 * @param {PileId} pile
 * @param {number | null} index
 * @returns {CardElement | null}
 */
export function cardAt(drawn, pile, index) {
  /** @type {CardElement | null} */
  let found = null;
  for (const el of drawn.cards.values()) {
    const c = el.ykCard;
    if (c.pile !== pile) continue;
    if (index === null ? !found || c.index > found.ykCard.index : c.index === index) found = el;
  }
  return found;
}

/**
 * Elements of the group that moves with the card at (pile, index): it and all above it.
 * @param {Drawn} drawn
 * @param {PileId} pile
 * @param {number | null} index
 * @returns {CardElement[]}
 */
export function groupElements(drawn, pile, index) {
  const start = cardAt(drawn, pile, index);
  if (!start) return [];
  return [...drawn.cards.values()].filter((el) => el.ykCard.pile === pile && el.ykCard.index >= start.ykCard.index);
}
