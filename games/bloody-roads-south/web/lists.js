// Bloody Roads South: the choices that carry a list (rules reference, section 5, consequence 4:
// one action per secret decision). A moving group is one `pick` with its `with` list, a fire
// one `fire` with its `firers`, the set-up's facings, formations and extended lines (6.0h) the
// lists of the one `finish_set_up`. This panel lets the player tick the units that go with a
// picked unit (all that may go, ticked by default), tick the firers (every eligible one ticked
// by default), and stage facings, formations and extended lines during set-up; each is posted
// once, whole.

import { h } from "../../js/ui.js";
import { FACINGS, facingWords, counterName } from "./words.js";

/** The action types this panel posts (the board keeps them out of the generic buttons). */
export const LIST_TYPES = new Set(["pick", "fire", "finish_set_up"]);

const OTHER_FORMATION = { line: "column", column: "line", unlimbered: "limbered", limbered: "unlimbered" };

/** The panel: `choose(action)` posts an action; `selectedStack()` is the stack the player
 *  clicked (for set-up choices). */
export function listsPanel(choose, selectedStack) {
  const el = h("section", { class: "panel brs-lists", id: "list-choices", hidden: true });
  const state = { pick: null, staged: { facings: new Map(), formations: new Map(), extensions: new Map() }, firerSig: "", unticked: new Set() };

  const checkbox = (name, value, checked, text) => h("label", { class: "tick" },
    h("input", { type: "checkbox", name, value, checked: checked ? true : undefined }), " ", text);
  const ticked = (box, name) => [...box.querySelectorAll(`input[name="${name}"]`)].filter((i) => i.checked).map((i) => i.value);

  /** The group of a `pick`: its stack-mates that may go, ticked, then Move / Cancel. */
  function groupForm(view, action) {
    const entry = (view.pickable || []).find((p) => p.unit === action.unit && (p.part || null) === (action.part || null));
    const mates = entry?.with || [];
    const box = h("div", { class: "ticks", id: "group-ticks" },
      mates.map((id) => checkbox("with", id, true, id)));
    return h("form", { id: "group-form", onsubmit: (e) => {
      e.preventDefault();
      state.pick = null;
      choose({ ...action, with: ticked(box, "with") });
    } },
    h("h3", {}, `Move ${action.unit}${entry?.hex ? ` from ${entry.hex}` : ""}`),
    mates.length ? h("p", { class: "muted" }, "Units of its stack that go with it (untick those that stay):") : "",
    box,
    h("button", { type: "submit", class: "primary", id: "group-move" }, "Move"), " ",
    h("button", { type: "button", class: "link", onclick: () => { state.pick = null; update(view, view.actions || []); } }, "Cancel"));
  }

  /** The firers of the offered `fire`: each that may fire, with its points, ticked. */
  function fireForm(view, action) {
    const listed = view.fire?.firers || (action.firers || []).map((id) => ({ id }));
    const offered = action.firers || [];
    const sig = `${view.fire?.target}|${listed.map((f) => `${f.id}@${f.hex}`).join(",")}`;
    if (sig !== state.firerSig) { state.firerSig = sig; state.unticked = new Set(); }
    let left = [...offered];
    const box = h("div", { class: "ticks", id: "firer-ticks" }, listed.map((f, i) => {
      const k = left.indexOf(f.id);
      const on = k >= 0 && !state.unticked.has(i);
      if (k >= 0) left.splice(k, 1);
      const cb = checkbox("firer", f.id, on, `${f.id}${f.hex ? ` in ${f.hex}` : ""}${f.points ? ` (${f.points} points alone)` : ""}`);
      cb.querySelector("input").onchange = (e) => { if (e.target.checked) state.unticked.delete(i); else state.unticked.add(i); };
      return cb;
    }));
    return h("form", { id: "fire-form", onsubmit: (e) => {
      e.preventDefault();
      const firers = ticked(box, "firer");
      if (firers.length) choose({ ...action, firers });
    } },
    h("h3", {}, `Fire${view.fire?.target ? ` at ${view.fire.target}` : ""}`),
    h("p", { class: "muted" }, "Every unit that may fire is ticked (only 1 A and 5 gun points fire out of a hex); untick any you hold back."),
    box, h("button", { type: "submit", class: "primary", id: "fire-send" }, "Fire"));
  }

  /** Set-up: the brigades of the selected stack that may extend (the view's menu, 6.0h), each
   *  adjacent hex a tick box; the engine checks the rest when Finish is posted. */
  function extensionTicks(view, stack) {
    const { extensions } = state.staged;
    const menu = (view.setup_extensions || []).filter((e) => e.hex === stack.hex);
    return menu.map((e) => h("p", { class: "setup-extension" },
      `Extend ${e.unit} (${e.parts === 1 ? "one part" : `up to ${e.parts} parts`}, in line) into: `,
      e.hexes.map((hex) => {
        const key = `${e.unit}@${hex}`;
        const box = checkbox("extension", key, extensions.has(key), hex);
        box.querySelector("input").onchange = (ev) => {
          if (ev.target.checked) extensions.set(key, { unit: e.unit, hex }); else extensions.delete(key);
          update(view, view.actions || []);
        };
        return box;
      })));
  }

  /** Set-up: the selected stack's facing, its units' formations and extended lines, staged
   *  until Finish. */
  function setupForm(view, action) {
    const stack = selectedStack();
    const { facings, formations, extensions } = state.staged;
    const parts = [h("h3", {}, "Set-up choices")];
    if (stack) {
      const now = facings.get(stack.hex) || stack.facing;
      const face = h("select", { id: "setup-facing", "aria-label": `Facing of the stack in ${stack.hex}`, onchange: (e) => {
        if (e.target.value === stack.facing) facings.delete(stack.hex); else facings.set(stack.hex, e.target.value);
        update(view, view.actions || []);
      } }, Object.keys(FACINGS).map((f) => h("option", { value: f, selected: f === now ? true : undefined }, facingWords(f))));
      parts.push(h("p", {}, `The stack in ${stack.hex}: `, face));
      for (const c of stack.counters || []) {
        if (!OTHER_FORMATION[c.formation]) continue;
        const cur = formations.get(c.id) || c.formation;
        parts.push(h("p", {}, `${counterName(c)}: `, h("select", { class: "setup-formation", dataset: { unit: c.id }, onchange: (e) => {
          if (e.target.value === c.formation) formations.delete(c.id); else formations.set(c.id, e.target.value);
          update(view, view.actions || []);
        } }, [c.formation, OTHER_FORMATION[c.formation]].map((f) => h("option", { value: f, selected: f === cur ? true : undefined }, f)))));
      }
      parts.push(...extensionTicks(view, stack));
    } else {
      parts.push(h("p", { class: "muted" }, "Click one of your stacks to choose its facing, its units' formations and extended lines; they are sent with Finish setting up."));
    }
    const n = facings.size + formations.size + extensions.size;
    parts.push(h("button", { type: "button", class: "primary", id: "finish-setup", onclick: () => {
      choose({
        ...action,
        facings: [...facings].map(([hex, facing]) => ({ hex, facing })),
        formations: [...formations].map(([unit, formation]) => ({ unit, formation })),
        extensions: [...extensions.values()],
      });
    } }, `Finish setting up (${n} choice${n === 1 ? "" : "s"} staged)`));
    if (n) parts.push(" ", h("button", { type: "button", class: "link", onclick: () => { facings.clear(); formations.clear(); extensions.clear(); update(view, view.actions || []); } }, "clear"));
    return h("div", { id: "setup-form" }, parts);
  }

  function update(view, actions) {
    const fire = actions.find((a) => a.type === "fire");
    const finish = actions.find((a) => a.type === "finish_set_up");
    const pickOffered = state.pick && actions.find((a) => a.type === "pick" && a.unit === state.pick.unit && (a.part || null) === (state.pick.part || null));
    if (!pickOffered) state.pick = null;
    if (!finish) { state.staged.facings.clear(); state.staged.formations.clear(); state.staged.extensions.clear(); }
    const parts = [];
    if (state.pick) parts.push(groupForm(view, pickOffered));
    if (fire) parts.push(fireForm(view, fire));
    if (finish) parts.push(setupForm(view, finish));
    el.replaceChildren(...parts);
    el.hidden = parts.length === 0;
  }

  return {
    el,
    state,
    update,
    /** A `pick` chosen on the map: posted at once when nothing may go with it, else the
     *  group's ticks are shown. */
    pick(view, action) {
      const entry = (view.pickable || []).find((p) => p.unit === action.unit && (p.part || null) === (action.part || null));
      if (!entry?.with?.length) { choose(action); return; }
      state.pick = action;
      update(view, view.actions || []);
      el.scrollIntoView?.({ block: "nearest" });
      el.querySelector("button")?.focus();
    },
    /** The staged facing and formations of a stack, for drawing it as it will be. */
    staged(stack) {
      const facing = state.staged.facings.get(stack.hex);
      const forms = state.staged.formations;
      if (!facing && ![...(stack.counters || [])].some((c) => forms.has(c.id))) return stack;
      return { ...stack, facing: facing || stack.facing, counters: (stack.counters || []).map((c) => (forms.has(c.id) ? { ...c, formation: forms.get(c.id) } : c)) };
    },
  };
}
