// Start: create an account (with a password, to sign in on other devices), sign in with a
// name and password (or have a sign-in link mailed), or paste a token. The token this
// browser gets is kept in it.

import { api, session } from "../api.js";
import { h, mount, toast } from "../ui.js";
import { showWho } from "../app.js";

const PASSWORD_HINT = "At least 10 characters; a few words make a good one.";

export function startPage() {
  const name = h("input", { id: "name", name: "name", autocomplete: "username", required: true, maxlength: 32, pattern: "[A-Za-z0-9._\\-]+", placeholder: "e.g. grant" });
  const password = h("input", { id: "new-password", name: "new-password", type: "password", autocomplete: "new-password", minlength: 10 });
  const created = h("div", { class: "created" });
  const signInName = h("input", { id: "sign-in-name", name: "username", autocomplete: "username", required: true, maxlength: 32 });
  const signInPassword = h("input", { id: "sign-in-password", name: "password", type: "password", autocomplete: "current-password", required: true });
  const mailed = h("p", { id: "link-sent", class: "muted" });
  const token = h("input", { id: "token", name: "token", autocomplete: "off", placeholder: "adj_…" });

  const create = async (e) => {
    e.preventDefault();
    try {
      const account = await api.createAccount(name.value.trim(), password.value);
      session.save(account.token, account.name);
      showWho();
      created.replaceChildren(
        h("p", {}, "Welcome, ", h("strong", {}, account.name), ". ",
          password.value
            ? "Sign in with your name and password on any other device. This browser keeps its own token; scripts can use it too:"
            : "Your token is your key: this browser keeps it; copy it to play from another device, or set a password in Settings."),
        h("code", { class: "token", id: "new-token" }, account.token),
        h("p", {}, h("a", { href: "#/lobby", class: "button primary", id: "to-lobby" }, "Go to the lobby")),
      );
    } catch (err) {
      toast(err.message, "error");
    }
  };

  const signIn = async (e) => {
    e.preventDefault();
    try {
      const signed = await api.signIn(signInName.value.trim(), signInPassword.value);
      session.save(signed.token, signed.name);
      signInPassword.value = "";
      showWho();
      location.hash = "#/lobby";
    } catch (err) {
      toast(err.message, "error");
    }
  };

  const mailLink = async () => {
    if (!signInName.value.trim()) {
      toast("Type your account's name first.", "error");
      signInName.focus();
      return;
    }
    try {
      const sent = await api.emailSignIn(signInName.value.trim());
      mailed.textContent = sent.message;
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
          h("label", { for: "new-password" }, "Choose a password (optional)"),
          password,
          h("small", { class: "muted" }, PASSWORD_HINT, " Without one, the token this browser keeps is your only key."),
          h("button", { type: "submit", class: "primary", id: "create-account" }, "Create my account"),
          created),
        h("form", { class: "card", id: "sign-in", onsubmit: signIn },
          h("h2", {}, "Sign in"),
          h("label", { for: "sign-in-name" }, "Name"),
          signInName,
          h("label", { for: "sign-in-password" }, "Password"),
          signInPassword,
          h("button", { type: "submit", class: "primary", id: "sign-in-button" }, "Sign in"),
          h("p", {}, h("button", { type: "button", id: "mail-link", onclick: mailLink }, "Forgot it? Mail me a sign-in link")),
          mailed),
        h("form", { class: "card", onsubmit: paste },
          h("h2", {}, "Have a token?"),
          h("label", { for: "token" }, "Paste it here"),
          token,
          h("button", { type: "submit" }, "Use this token"))),
    ),
  );
  name.focus();
}
