// Mississippi Fortress: the theatre map with stacks in their Areas, ships on the river
// arrows, shore batteries, the Battle Board during a battle, and a status panel.

import { h, svg, title } from "../../js/ui.js";
import { drawMap } from "./map.js";

const COLORS = { union: "#2f4f8f", confederate: "#8a8a8a" };

function unitIndex(data) {
  if (!data || data._units) return data?._units || new Map();
  const list = Array.isArray(data.units) ? data.units : Object.values(data.units || {});
  data._units = new Map(list.map((u) => [u.id, u]));
  return data._units;
}

/** A counter's display name and short tag. */
function naming(counter, data) {
  if (counter.hidden) return { name: `${title(counter.side)} counter (face down)`, short: "?" };
  const unit = unitIndex(data).get(counter.unit || counter.id);
  const name = unit?.name || counter.id;
  const short = (unit?.short || unit?.abbreviation || name).split(/[\s(]/)[0].slice(0, 7);
  return { name, short };
}

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

function drawCounter(layer, x, y, counter, data) {
  const { name, short } = naming(counter, data);
  const g = svg("g", { class: `counter ${counter.side}${counter.hidden ? " back" : ""}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
  g.append(svg("rect", { width: 26, height: 18, rx: 2, fill: counter.hidden ? "url(#back-" + counter.side + ")" : COLORS[counter.side] || "#777", stroke: "#222", "stroke-width": 0.8 }));
  if (!counter.hidden) {
    g.append(svg("text", { x: 13, y: 8, "text-anchor": "middle", fill: "#fff" }, short));
    if (counter.strength !== undefined) g.append(svg("text", { x: 13, y: 16, "text-anchor": "middle", fill: "#fff" }, counter.strength));
    else if (counter.kind) g.append(svg("text", { x: 13, y: 16, "text-anchor": "middle", fill: "#fff" }, String(counter.kind).slice(0, 5)));
  }
  g.append(svg("title", {}, counter.hidden ? name : `${name}${counter.strength !== undefined ? ` · ${counter.strength} SP` : ""}${counter.kind ? ` · ${counter.kind}` : ""}`));
  layer.append(g);
}

function stack(layer, at, counters, data) {
  const perRow = 4;
  counters.forEach((c, i) => {
    const col = i % perRow;
    const row = Math.floor(i / perRow);
    const width = Math.min(counters.length, perRow) * 28;
    drawCounter(layer, at[0] - width / 2 + col * 28, at[1] + 4 + row * 20, c, data);
  });
}

function battlePanel(battle, data) {
  const side = (s) => {
    const info = battle.sides?.[s] || {};
    const lines = info.lines
      ? info.lines.map((l, i) => h("div", { class: "line" }, h("strong", {}, `Line ${i + 1}: `),
        l.counters.length ? l.counters.map((c) => naming(c, data).name).join(", ") : "empty",
        (info.orders || []).filter((o) => o.line === i).map((o) => h("span", { class: "order" }, ` — ${o.order}`))))
      : [h("p", { class: "muted" }, `${info.participants ?? "?"} counters, not yet revealed`)];
    const reserve = info.reserve ? h("div", { class: "line" }, h("strong", {}, "Reserve: "), info.reserve.map((c) => naming(c, data).name).join(", ") || "empty")
      : info.reserve_count !== undefined ? h("div", { class: "line" }, h("strong", {}, "Reserve: "), `${info.reserve_count} counters`) : "";
    return h("div", { class: `battle-side ${s}` }, h("h4", {}, `${title(s)}${s === battle.attacker ? " (attacking)" : " (defending)"}`), lines, reserve,
      info.losses !== undefined ? h("p", {}, `Losses: ${typeof info.losses === "object" ? JSON.stringify(info.losses) : info.losses}`) : "");
  };
  return h("section", { class: "battle-board", id: "battle-board" },
    h("h3", {}, `Battle in Area ${battle.area} — round ${battle.round}, ${String(battle.stage).replace(/_/g, " ")}`),
    h("div", { class: "battle-sides" }, side(battle.attacker), side(battle.defender)),
    (battle.results || []).length ? h("ul", { class: "results" }, battle.results.map((r) => h("li", {}, typeof r === "string" ? r : JSON.stringify(r)))) : "");
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
    if (map) {
      const drawn = drawMap(map, ctx.onPick);
      drawn.root.querySelector("defs").append(
        ...["union", "confederate"].map((s) => svg("pattern", { id: `back-${s}`, width: 6, height: 6, patternUnits: "userSpaceOnUse" },
          svg("rect", { width: 6, height: 6, fill: COLORS[s] }), svg("path", { d: "M0 6 L6 0", stroke: "#ddd", "stroke-width": 1.2 }))));
      for (const a of view.areas || []) {
        const at = drawn.centre.get(a.area);
        if (at) stack(drawn.counters, at, a.counters || [], ctx.data);
      }
      for (const spot of view.river || []) {
        const at = drawn.arrowAt.get(nodeKey(spot.node));
        if (!at) continue;
        spot.ships.forEach((ship, i) => {
          const g = svg("g", { class: `ship ${ship.side}`, transform: `translate(${at[0] + 12 + i * 16},${at[1] - 8})` });
          g.append(svg("path", { d: "M0 6 L14 6 L11 11 L3 11 Z M6 0 L6 6", fill: ship.transport ? "#6b5a3a" : "#223", stroke: "#111" }));
          g.append(svg("title", {}, `${ship.id}${ship.transport ? " (transport)" : ""}${ship.aboard?.length ? `, carrying ${ship.aboard.length}` : ""}`));
          drawn.counters.append(g);
        });
      }
      for (const b of view.batteries || []) {
        const at = drawn.centre.get(b.area);
        if (!at) continue;
        drawn.counters.append(svg("g", { class: "battery", transform: `translate(${at[0] - 32},${at[1] - 30})` },
          svg("rect", { width: 18, height: 12, fill: "#7a1f1f", rx: 2 }), svg("text", { x: 9, y: 9, "text-anchor": "middle", fill: "#fff" }, "SB"),
          svg("title", {}, `Shore battery ${b.id} (${b.state})`)));
      }
      const targets = new Set((view.actions || []).flatMap((a) => board.targets(a)));
      for (const el of drawn.root.querySelectorAll("[data-key]")) {
        if (targets.has(el.getAttribute("data-key"))) el.classList.add("target");
      }
      parts.push(drawn.root);
    } else {
      parts.push(h("p", { class: "muted" }, "The map data did not load."));
    }
    if (view.battle) parts.push(battlePanel(view.battle, ctx.data));
    container.replaceChildren(...parts);
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
    const units = unitIndex(data);
    const parts = Object.entries(event).filter(([k]) => k !== "type").map(([k, v]) => {
      if (typeof v === "string" && units.has(v)) return `${k.replace(/_/g, " ")} ${units.get(v).name}`;
      if (v && typeof v === "object") return `${k.replace(/_/g, " ")} ${JSON.stringify(v)}`;
      return `${k.replace(/_/g, " ")} ${v}`;
    });
    return `${String(event.type).replace(/_/g, " ")}${parts.length ? ": " + parts.join(", ") : ""}`;
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
