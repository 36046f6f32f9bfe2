// The board for a game without a drawing of its own: the view as readable panels. Hidden
// counters show as counter backs.

import { h } from "../ui.js";

const SKIP = new Set(["prompt", "actions", "outcome", "viewer", "to_act"]);

function value(v) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return table(v);
    return v.map(String).join(", ");
  }
  if (typeof v === "object") {
    return h("dl", {}, Object.entries(v).map(([k, x]) => [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, value(x))]));
  }
  return String(v);
}

function table(rows) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== "hidden");
  return h("table", { class: "counters" },
    h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, k)))),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.hidden ? "hidden-counter" : "" },
      keys.map((k) => h("td", {}, r.hidden && !(k in r) ? "?" : value(r[k])))))));
}

const SIDE = { union: "Union", confederate: "Confederate" };

/** The engine's own events (undo, resignation, time-out, draw offers, end) as sentences; null otherwise. */
export function describeMeta(event) {
  const side = SIDE[event.side] || "A";
  switch (event.type) {
    case "undone":
      return event.label ? `The ${side} player took back: ${event.label}` : `The ${side} player took back a move.`;
    case "resigned": return `The ${side} player resigned.`;
    case "timed_out": return `The ${side} player ran out of time.`;
    case "draw_offered": return `The ${side} player offers a draw.`;
    case "draw_declined": return `The ${side} player declined the draw offered.`;
    case "draw_withdrawn": return `The ${side} player withdrew the draw offer.`;
    case "draw_agreed": return `The ${side} player accepted the draw offered.`;
    case "game_over": return event.outcome && event.outcome.summary ? `Game over: ${event.outcome.summary}` : "Game over.";
    default: return null;
  }
}

/** A value read out as words: lists joined, objects as "key value" pairs, never JSON. */
function spoken(v) {
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return v.length ? v.map(spoken).join(", ") : "none";
  if (typeof v === "object") {
    return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, " ")} ${spoken(x)}`).join(", ");
  }
  return String(v);
}

export const genericBoard = {
  render(container, view) {
    const parts = Object.entries(view || {}).filter(([k]) => !SKIP.has(k));
    container.replaceChildren(h("div", { class: "generic-board" },
      parts.map(([k, v]) => h("section", { class: "panel" }, h("h3", {}, k.replace(/_/g, " ")), value(v)))));
  },
  status() { return null; },
  describe(event) {
    // A game's event with a sentence reads as that sentence, its owner's secret part marked.
    const text = typeof event.text === "string" ? event.text : "";
    const secret = event.secret && typeof event.secret.text === "string" ? event.secret : null;
    if (text || secret) {
      return [text, secret ? `[${SIDE[secret.side] || "Secret"} only] ${secret.text}` : ""].filter(Boolean).join(" ");
    }
    const { type, ...rest } = event;
    const bits = Object.entries(rest).map(([k, v]) => `${k.replace(/_/g, " ")} ${spoken(v)}`);
    return `${type.replace(/_/g, " ")}${bits.length ? ": " + bits.join(", ") : ""}`;
  },
  targets() { return []; },
};
