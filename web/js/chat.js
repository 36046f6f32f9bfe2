// A game's chat panel: the players' chat, the spectators' chat and the seat's private notes,
// each as a tab the viewer may read; history over HTTP, new messages live over the WebSocket.

import { api, session } from "./api.js";
import { h, toast, title } from "./ui.js";

const NAMES = { players: "Players", spectators: "Spectators", notes: "My notes" };

/** The seat the signed-in account holds in a game, from its players' names. */
export function seatOf(players) {
  const me = (session.name || "").toLowerCase();
  if (!me) return null;
  for (const side of ["union", "confederate"]) {
    if ((players[side] || "").toLowerCase() === me) return side;
  }
  return null;
}

/** The channels a viewer may read: players read their chat and notes (and the spectators'
 *  once the game is over); everyone else reads the spectators'. */
function channelsFor(seat, status) {
  if (!seat) return ["spectators"];
  return status === "finished" ? ["players", "notes", "spectators"] : ["players", "notes"];
}

export function chatPanel(gameId, code, context) {
  const el = h("div", { class: "panel chat", id: "chat" });
  const lists = {};
  const seen = new Set();
  let channels = [];
  let current = null;
  let key = "";

  // Ids are numbered per channel: a message is known by its channel and id.
  function add(message) {
    const known = `${message.channel}:${message.id}`;
    if (seen.has(known)) return;
    const list = lists[message.channel];
    if (!list) return;
    seen.add(known);
    list.append(h("li", { class: message.side || "spectator", dataset: { id: message.id } },
      h("strong", {}, message.author), message.side ? ` (${title(message.side)})` : "", ": ", message.text));
    list.scrollTop = list.scrollHeight;
  }

  async function load(channel) {
    try {
      const log = await api.chat(gameId, channel, 0, code);
      log.messages.forEach(add);
    } catch (err) {
      lists[channel].append(h("li", { class: "muted" }, err.message));
    }
  }

  function show(channel) {
    current = channel;
    for (const c of channels) {
      lists[c].hidden = c !== channel;
      el.querySelector(`button[data-channel="${c}"]`)?.classList.toggle("on", c === channel);
    }
  }

  function render() {
    const { seat, status } = context();
    const next = `${seat}|${status}`;
    if (next === key) return;
    key = next;
    channels = channelsFor(seat, status);
    seen.clear();
    for (const c of channels) lists[c] = h("ol", { class: "chat-log", id: `chat-${c}` });
    const input = h("input", { id: "chat-text", maxlength: 1000, placeholder: "Write a message", autocomplete: "off", "aria-label": "Message" });
    const form = h("form", { class: "inline", id: "chat-form", onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      try {
        add(await api.postChat(gameId, current, text, code));
        input.value = "";
      } catch (err) {
        toast(err.message, "error");
      }
    } }, input, h("button", { type: "submit", id: "chat-send" }, "Send"));
    el.replaceChildren(
      h("h3", {}, "Chat"),
      h("div", { class: "tabs" }, channels.map((c) => h("button", { type: "button", dataset: { channel: c }, onclick: () => { show(c); form.hidden = !postable(c, seat); } }, NAMES[c]))),
      ...channels.map((c) => lists[c]),
      session.token ? form : h("p", { class: "muted" }, "Create an account to chat."));
    show(channels[0]);
    form.hidden = !postable(channels[0], seat);
    channels.forEach(load);
  }

  function postable(channel, seat) {
    if (!session.token) return false;
    return channel === "spectators" ? !seat : !!seat;
  }

  return { el, add, refresh: render };
}
