// The maps page: a game's maps studied before or without a game (#/maps/<game>?...), drawn
// by the game's own board from the game's static data; the query is the board's to read.

import { gameData } from "../api.js";
import { boards } from "../boards/index.js";
import { h, mount, currentRoute, stale } from "../ui.js";

export async function mapsPage(game, query) {
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Loading the maps…"));
  const board = boards[game];
  const data = board?.maps ? await gameData(game).catch(() => null) : null;
  if (stale(route)) return;
  if (!data) {
    mount(h("section", {}, h("h1", {}, "No maps to show"),
      h("p", {}, "This server has no maps of that game to show."), h("a", { href: "#/lobby" }, "Back to the lobby")));
    return;
  }
  const el = h("section", { class: "maps", id: "maps" });
  mount(el);
  board.maps(el, data, new URLSearchParams(query || ""));
}
