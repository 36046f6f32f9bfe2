// Bloody Roads South: one hex of the maps in words, from the static data: its place name, its
// ground, the roads through it; and a hex id typed by a player found on the sheets in play.

import { parseHex } from "./hexmap.js";
import { listWords } from "./words.js";

/** The name of the place or clearing at any of a hex's ids, or "". */
export function placeName(data, ids) {
  const list = Array.isArray(ids) ? ids : [ids];
  for (const p of data?.places || []) if (list.includes(p.hex) && !/^[AB]\d/.test(p.name)) return p.name;
  for (const c of data?.clearings || []) if ((c.hexes || []).some((x) => list.includes(x))) return c.name;
  return "";
}

/** "clear, level 5" */
export function groundWords(grid, cell) {
  return `${grid.terrain(cell) === "c" ? "clear" : "wilderness"}, level ${grid.level(cell)}`;
}

/** The roads and the railroad through a hex (any of its ids), by name. */
function roadsThrough(data, ids) {
  const on = (path) => (path || []).some((x) => ids.includes(x));
  const roads = (data?.roads || []).filter((r) => on(r.path)).map((r) => r.name);
  if (on(data?.railroad?.path)) roads.push(data.railroad.name || "the Unfinished Railroad");
  return [...new Set(roads)];
}

/** A hex in one sentence: "B12.28 (Chewning Farm): clear, level 5; the Parker's Store Road." */
export function hexSentence(grid, data, cell) {
  const ids = grid.ids(cell);
  const name = placeName(data, ids);
  const roads = roadsThrough(data, ids);
  const also = ids.length > 1 ? ` (also ${ids.slice(1).join(", ")}, where the maps join)` : "";
  return `${ids[0]}${also}${name ? `, ${name}` : ""}: ${groundWords(grid, cell)}` +
    (roads.length ? `; ${roads.length === 1 ? "road" : "roads"}: ${listWords(roads)}.` : ".");
}

/** A typed hex id found: {cell} on the sheets in play, or {error} in a sentence. */
export function findHex(grid, typed) {
  const p = parseHex(String(typed || "").trim().toUpperCase());
  if (!p) return { error: `“${String(typed || "").trim()}” is not a hex: give its sheet, hexrow and hex, such as B12.28.` };
  const id = `${p.sheet}${p.col}.${String(p.hex).padStart(2, "0")}`;
  const cell = grid.cell(id);
  if (!cell || !grid.inPlay(cell) || !grid.ids(cell).includes(id)) return { error: `Hex ${id} is not on ${grid.name}.` };
  return { cell, id };
}
