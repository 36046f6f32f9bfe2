// Lobby: my games (marked where it is my move), open games to join, join by invite, and a
// form to create a game from the catalog, against a person or the computer.

import { api, session } from "../api.js";
import { h, mount, toast, ago, title, currentRoute, stale } from "../ui.js";
import { clockField, clockSummary } from "../clock.js";
import { boards } from "../boards/index.js";
import { scopeSide, appliesTo, field } from "../choices.js";

function gameRow(g, catalog) {
  const game = catalog.games.find((x) => x.id === g.game);
  const scenario = game?.scenarios.find((s) => s.id === g.scenario);
  const players = `${g.players.union || "open seat"} (Union) vs ${g.players.confederate || "open seat"} (Confederate)`;
  // A rematch kept for this player: the link takes the kept seat.
  const kept = g.kept_for_me;
  return h("li", { class: g.my_turn || kept ? "mine turn" : "mine", dataset: { game: g.game_id } },
    h("a", { href: kept ? `#/join/${g.game_id}/rematch` : `#/game/${g.game_id}` },
      h("strong", {}, `${game?.name || g.game}: ${scenario?.name || g.scenario}`),
      h("span", {}, players),
      h("span", { class: "tag" }, kept ? "rematch offered to you: take your seat" : g.my_turn ? "your move" : g.status === "finished" ? (g.outcome?.summary || "finished") : g.status === "open" ? "waiting for an opponent" : "their move"),
      clockSummary(g),
      g.imported ? h("span", { class: "tag" }, "imported") : "",
      h("span", { class: "muted" }, ago(g.updated_at))));
}

export async function lobbyPage() {
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Loading the lobby…"));
  let catalog, mine, open, active;
  try {
    [catalog, mine, open, active] = await Promise.all([api.catalog(), session.token ? api.list("mine") : { games: [] }, api.list("open"), api.list("active")]);
  } catch (err) {
    if (stale(route)) return;
    mount(h("p", { class: "error" }, err.message));
    return;
  }

  if (stale(route)) return;
  const myList = h("ul", { class: "games", id: "my-games" });
  const showMine = (games) => myList.replaceChildren(...(games.length ? games.map((g) => gameRow(g, catalog)) : [h("li", { class: "muted" }, "No games yet: create one below or join an open one.")]));
  showMine(mine.games);
  // A game just created joins "My games" at once.
  const refreshMine = () => api.list("mine").then((list) => { if (!stale(route)) showMine(list.games); }).catch(() => {});
  const openList = h("ul", { class: "games", id: "open-games" }, open.games.filter((g) => !g.my_seat).map((g) => {
    const game = catalog.games.find((x) => x.id === g.game);
    const seat = g.players.union ? "Confederate" : "Union";
    return h("li", {},
      h("span", {}, `${game?.name || g.game}: ${g.scenario} — ${g.players.union || g.players.confederate} waits; you would play the ${seat}`),
      h("a", { class: "button", href: `#/join/${g.game_id}/open`, dataset: { join: g.game_id } }, "Join"));
  }));
  if (!openList.children.length) openList.append(h("li", { class: "muted" }, "Nobody is waiting right now."));
  // Public games being played, to watch (a spectator sees what the rules let anyone see).
  const watchList = h("ul", { class: "games", id: "watch-games" }, active.games.filter((g) => !g.my_seat).slice(0, 20).map((g) => {
    const game = catalog.games.find((x) => x.id === g.game);
    const scenario = game?.scenarios.find((s) => s.id === g.scenario);
    return h("li", {},
      h("a", { href: `#/game/${g.game_id}` },
        h("strong", {}, `${game?.name || g.game}: ${scenario?.name || g.scenario}`),
        h("span", {}, `${g.players.union} (Union) vs ${g.players.confederate} (Confederate)`),
        h("span", { class: "tag" }, "watch"),
        h("span", { class: "muted" }, ago(g.updated_at))));
  }));
  if (!watchList.children.length) watchList.append(h("li", { class: "muted" }, "No public game is being played right now."));

  const invite = h("input", { id: "invite", placeholder: "Paste an invite link" });
  const joinForm = h("form", { class: "inline", onsubmit: (e) => {
    e.preventDefault();
    const m = invite.value.trim().match(/([0-9a-fA-F-]{36})[\s/]+([A-Za-z0-9]+)(\?\S*)?\s*$/);
    if (!m) { toast("An invite link looks like …/#/join/<game>/<code>.", "error"); return; }
    location.hash = `#/join/${m[1]}/${m[2]}${m[3] || ""}`;
  } }, invite, h("button", { type: "submit" }, "Join"));

  mount(
    h("section", { class: "lobby" },
      h("div", { class: "col" },
        h("h2", {}, "My games"), myList,
        h("h2", {}, "Waiting for an opponent"), openList,
        h("h2", {}, "Join by invite"), joinForm,
        h("h2", {}, "Games in progress"), watchList),
      h("div", { class: "col" }, h("h2", {}, "New game"), createForm(catalog, refreshMine), studyMaps(catalog))),
  );
}

/** Links to the maps of the games whose boards draw them without a game. */
function studyMaps(catalog) {
  const games = catalog.games.filter((g) => boards[g.id]?.maps);
  return games.length ? h("p", { id: "study-maps" }, "Study the maps before a game: ",
    games.map((g, i) => [i ? ", " : "", h("a", { href: `#/maps/${g.id}` }, g.name)]), ".") : "";
}

/** A link shown in full with a button that copies it. */
function copyable(id, link) {
  const code = h("code", { class: "link", id }, link);
  const button = h("button", { type: "button", class: "copy", id: `${id}-copy`, onclick: async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast("Copied.");
    } catch {
      // No clipboard (an insecure page): select the link so that the player copies it.
      getSelection().selectAllChildren(code);
      toast("Select and copy the link (this page may not use the clipboard).");
    }
  } }, "Copy");
  return h("div", { class: "copyable" }, code, " ", button);
}

function createForm(catalog, onCreated) {
  if (!catalog.games.length) return h("p", { class: "muted" }, "This server hosts no games.");
  const gameSelect = h("select", { id: "game" }, catalog.games.map((g) => h("option", { value: g.id }, g.name)));
  const scenarioSelect = h("select", { id: "scenario" });
  const sideSelect = h("select", { id: "side" },
    h("option", { value: "random" }, "Random"), h("option", { value: "union" }, "Union"), h("option", { value: "confederate" }, "Confederate"));
  // Who plays the other side: a person who joins, or the computer at a level (only the
  // games the catalog lists in computer_opponents have one).
  const opponentSelect = h("select", { id: "opponent" });
  const opponentField = h("div", { class: "field", id: "opponent-field" }, h("label", { for: "opponent" }, "Opponent"), opponentSelect,
    h("small", {}, "The computer decides from its own side's view only, as a person would; the game starts at once."));
  const privateBox = h("input", { type: "checkbox", id: "private", checked: true });
  const privateText = h("span", {}, " Private (only your invite link lets someone join)");
  const about = h("p", { class: "muted", id: "scenario-about" });
  const optionsBox = h("div", { class: "choices-box" });
  const secretsBox = h("div", { class: "choices-box" });
  const result = h("div", { id: "created" });
  const clock = clockField(catalog);
  let fields = { options: [], secrets: [] };

  const refresh = () => {
    const game = catalog.games.find((g) => g.id === gameSelect.value);
    if (scenarioSelect.dataset.game !== game.id) {
      scenarioSelect.replaceChildren(...game.scenarios.map((s) => h("option", { value: s.id }, `${s.name} (${s.turns} turns)`)));
      scenarioSelect.dataset.game = game.id;
    }
    const computer = (catalog.computer_opponents || []).find((c) => c.game === game.id);
    if (opponentSelect.dataset.game !== game.id) {
      opponentSelect.replaceChildren(h("option", { value: "person" }, "A person"),
        ...(computer ? computer.levels.map((l) => h("option", { value: `computer:${l}`, selected: false }, `The computer (${l})`)) : []));
      opponentSelect.dataset.game = game.id;
    }
    opponentField.hidden = !computer;
    // Against the computer there is no clock (it answers at once) and no one to invite.
    clock.el.hidden = opponentSelect.value !== "person";
    privateText.textContent = opponentSelect.value === "person"
      ? " Private (only your invite link lets someone join)"
      : " Private (only your watch link lets someone watch)";
    const scenario = game.scenarios.find((s) => s.id === scenarioSelect.value);
    about.textContent = `${game.description} ${scenario ? scenario.description : ""}`;
    const applies = (c) => appliesTo(c, scenarioSelect.value);
    const side = sideSelect.value;
    fields.options = game.choices.filter((c) => c.scope === "option" && applies(c)).map((c) => field(c, "opt"));
    fields.secrets = game.choices.filter((c) => scopeSide(c) && applies(c) && (side === "random" || scopeSide(c) === side))
      .map((c) => ({ ...field(c, `secret-${scopeSide(c)}`), side: scopeSide(c) }));
    optionsBox.replaceChildren(fields.options.length ? h("h3", {}, "Options") : "", ...fields.options.map((f) => f.el));
    secretsBox.replaceChildren(fields.secrets.length ? h("h3", {}, "Your secret choices", h("small", {}, " (your opponent never sees them until the rules reveal them)")) : "",
      ...fields.secrets.map((f) => h("div", {}, side === "random" ? h("small", { class: "muted" }, `If you play the ${title(f.side)}:`) : "", f.el)));
  };
  gameSelect.onchange = refresh;
  scenarioSelect.onchange = refresh;
  sideSelect.onchange = refresh;
  opponentSelect.onchange = refresh;
  refresh();

  const submit = async (e) => {
    e.preventDefault();
    const options = Object.fromEntries(fields.options.map((f) => [f.id, f.read()]));
    const secret_choices = Object.fromEntries(fields.secrets.map((f) => [f.id, f.read()]));
    const [opponent, level] = opponentSelect.value.split(":");
    const against = opponent === "computer" ? { opponent, level } : {};
    try {
      const created = await api.createGame({
        game: gameSelect.value, scenario: scenarioSelect.value, side: sideSelect.value,
        visibility: privateBox.checked ? "private" : "public", options, secret_choices,
        clock: opponent === "computer" ? null : clock.read(), ...against,
      });
      if (created.computer) {
        const watch = `${location.origin}${location.pathname}#/game/${created.game_id}?code=${created.spectate_code}`;
        result.replaceChildren(h("div", { class: "card", id: "computer-game" },
          h("p", {}, `Game started; you are the ${title(created.seat)} player, and the computer (${created.computer.level}) plays the ${title(created.computer.side)}.`),
          h("p", {}, "Spectators can watch with:"), copyable("watch-link", watch),
          h("p", { class: "muted" }, `Dice commitment (SHA-256 of the secret seed): ${created.seed_commitment}`),
          h("a", { class: "button primary", href: `#/game/${created.game_id}`, id: "open-game" }, "Open the game")));
        onCreated();
        return;
      }
      // The link names the game, scenario and open seat, so that the seat page can offer that
      // seat's secret choices before the game (private) can be read.
      const open = created.seat === "union" ? "confederate" : "union";
      const about = new URLSearchParams({ game: gameSelect.value, scenario: scenarioSelect.value, side: open });
      const link = `${location.origin}${location.pathname}#/join/${created.game_id}/${created.invite_code}?${about}`;
      const watch = `${location.origin}${location.pathname}#/game/${created.game_id}?code=${created.spectate_code}`;
      result.replaceChildren(h("div", { class: "card" },
        h("p", {}, `Game created; you are the ${title(created.seat)} player. Send your opponent this invite link:`),
        copyable("invite-link", link),
        h("p", {}, "Spectators can watch with:"), copyable("watch-link", watch),
        h("p", { class: "muted" }, `Dice commitment (SHA-256 of the secret seed): ${created.seed_commitment}`),
        h("a", { class: "button primary", href: `#/game/${created.game_id}`, id: "open-game" }, "Open the game")));
      onCreated();
    } catch (err) {
      toast(err.message, "error");
    }
  };

  return h("form", { class: "card create", onsubmit: submit },
    h("div", { class: "field" }, h("label", { for: "game" }, "Game"), gameSelect),
    h("div", { class: "field" }, h("label", { for: "scenario" }, "Scenario"), scenarioSelect),
    about,
    h("div", { class: "field" }, h("label", { for: "side" }, "Your side"), sideSelect),
    opponentField,
    h("div", { class: "field" }, h("label", { for: "private" }, privateBox, privateText)),
    optionsBox, secretsBox, clock.el,
    h("button", { type: "submit", class: "primary", id: "create-game" }, "Create the game"),
    result);
}
