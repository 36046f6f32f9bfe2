// The seat page: an invite link (#/join/<game>/<code>?game=…&scenario=…&side=…), a game
// joined from the lobby's open games (code "open") or a rematch seat kept for this player
// (code "rematch"). When the seat comes with secret choices (a variant, an entry hex), the
// page shows them first — chosen here, never seen by the opponent until the rules reveal them
// — and takes the seat with them; otherwise it takes the seat at once.

import { api, session } from "../api.js";
import { h, mount, toast, title, currentRoute, stale } from "../ui.js";
import { field, secretChoices } from "../choices.js";

/** What the page knows of the game: its game, scenario and open seat, from the link, or read
 *  from the server where the game may be read (a public game, a kept seat). */
async function aboutGame(gameId, query) {
  const about = new URLSearchParams(query || "");
  if (about.get("game") && about.get("scenario") && about.get("side")) {
    return { game: about.get("game"), scenario: about.get("scenario"), side: about.get("side") };
  }
  try {
    const state = await api.state(gameId);
    const side = !state.players.union ? "union" : !state.players.confederate ? "confederate" : null;
    return side ? { game: state.game, scenario: state.scenario, side } : null;
  } catch {
    return null;
  }
}

export async function joinPage(gameId, code, query) {
  if (!session.token) {
    mount(h("section", { class: "start" },
      h("h1", {}, "You are invited to a game"),
      h("p", {}, "Create an account first (it takes a name), then open the invite link again."),
      h("a", { class: "button primary", href: "#/start" }, "Create an account")));
    return;
  }
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Opening the seat…"));
  const inviteCode = code === "open" ? undefined : code;
  const take = async (secret_choices) => {
    try {
      const joined = await api.join(gameId, { invite_code: inviteCode, secret_choices });
      if (stale(route)) return;
      toast(`You are the ${joined.seat} player.`);
      location.hash = `#/game/${gameId}`;
    } catch (err) {
      if (stale(route)) return;
      if (err.code === "conflict") {
        toast(err.message, "error");
        location.hash = `#/game/${gameId}`;
        return;
      }
      mount(h("section", {}, h("h1", {}, "Could not join"), h("p", {}, err.message), h("a", { href: "#/lobby" }, "Back to the lobby")));
    }
  };
  const [about, catalog] = await Promise.all([aboutGame(gameId, query), api.catalog().catch(() => null)]);
  if (stale(route)) return;
  const game = about && catalog?.games.find((g) => g.id === about.game);
  const choices = game ? secretChoices(game, about.scenario, about.side) : [];
  if (!choices.length) {
    await take({});
    return;
  }
  const scenario = game.scenarios.find((s) => s.id === about.scenario);
  const fields = choices.map((c) => field(c, `secret-${about.side}`));
  const submit = (e) => {
    e.preventDefault();
    take(Object.fromEntries(fields.map((f) => [f.id, f.read()])));
  };
  mount(h("section", { class: "seat" },
    h("h1", {}, `The ${title(about.side)} seat`),
    h("p", { class: "lede", id: "seat-game" }, `${game.name}: ${scenario?.name || about.scenario}. You would play the ${title(about.side)}.`),
    scenario?.description ? h("p", { class: "muted" }, scenario.description) : "",
    h("form", { class: "card", id: "seat-form", onsubmit: submit },
      h("h2", {}, "Your secret choices"),
      h("p", { class: "muted" }, "Your opponent and any spectator learn of these only when the rules reveal them (a variant when its troops enter the map)."),
      ...fields.map((f) => f.el),
      h("button", { type: "submit", class: "primary", id: "take-seat" }, "Take the seat"))));
}
