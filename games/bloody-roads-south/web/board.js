// Bloody Roads South: the hex map of the sheets the scenario uses (mapview.js: pan, zoom, a
// hex found by its id, the off-map boxes), stacks on it (counters.js), the offered actions
// that name a hex as highlights to click, a stack inspector, the order pad and the order log
// (pad.js), the counters off the map, the scenario's Turn Record Track with the current turn,
// and a status panel. Loaded through /web/games/boards.js, which also finds `maps`, the page
// that shows the maps without a game (mapspage.js).

import { h, svg, title } from "../../js/ui.js";
import { Grid, scenarioSheets, hexPoints, parseHex, cellKey, R } from "./hexmap.js";
import { mapView } from "./mapview.js";
import { placeName, groundWords } from "./hexwords.js";
import { offMapPanel } from "./offmap.js";
import { turnTrack } from "./track.js";
import { mapsPage } from "./mapspage.js";
import { drawStack } from "./counters.js";
import { orderPad, orderLog, textActions } from "./pad.js";
import { batchPad, batchAction } from "./batchpad.js";
import { side, ownCounter, topCounter, contentsWords, facingWords, counterName } from "./words.js";
import { listsPanel, LIST_TYPES } from "./lists.js";

/** Fields of an action that are not places on the map. */
const NOT_HEX = new Set(["label", "text", "type"]);

/** The hex ids an action names (its `hex`, `to`, a filled `objective` ...). */
function hexesOf(action) {
  const out = [];
  for (const [k, v] of Object.entries(action || {})) {
    if (!NOT_HEX.has(k) && parseHex(v)) out.push(v);
  }
  return out;
}

/** Does the viewer see every counter of this stack? */
const inFull = (stack, viewer) => viewer === "omniscient" || stack.side === viewer;

/** The board's state, kept on its container across renders (pan, zoom, selection, pad). */
function boardState(container, view, ctx) {
  const scenario = view?.scenario?.id || "";
  let st = container._brs;
  if (st && st.scenario === scenario && st.data === ctx.data && st.root.parentNode === container) return st;
  st = { scenario, data: ctx.data, selected: null, picking: false, renders: 0, targetSig: "" };
  container._brs = st;
  st.grid = ctx.data ? new Grid(ctx.data, scenarioSheets(ctx.data, scenario)) : null;
  st.track = h("div");
  st.cue = h("p", { class: "brs-cue", id: "your-turn" });
  st.inspector = h("section", { class: "panel brs-inspector", id: "stack-inspector" });
  st.log = h("div");
  st.offMap = h("div");
  st.pad = orderPad(async (action) => {
    const before = st.renders;
    await st.ctx.choose?.(action);
    return st.renders > before;
  }, (on) => { st.picking = on; st.map?.svg.classList.toggle("picking", on); });
  // The choices that carry a list: a group to move, the firers, the set-up's choices.
  st.lists = listsPanel((action) => st.ctx.choose?.(action), () => selectedOwnStack(st));
  st.batch = batchPad(async (action) => {
    const before = st.renders;
    await st.ctx.choose?.(action);
    return st.renders > before;
  }, (on) => { st.picking = on; st.map?.svg.classList.toggle("picking", on); });
  const parts = [st.cue];
  if (st.grid && st.grid.cells.length) {
    st.map = mapView(st.grid, ctx.data, {
      onCell: (key, e) => clickCell(st, key, e),
      onDrag: () => hideMenu(st),
      buttons: [h("button", { type: "button", id: "centre-action", onclick: () => st.map.centre(focusCells(st), true) }, "Centre on the action")],
    });
    st.dynamic = st.map.dynamic;
    st.menu = h("div", { class: "brs-menu", id: "hex-menu", hidden: true, role: "menu" });
    st.map.wrap.append(st.menu);
    st.menu.addEventListener("keydown", (e) => { if (e.key === "Escape") hideMenu(st); });
    parts.push(st.map.el);
    // The same choices as a list, for the keyboard and for a choice hard to find on the map.
    st.listed = h("details", { class: "brs-listed", id: "map-choices", hidden: true });
    parts.push(st.listed);
  } else {
    parts.push(h("p", { class: "muted" }, "The map data did not load; the choices are listed beside."));
  }
  parts.push(h("div", { class: "brs-panels" }, st.lists.el, st.inspector, st.batch.el, st.pad.el, st.log, st.offMap, st.track,
    st.map && st.map.boxes.length ? offMapPanel(st.map.boxes) : ""));
  st.root = h("div", { class: "brs-board" }, parts);
  container.replaceChildren(st.root);
  return st;
}

/** Where the action is: the hexes the viewer may choose, else its stacks, else any stack,
 *  else the first clearing in play. */
function focusCells(st) {
  const view = st.view || {};
  const grid = st.grid;
  const cells = (ids) => ids.map((id) => grid.cell(id)).filter((c) => c && grid.inPlay(c));
  const targets = cells((view.actions || []).flatMap(hexesOf));
  if (targets.length) return targets;
  const own = cells((view.stacks || []).filter((s) => inFull(s, st.ctx.viewer)).map((s) => s.hex));
  if (own.length) return own;
  const any = cells((view.stacks || []).map((s) => s.hex));
  if (any.length) return any;
  for (const c of st.data?.clearings || []) {
    const found = cells(c.hexes || []);
    if (found.length) return found;
  }
  return [];
}

function hideMenu(st) {
  if (st.menu) { st.menu.hidden = true; st.menu.replaceChildren(); st.menuActions = []; }
}

/** A click on a hex: the objective of the order being written; else the hex's one action, or
 *  a menu of its actions; and the stack there into the inspector. */
function clickCell(st, key, e) {
  hideMenu(st);
  const id = st.grid.id(key.split(",").map(Number));
  if (st.picking) {
    if (st.batch.state.offered) st.batch.setObjective(id); else st.pad.setObjective(id);
    draw(st);
    return;
  }
  const stack = (st.view.stacks || []).find((s) => { const c = st.grid.cell(s.hex); return c && cellKey(...c) === key; });
  if (stack) { st.selected = key; inspect(st); draw(st); st.lists.update(st.view, st.view.actions || []); }
  const actions = st.cellActions.get(key) || [];
  if (!actions.length) return;
  if (actions.length === 1 && actions[0].direct) { play(st, actions[0].action, id); return; }
  const r = st.map.wrap.getBoundingClientRect();
  st.menuActions = actions.map(({ action }) => action.label || action.type);
  st.menu.replaceChildren(h("p", { class: "menu-title" }, `${id}${stack ? ` · ${side(stack.side)} stack` : ""}`),
    ...actions.map(({ action }) => h("button", { type: "button", class: "menu-choice", role: "menuitem", dataset: { type: action.type }, onclick: () => { hideMenu(st); play(st, action, id); } }, action.label || action.type)),
    h("button", { type: "button", class: "link menu-close", onclick: () => hideMenu(st) }, "Close"));
  st.menu.style.left = `${Math.max(0, Math.min(e.clientX - r.left, r.width - 260))}px`;
  st.menu.style.top = `${Math.max(0, Math.min(e.clientY - r.top, r.height - 40))}px`;
  st.menu.hidden = false;
  st.menu.querySelector("button")?.focus();
}

function play(st, action, hex) {
  if (st.ctx.choose && action.type === "pick") st.lists.pick(st.view, action);
  else if (st.ctx.choose) st.ctx.choose(action);
  else st.ctx.onPick?.(hex);
}

/** The selected stack when it is the viewer's own (set-up choices are made on it). */
function selectedOwnStack(st) {
  if (!st.selected || !st.view) return null;
  const stack = (st.view.stacks || []).find((s) => { const c = st.grid?.cell(s.hex); return c && cellKey(...c) === st.selected; });
  return stack && stack.side === st.ctx.viewer ? stack : null;
}

/** The offered actions by the hex they name; those naming only one's own counter (a unit to
 *  form or move, a leader to try for the initiative) go to its stack's menu (never played by a
 *  single click). */
function actionsByCell(st) {
  const map = new Map();
  const add = (id, action, direct) => {
    const c = st.grid.cell(id);
    if (!c) return;
    const k = cellKey(...c);
    if (!map.has(k)) map.set(k, []);
    map.get(k).push({ action, direct });
  };
  const unitHex = new Map();
  for (const s of st.view.stacks || []) {
    if (!inFull(s, st.ctx.viewer)) continue;
    for (const c of s.counters || []) unitHex.set(c.id, s.hex);
  }
  for (const a of st.view.actions || []) {
    const hexes = hexesOf(a);
    if (hexes.length) hexes.forEach((x) => add(x, a, true));
    else {
      const named = Object.entries(a).find(([k, v]) => !NOT_HEX.has(k) && typeof v === "string" && unitHex.has(v));
      if (named) add(unitHex.get(named[1]), a, false);
    }
  }
  return map;
}

/** Redraws what changes: highlights, stacks, the selection, the objective. */
function draw(st) {
  const layer = st.dynamic;
  const grid = st.grid;
  layer.replaceChildren();
  const marks = svg("g", { class: "marks" });
  for (const [k, list] of st.cellActions) {
    const cell = k.split(",").map(Number);
    if (!grid.inPlay(cell)) continue;
    const direct = list.some((x) => x.direct);
    const types = [...new Set(list.map((x) => x.action.type))].join(" ");
    marks.append(svg("polygon", { points: hexPoints(grid, cell), class: `target${direct ? "" : " unit-target"}`, "data-cell": k, "data-hex": grid.id(cell), "data-types": types },
      svg("title", {}, list.map((x) => x.action.label || x.action.type).join("\n"))));
  }
  layer.append(marks);
  const stacks = svg("g", { class: "stacks" });
  for (const s of st.view.stacks || []) {
    const cell = grid.cell(s.hex);
    if (!cell) continue;
    drawStack(stacks, grid.centre(cell), st.lists.staged(s), inFull(s, st.ctx.viewer), cellKey(...cell));
  }
  layer.append(stacks);
  const aimed = st.batch.state.objective || st.pad.state.objective;
  const objective = aimed && grid.cell(aimed);
  if (objective) {
    const [x, y] = grid.centre(objective);
    layer.append(svg("g", { class: "objective", transform: `translate(${x},${y})`, "pointer-events": "none" },
      svg("circle", { r: R * 0.8, fill: "none", stroke: "#b3261e", "stroke-width": 2.5, "stroke-dasharray": "5 3" }),
      svg("title", {}, `Objective of the order being written: ${aimed}`)));
  }
  if (st.selected) {
    const cell = st.selected.split(",").map(Number);
    layer.append(svg("polygon", { points: hexPoints(grid, cell), class: "selected", "pointer-events": "none" }));
  }
}

/** The choices the map offers, as a list of buttons under a summary. */
function listChoices(st) {
  // Direct hex choices, and the units that may be picked to move (their stack's menu).
  const onMap = [...new Set([...st.cellActions.values()].flat().filter((x) => x.direct || x.action.type === "pick").map((x) => x.action))];
  st.listed.hidden = onMap.length === 0;
  const open = st.listed.open;
  st.listed.replaceChildren(h("summary", {}, `The choices on the map, as a list (${onMap.length})`),
    h("div", { class: "brs-listed-choices" }, onMap.map((a) => h("button", { type: "button", class: "map-choice", dataset: { type: a.type }, onclick: () => play(st, a, hexesOf(a)[0]) }, a.label || a.type))));
  st.listed.open = open;
}

/** The inspector: the selected stack, every counter in words for its owner; for anyone else
 *  only what the view shows of it. */
function inspect(st) {
  const el = st.inspector;
  const stack = st.selected && (st.view.stacks || []).find((s) => { const c = st.grid?.cell(s.hex); return c && cellKey(...c) === st.selected; });
  if (!stack) {
    el.replaceChildren(h("h3", {}, "Stack"), h("p", { class: "muted" }, "Click a stack on the map to see it here."));
    return;
  }
  const cell = st.grid.cell(stack.hex);
  const place = placeName(st.data, st.grid.ids(cell));
  const ground = groundWords(st.grid, cell);
  const head = h("h3", {}, `${stack.hex}${place ? ` · ${place}` : ""}`);
  if (inFull(stack, st.ctx.viewer)) {
    el.replaceChildren(head, h("p", { class: "muted" }, `${side(stack.side)} stack (${ground}), ${facingWords(stack.facing)}; top counter first:`),
      h("ol", { class: "counters-list" }, (stack.counters || []).map((c) => {
        const w = ownCounter(c);
        return h("li", {}, h("strong", {}, w.name), `: ${w.state}.`);
      })));
  } else {
    const top = (stack.counters || [])[0] || {};
    el.replaceChildren(head, h("p", {}, `${side(stack.side)} ${contentsWords(stack.contents)} (${ground}).`),
      h("p", {}, "Top counter: ", h("strong", {}, topCounter(top, stack.facing)), "."),
      h("p", { class: "muted" }, "Nothing else of this stack can be seen: not the counters beneath, nor how many there are."));
  }
}

/** The counters of the viewer's side not on the map. */
function offMap(view) {
  const waiting = view.waiting || [];
  const list = (status, heading) => {
    const names = waiting.filter((c) => c.status === status).map((c) => counterName(c));
    return names.length ? [h("h4", {}, heading), h("p", {}, names.join("; "))] : [];
  };
  const parts = [...list("waiting", "Reinforcements to come"), ...list("gone", "Lost or removed")];
  return parts.length ? h("section", { class: "panel", id: "off-map" }, h("h3", {}, "Off the map"), parts) : h("div", { id: "off-map" });
}

/** A variant in play as the book's players name it: rule, title, what it costs. Secret ones
 *  are listed for their owner from the start and for everyone else once revealed (3.8, 4.5). */
function variantWords(v) {
  const cost = v.points ? `, ${v.points} VP to the ${side(v.points_to)}` : "";
  return `${v.rule} ${v.title}${cost}${v.secret ? " (secret until its troops enter the map)" : ""}`;
}

export const board = {
  render(container, view, ctx) {
    const st = boardState(container, view, ctx);
    st.view = view;
    st.ctx = ctx;
    // How many views the board has drawn (a test waits for the next one after acting).
    st.renders = Number(container.dataset.renders || 0) + 1;
    container.dataset.renders = String(st.renders);
    const actions = view.actions || [];
    const seat = ctx.viewer === "union" || ctx.viewer === "confederate";
    st.cue.classList.toggle("your-turn", actions.length > 0);
    st.cue.textContent = actions.length ? `Your turn — ${view.prompt || "choose"}`
      : view.outcome || view.result ? "The game is over."
        : seat ? `Waiting for the ${(view.to_act || []).map(title).join(" and ") || "other"} player${(view.to_act || []).length > 1 ? "s" : ""}.`
          : `You are watching: ${view.phase?.title || ""}`;
    if (st.map) {
      st.cellActions = actionsByCell(st);
      const targets = [...st.cellActions.keys()].map((k) => k.split(",").map(Number));
      const sig = [...st.cellActions.keys()].sort().join(" ");
      if (!st.map.vb) st.map.centre(focusCells(st), true);
      else if (sig && sig !== st.targetSig && !targets.some((c) => st.map.visible(c))) st.map.centre(focusCells(st), false);
      st.targetSig = sig;
      if (st.selected && !(view.stacks || []).some((s) => { const c = st.grid.cell(s.hex); return c && cellKey(...c) === st.selected; })) st.selected = null;
      draw(st);
      listChoices(st);
      // An open menu stays while every choice in it is still offered.
      const offered = new Set(actions.map((a) => a.label || a.type));
      if (!(st.menuActions || []).every((l) => offered.has(l))) hideMenu(st);
    } else {
      st.cellActions = new Map();
    }
    inspect(st);
    st.lists.update(view, actions);
    st.pad.el.hidden = !seat || !!batchAction(actions);
    st.pad.update(actions);
    st.batch.update(seat ? actions : [], view);
    st.log.replaceChildren(orderLog(view, ctx.viewer));
    st.offMap.replaceChildren(offMap(view));
    const now = view.turn?.time || "";
    if (st.trackAt !== now) {
      st.trackAt = now;
      const scenario = (ctx.data?.scenarios || []).find((s) => s.id === view.scenario?.id) || {};
      st.track.replaceChildren(turnTrack(ctx.data, { first: scenario.first, last: view.scenario?.last || scenario.last, current: now }));
    }
  },

  /** The maps page: the sheets studied without a game (mapspage.js). */
  maps: mapsPage,

  status(view) {
    const turn = view.turn || {};
    const sight = turn.visibility == null ? "unlimited visibility" : `visibility ${turn.visibility} hex${turn.visibility === 1 ? "" : "es"}`;
    const done = view.setup_done;
    const held = view.holdings || [];
    const heldBy = (s) => held.filter((x) => x.side === s).map((x) => x.hex);
    return h("dl", { class: "brs-status" },
      h("dt", {}, "Scenario"), h("dd", { id: "scenario" }, view.scenario?.title || ""),
      h("dt", {}, "Turn"), h("dd", { id: "turn" }, `${turn.number ?? "?"} of ${turn.of ?? "?"}`),
      h("dt", {}, "Time"), h("dd", { id: "time" }, `${turn.time || ""} (${turn.night ? "night" : "day"}, ${sight})`),
      h("dt", {}, "Phase"), h("dd", { id: "phase" }, view.phase?.title || ""),
      done ? [h("dt", {}, "Set-up"), h("dd", { id: "setup" }, ["union", "confederate"].map((s) => `${side(s)} ${done[s] ? "done" : "setting up"}`).join(", "))] : "",
      held.length ? [h("dt", {}, "Hexes held"), h("dd", { id: "holdings" }, ["union", "confederate"].map((s) => `${side(s)} ${heldBy(s).length}`).join(", "))] : "",
      (view.variants || []).length ? [h("dt", {}, "Variants"), h("dd", { id: "variants" }, view.variants.map(variantWords).join("; "))] : "",
      view.railroad_found ? [h("dt", {}, "Railroad"), h("dd", {}, "Your side has found the Unfinished Railroad.")] : "",
      (view.result || view.outcome)?.summary ? [h("dt", {}, "Result"), h("dd", {}, (view.result || view.outcome).summary)] : "");
  },

  /** The game's events carry their sentence (already the viewer's own). */
  describe(event) {
    return typeof event.text === "string" && event.text ? event.text : null;
  },

  targets(action) {
    return hexesOf(action);
  },

  /** The choices listed as buttons: those not on the map (a hex action is a highlight to
   *  click), not on the order pad or the batch pad, and not carrying a list (the list panel
   *  posts those: a group picked from its stack's menu, the firers, the set-up's choices). */
  buttons(actions, ctx) {
    if (!ctx?.data) return actions;
    return actions.filter((a) => !hexesOf(a).length && !textActions([a]).length && !batchAction([a]) && !LIST_TYPES.has(a.type));
  },
};
