/**
 * A small element builder: h(doc, "button", {class: "x", dataset: {action: "undo"}}, "Undo").
 * Attributes: `class`, `dataset` (an object), `on…` (listeners), element properties given as
 * non-strings (`size: 8`), anything else as an attribute (true: present; null, undefined, false: left out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | null | undefined | false | (Node | string)[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(doc, tag, attrs = {}, ...children) {
  const el = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== "string") /** @type {any} */ (el)[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}
