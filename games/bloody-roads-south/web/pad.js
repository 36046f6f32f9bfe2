// Bloody Roads South: the order pad and the order log. The pad offers the actions that carry
// an order's words on their own (`loose_cannon_order`, the opponent's one-turn order for a
// Loose Cannon): pick one, write the text (at most 600 characters), optionally click a hex on
// the map for the objective, send. A side's own orders and initiative attempts are batches,
// composed on the batch pad (batchpad.js).

import { h } from "../../js/ui.js";
import { receiverWords, methodWords, statusWords, originWords } from "./words.js";

export const MAX_TEXT = 600;

/** The offered actions with words to fill. */
export function textActions(actions) {
  return (actions || []).filter((a) => typeof a.text === "string");
}

function group(a) {
  if (a.type === "loose_cannon_order") return "The Loose Cannon's order";
  return "Orders";
}

function optionText(a) {
  return a.label || a.type.replace(/_/g, " ");
}

/** The pad: a persistent element whose offered orders change with the view while what the
 *  player is typing stays. `pickObjective(on)` asks the board to take the next hex click. */
export function orderPad(choose, pickObjective) {
  const state = { offered: [], sig: "", objective: null, picking: false };
  const empty = h("p", { class: "muted", id: "order-pad-empty" }, "No order can be written here now: this pad is for an enemy Loose Cannon's one-turn order; your own orders go on the batch pad in your Command Phase.");
  const select = h("select", { id: "order-choice", "aria-label": "Which order" });
  const text = h("textarea", { id: "order-text", rows: 4, maxlength: MAX_TEXT, placeholder: "The order's words: what to do, where, by when (the rules check only its receiver, method and type; your opponent reads it after the game)", "aria-label": "The order's words" });
  const left = h("small", { class: "muted", id: "order-chars" }, `0 / ${MAX_TEXT}`);
  const objective = h("span", { id: "order-objective" }, "none");
  const pick = h("button", { type: "button", id: "order-pick" }, "Pick on the map");
  const clear = h("button", { type: "button", id: "order-clear", class: "link" }, "clear");
  const send = h("button", { type: "submit", id: "order-send", class: "primary", disabled: true }, "Send the order");
  const form = h("form", { id: "order-form", hidden: true },
    h("label", { for: "order-choice" }, "Order"), select,
    h("label", { for: "order-text" }, "Text"), text, left,
    h("p", { class: "objective" }, "Objective hex: ", objective, " ", pick, " ", clear),
    send);
  const el = h("section", { class: "panel brs-pad", id: "order-pad" }, h("h3", {}, "Order pad"), empty, form);

  const refresh = () => {
    left.textContent = `${text.value.length} / ${MAX_TEXT}`;
    objective.textContent = state.objective || "none";
    pick.textContent = state.picking ? "Click a hex on the map…" : "Pick on the map";
    pick.classList.toggle("active", state.picking);
    send.disabled = !state.offered.length || !text.value.trim();
  };
  text.addEventListener("input", refresh);
  pick.onclick = () => { state.picking = !state.picking; pickObjective(state.picking); refresh(); };
  clear.onclick = () => { state.objective = null; state.picking = false; pickObjective(false); refresh(); };
  form.onsubmit = async (e) => {
    e.preventDefault();
    const a = state.offered[Number(select.value)];
    if (!a || !text.value.trim()) return;
    const filled = { ...a, text: text.value.trim() };
    if ("objective" in a) filled.objective = state.objective;
    const sent = await choose(filled);
    if (sent !== false) {
      text.value = "";
      state.objective = null;
    }
    refresh();
  };

  return {
    el,
    state,
    /** The objective hex clicked on the map. */
    setObjective(hex) { state.objective = hex; state.picking = false; pickObjective(false); refresh(); },
    /** New offered actions: the list is rebuilt only when it changed. */
    update(actions) {
      const offered = textActions(actions);
      const sig = offered.map((a) => a.label || a.type).join("|");
      if (sig !== state.sig) {
        const was = state.offered[Number(select.value)];
        state.sig = sig;
        state.offered = offered;
        const groups = new Map();
        offered.forEach((a, i) => {
          const g = group(a);
          if (!groups.has(g)) groups.set(g, []);
          groups.get(g).push(h("option", { value: i, "data-type": a.type }, optionText(a)));
        });
        select.replaceChildren(...[...groups].map(([label, options]) => h("optgroup", { label }, options)));
        const keep = was ? offered.findIndex((a) => (a.label || a.type) === (was.label || was.type)) : -1;
        if (keep >= 0) select.value = String(keep);
      }
      empty.hidden = offered.length > 0;
      form.hidden = offered.length === 0;
      if (!offered.length && state.picking) { state.picking = false; pickObjective(false); }
      refresh();
    },
  };
}

/** One order of a log as words: number, receiver, type and method, who gave it, its words,
 *  its objective and where it stands. */
function orderItem(o) {
  const origin = originWords(o.origin);
  return h("li", { class: `order status-${o.status}`, dataset: { no: o.no } },
    h("strong", {}, `No. ${o.no} to ${receiverWords(o.receiver)}`), ": ",
    `${o.type} order, ${methodWords(o.method)}`,
    origin ? ` (${origin}, ${o.written})` : "",
    o.cost ? `, ${o.cost} command points` : "",
    o.objective ? `, objective ${o.objective}` : "",
    o.text ? h("q", {}, o.text) : "",
    " — ", h("span", { class: "order-status" }, statusWords(o)), ".");
}

/** The order log panel of a view: one's own log, both logs after the game. */
export function orderLog(view, viewer) {
  const logs = [];
  if (Array.isArray(view.orders)) logs.push(["Your orders", view.orders]);
  if (view.orders_of_both) {
    logs.push(["Union orders", view.orders_of_both.union || []], ["Confederate orders", view.orders_of_both.confederate || []]);
  }
  if (!logs.length) {
    return h("section", { class: "panel", id: "order-log" }, h("h3", {}, "Orders"),
      h("p", { class: "muted" }, viewer === "spectator" ? "Each side's orders are secret until the game is over." : "No orders."));
  }
  return h("section", { class: "panel", id: "order-log" }, logs.map(([title, list]) => [
    h("h3", {}, title),
    list.length ? h("ol", { class: "orders" }, list.map(orderItem)) : h("p", { class: "muted" }, "None yet."),
  ]));
}
