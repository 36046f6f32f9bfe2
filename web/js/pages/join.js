// An invite link: #/join/<game>/<code> takes the open seat and opens the game.

import { api, session } from "../api.js";
import { h, mount, toast, currentRoute, stale } from "../ui.js";

export async function joinPage(gameId, code) {
  if (!session.token) {
    mount(h("section", { class: "start" },
      h("h1", {}, "You are invited to a game"),
      h("p", {}, "Create an account first (it takes a name), then open the invite link again."),
      h("a", { class: "button primary", href: "#/start" }, "Create an account")));
    return;
  }
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Joining…"));
  try {
    const joined = await api.join(gameId, { invite_code: code });
    if (stale(route)) return;
    toast(`You are the ${joined.seat} player.`);
    location.hash = `#/game/${gameId}`;
  } catch (err) {
    if (err.code === "conflict") {
      toast(err.message, "error");
      location.hash = `#/game/${gameId}`;
      return;
    }
    mount(h("section", {}, h("h1", {}, "Could not join"), h("p", {}, err.message), h("a", { href: "#/lobby" }, "Back to the lobby")));
  }
}
