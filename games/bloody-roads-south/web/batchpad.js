// Bloody Roads South: the batch pad. The Command Phase's secret decisions are one action each
// (rules reference, section 5, consequence 4): `issue_orders` (the orders written, goals
// dropped, emergency retreats declared, eliminated brigades' returns; at set-up, the pre-set
// orders) and `initiative` (the attempts, each with the order its leader gives if he wins). The
// rules offer them with empty lists and put a numbered menu in the seat's own view
// (`command.batch_menu`). The pad composes the batch: pick a menu entry, give its objective
// (click a hex on the map, or type its id) and its words — or, for a return, the hex of its
// marker, one of those the entry lists — add it; remove or reorder nothing but the last; post
// the whole batch once. The rules check it whole on arrival: a refused batch stays on the pad
// to be mended.

import { h } from "../../js/ui.js";
import { MAX_TEXT } from "./pad.js";

const BATCHES = ["issue_orders", "initiative"];

/** The offered batch action, if any. */
export function batchAction(actions) {
  return (actions || []).find((a) => BATCHES.includes(a.type)) || null;
}

function takesWords(entry) {
  return entry && entry.item && typeof entry.item === "object" && "text" in entry.item;
}

/** An entry whose item names a hex to fill (a return's marker, 21.2). */
function takesHex(entry) {
  return entry && entry.item && typeof entry.item === "object" && "hex" in entry.item && !takesWords(entry);
}

/** The batch pad. `choose(action)` posts an action (resolves to false when refused);
 *  `pickObjective(on)` asks the board to take the next hex click. */
export function batchPad(choose, pickObjective) {
  const state = { offered: null, entries: [], sig: "", items: [], objective: null, picking: false };
  const title = h("h3", {}, "Orders to post");
  const intro = h("p", { class: "muted", id: "batch-intro" });
  const select = h("select", { id: "batch-entry", "aria-label": "Menu entry" });
  const text = h("textarea", { id: "batch-text", rows: 3, maxlength: MAX_TEXT, placeholder: "The order's words: what to do, where, by when (your opponent reads them only after the game)", "aria-label": "The order's words" });
  const hex = h("input", { id: "batch-objective", size: 8, placeholder: "e.g. A12.10", "aria-label": "Objective hex" });
  const pick = h("button", { type: "button", id: "batch-pick" }, "Pick on the map");
  const add = h("button", { type: "button", id: "batch-add" }, "Add to the batch");
  const list = h("ol", { id: "batch-items", class: "orders" });
  const undo = h("button", { type: "button", id: "batch-remove", class: "link" }, "remove the last");
  const post = h("button", { type: "button", id: "batch-post", class: "primary" }, "Post");
  const hexLabel = h("label", { for: "batch-objective" }, "Objective hex (optional)");
  const hexHint = h("p", { class: "muted", id: "batch-hexes" });
  const wordsLabel = h("label", { for: "batch-text" }, "Words");
  const words = h("div", {}, wordsLabel, text,
    h("p", { class: "objective" }, hexLabel, hex, " ", pick), hexHint);
  const el = h("section", { class: "panel brs-pad", id: "batch-pad", hidden: true }, title, intro,
    h("label", { for: "batch-entry" }, "Menu"), select, words, add, list, undo, post);

  const entry = () => state.entries[Number(select.value)];
  const refresh = () => {
    const e = entry();
    const marker = takesHex(e);
    words.hidden = !takesWords(e) && !marker;
    wordsLabel.hidden = text.hidden = marker;
    hexLabel.textContent = marker ? "Hex of the recovery marker" : "Objective hex (optional)";
    hexHint.hidden = !marker;
    hexHint.textContent = marker ? `May be: ${(e.hexes || []).join(", ")}.` : "";
    hex.value = state.objective || hex.value;
    pick.textContent = state.picking ? "Click a hex on the map…" : "Pick on the map";
    pick.classList.toggle("active", state.picking);
    add.disabled = !e || (marker && !hex.value.trim());
    undo.hidden = !state.items.length;
    const n = state.items.length;
    const kind = state.offered?.type === "initiative" ? "attempt" : "item";
    post.textContent = n ? `Post the batch (${n} ${kind}${n === 1 ? "" : "s"})` : `Post the batch empty (nothing ${state.offered?.type === "initiative" ? "tried" : "written"})`;
    list.replaceChildren(...state.items.map((it) => h("li", {}, it.label,
      it.item.objective ? `, toward ${it.item.objective}` : "", it.item.hex ? `, marker in ${it.item.hex}` : "",
      it.item.text ? h("q", {}, it.item.text) : "")));
  };
  select.onchange = refresh;
  hex.oninput = () => { state.objective = hex.value.trim() || null; add.disabled = !entry() || (takesHex(entry()) && !hex.value.trim()); };
  pick.onclick = () => { state.picking = !state.picking; pickObjective(state.picking); refresh(); };
  add.onclick = () => {
    const e = entry();
    if (!e) return;
    let item = e.item;
    if (takesWords(e)) {
      item = { ...e.item, text: text.value.trim(), objective: (hex.value.trim() || null) };
    } else if (takesHex(e)) {
      if (!hex.value.trim()) return;
      item = { ...e.item, hex: hex.value.trim() };
    }
    state.items.push({ field: e.field, item, label: e.label });
    text.value = ""; hex.value = ""; state.objective = null;
    refresh();
  };
  undo.onclick = () => { state.items.pop(); refresh(); };
  post.onclick = async () => {
    if (!state.offered) return;
    const action = { ...state.offered };
    delete action.label;
    for (const it of state.items) action[it.field] = [...(action[it.field] || []), it.item];
    const sent = await choose(action);
    if (sent !== false) { state.items = []; refresh(); }
  };

  return {
    el,
    state,
    /** The objective hex clicked on the map. */
    setObjective(id) { state.objective = id; hex.value = id; state.picking = false; pickObjective(false); refresh(); },
    /** The offered actions and the seat's view: the menu is rebuilt when it changed. */
    update(actions, view) {
      const offered = batchAction(actions);
      const menu = view?.command?.batch_menu;
      state.offered = offered;
      el.hidden = !offered;
      if (!offered) {
        state.items = []; state.sig = "";
        if (state.picking) { state.picking = false; pickObjective(false); }
        return;
      }
      title.textContent = offered.type === "initiative" ? "Initiative attempts" : "Orders to post";
      intro.textContent = offered.type === "initiative"
        ? "Each attempt carries the order the leader gives if he wins; they are rolled in order. Post them all at once."
        : "Compose every order of this Order Issue (and any goal dropped or emergency retreat), then post them all at once.";
      const entries = menu?.entries || [];
      const sig = offered.type + "|" + entries.map((e) => e.label).join("|");
      if (sig !== state.sig) {
        state.sig = sig;
        state.entries = entries;
        state.items = [];
        select.replaceChildren(...entries.map((e, i) => h("option", { value: i, "data-field": e.field }, `${e.n}. ${e.label}`)));
      }
      refresh();
    },
  };
}
