// JSON Patch (RFC 6902): the add, remove and replace operations the server sends.

function tokens(path) {
  if (path === "") return [];
  return path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Applies `ops` to `doc` and returns the new document (the root may be replaced). */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const path = tokens(op.path);
    if (path.length === 0) {
      if (op.op === "remove") throw new Error("cannot remove the root");
      doc = structuredClone(op.value);
      continue;
    }
    const last = path.pop();
    let parent = doc;
    for (const t of path) {
      parent = Array.isArray(parent) ? parent[Number(t)] : parent[t];
      if (parent === undefined) throw new Error(`bad path ${op.path}`);
    }
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(index, 0, op.value);
      else if (op.op === "remove") parent.splice(index, 1);
      else parent[index] = op.value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = op.value;
    }
  }
  return doc;
}
