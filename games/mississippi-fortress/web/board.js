// Mississippi Fortress: the Battle Board during a battle (battle.js), the theatre map with
// each Area's stack fitted inside it (counters: counters.js; a click opens the stack
// inspector), ships on the river arrows, shore batteries, the counters being moved picked
// out, a legend, the status panel, and the log as sentences (events.js).

import { h, svg, title } from "../../js/ui.js";
import { drawMap } from "./map.js";
import { W, H, unitIndex, drawCounter, counterLine, mapTokens, legend, backPatterns } from "./counters.js";
import { battleBoard, areaName } from "./battle.js";
import { describeEvent } from "./events.js";

function mapOf(data) {
  const map = data?.map;
  if (!map) return null;
  // Accept either the data file's names or the loader's.
  return { ...map, river_arrows: map.river_arrows || map.arrows || [] };
}

function nodeKey(node) {
  if (typeof node === "string") return node;
  if (node && typeof node === "object") return node.arrow || node.Arrow || Object.values(node)[0];
  return String(node);
}

/** Whether `p` lies inside the convex polygon `poly` (either winding). */
function inside(poly, p) {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (Math.abs(cross) < 1e-9) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * Where a stack of `n` counters goes in its Area: the columns, the scale and the top-left
 * corner that keep every counter inside the Area's cell (below its name where there is room),
 * so that no counter is ever drawn over a neighbouring Area.
 */
function fit(n, centre, cell) {
  const gap = 2;
  let best = null;
  for (let cols = 1; cols <= Math.min(n, 5); cols++) {
    const rows = Math.ceil(n / cols);
    const w = cols * (W + gap) - gap;
    const ht = rows * (H + gap) - gap;
    for (const dy of [2, -ht / 2]) {
      const fits = (s) => {
        const x0 = centre[0] - (w * s) / 2;
        const y0 = centre[1] + dy * s;
        return [[x0, y0], [x0 + w * s, y0], [x0, y0 + ht * s], [x0 + w * s, y0 + ht * s]].every((p) => !cell || inside(cell, p));
      };
      let lo = 0;
      let hi = 1;
      if (fits(1)) lo = 1;
      else for (let k = 0; k < 14; k++) { const mid = (lo + hi) / 2; if (fits(mid)) lo = mid; else hi = mid; }
      // Below the Area's name unless that makes the stack much smaller.
      const score = lo - (dy < 0 ? 0.15 : 0);
      const s = Math.max(lo, 0.3);
      if (!best || score > best.score + 1e-6) best = { score, cols, w, ht, s, x: centre[0] - (w * s) / 2, y: centre[1] + dy * s };
    }
  }
  return best;
}

/** Draws one Area's stack; a click on it opens the stack inspector. */
function stack(layer, area, centre, cell, counters, data, picked, onInspect) {
  const tokens = mapTokens(counters);
  if (!tokens.length) return;
  const f = fit(tokens.length, centre, cell);
  const g = svg("g", { class: "stack", "data-area": area, transform: `translate(${f.x.toFixed(1)},${f.y.toFixed(1)}) scale(${f.s.toFixed(3)})` });
  // The whole stack is one click target, gaps included.
  g.append(svg("rect", { x: -1, y: -1, width: f.w + 2, height: f.ht + 2, fill: "transparent" }));
  tokens.forEach((t, i) => {
    const col = i % f.cols;
    const row = Math.floor(i / f.cols);
    g.append(drawCounter(t.counter, data, col * (W + 2), row * (H + 2), { count: t.count, picked: picked.has(t.counter.id) }));
  });
  g.addEventListener("click", (e) => { e.stopPropagation(); onInspect(area); });
  layer.append(g);
}

/** The stack inspector: every counter of an Area with its full name, type, corps, strength. */
function inspector(area, view, data, picked, close) {
  const found = (view.areas || []).find((a) => a.area === area);
  const counters = found?.counters || [];
  const map = data?.map?.areas || [];
  const a = map.find((x) => x.id === area);
  const known = counters.filter((c) => !c.hidden);
  const backs = ["union", "confederate"].map((side) => [side, counters.filter((c) => c.hidden && c.side === side).length]).filter(([, n]) => n);
  return h("section", { class: "stack-inspector panel", id: "stack-inspector", dataset: { area } },
    h("button", { class: "link close", onclick: close, "aria-label": "Close the stack inspector" }, "✕"),
    h("h4", {}, `${areaName(area, data)}${a ? ` · ${String(a.terrain)}` : ""}`),
    counters.length ? "" : h("p", { class: "muted" }, "No counters."),
    known.length ? h("ul", { class: "bb-counters" }, known.map((c) => counterLine(c, data, { picked: picked.has(c.id) }))) : "",
    backs.map(([side, n]) => h("p", { class: "muted" }, `${n} ${title(side)} counter${n === 1 ? "" : "s"} face down (identity and strength unknown).`)));
}

/** A seat's own business in the status panel: its scheduled reinforcements and the 7.11 roll. */
function ownPanel(priv, side) {
  if (!priv) return [];
  const out = [];
  const groups = priv.reinforcements || [];
  if (groups.length) {
    out.push(h("dt", {}, `${title(side)} reinforcements`),
      h("dd", { class: "reinforcements" }, groups.map((g) => `Turn ${g.turn}: ${g.units.length} to Area ${g.area}${g.withheld ? " (withheld)" : ""}`).join("; ")));
  }
  if (priv.entry_roll != null) {
    out.push(h("dt", {}, "Variable Entry roll"), h("dd", {}, `${priv.entry_roll} (7.11)`));
  }
  return out;
}

const AREA_FIELDS = /^(area|to|from|into|target|destination|at|where)$/;
const ARROW_FIELDS = /^(arrow|node)$/;

// A ship not on the river (4.15a, 7.21a, 7.21c, 7.21d): always public.
/** Ships not on the river, grouped by why, with their printed names: "Union, arriving on
 *  turn 3 off the north edge: Choctaw, Cincinnati …". */
function offRiver(ships, data) {
  const units = data ? unitIndex(data) : new Map();
  const groups = new Map();
  for (const s of ships) {
    const o = s.off || {};
    const why = o.kind === "support" ? `supporting the battery in Area ${o.area}`
      : o.kind === "damaged" ? `damaged, back on turn ${o.turn}`
      : o.kind === "awaiting" ? `arriving on turn ${o.turn} off the ${String(o.edge).replace("-edge", " edge")}`
      : "to be set up";
    const key = `${title(s.side)}, ${why}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(units.get(s.id)?.name || s.id);
  }
  return [...groups].map(([key, names]) => h("div", { class: "ships-off" }, `${key}: ${names.join(", ")}`));
}

export const board = {
  render(container, view, ctx) {
    const map = mapOf(ctx.data);
    const parts = [];
    const picked = new Set(view.moving?.counters || []);
    const rerender = () => board.render(container, view, ctx);
    // A click on a stack opens its inspector; where the Area is also where a choice leads,
    // it makes that choice too, as a click on the Area beside the stack would.
    const targets = new Set((view.actions || []).flatMap((a) => board.targets(a)));
    const inspect = (area) => {
      container._mfInspect = area;
      rerender();
      if (targets.has(`area:${area}`)) ctx.onPick(`area:${area}`);
    };
    if (view.battle) parts.push(battleBoard(view, ctx));
    if (map) {
      const drawn = drawMap(map, ctx.onPick);
      drawn.root.querySelector("defs").append(...backPatterns());
      for (const a of view.areas || []) {
        const at = drawn.centre.get(a.area);
        if (at) stack(drawn.counters, a.area, at, drawn.cells?.get(a.area), a.counters || [], ctx.data, picked, inspect);
      }
      for (const spot of view.river || []) {
        const at = drawn.arrowAt.get(nodeKey(spot.node));
        if (!at) continue;
        spot.ships.forEach((ship, i) => {
          const name = unitIndex(ctx.data).get(ship.id)?.name || ship.id;
          const g = svg("g", { class: `ship ${ship.side}`, transform: `translate(${at[0] + 12 + i * 16},${at[1] - 8})` });
          g.append(svg("path", { d: "M0 6 L14 6 L11 11 L3 11 Z M6 0 L6 6", fill: ship.transport ? "#6b5a3a" : "#223", stroke: "#111" }));
          g.append(svg("title", {}, `${name} (${title(ship.side)}${ship.transport ? " transport" : ""})${ship.aboard?.length ? `, carrying ${ship.aboard.length}` : ""}`));
          drawn.counters.append(g);
        });
      }
      for (const b of view.batteries || []) {
        const at = drawn.centre.get(b.area);
        if (!at) continue;
        const name = unitIndex(ctx.data).get(b.id)?.name || b.id;
        drawn.counters.append(svg("g", { class: "battery", transform: `translate(${at[0] - 32},${at[1] - 30})` },
          svg("rect", { width: 18, height: 12, fill: "#7a1f1f", rx: 2 }), svg("text", { x: 9, y: 9, "text-anchor": "middle", fill: "#fff" }, "SB"),
          svg("title", {}, `${name} (${b.state})`)));
      }
      for (const el of drawn.root.querySelectorAll("[data-key]")) {
        const key = el.getAttribute("data-key");
        if (targets.has(key)) el.classList.add("target");
        if (view.moving && key === `area:${view.moving.at}`) el.classList.add("picked");
      }
      parts.push(drawn.root);
    } else {
      parts.push(h("p", { class: "muted" }, "The map data did not load."));
    }
    if (container._mfInspect != null) {
      parts.push(inspector(container._mfInspect, view, ctx.data, picked, () => { container._mfInspect = null; rerender(); }));
    }
    parts.push(legend());
    // Keep the legend open across updates if the player opened it.
    const wasOpen = container.querySelector("#legend")?.open;
    container.replaceChildren(...parts);
    if (wasOpen) container.querySelector("#legend").open = true;
  },

  status(view, data) {
    const vp = view.vp || {};
    return h("dl", { class: "mf-status" },
      h("dt", {}, "Turn"), h("dd", { id: "turn" }, `${view.turn} of ${view.last_turn}${view.dates ? ` (${view.dates})` : ""}`),
      h("dt", {}, "Phase"), h("dd", { id: "phase" }, `${view.phase?.player ? title(view.phase.player) + " " : ""}${view.phase?.name || ""}${view.phase?.segment ? " · " + view.phase.segment : ""}`),
      h("dt", {}, "Weather"), h("dd", {}, `${view.weather || "?"}${view.continuing_rain ? " (continuing)" : ""}`),
      h("dt", {}, "Victory points"), h("dd", {}, `Union ${vp.union ?? 0} · Confederate ${vp.confederate ?? 0}`),
      view.siege?.besieged || view.siege?.supplies != null
        ? [h("dt", {}, "Vicksburg"), h("dd", { id: "siege" }, `${view.siege.besieged ? "besieged" : "not besieged"}${view.siege.supplies != null ? `, supplies ${view.siege.supplies}` : ""}`)]
        : "",
      view.naval_combat ? [h("dt", {}, "Naval combat"), h("dd", {}, `at ${view.naval_combat.node}, round ${view.naval_combat.round}`)] : "",
      view.grand_gulf_count ? [h("dt", {}, "Grand Gulf"), h("dd", {}, `gunboat opposite: ${view.grand_gulf_count} of 5 phases`)] : "",
      (view.ships_off || []).length ? [h("dt", {}, "Ships off the river"), h("dd", { id: "ships-off" }, offRiver(view.ships_off, data))] : "",
      ...["union", "confederate"].flatMap((side) => ownPanel(view[`${side}_private`], side)));
  },

  describe(event, data) {
    return describeEvent(event, data);
  },

  targets(action) {
    const keys = [];
    for (const [k, v] of Object.entries(action)) {
      if (AREA_FIELDS.test(k) && Number.isInteger(v)) keys.push(`area:${v}`);
      if (ARROW_FIELDS.test(k) && v !== null) keys.push(`arrow:${nodeKey(v)}`);
      // A ship's station (7.21a, 7.21d): an arrow, or in support of the battery of an Area.
      if (k === "at" && v && typeof v === "object") {
        if (typeof v.arrow === "string") keys.push(`arrow:${v.arrow}`);
        if (Number.isInteger(v.support)) keys.push(`area:${v.support}`);
      }
    }
    return keys;
  },
};
