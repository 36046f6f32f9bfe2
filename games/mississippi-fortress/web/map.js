// The Mississippi Fortress theatre drawn from the map data: the 47 Areas as cells around their
// centres (a Voronoi schematic clipped to the map's edges), coloured by terrain, with rivers,
// roads, railroads, ridges, towns and the river arrows. Cells and arrows are click targets.

import { svg } from "../../js/ui.js";

const WIDTH = 1000;
const TERRAIN = {
  clear: "#ece3c6",
  defensible: "#d9c99b",
  swamp: "#b8c8a4",
  mountainous: "#c9b08a",
};

/** Projects lon/lat to the drawing (equirectangular, corrected for latitude). */
function projector(extent) {
  const lat0 = ((extent.north + extent.south) / 2) * Math.PI / 180;
  const kx = Math.cos(lat0);
  const w = (extent.east - extent.west) * kx;
  const s = WIDTH / w;
  const height = (extent.north - extent.south) * s;
  return { height, p: (lon, lat) => [(lon - extent.west) * kx * s, (extent.north - lat) * s] };
}

/** Sutherland–Hodgman: keeps the part of `poly` where dot(p - m, n) <= 0. */
function clip(poly, m, n) {
  const out = [];
  const side = (p) => (p[0] - m[0]) * n[0] + (p[1] - m[1]) * n[1];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const sa = side(a);
    const sb = side(b);
    if (sa <= 0) out.push(a);
    if ((sa < 0 && sb > 0) || (sa > 0 && sb < 0)) {
      const t = sa / (sa - sb);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

function cells(sites, height) {
  return sites.map((si, i) => {
    let poly = [[0, 0], [WIDTH, 0], [WIDTH, height], [0, height]];
    sites.forEach((sj, j) => {
      if (i === j || poly.length === 0) return;
      const m = [(si[0] + sj[0]) / 2, (si[1] + sj[1]) / 2];
      poly = clip(poly, m, [sj[0] - si[0], sj[1] - si[1]]);
    });
    return poly;
  });
}

const points = (pts) => pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ");

/** Draws the map. Returns the SVG, the centre and the cell of each Area, the position of each
 *  arrow, and a layer to draw counters on. `onPick(key)` gets "area:N" or "arrow:A3". */
export function drawMap(map, onPick) {
  const { height, p } = projector(map.extent);
  const centre = new Map(map.areas.map((a) => [a.id, p(a.centre.lon, a.centre.lat)]));
  const arrowAt = new Map(map.river_arrows.map((r) => [r.id, p(r.position.lon, r.position.lat)]));
  const polys = cells(map.areas.map((a) => centre.get(a.id)), height);

  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${height.toFixed(0)}`, role: "img", "aria-label": "Map of the Vicksburg campaign", class: "mf-map" });
  const defs = svg("defs", {},
    svg("pattern", { id: "swamp", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
      svg("path", { d: "M1 9 h4 M7 4 h4", stroke: "#6f8a63", "stroke-width": 1 })),
    svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#1d4f91" })));
  root.append(defs);

  const areaLayer = svg("g", { class: "areas" });
  map.areas.forEach((a, i) => {
    const terrain = String(a.terrain).toLowerCase();
    const fill = TERRAIN[terrain] || TERRAIN.clear;
    const g = svg("g", { class: `area terrain-${terrain}`, dataset: undefined, "data-key": `area:${a.id}`, tabindex: -1 });
    g.append(svg("polygon", { points: points(polys[i]), fill, stroke: "#8c7a58", "stroke-width": 1 }));
    if (terrain === "swamp") g.append(svg("polygon", { points: points(polys[i]), fill: "url(#swamp)", "pointer-events": "none" }));
    g.append(svg("title", {}, `Area ${a.id}: ${a.name} (${a.terrain})`));
    g.addEventListener("click", () => onPick(`area:${a.id}`));
    areaLayer.append(g);
  });
  root.append(areaLayer);

  const lines = svg("g", { class: "lines", "pointer-events": "none" });
  for (const road of map.roads || []) {
    for (let i = 0; i + 1 < road.areas.length; i++) {
      const [a, b] = [centre.get(road.areas[i]), centre.get(road.areas[i + 1])];
      if (a && b) lines.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#a08d68", "stroke-width": 1.2, "stroke-dasharray": "1 3", "stroke-linecap": "round" }));
    }
  }
  for (const rail of map.railroads || []) {
    const pts = rail.areas.map((id) => centre.get(id)).filter(Boolean);
    lines.append(svg("polyline", { points: points(pts), fill: "none", stroke: "#3b3128", "stroke-width": 1.5, "stroke-dasharray": "6 3" }));
  }
  for (const river of map.rivers || []) {
    const navigable = river.class === "navigable";
    const course = river.course.map((pt) => (Array.isArray(pt) ? p(pt[0], pt[1]) : p(pt.lon, pt.lat)));
    lines.append(svg("polyline", { points: points(course), fill: "none", stroke: "#4f7fbf", "stroke-width": navigable ? 7 : 3.5, "stroke-linejoin": "round", opacity: 0.9 }));
  }
  for (const border of map.borders || []) {
    if (String(border.kind).toLowerCase() !== "ridge") continue;
    const a = centre.get(border.a);
    const b = centre.get(border.b);
    if (!a || !b) continue;
    const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const d = [b[0] - a[0], b[1] - a[1]];
    const len = Math.hypot(d[0], d[1]) || 1;
    const n = [(-d[1] / len) * 16, (d[0] / len) * 16];
    lines.append(svg("line", { x1: m[0] - n[0], y1: m[1] - n[1], x2: m[0] + n[0], y2: m[1] + n[1], stroke: "#6b4b2a", "stroke-width": 5, "stroke-dasharray": "2 2" }));
  }
  root.append(lines);

  const labels = svg("g", { class: "labels", "pointer-events": "none" });
  for (const a of map.areas) {
    for (const town of a.towns || []) {
      const [x, y] = p(town.lon, town.lat);
      const big = (a.flags || []).includes("vicksburg") || (a.flags || []).includes("jackson");
      labels.append(svg("circle", { cx: x, cy: y, r: big ? 5 : 2.5, fill: big ? "#7a1f1f" : "#5a4a36" }));
      if (big) labels.append(svg("text", { x: x + 7, y: y + 4, class: "town" }, town.name));
    }
    const [x, y] = centre.get(a.id);
    labels.append(svg("text", { x, y: y - 14, class: "area-number", "text-anchor": "middle" }, a.id));
    labels.append(svg("text", { x, y: y - 3, class: "area-name", "text-anchor": "middle" }, a.name));
  }
  root.append(labels);

  const arrows = svg("g", { class: "arrows" });
  for (const r of map.river_arrows || []) {
    const [x, y] = arrowAt.get(r.id);
    const downstream = typeof r.downstream === "object" && r.downstream ? Object.values(r.downstream)[0] : r.downstream;
    const down = map.river_arrows.find((d) => d.id === downstream);
    const g = svg("g", { class: "river-arrow", "data-key": `arrow:${r.id}` });
    if (down) {
      const [dx, dy] = arrowAt.get(down.id);
      const len = Math.hypot(dx - x, dy - y) || 1;
      g.append(svg("line", { x1: x, y1: y, x2: x + ((dx - x) / len) * 18, y2: y + ((dy - y) / len) * 18, stroke: "#1d4f91", "stroke-width": 2.5, "marker-end": "url(#arrowhead)" }));
    }
    g.append(svg("circle", { cx: x, cy: y, r: 9, fill: "#e8f0fb", stroke: "#1d4f91", "stroke-width": 1.5 }));
    g.append(svg("text", { x, y: y + 3.5, "text-anchor": "middle", class: "arrow-id" }, r.id));
    g.append(svg("title", {}, `River arrow ${r.id}: ${r.name}`));
    g.addEventListener("click", () => onPick(`arrow:${r.id}`));
    arrows.append(g);
  }
  root.append(arrows);

  const counters = svg("g", { class: "counters" });
  root.append(counters);
  // Each Area's cell (a convex polygon around its centre): stacks are fitted inside it.
  const cellOf = new Map(map.areas.map((a, i) => [a.id, polys[i]]));
  return { root, centre, arrowAt, counters, height, cells: cellOf };
}
