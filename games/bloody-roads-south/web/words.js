// Bloody Roads South: the view's values in words (the same words as the text rendering of
// `adjutant`, games/bloody-roads-south/cli): facings, formations, morale, counters, orders.

/** The six facings: a hex vertex named by its two frontal hexsides, its direction in words,
 *  and its index k (vertex k lies between hexsides k and k + 1 of N, NE, SE, S, SW, NW). */
export const FACINGS = {
  "N-NE": { words: "north-north-east", k: 0 },
  "NE-SE": { words: "east", k: 1 },
  "SE-S": { words: "south-south-east", k: 2 },
  "S-SW": { words: "south-south-west", k: 3 },
  "SW-NW": { words: "west", k: 4 },
  "NW-N": { words: "north-north-west", k: 5 },
};

export function facingWords(f) {
  return FACINGS[f] ? `facing ${FACINGS[f].words} (${f})` : `facing ${f}`;
}

const MORALE = { BL: "in blood lust", Normal: "in normal morale", Sh: "shaken", DG: "disorganized", R: "routed" };

export const side = (s) => (s === "union" ? "Union" : s === "confederate" ? "Confederate" : "");

export function count(n, one, many) { return `${n} ${n === 1 ? one : many}`; }

/** "a, b and c". */
export function listWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "Stafford's (Louisiana) Brigade, Sta/J/2", "Ewell", "artillery 2b(4), 2b-1". */
export function counterName(c) {
  const { id = "", name = "" } = c;
  switch (c.kind) {
    case "brigade": return name && name !== id ? `${name}, ${id}` : id;
    case "battery": return name && name !== id ? `artillery ${name}, ${id}` : `artillery ${id}`;
    case "hq": return `the ${id}`;
    case "wagon": return `the wagon ${id}`;
    default: return name || id;
  }
}

/** A short tag for a counter on the map. */
export function shortName(c) {
  if ((c.kind === "leader" || c.kind === "cavalry") && c.name) return c.name.split(/[\s,]/).pop().slice(0, 9);
  return String(c.id || "").slice(0, 9);
}

function kindWords(c) {
  switch (c.kind) {
    case "leader": return `leader${c.command ? ` of ${c.command}` : ""}${c.rating !== undefined ? `, rating ${c.rating}` : ""}`;
    case "hq": return "headquarters";
    case "wagon": return "supply wagon";
    case "cavalry": return "cavalry";
    default: return "";
  }
}

/** What is printed on a counter's face: anyone who sees it may read this. */
function faceParts(c) {
  const parts = [];
  const k = kindWords(c);
  if (k) parts.push(k);
  if (c.morale_rating) parts.push(`morale rating ${c.morale_rating}`);
  if (c.formation === "line" || c.formation === "column") parts.push(`in ${c.formation}`);
  else if (c.formation) parts.push(c.formation);
  if (c.extended_part) parts.push("an extended part of its line");
  return parts;
}

/** One's own counter in full, as a sentence. */
export function ownCounter(c) {
  const parts = faceParts(c);
  // Leaders, HQs and wagons never check morale (series 10.0, 25).
  if (c.morale && !["leader", "hq", "wagon"].includes(c.kind)) parts.push(MORALE[c.morale] || `morale ${c.morale}`);
  if (c.kind === "brigade") {
    const cas = c.casualties || 0;
    const str = c.stragglers || 0;
    parts.push(cas + str === 0 ? "no losses" : `${count(cas, "casualty", "casualties")}, ${count(str, "straggler", "stragglers")}`);
    if (c.fire_level) parts.push(`fire level ${c.fire_level}`);
    if (c.steps !== undefined && c.wreck_after !== undefined) parts.push(`${c.steps} steps, wrecked after ${c.wreck_after} lost`);
    if (c.serving_with && c.serving_with !== c.division) parts.push(`serving with division ${c.serving_with}`);
  }
  if (c.gun_points !== undefined) parts.push(count(c.gun_points, "gun point", "gun points"));
  if (c.supply !== undefined) parts.push(count(c.supply, "supply point", "supply points"));
  const flags = [["wrecked", "WRECKED"], ["low_ammo", "low on ammunition"], ["ocr", "set up out of command radius"],
    ["recovering", "recovering stragglers"], ["moved", "moved this phase"], ["fired", "fired this phase"]];
  for (const [k, words] of flags) if (c[k] === true) parts.push(words);
  return { name: counterName(c), state: parts.join(", ") };
}

/** An enemy stack's top counter: "Steuart's brigade (in line, facing east)". */
export function topCounter(c, facing) {
  return `${counterName(c)} (${[...faceParts(c), facingWords(facing)].join(", ")})`;
}

/** What a stack seen only from the top holds. */
export function contentsWords(contents) {
  return { troops: "troops", artillery: "artillery", both: "troops and artillery" }[contents] || "leaders, HQs or wagons (no troops, no artillery)";
}

/** Whom an order is for: "5 Corps", "division 4/5", "Meade, to relay". */
export function receiverWords(r) {
  if (!r) return "";
  switch (r.to) {
    case "corps": return `${r.id} Corps`;
    case "division": return `division ${r.id}`;
    case "unit": return String(r.id);
    case "relay": return "Meade, to relay";
    case "army_hq": return `the ${r.id} HQ`;
    case "conference": return `the corps commanders at the ${r.id} HQ (conference)`;
    default: return String(r.id || r.to || "");
  }
}

export function methodWords(m) {
  return { "aide-oral": "by aide, oral", "aide-written": "by aide, written", "in-person": "in person" }[m] || String(m || "").replace(/[-_]/g, " ");
}

/** Where an order stands: "in transit, arrives 2:00pm", "accepted (A)", "delayed (D1)". */
export function statusWords(o) {
  switch (o.status) {
    case "in_transit": return `in transit, arrives ${o.arrives}`;
    case "accepted": return "accepted (A), to be carried out once its leader reaches his HQ";
    case "d1": return "delayed (D1)";
    case "d2": return "delayed (D2)";
    case "distorted": return "distorted (Dt): thrown away";
    case "implemented": return "in force";
    case "cancelled": return "cancelled";
    case "ended": return "ended";
    default: return String(o.status_mark || o.status || "").replace(/_/g, " ");
  }
}

export function originWords(o) {
  const by = o?.by;
  const leader = o?.leader;
  return { preset: "pre-set before play", written: `written by ${leader}`, initiative: `given by ${leader} on his own initiative`,
    loose_cannon: "written by the enemy after a Loose Cannon", reinforcement: "the reinforcements' printed orders" }[by] || "";
}
