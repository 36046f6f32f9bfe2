// A game's choices from the catalog as form fields: the public options of a new game, and the
// secret choices of a seat (a variant, an entry hex), shown to the player who takes that seat.

import { h } from "./ui.js";

/** The side a choice is secret to, or null for a public option. */
export function scopeSide(choice) {
  return typeof choice.scope === "object" && choice.scope.secret ? choice.scope.secret : null;
}

/** Whether `choice` is offered in `scenario`. */
export function appliesTo(choice, scenario) {
  return !choice.scenarios || !choice.scenarios.length || choice.scenarios.includes(scenario);
}

/** The secret choices of `side` in `scenario` of the catalog's `game`. */
export function secretChoices(game, scenario, side) {
  return (game?.choices || []).filter((c) => scopeSide(c) === side && appliesTo(c, scenario));
}

/** A form field for `choice` (its input's id is `${prefix}-${choice.id}`); `read()` gives its
 *  value as the server takes it. */
export function field(choice, prefix) {
  const id = `${prefix}-${choice.id}`;
  const kind = choice.kind;
  let input;
  if (kind.type === "bool") {
    input = h("input", { type: "checkbox", id, name: choice.id, checked: kind.default });
  } else if (kind.type === "enum") {
    input = h("select", { id, name: choice.id },
      kind.values.map((v) => h("option", { value: v.id, selected: v.id === kind.default }, v.name)));
  } else {
    input = h("input", { type: "number", id, name: choice.id, min: kind.min, max: kind.max, value: kind.default });
  }
  const read = () => (kind.type === "bool" ? input.checked : kind.type === "int" ? Number(input.value) : input.value);
  return { el: h("div", { class: "field" }, h("label", { for: id }, choice.name), input, h("small", {}, choice.description)), id: choice.id, read };
}
