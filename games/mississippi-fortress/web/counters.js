// Mississippi Fortress counters as a player reads them: a NATO-style unit-type symbol
// (infantry ✕, cavalry ╱, artillery ●, militia ✕ dashed, Leaders as stars), the size mark
// (XX division, X brigade, III regiment, II battalion), a readable name, the corps or J/P
// letter, and the strength — present SP for one's own counters, the printed SP in brackets
// for an enemy counter face up (its present strength stays secret, S4.4g), a Leader's
// Offensive-Defensive ratings. Everything comes from the view and the catalog's static data;
// nothing here decides a rule.

import { h, svg, title } from "../../js/ui.js";

export const COLORS = { union: "#2f4f8f", confederate: "#8a8a8a" };
export const W = 44;
export const H = 32;

/** The catalog's units by id (cached on the data object). */
export function unitIndex(data) {
  if (!data) return new Map();
  if (data._units) return data._units;
  const list = Array.isArray(data.units) ? data.units : Object.values(data.units || {});
  data._units = new Map(list.map((u) => [u.id, u]));
  return data._units;
}

/** The catalog entry of a counter of the view (numbered 0/0 replacements share one). */
export function unitOf(counter, data) {
  const units = unitIndex(data);
  const id = counter.unit || counter.id;
  if (!id) return null;
  return units.get(id) || units.get(String(id).replace(/-\d+$/, "")) || null;
}

const ROMAN = /^[ivxlc]+$/;
// The labels printed on the counters for the formations that are not a Corps numeral or a
// J/P letter (the catalog names them in kebab case).
const FORMATIONS = {
  "i-corps": "I", "dec62-1st": "1st Div.", "dec62-2nd": "2nd Div.", "dec62-3rd": "3rd Div.",
  "dec62-4th": "4th Div.", "dec62-stevenson": "Stevenson", "dec62-sd-lee": "S.D. Lee",
};

/** "XV", "P", "I", "1st Div." (7.3's divisions): a formation as printed. */
export function formationLabel(f) {
  if (!f) return "";
  const s = String(f);
  if (FORMATIONS[s]) return FORMATIONS[s];
  if (ROMAN.test(s) || s.length === 1) return s.toUpperCase();
  return s.split("-").map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");
}

/** infantry | militia | cavalry | artillery | leader | dummy | unknown. */
export function typeOf(counter, unit) {
  const k = String(unit?.kind || counter.kind || "");
  if (k.startsWith("infantry") || k === "division" || k === "brigade") return "infantry";
  if (["militia", "cavalry", "artillery", "leader", "dummy"].includes(k)) return k;
  return "unknown";
}

/** NATO size mark from the printed name and kind. */
function sizeOf(unit, counter) {
  const name = unit?.name || "";
  if (/Regiment$/.test(name)) return "III";
  if (/Battalion$/.test(name)) return "II";
  const k = String(unit?.kind || counter.kind || "");
  if (/Division$/.test(name) || k === "infantry-division" || k === "division") return "XX";
  if (/Brigade$/.test(name) || k === "infantry-brigade" || k === "brigade") return "X";
  return "";
}

/** A short name that still reads as the unit: "Stevenson", "1st Div", "XIII Corps", "Grant". */
export function shortName(unit, type) {
  let n = unit?.name || "";
  if (type === "leader") {
    return n.replace(/\s*\(.*\)\s*$/, "").replace(/^Replacement /, "Repl. ");
  }
  n = n.replace(/\s+(Division|Brigade|Regiment|Battalion)$/, "")
    .replace(/\s+(Cavalry|Artillery)$/, "")
    .replace(/'s?$/, "");
  return n.replace(/^(\d+(st|nd|rd|th))$/, "$1 Div");
}

/** Everything a counter shows, as text: name, short name, type, size, corps, strength. */
export function describeCounter(counter, data) {
  if (counter.hidden) {
    return { hidden: true, side: counter.side, name: `${title(counter.side)} counter (face down)`, short: "?", type: "hidden", size: "", corps: "", strength: "", notes: [] };
  }
  const unit = unitOf(counter, data);
  const type = typeOf(counter, unit);
  const corps = formationLabel(unit?.formation);
  let name = unit?.name || counter.id;
  if (corps && counter.side === "union" && type === "infantry") name = `${name} (${corps})`;
  if (type === "dummy") name = "Dummy";
  const ratings = unit?.leader?.ratings;
  const role = unit?.leader?.role;
  let strength = "";
  let strengthTitle = "";
  if (type === "leader") {
    if (ratings) { strength = `${ratings.offensive}-${ratings.defensive}`; strengthTitle = `ratings ${strength} (Offensive-Defensive)`; }
  } else if (counter.strength !== undefined) {
    strength = String(counter.strength);
    strengthTitle = `${counter.strength} SP present${unit?.strength ? ` of ${unit.strength} printed` : ""}`;
  } else if (unit?.strength) {
    strength = `(${unit.strength})`;
    strengthTitle = `printed ${unit.strength} SP (present strength unknown)`;
  }
  const notes = [];
  if (role) notes.push({ commander: "Commander", officer: "Officer", "commander-officer": "Commander/Officer" }[role] || role);
  if (counter.casualties) notes.push(`${counter.casualties} SP lost`);
  if (counter.stragglers) notes.push(counter.stragglers === 1 ? "1 straggler" : `${counter.stragglers} stragglers`);
  if (counter.ineffective) notes.push("ineffective");
  if (counter.in_comms === false) notes.push("out of communications");
  if (counter.moved) notes.push("moved");
  if (counter.pinned) notes.push("pinned");
  if (counter.face_up) notes.push("face up");
  return {
    hidden: false, side: counter.side, id: counter.id, name, type, role,
    short: type === "dummy" ? "Dummy" : shortName(unit, type) || counter.id,
    size: sizeOf(unit, counter), corps, strength, strengthTitle, notes,
  };
}

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return svg("polygon", { points: pts.join(" "), fill: "#f3d36b", stroke: "#5a4a16", "stroke-width": 0.4 });
}

/** The unit-type symbol in a 16 × 10 box whose top-left corner is (x, y). */
export function symbol(type, x, y, role) {
  const g = svg("g", { class: `symbol ${type}` });
  if (type === "leader") {
    const stars = role === "officer" ? 1 : 2;
    for (let i = 0; i < stars; i++) g.append(star(x + 8 + (i - (stars - 1) / 2) * 8, y + 5, 4.6));
    return g;
  }
  if (type === "hidden" || type === "unknown") return g;
  const box = { x, y, width: 16, height: 10, fill: "none", stroke: "#fff", "stroke-width": 1 };
  if (type === "militia") box["stroke-dasharray"] = "2 1.2";
  g.append(svg("rect", box));
  const line = (x1, y1, x2, y2) => svg("line", { x1, y1, x2, y2, stroke: "#fff", "stroke-width": 0.9 });
  if (type === "infantry" || type === "militia") g.append(line(x, y, x + 16, y + 10), line(x, y + 10, x + 16, y));
  if (type === "cavalry") g.append(line(x, y + 10, x + 16, y));
  if (type === "artillery") g.append(svg("circle", { cx: x + 8, cy: y + 5, r: 2.6, fill: "#fff" }));
  if (type === "dummy") g.append(svg("text", { x: x + 8, y: y + 8, "text-anchor": "middle", fill: "#fff", class: "dummy-mark" }, "D"));
  return g;
}

/** A text that keeps its whole name, squeezed into `width` when it is long. */
function fitted(text, x, y, width, attrs) {
  const t = svg("text", { x, y, ...attrs }, text);
  if (text.length * 3.7 > width) {
    t.setAttribute("textLength", width);
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return t;
}

/**
 * One counter drawn with its top-left corner at (x, y). `count` (face-down counters only)
 * draws one counter back for that many identical ones. `picked` outlines it (a counter
 * being moved or deployed).
 */
export function drawCounter(counter, data, x, y, { count = 1, picked = false } = {}) {
  const d = describeCounter(counter, data);
  const g = svg("g", {
    class: `counter ${d.side}${d.hidden ? " back" : ""}${picked ? " picked" : ""}`,
    transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
    "data-counter": d.id || "",
  });
  g.append(svg("rect", { width: W, height: H, rx: 2.5, fill: d.hidden ? `url(#back-${d.side})` : COLORS[d.side] || "#777", stroke: picked ? "#f2b705" : "#222", "stroke-width": picked ? 2.4 : 0.8 }));
  if (d.hidden) {
    g.append(svg("text", { x: W / 2, y: H / 2 + 4, "text-anchor": "middle", class: "back-count" }, count > 1 ? `×${count}` : "?"));
    g.append(svg("title", {}, count > 1 ? `${count} ${title(d.side)} counters, face down` : d.name));
    return g;
  }
  g.append(symbol(d.type, 4, 3, d.role));
  if (d.size) g.append(svg("text", { x: 22, y: 9, class: "size" }, d.size));
  g.append(fitted(d.short, W / 2, 21, W - 4, { "text-anchor": "middle", class: "name" }));
  if (d.corps) g.append(svg("text", { x: 3, y: 29.5, class: "corps" }, d.corps));
  if (d.strength) g.append(svg("text", { x: W - 3, y: 29.5, "text-anchor": "end", class: "strength" }, d.strength));
  if (counter.ineffective) g.append(svg("line", { x1: 1, y1: H - 1, x2: W - 1, y2: 1, stroke: "#e4572e", "stroke-width": 1.2 }));
  const tip = [d.name, d.corps && d.type !== "leader" ? `corps ${d.corps}` : "", d.strengthTitle, ...d.notes].filter(Boolean).join(" · ");
  g.append(svg("title", {}, tip));
  return g;
}

/** A small standalone SVG of one counter (for lists: the inspector, the Battle Board). */
export function counterIcon(counter, data, opts = {}) {
  const root = svg("svg", { viewBox: `-1 -1 ${W + 2} ${H + 2}`, width: W + 2, height: H + 2, class: "mf-counter-icon", "aria-hidden": "true" });
  root.append(svg("defs", {}, backPatterns()));
  root.append(drawCounter(counter, data, 0, 0, opts));
  return root;
}

/** The hatched counter backs of both sides. */
export function backPatterns() {
  return ["union", "confederate"].map((s) => svg("pattern", { id: `back-${s}`, width: 6, height: 6, patternUnits: "userSpaceOnUse" },
    svg("rect", { width: 6, height: 6, fill: COLORS[s] }), svg("path", { d: "M0 6 L6 0", stroke: "#ddd", "stroke-width": 1.2 })));
}

/** One line of a list: the counter, its full name, type and size, corps, strength, notes. */
export function counterLine(counter, data, opts = {}) {
  const d = describeCounter(counter, data);
  const kind = { infantry: "infantry", militia: "militia infantry", cavalry: "cavalry", artillery: "artillery", leader: "Leader", dummy: "dummy", unknown: "" }[d.type] || "";
  const size = { XX: "division", X: "brigade", III: "regiment", II: "battalion" }[d.size] || "";
  const bits = d.hidden ? ["face down"] : [
    [kind, kind === "Leader" ? "" : size].filter(Boolean).join(" "),
    d.corps && d.type !== "leader" ? `corps ${d.corps}` : "",
    d.strengthTitle, ...d.notes,
  ].filter(Boolean);
  return h("li", { class: `counter-line ${d.side}${opts.picked ? " picked" : ""}`, dataset: { counter: d.id || "" } },
    counterIcon(counter, data, opts), " ", h("span", { class: "counter-name" }, d.name),
    bits.length ? h("span", { class: "counter-facts" }, ` — ${bits.join(", ")}`) : "");
}

/**
 * A stack's counters as the map draws them: known counters one by one, each side's face-down
 * counters as one back with their number (they look alike; their order says nothing).
 */
export function mapTokens(counters) {
  const known = counters.filter((c) => !c.hidden);
  const out = known.map((c) => ({ counter: c, count: 1 }));
  for (const side of ["union", "confederate"]) {
    const backs = counters.filter((c) => c.hidden && c.side === side);
    if (backs.length) out.push({ counter: backs[0], count: backs.length });
  }
  return out;
}

/** The legend of the map's symbols. */
export function legend() {
  const sample = (type, role, label) => {
    const root = svg("svg", { viewBox: "0 0 20 12", width: 30, height: 18, "aria-hidden": "true" });
    root.append(svg("rect", { width: 20, height: 12, fill: COLORS.union, rx: 1.5 }), symbol(type, 2, 1, role));
    return h("li", {}, root, " ", label);
  };
  const back = svg("svg", { viewBox: "0 0 20 12", width: 30, height: 18, "aria-hidden": "true" },
    svg("defs", {}, backPatterns()), svg("rect", { width: 20, height: 12, fill: "url(#back-confederate)", rx: 1.5 }));
  const ship = svg("svg", { viewBox: "0 0 16 12", width: 24, height: 18, "aria-hidden": "true" },
    svg("path", { d: "M0 6 L14 6 L11 11 L3 11 Z M6 0 L6 6", fill: "#223", stroke: "#111" }));
  const battery = svg("svg", { viewBox: "0 0 18 12", width: 27, height: 18, "aria-hidden": "true" },
    svg("rect", { width: 18, height: 12, fill: "#7a1f1f", rx: 2 }), svg("text", { x: 9, y: 9, "text-anchor": "middle", fill: "#fff", "font-size": 7 }, "SB"));
  return h("details", { class: "mf-legend", id: "legend" },
    h("summary", {}, "Legend"),
    h("ul", {},
      sample("infantry", null, "Infantry (XX division, X brigade)"),
      sample("militia", null, "Militia infantry"),
      sample("cavalry", null, "Cavalry (III regiment)"),
      sample("artillery", null, "Artillery (II battalion)"),
      sample("leader", "officer", "Officer (ratings Offensive-Defensive)"),
      sample("leader", "commander", "Commander or Commander/Officer"),
      h("li", {}, back, " Face-down counters (×N: how many)"),
      h("li", {}, ship, " Gunboat; brown: transport steamer"),
      h("li", {}, battery, " Shore battery"),
      h("li", {}, h("span", { class: "swatch picked" }), " Picked up (being moved or deployed)"),
      h("li", {}, h("span", { class: "swatch target" }), " Where your choices lead: click it"),
      h("li", {}, "Numbers: 6 present SP of your own counter; (7) printed SP of an enemy counter face up; a red stroke: ineffective")));
}
