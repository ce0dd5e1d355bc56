import test from "node:test";
import assert from "node:assert/strict";
import { join, leave, speaks, used } from "./speaker.js";

test("of two views of one widget only the one used last speaks; another widget speaks for itself", () => {
  const shared = { serial: 1 };
  const model = { get: () => shared };
  const other = { get: () => ({ serial: 1 }) };
  const a = join(model);
  const b = join(model);
  const c = join(other);
  assert.equal(speaks(a), true, "the first view speaks until one is used");
  assert.equal(speaks(b), false);
  assert.equal(speaks(c), true, "another widget's view is not a sibling");
  used(b);
  assert.equal(speaks(a), false);
  assert.equal(speaks(b), true);
  used(a);
  assert.deepEqual([speaks(a), speaks(b)], [true, false]);
  leave(a);
  assert.equal(speaks(b), true, "the view left speaks when the other goes");
  leave(b);
  leave(c);
});
