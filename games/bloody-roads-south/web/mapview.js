// Bloody Roads South: the hex map on screen, for a game's board and for the maps page: the
// static map (hexmap.js) and the off-map boxes (offmap.js) in an SVG with a layer for what
// changes; pan by dragging, zoom with the wheel or the buttons, the whole map at once, and a
// hex found by its book id (typed "B12.28": the map centres on it and marks it).

import { h, svg } from "../../js/ui.js";
import { drawStatic, hexPoints, R } from "./hexmap.js";
import { offMapBoxes, drawOffMap } from "./offmap.js";
import { findHex, hexSentence } from "./hexwords.js";

/** A map view of `grid`. `onCell(key, event)`: a click on a cell (a drag is not a click);
 *  `onDrag()`: a drag begins; `buttons`: more toolbar buttons, after the zoom. */
export function mapView(grid, data, { onCell = () => {}, onDrag = () => {}, buttons = [] } = {}) {
  const root = drawStatic(grid, data);
  const boxes = offMapBoxes(grid, data);
  const dynamic = svg("g", { class: "dynamic" });
  const found = svg("g", { class: "found-layer", "pointer-events": "none" });
  const el = svg("svg", { class: "brs-map", role: "img", "aria-label": `${grid.name} of the Wilderness`, preserveAspectRatio: "xMidYMid meet" },
    root, drawOffMap(boxes), dynamic, found);
  const wrap = h("div", { class: "brs-mapwrap" }, el);
  const v = { grid, data, svg: el, wrap, dynamic, boxes, vb: null };

  const input = h("input", { id: "hex-id", name: "hex", size: 7, placeholder: "B12.28", autocomplete: "off", "aria-label": "Hex id" });
  v.said = h("p", { class: "brs-found", id: "found-hex", "aria-live": "polite" });
  const form = h("form", { class: "brs-find", id: "find-hex", onsubmit: (e) => { e.preventDefault(); show(v, input.value); } },
    h("label", { for: "hex-id" }, "Find a hex "), input, h("button", { type: "submit" }, "Show"));
  v.toolbar = h("div", { class: "brs-toolbar", role: "toolbar", "aria-label": "Map" },
    h("button", { type: "button", id: "zoom-in", title: "Zoom in", onclick: () => zoom(v, 1 / 1.4) }, "+"),
    h("button", { type: "button", id: "zoom-out", title: "Zoom out", onclick: () => zoom(v, 1.4) }, "−"),
    ...buttons,
    h("button", { type: "button", id: "fit-map", onclick: () => fit(v) }, "Whole map"),
    form,
    h("span", { class: "muted hint" }, `${grid.name}: drag to pan, wheel to zoom; click a hex`));
  v.el = h("div", { class: "brs-mapview" }, v.toolbar, v.said, wrap);
  v.centre = (cells, reset) => centre(v, cells, reset);
  v.fit = () => fit(v);
  v.visible = (cell) => visible(v, cell);
  v.show = (typed) => show(v, typed);
  v.mark = (cell) => mark(v, found, cell);
  listen(v, onCell, onDrag);
  return v;
}

/** A typed hex: centred and marked, described in a sentence; or why it cannot be. */
function show(v, typed) {
  const at = findHex(v.grid, typed);
  v.said.classList.toggle("error", !!at.error);
  if (at.error) { v.said.textContent = at.error; return; }
  v.said.textContent = hexSentence(v.grid, v.data, at.cell);
  centre(v, [at.cell], !v.vb || v.vb.w > 24 * 1.5 * R);
  v.mark(at.cell);
}

/** The found hex outlined (one at a time). */
function mark(v, layer, cell) {
  layer.replaceChildren(svg("polygon", { points: hexPoints(v.grid, cell), class: "found", "data-hex": v.grid.id(cell) }));
}

/** The extent of the hexes and the off-map boxes. */
function extent(v) {
  const e = v.grid.extent();
  let [x0, y0, x1, y1] = [e.x, e.y, e.x + e.w, e.y + e.h];
  for (const b of v.boxes) {
    x0 = Math.min(x0, b.x - 4);
    y0 = Math.min(y0, b.y - 4);
    x1 = Math.max(x1, b.x + b.w + 4);
    y1 = Math.max(y1, b.y + b.h + 4);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Sets the viewBox; hex ids show only when zoomed in far enough to read them. */
function apply(v) {
  const b = v.vb;
  v.svg.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  v.svg.classList.toggle("far", b.w > 1100);
  v.svg.classList.toggle("very-far", b.w > 2200);
}

function aspect(v) {
  return (v.svg.clientHeight || 560) / (v.svg.clientWidth || 800);
}

function zoom(v, factor, about) {
  if (!v.vb) fit(v);
  const b = v.vb;
  const w = Math.max(8 * R * 1.5, Math.min(extent(v).w * 1.3, b.w * factor));
  const f = w / b.w;
  const [cx, cy] = about || [b.x + b.w / 2, b.y + b.h / 2];
  v.vb = { x: cx - (cx - b.x) * f, y: cy - (cy - b.y) * f, w, h: b.h * f };
  apply(v);
}

function fit(v) {
  const e = extent(v);
  const a = aspect(v);
  const w = Math.max(e.w, e.h / a);
  v.vb = { x: e.x + e.w / 2 - w / 2, y: e.y + e.h / 2 - (w * a) / 2, w, h: w * a };
  apply(v);
}

/** Centres the view on `cells`; zooms to about 16 hexrows when `reset` or not yet placed. */
function centre(v, cells, reset) {
  const pts = cells.map((c) => v.grid.centre(c));
  if (!pts.length) { fit(v); return; }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const a = aspect(v);
  // About 16 hexrows on a desktop, fewer on a phone: a hex stays big enough to read and click.
  const w = !v.vb || reset ? Math.max(8, Math.min(16, (v.svg.clientWidth || 800) / 52)) * 1.5 * R : v.vb.w;
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  v.vb = { x: cx - w / 2, y: cy - (w * a) / 2, w, h: w * a };
  apply(v);
}

function visible(v, cell) {
  const [x, y] = v.grid.centre(cell);
  const b = v.vb;
  return !!b && x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h;
}

/** Drag to pan, wheel to zoom, click a hex (a drag is not a click). */
function listen(v, onCell, onDrag) {
  const el = v.svg;
  let drag = null;
  const toSvg = (e) => {
    const m = el.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !v.vb) return;
    const hit = e.target.closest?.("[data-cell]");
    drag = { x: e.clientX, y: e.clientY, vb: { ...v.vb }, moved: false, cell: hit?.getAttribute("data-cell") || null };
  });
  el.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    if (!drag.moved) { drag.moved = true; el.setPointerCapture?.(e.pointerId); onDrag(); }
    const scale = Math.max(v.vb.w / (el.clientWidth || 1), v.vb.h / (el.clientHeight || 1));
    v.vb = { ...v.vb, x: drag.vb.x - dx * scale, y: drag.vb.y - dy * scale };
    apply(v);
  });
  const end = (e) => {
    if (!drag) return;
    const was = drag;
    drag = null;
    if (!was.moved && was.cell && e.type === "pointerup") onCell(was.cell, e);
  };
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", end);
  el.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoom(v, e.deltaY < 0 ? 1 / 1.2 : 1.2, toSvg(e));
  }, { passive: false });
}
