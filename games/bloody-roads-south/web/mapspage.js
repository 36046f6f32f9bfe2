// Bloody Roads South: the maps page (#/maps/bloody-roads-south?sheets=A,B), to study the
// maps before or without a game: Map A, Map B or both joined, zoom and scroll, a hex found by
// its book id or clicked and described, the off-map boxes, the Turn Record Track, and which
// maps each scenario offered uses. Static data only: no game, no view.

import { h } from "../../js/ui.js";
import { Grid, scenarioSheets } from "./hexmap.js";
import { mapView } from "./mapview.js";
import { offMapPanel } from "./offmap.js";
import { hexSentence } from "./hexwords.js";
import { turnTrack } from "./track.js";
import { listWords } from "./words.js";

const CHOICES = [["A", "Map A"], ["B", "Map B"], ["A,B", "Both maps joined"]];

/** The sheets asked for (`sheets=A`, `B` or `A,B`; both if not said). */
function sheetsAsked(params) {
  const asked = String(params.get("sheets") || "A,B").toUpperCase().split(",").map((x) => x.trim());
  const known = ["A", "B"].filter((x) => asked.includes(x));
  return known.length ? known : ["A", "B"];
}

/** Draws the page into `container`; `params` are the query of the page's address. */
export function mapsPage(container, data, params) {
  const sheets = sheetsAsked(params);
  const grid = new Grid(data, sheets);
  const here = (letters) => `#/maps/bloody-roads-south?sheets=${letters}`;
  const view = mapView(grid, data, {
    onCell: (key) => {
      const cell = key.split(",").map(Number);
      view.said.classList.remove("error");
      view.said.textContent = hexSentence(grid, data, cell);
      view.mark(cell);
    },
  });
  const pick = h("nav", { class: "brs-sheets", id: "sheet-choice", "aria-label": "Sheets" },
    CHOICES.map(([letters, name]) => (letters === sheets.join(",")
      ? h("strong", { "aria-current": "page" }, name)
      : h("a", { href: here(letters) }, name))));
  const scenarios = (data?.scenarios || []).map((s) => {
    const letters = scenarioSheets(data, s.id);
    return h("li", {}, h("a", { href: here(letters.join(",")) }, s.title),
      `: ${letters.length > 1 ? "Maps A and B joined" : `Map ${letters[0]}`}, ${s.turns} turns from ${s.first} to ${s.last}.`);
  });
  container.replaceChildren(h("div", { class: "brs-board brs-maps" },
    h("h1", {}, `Bloody Roads South: ${grid.name}`),
    h("p", { class: "muted" }, `The Wilderness, 5-7 May 1864. ${sheets.length > 1
      ? "Map A (the Orange Turnpike front) lies north of Map B (the Orange Plank Road front), six hexrows west of it; the two sheets share one row of hexes, which has two ids (A23.01 is B17.35)."
      : `Map ${sheets[0]} alone, as a scenario on it plays.`} Type a hex's id to find it, or click one.`),
    pick, view.el,
    h("div", { class: "brs-panels" },
      offMapPanel(view.boxes),
      scenarios.length ? h("section", { class: "panel", id: "scenario-maps" }, h("h3", {}, "The scenarios offered"), h("ul", {}, scenarios)) : "",
      h("section", { class: "panel" }, h("h3", {}, "The sheets"), h("p", {}, `${listWords(grid.sheets.map((s) => `Map ${s.letter}: hexrows ${s.cols[0]}-${s.cols[1]}, hexes ${String(s.hexes[0]).padStart(2, "0")}-${s.hexes[1]}`))}.`))),
    turnTrack(data)));
  const typed = params.get("hex");
  if (typed) view.show(typed); else view.fit();
}
