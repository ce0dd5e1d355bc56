/**
 * Predicted drops: the board a move listed in `state.legal` leads to, drawn at once instead of
 * after Python's round trip.
 *
 * The page still decides no rule: it predicts only moves Python itself listed as legal, and
 * only where the cards go. What the page cannot know stays as it was: a face-down card the
 * move uncovers stays a back, counters and status are unchanged, and nothing is legal until
 * Python's next `state` (the truth) replaces the prediction.
 *
 * Pure: no DOM.
 */

/**
 * The state drawn after moving the group at (source, index) to target, or null when that move
 * is not in `state.legal` (or does not fit the piles as sent).
 * @returns {object|null} a state-shaped object with `predicted: true`
 */
export function predictMove(state, source, index, target) {
  index = index ?? null;
  const listed = (state?.legal || []).some(([s, i, t]) => s === source && (i ?? null) === index && t === target);
  if (!listed || source === target) return null;

  const tableau = state.tableau.slice();
  const foundations = state.foundations.slice();
  const cells = (state.cells || []).slice();
  const find = (list, id) => list.findIndex((p) => p.id === id);

  // Lift the group off its source.
  let group;
  let k;
  if ((k = find(tableau, source)) >= 0) {
    const col = tableau[k];
    const j = index === null ? -1 : index - col.down;
    if (j < 0 || j >= col.up.length) return null;
    group = col.up.slice(j);
    tableau[k] = { ...col, up: col.up.slice(0, j) }; // a card it uncovers stays face down
  } else if ((k = find(foundations, source)) >= 0) {
    const f = foundations[k];
    if (index !== null || !f.cards.length) return null;
    group = f.cards.slice(-1);
    foundations[k] = { ...f, cards: f.cards.slice(0, -1) };
  } else if ((k = find(cells, source)) >= 0) {
    if (index !== null || !cells[k].card) return null;
    group = [cells[k].card];
    cells[k] = { ...cells[k], card: null };
  } else {
    return null;
  }

  // Put it on the target.
  if ((k = find(tableau, target)) >= 0) {
    tableau[k] = { ...tableau[k], up: tableau[k].up.concat(group) };
  } else if ((k = find(foundations, target)) >= 0) {
    if (group.length !== 1) return null;
    foundations[k] = { ...foundations[k], cards: foundations[k].cards.concat(group) };
  } else if ((k = find(cells, target)) >= 0) {
    if (group.length !== 1 || cells[k].card) return null;
    cells[k] = { ...cells[k], card: group[0] };
  } else {
    return null;
  }

  return {
    ...state,
    tableau,
    foundations,
    cells,
    legal: [], // unknown until Python answers: no move is offered from a guess
    hint: null,
    last: { kind: "move", moves: [{ card: group[0], source, index, target, flipped: null }] },
    announcement: "",
    predicted: true,
  };
}
