// Bloody Roads South: the hex grid of the sheets in play, from the game's static data
// (GET /api/catalog/bloody-roads-south), and the map drawn once in SVG: terrain (clear or
// wilderness), elevation (a tint by level and contour lines where the level changes), roads
// by class, trails dashed, the Unfinished Railroad, streams along hexsides, the Rapidan ford,
// the book's hex ids, clearing and place names, entry hexes; on joined sheets, where they meet.
//
// Geometry (rules reference, section 1.2): flat-topped hexes in vertical hexrows, even
// hexrows half a hex higher; B(c, r) is cell (c, r) and A(c, r) is cell (c − 6, r + 34), the
// sheets' `offset`. Hex numbers grow to the north (up).

import { svg } from "../../js/ui.js";

/** Hex radius (centre to corner) in SVG units. */
export const R = 20;
const HH = Math.sqrt(3) * R; // a hex's height
export const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"];
const ROAD_STYLE = {
  pike: { stroke: "#7a2f14", width: 4.2 },
  primary: { stroke: "#9a5a22", width: 3.4 },
  secondary: { stroke: "#a97b3c", width: 2.6 },
  trail: { stroke: "#6b4f2a", width: 1.6, dash: "4 3" },
};

/** "A17.10" → {sheet: "A", col: 17, hex: 10}; null for anything else. */
export function parseHex(id) {
  const m = /^([A-Z])(\d{1,2})\.(\d{2})$/.exec(typeof id === "string" ? id : "");
  return m ? { sheet: m[1], col: Number(m[2]), hex: Number(m[3]) } : null;
}

const key = (c, r) => `${c},${r}`;
const even = (c) => ((c % 2) + 2) % 2 === 0;

/** The neighbour of cell [c, r] across hexside `d` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW). */
export function neighbour([c, r], d) {
  const e = even(c);
  switch (d) {
    case 0: return [c, r + 1];
    case 3: return [c, r - 1];
    case 1: return e ? [c + 1, r + 1] : [c + 1, r];
    case 2: return e ? [c + 1, r] : [c + 1, r - 1];
    case 4: return e ? [c - 1, r] : [c - 1, r - 1];
    default: return e ? [c - 1, r + 1] : [c - 1, r];
  }
}

/** The sheets a scenario of the data uses: its `maps` (A, B or Both; both if not said). */
export function scenarioSheets(data, scenario) {
  const maps = (data?.scenarios || []).find((s) => s.id === scenario)?.maps;
  return maps === "A" || maps === "B" ? [maps] : ["A", "B"];
}

/** The sheets in play (by letter), and what lies on each cell. */
export class Grid {
  constructor(data, letters) {
    this.allSheets = Object.entries(data?.sheets || {}).map(([letter, s]) => ({
      letter,
      cols: s.hexrows, hexes: s.hexes, offset: s.offset || [0, 0],
      terrain: s.terrain || [], levels: s.levels || [],
    })).sort((a, b) => a.letter.localeCompare(b.letter));
    this.sheets = this.allSheets.filter((s) => letters.includes(s.letter));
    this.cells = [];
    const seen = new Set();
    for (const s of this.sheets) {
      for (let col = s.cols[0]; col <= s.cols[1]; col++) {
        for (let hex = s.hexes[0]; hex <= s.hexes[1]; hex++) {
          const c = col + s.offset[0];
          const r = hex + s.offset[1];
          if (seen.has(key(c, r))) continue;
          seen.add(key(c, r));
          this.cells.push([c, r]);
        }
      }
    }
    const xs = this.cells.map(([c]) => c);
    const rs = this.cells.map(([, r]) => r);
    this.bounds = { c0: Math.min(...xs), c1: Math.max(...xs), r0: Math.min(...rs), r1: Math.max(...rs) };
  }

  /** The sheets in play, in words ("Map A", "Maps A and B"). */
  get name() {
    const letters = this.sheets.map((s) => s.letter);
    return letters.length === 1 ? `Map ${letters[0]}` : `Maps ${letters.join(" and ")}`;
  }

  /** The cell [c, r] of a hex id of any sheet of the data. */
  cell(id) {
    const p = parseHex(id);
    if (!p) return null;
    const s = this.allSheets.find((x) => x.letter === p.sheet);
    const off = s ? s.offset : [0, 0];
    return [p.col + off[0], p.hex + off[1]];
  }

  /** The sheet in play holding a cell, with the cell's book numbers. */
  locate([c, r]) {
    for (const s of this.sheets) {
      const col = c - s.offset[0];
      const hex = r - s.offset[1];
      if (col >= s.cols[0] && col <= s.cols[1] && hex >= s.hexes[0] && hex <= s.hexes[1]) return { s, col, hex };
    }
    return null;
  }

  /** The book id of a cell in play (the first sheet's where two share a row, as the rules do). */
  id(cell) {
    return this.ids(cell)[0] || null;
  }

  /** Every book id of a cell in play: two on the row the joined sheets share. */
  ids([c, r]) {
    const out = [];
    for (const s of this.sheets) {
      const col = c - s.offset[0];
      const hex = r - s.offset[1];
      if (col >= s.cols[0] && col <= s.cols[1] && hex >= s.hexes[0] && hex <= s.hexes[1]) out.push(`${s.letter}${col}.${String(hex).padStart(2, "0")}`);
    }
    return out;
  }

  inPlay(cell) { return !!this.locate(cell); }

  /** "c" clear, "w" wilderness. */
  terrain(cell) {
    const at = this.locate(cell);
    return at ? (at.s.terrain[at.col - at.s.cols[0]] || "")[at.hex - at.s.hexes[0]] || "w" : "w";
  }

  /** The elevation level (a number). */
  level(cell) {
    const at = this.locate(cell);
    return at ? Number((at.s.levels[at.col - at.s.cols[0]] || "")[at.hex - at.s.hexes[0]] || 3) : 3;
  }

  /** The centre of a cell in SVG units (north up). */
  centre([c, r]) {
    return [c * 1.5 * R, -r * HH - (even(c) ? HH / 2 : 0)];
  }

  /** The corner of a cell at `deg` degrees (SVG angles: 0 east, 90 south). */
  corner(cell, deg) {
    const [x, y] = this.centre(cell);
    const a = (deg * Math.PI) / 180;
    return [x + R * Math.cos(a), y + R * Math.sin(a)];
  }

  /** The two ends of hexside `d` of a cell. */
  side(cell, d) {
    return [this.corner(cell, 240 + 60 * d), this.corner(cell, 300 + 60 * d)];
  }

  /** The extent of the sheets in play in SVG units, with a margin. */
  extent() {
    const pts = this.cells.map((cell) => this.centre(cell));
    const x0 = Math.min(...pts.map((p) => p[0])) - R * 1.5;
    const x1 = Math.max(...pts.map((p) => p[0])) + R * 1.5;
    const y0 = Math.min(...pts.map((p) => p[1])) - HH;
    const y1 = Math.max(...pts.map((p) => p[1])) + HH;
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }
}

export { key as cellKey };

const fmt = (p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`;

/** The outline of a cell as polygon points. */
export function hexPoints(grid, cell) {
  return [0, 60, 120, 180, 240, 300].map((a) => fmt(grid.corner(cell, a))).join(" ");
}

/** Terrain colour, darker with height. */
function fill(terrain, level) {
  const light = [86, 80, 74, 67, 60, 54][Math.max(0, Math.min(5, level))];
  return terrain === "c" ? `hsl(46, 58%, ${light}%)` : `hsl(96, 24%, ${light - 8}%)`;
}

/** Draws the static map: returns its SVG group. */
export function drawStatic(grid, data) {
  const root = svg("g", { class: "static" });
  const hexLayer = svg("g", { class: "hexes" });
  for (const cell of grid.cells) {
    const id = grid.id(cell);
    const t = grid.terrain(cell);
    const level = grid.level(cell);
    const poly = svg("polygon", {
      points: hexPoints(grid, cell), fill: fill(t, level), class: `hex ${t === "c" ? "clear" : "wilderness"}`,
      "data-hex": id, "data-cell": key(...cell), "data-level": level,
    });
    hexLayer.append(poly);
  }
  root.append(hexLayer);

  // Contours: a line along every hexside between two levels (each hexside once).
  let contour = "";
  for (const cell of grid.cells) {
    for (const d of [0, 1, 2]) {
      const n = neighbour(cell, d);
      if (!grid.inPlay(n) || grid.level(n) === grid.level(cell)) continue;
      const [a, b] = grid.side(cell, d);
      contour += `M${fmt(a)}L${fmt(b)}`;
    }
  }
  root.append(svg("path", { d: contour, class: "contour", "pointer-events": "none", fill: "none", stroke: "#7b5a33", "stroke-width": 1.4, "stroke-opacity": 0.7 }));

  // Streams along hexsides; the Rapidan wider.
  const streams = svg("g", { class: "streams", "pointer-events": "none" });
  for (const s of data?.streams || []) {
    let d = "";
    for (const hs of s.hexsides || []) {
      const [hex, dir] = String(hs).split(":");
      const cell = grid.cell(hex);
      const k = DIRECTIONS.indexOf(dir);
      if (!cell || k < 0 || (!grid.inPlay(cell) && !grid.inPlay(neighbour(cell, k)))) continue;
      const [a, b] = grid.side(cell, k);
      d += `M${fmt(a)}L${fmt(b)}`;
    }
    if (d) streams.append(svg("path", { d, class: `stream ${s.kind}`, fill: "none", stroke: "#3c70b0", "stroke-width": s.kind === "river" ? 6 : 2.6, "stroke-linecap": "round" }, svg("title", {}, s.name)));
  }
  root.append(streams);

  // Roads through hex centres, by class; trails dashed; then the railroad.
  const roads = svg("g", { class: "roads", "pointer-events": "none" });
  const order = ["trail", "secondary", "primary", "pike"];
  const list = [...(data?.roads || [])].sort((a, b) => order.indexOf(a.class) - order.indexOf(b.class));
  for (const road of list) {
    const st = ROAD_STYLE[road.class] || ROAD_STYLE.trail;
    const pts = (road.path || []).map((h) => grid.cell(h)).filter(Boolean).map((c) => grid.centre(c));
    if (pts.length < 2) continue;
    roads.append(svg("polyline", {
      points: pts.map(fmt).join(" "), class: `road ${road.class}`, fill: "none", stroke: st.stroke, "stroke-width": st.width,
      "stroke-dasharray": st.dash, "stroke-linejoin": "round", "stroke-linecap": "round",
    }, svg("title", {}, `${road.name} (${road.class === "pike" ? "pike" : road.class === "trail" ? "trail" : road.class + " road"})`)));
  }
  const rail = (data?.railroad?.path || []).map((h) => grid.cell(h)).filter(Boolean).map((c) => grid.centre(c));
  if (rail.length > 1) {
    const points = rail.map(fmt).join(" ");
    roads.append(svg("polyline", { points, class: "railroad", fill: "none", stroke: "#2b2b2b", "stroke-width": 1.4 }));
    roads.append(svg("polyline", { points, class: "railroad-ties", fill: "none", stroke: "#2b2b2b", "stroke-width": 5, "stroke-dasharray": "1.2 5" },
      svg("title", {}, data.railroad.name || "The Unfinished Railroad")));
  }
  for (const f of data?.fords || []) {
    const [hex, dir] = String(f.hexside).split(":");
    const cell = grid.cell(hex);
    const k = DIRECTIONS.indexOf(dir);
    if (!cell || k < 0 || !grid.inPlay(cell)) continue;
    const [a, b] = grid.side(cell, k);
    roads.append(svg("circle", { cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: 4, class: "ford", fill: "#fff", stroke: "#3c70b0", "stroke-width": 2 }, svg("title", {}, f.name)));
  }
  root.append(roads);

  // Hex ids (shown when zoomed in), then the names of clearings, places and entries.
  const ids = svg("g", { class: "hexids", "pointer-events": "none" });
  for (const cell of grid.cells) {
    const [x, y] = grid.centre(cell);
    ids.append(svg("text", { x: x.toFixed(1), y: (y - HH / 2 + 6.5).toFixed(1), class: "hexid", "text-anchor": "middle", "data-hex": grid.id(cell) }, grid.id(cell)));
  }
  root.append(ids);
  const names = svg("g", { class: "names", "pointer-events": "none" });
  const named = new Set();
  for (const c of data?.clearings || []) {
    const cells = (c.hexes || []).map((h) => grid.cell(h)).filter((x) => x && grid.inPlay(x));
    if (!cells.length) continue;
    const pts = cells.map((x) => grid.centre(x));
    const x = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const y = Math.min(...pts.map((p) => p[1])) - HH * 0.55;
    names.append(svg("text", { x: x.toFixed(1), y: y.toFixed(1), class: "clearing-name", "text-anchor": "middle" }, c.name));
    named.add(c.name);
  }
  for (const p of data?.places || []) {
    const cell = grid.cell(p.hex);
    if (!cell || !grid.inPlay(cell) || named.has(p.name) || /^[AB]\d/.test(p.name)) continue;
    const [x, y] = grid.centre(cell);
    names.append(svg("circle", { cx: x, cy: y + HH * 0.3, r: 1.8, class: "place-dot" }));
    names.append(svg("text", { x: x.toFixed(1), y: (y + HH * 0.3 + 8).toFixed(1), class: "place-name", "text-anchor": "middle" }, p.name));
  }
  for (const e of data?.entries || []) {
    for (const h of e.hexes || []) {
      const cell = grid.cell(h);
      if (!cell || !grid.inPlay(cell)) continue;
      const [x, y] = grid.centre(cell);
      names.append(svg("text", { x: x.toFixed(1), y: (y + HH * 0.42).toFixed(1), class: "entry-name", "text-anchor": "middle" }, `Entry ${e.code}`));
    }
  }
  root.append(names);
  if (grid.sheets.length > 1) root.append(drawSheetEdges(grid));
  return root;
}

/** Where joined sheets meet: each sheet's outline and its name at a corner of its own. */
function drawSheetEdges(grid) {
  const g = svg("g", { class: "sheet-edges", "pointer-events": "none" });
  const on = (s, [c, r]) => {
    const col = c - s.offset[0];
    const hex = r - s.offset[1];
    return col >= s.cols[0] && col <= s.cols[1] && hex >= s.hexes[0] && hex <= s.hexes[1];
  };
  for (const s of grid.sheets) {
    let d = "";
    for (const cell of grid.cells) {
      if (!on(s, cell)) continue;
      for (let k = 0; k < 6; k++) {
        if (on(s, neighbour(cell, k))) continue;
        const [a, b] = grid.side(cell, k);
        d += `M${fmt(a)}L${fmt(b)}`;
      }
    }
    // The name above the sheet's north-west hex, or below its south-west one where another
    // sheet covers the north-west.
    const top = [s.cols[0] + s.offset[0], s.hexes[1] + s.offset[1]];
    const shared = grid.sheets.some((x) => x !== s && on(x, top));
    const corner = shared ? [s.cols[0] + s.offset[0], s.hexes[0] + s.offset[1]] : top;
    const [x, y] = grid.centre(corner);
    g.append(svg("path", { d, class: "sheet-edge", "data-sheet": s.letter, fill: "none" }),
      svg("text", { x: x.toFixed(1), y: (y + (shared ? HH * 0.95 : -HH * 0.8)).toFixed(1), class: "sheet-name" }, `Map ${s.letter}`));
  }
  return g;
}
