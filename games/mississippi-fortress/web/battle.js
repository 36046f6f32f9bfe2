// The Battle Board (S8.5-S9.8) drawn as a board: the two sides' three Line Positions facing
// each other (the viewer's own side nearest, the Attacker on top for a spectator), the
// counters in each as the viewer may see them, the Reserves, the engagements as arrows, the
// Combat Orders once revealed (together, S8.8c; one's own before that, marked secret), the SP
// each Line Position lost, and after fire a combat panel per engagement from the engine's
// combat report (strengths in SP, the CIC B column with every shift, its reason and rule,
// the dice, the cell and the fire taken). Line Positions are numbered from 1 as printed.

import { h, svg, title } from "../../js/ui.js";
import { counterLine, describeCounter } from "./counters.js";

const STAGES = {
  retreats: "The Defender may retreat before combat (S8.4).",
  "retreats-done": "Retreats before combat are over (S8.4).",
  deploy: "Both players deploy on the Battle Board in secret; the deployments are revealed together (S8.6-S8.7a).",
  engage: "The Attacker swings Line Positions facing empty ones (S8.7b).",
  orders: "Both players choose Combat Orders in secret; they are revealed together (S8.8).",
  outcomes: "Fire is over: losses are taken and Line Positions leave the Area (S9.6-S9.7).",
  "after-round": "The round is over (S9.7).",
  continue: "The Attacker fights a second round or ends the battle (S9.81).",
  commit: "Both players commit Reserve counters in secret (S9.82).",
  "end-empty": "Empty Line Positions withdraw (S9.84).",
  "end-terrain": "Mountain and river-crossing withdrawals (S9.84).",
  cleanup: "The battle ends (S9.84).",
  done: "The battle is over.",
};

const ORDER = { diversion: "Diversion", advance: "Advance", assault: "Assault", withdraw: "Withdraw", stand: "Stand", counterattack: "Counterattack" };
export const orderName = (o) => ORDER[o] || (o ? title(String(o)) : "no order");

export function areaName(area, data) {
  const a = (data?.map?.areas || []).find((x) => x.id === area);
  return a ? `${a.name} (Area ${area})` : `Area ${area}`;
}

/** The actions that put a counter somewhere on the board (deploy, commit): by position. */
function placing(actions) {
  const out = new Map();
  for (const a of actions || []) {
    if ((a.type === "deploy" || a.type === "commit") && a.position) out.set(a.position, a);
  }
  return out;
}

/** The actions that put every remaining counter in one place (deploy_all, commit_all; a
 *  commit_all without a position keeps them all in the Reserve): by position. */
function placingAll(actions) {
  const out = new Map();
  for (const a of actions || []) {
    if (a.type === "deploy_all" && a.position) out.set(a.position, a);
    if (a.type === "commit_all") out.set(a.position || "reserve", a);
  }
  return out;
}

/** A button on a Line Position or the Reserve that places all the remaining counters there. */
function allButton(action, ctx, where) {
  if (!action) return "";
  const words = action.type === "commit_all"
    ? (action.position ? `Commit all ${where}` : "Keep all in the Reserve")
    : `Deploy all ${where}`;
  return h("button", {
    type: "button", class: "bb-all", title: action.label, dataset: { type: action.type },
    onclick: (e) => { e.stopPropagation(); ctx.choose(action); },
  }, words);
}

function pickedIds(actions) {
  return new Set((actions || []).filter((a) => a.type === "deploy" || a.type === "commit").map((a) => a.counter));
}

function lineCard(side, role, i, info, battle, ctx, view) {
  const lp = i + 1;
  const counters = info.lines ? info.lines[i]?.counters || [] : null;
  const picked = pickedIds(view.actions);
  const order = (info.orders || []).find((o) => o.line === i);
  const own = ctx.viewer === side;
  const report = (battle.combats || []).find((c) => c[role]?.line === lp);
  const lost = Array.isArray(info.losses) ? info.losses[i] || 0 : 0;
  // Only the viewer's own Line Positions take his counters.
  const target = own ? placing(view.actions).get(`lp${lp}`) : null;
  const all = own ? placingAll(view.actions).get(`lp${lp}`) : null;
  const facts = [];
  if (order) {
    facts.push(h("span", { class: "order", dataset: { order: order.order || "none" } },
      order.order ? orderName(order.order) : "holds without an order", own && battle.stage === "orders" ? " (secret until both have chosen)" : ""));
  } else if (battle.stage === "orders" && counters && counters.length) {
    facts.push(h("span", { class: "order unknown" }, own ? "order to choose" : "order secret"));
  }
  if (report) facts.push(h("span", { class: "line-strength" }, `strength ${report[role].strength} SP`));
  else if (own && counters) {
    const present = counters.reduce((n, c) => n + (Number.isInteger(c.strength) ? c.strength : 0), 0);
    if (present) facts.push(h("span", { class: "present" }, `${present} SP present`));
  }
  if (lost) facts.push(h("span", { class: "lost" }, `lost ${lost} SP`));
  const body = counters === null
    ? h("p", { class: "muted" }, "not yet revealed")
    : counters.length
      ? h("ul", { class: "bb-counters" }, counters.map((c) => counterLine(c, ctx.data, { picked: picked.has(c.id) })))
      : h("p", { class: "muted empty" }, "empty");
  return h("div", {
    class: `bb-line ${side} ${role}${target ? " target" : ""}`,
    id: `bb-${role}-lp${lp}`,
    dataset: { side, role, line: lp },
    title: target ? target.label : undefined,
    onclick: target ? () => ctx.choose(target) : undefined,
  }, h("div", { class: "bb-line-head" }, h("strong", {}, `LP${lp}`), " ", facts, allButton(all, ctx, "here")), body);
}

function reserveBox(side, info, ctx, view) {
  const picked = pickedIds(view.actions);
  const target = ctx.viewer === side ? placing(view.actions).get("reserve") : null;
  const all = ctx.viewer === side ? placingAll(view.actions).get("reserve") : null;
  let body;
  if (info.reserve) body = info.reserve.length ? h("ul", { class: "bb-counters" }, info.reserve.map((c) => counterLine(c, ctx.data, { picked: picked.has(c.id) }))) : h("span", { class: "muted" }, "empty");
  else if (info.reserve_count !== undefined) body = h("span", {}, info.reserve_count === 1 ? "1 counter" : `${info.reserve_count} counters`);
  else body = h("span", { class: "muted" }, "not yet revealed");
  const commits = (info.commits || []).map((c) => {
    const name = describeCounter({ id: c.counter, side }, ctx.data).name;
    return h("li", {}, `${name} → ${c.position ? String(c.position).toUpperCase() : "stays in Reserve"} (secret until revealed)`);
  });
  return h("div", { class: `bb-reserve ${side}${target ? " target" : ""}`, id: `bb-reserve-${side}`, onclick: target ? () => ctx.choose(target) : undefined, title: target ? target.label : undefined },
    h("strong", {}, "Reserve: "), body, allButton(all, ctx, "to the Reserve"), commits.length ? h("ul", { class: "commits" }, commits) : "");
}

/** The counter the viewer's deploy or commit prompt names: picked up, to be placed. */
function toDeploy(view, ctx) {
  const ids = [...pickedIds(view.actions)];
  const side = ctx.viewer;
  if (!ids.length || (side !== "union" && side !== "confederate")) return "";
  return h("div", { class: "bb-picked", id: "bb-picked" }, h("strong", {}, "Placing: "),
    h("ul", { class: "bb-counters" }, ids.map((id) => counterLine({ id, side }, ctx.data, { picked: true }))),
    h("span", { class: "muted" }, " Click a Line Position or the Reserve, or use the choices."),
    placingAll(view.actions).size
      ? h("span", { class: "muted bb-all-hint" }, " Or place all the counters left at once: the \u201call\u201d buttons on the board.")
      : "");
}

/** Arrows from each engaged Attacker Line Position to its target. */
function engagementArrows(battle, attackerOnTop) {
  const root = svg("svg", { viewBox: "0 0 300 36", preserveAspectRatio: "none", class: "bb-arrows", "aria-hidden": "true" });
  root.append(svg("defs", {}, svg("marker", { id: "bb-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
    svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#7a1f1f" }))));
  for (const e of battle.engaged || []) {
    const x1 = 50 + 100 * e.attacker_line;
    const x2 = 50 + 100 * e.defender_line;
    const [y1, y2] = attackerOnTop ? [2, 34] : [34, 2];
    root.append(svg("line", { x1, y1, x2, y2, stroke: "#7a1f1f", "stroke-width": 2.2, "marker-end": "url(#bb-head)", "vector-effect": "non-scaling-stroke" }));
  }
  return root;
}

function engagementWords(battle) {
  const words = (battle.engaged || []).map((e) => `Attacker LP${e.attacker_line + 1} engages Defender LP${e.defender_line + 1}`);
  return h("p", { class: "bb-engaged" }, words.length ? words.join(" · ") : (battle.stage === "deploy" || battle.stage === "retreats" ? "" : "No engagement yet."));
}

function sideRow(side, role, battle, ctx, view) {
  const info = battle.sides?.[side] || {};
  const who = `${title(side)} — ${role === "attacker" ? "attacking" : "defending"}${ctx.viewer === side ? " (you)" : ""}`;
  const head = h("div", { class: `bb-side-head ${side}` }, h("h4", {}, who),
    info.lines ? "" : h("span", { class: "muted" }, ` ${info.participants ?? "?"} counters, deployment not yet revealed`));
  const lines = h("div", { class: "bb-lines" }, [0, 1, 2].map((i) => lineCard(side, role, i, info, battle, ctx, view)));
  return { head, lines, reserve: reserveBox(side, info, ctx, view) };
}

/** The Battle Board of `view.battle`; `ctx` is the board's context (data, viewer, choose). */
export function battleBoard(view, ctx) {
  const battle = view.battle;
  const attacker = battle.attacker;
  const defender = battle.defender;
  // The viewer's own side nearest to him; a spectator sees the Attacker on top.
  const attackerOnTop = ctx.viewer !== attacker;
  const top = attackerOnTop ? [attacker, "attacker"] : [defender, "defender"];
  const bottom = attackerOnTop ? [defender, "defender"] : [attacker, "attacker"];
  const t = sideRow(...top, battle, ctx, view);
  const b = sideRow(...bottom, battle, ctx, view);
  const combats = battle.combats || [];
  return h("section", { class: "battle-board", id: "battle-board", dataset: { stage: battle.stage } },
    h("h3", {}, `Battle in ${areaName(battle.area, ctx.data)} — round ${battle.round}${battle.compelled ? " (compelled, 5.11)" : ""}`),
    h("p", { class: "bb-stage" }, STAGES[battle.stage] || ""),
    toDeploy(view, ctx),
    h("div", { class: "bb-field" },
      t.head, t.reserve, t.lines,
      engagementArrows(battle, attackerOnTop), engagementWords(battle),
      b.lines, b.reserve, b.head),
    combats.length ? h("div", { class: "bb-combats", id: "bb-combats" }, h("h4", {}, "Fire"), combats.map((c) => combatPanel(c, ctx.data))) : "");
}

function plural(n, one, many) {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** "CIC B: 1 column left for the Confederate". */
function shiftWords(s, c) {
  const chart = { "cic-a": "CIC A", "cic-b": "CIC B", fcrt: "FCRT" }[s.chart] || s.chart;
  const by = Number(s.by) || 0;
  const amount = s.chart === "cic-a" ? `Intensity ${by > 0 ? "+" : ""}${by}` : `${plural(Math.abs(by), "column", "columns")} ${by < 0 ? "left" : "right"}`;
  const whose = s.side && c[s.side] ? ` for the ${title(c[s.side].side)}` : "";
  return `${chart}: ${amount}${whose}`;
}

/** "4 → 1 SP", "6 → no effect", "1 → * then 2: 1 SP" (S9.5d). */
function roll(f) {
  const lost = f.loss ? `${f.loss} SP` : "no effect";
  return f.reroll != null ? `${f.die} → * then ${f.reroll}: ${lost}` : `${f.die} → ${lost}`;
}

/** One engagement's combat report as a panel. */
export function combatPanel(c, data) {
  const a = c.attacker || {};
  const d = c.defender || {};
  const col = (l) => `${title(l.side)} ${l.role === "attacker" ? "attacking" : "defending"} · LP${l.line}`;
  const band = (l) => (l.strength_band === l.band ? l.band : `${l.strength_band} → ${l.band}`);
  const dice = (by) => {
    const rolls = (c.fire || []).filter((f) => f.by === by);
    return rolls.length ? rolls.map(roll).join(", ") : "–";
  };
  const mods = (l) => ((l.modifiers || []).length ? l.modifiers.map((m) => `${m.reason} (${m.rule})`).join("; ") : "–");
  const row = (label, x, y, cls) => h("tr", { class: cls || "" }, h("th", { scope: "row" }, label), h("td", {}, x), h("td", {}, y));
  const fireTaken = (n) => `${n ?? 0} SP`;
  const shifts = c.shifts || [];
  return h("section", { class: "combat-panel", dataset: { attackerLine: a.line, defenderLine: d.line } },
    h("h5", {}, `${title(a.side)} LP${a.line} against ${title(d.side)} LP${d.line}${c.round ? ` — round ${c.round}` : ""}`),
    h("table", { class: "combat-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { class: a.side }, col(a)), h("th", { class: d.side }, col(d)))),
      h("tbody", {},
        row("Order", orderName(a.order), orderName(d.order)),
        row("Strength", `${a.strength} SP`, `${d.strength} SP`, "strength"),
        row("Strength modifiers (S9.3)", mods(a), mods(d)),
        row("Officer rating", String(a.rating ?? 0), String(d.rating ?? 0)),
        row("FCRT column (S9.5)", band(a), band(d)),
        row("Rolls from the cell", String(a.rolls ?? 0), String(d.rolls ?? 0)),
        row("Dice", dice("attacker"), dice("defender"), "dice"),
        row("Fire taken", fireTaken(c.losses?.attacker), fireTaken(c.losses?.defender), "losses"))),
    h("p", { class: "cic" },
      `Intensity ${c.intensity}${c.rain ? " (Rain)" : ""} · CIC B ratio ${a.strength} : ${d.strength} = ${c.ratio}`,
      c.ratio !== c.column ? ` → column ${c.column}` : ` · column ${c.column}`,
      ` · cell ${c.cell} (${title(d.side)} ${plural(d.rolls ?? 0, "roll", "rolls")}, ${title(a.side)} ${plural(a.rolls ?? 0, "roll", "rolls")})`),
    shifts.length
      ? h("ul", { class: "shifts" }, shifts.map((s) => h("li", { class: `shift ${s.chart}` },
        h("strong", {}, shiftWords(s, c)), ` — ${s.reason} `, h("span", { class: "rule" }, `(${s.rule})`))))
      : h("p", { class: "muted shifts" }, "No shifts."));
}
