// Start: create an account (its token is kept in this browser) or paste a token.

import { api, session } from "../api.js";
import { h, mount, toast } from "../ui.js";
import { showWho } from "../app.js";

export function startPage() {
  const name = h("input", { id: "name", name: "name", autocomplete: "username", required: true, maxlength: 32, pattern: "[A-Za-z0-9._\\-]+", placeholder: "e.g. grant" });
  const token = h("input", { id: "token", name: "token", autocomplete: "off", placeholder: "adj_…" });
  const created = h("div", { class: "created" });

  const create = async (e) => {
    e.preventDefault();
    try {
      const account = await api.createAccount(name.value.trim());
      session.save(account.token, account.name);
      showWho();
      created.replaceChildren(
        h("p", {}, "Welcome, ", h("strong", {}, account.name), ". Your token is your key: this browser keeps it; copy it to play from another device."),
        h("code", { class: "token", id: "new-token" }, account.token),
        h("p", {}, h("a", { href: "#/lobby", class: "button primary", id: "to-lobby" }, "Go to the lobby")),
      );
    } catch (err) {
      toast(err.message, "error");
    }
  };

  const paste = async (e) => {
    e.preventDefault();
    try {
      const me = await api.me(token.value.trim());
      session.save(token.value.trim(), me.name);
      location.hash = "#/lobby";
    } catch (err) {
      toast(err.message, "error");
    }
  };

  mount(
    h("section", { class: "start" },
      h("h1", {}, "Adjutant"),
      h("p", { class: "lede" }, "Play two-player wargames against a friend. The server knows the rules, rolls the dice and keeps each side's secrets."),
      h("div", { class: "cards" },
        h("form", { class: "card", onsubmit: create },
          h("h2", {}, "New here?"),
          h("label", { for: "name" }, "Choose a name"),
          name,
          h("button", { type: "submit", class: "primary", id: "create-account" }, "Create my account"),
          created),
        h("form", { class: "card", onsubmit: paste },
          h("h2", {}, "Have a token?"),
          h("label", { for: "token" }, "Paste it here"),
          token,
          h("button", { type: "submit" }, "Use this token"))),
    ),
  );
  name.focus();
}
