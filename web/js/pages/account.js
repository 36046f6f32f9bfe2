// The account card of the Settings page: the password (set, or changed with the current
// one) and the tokens of the account — this browser's, other devices', scripts' — each
// revocable, with "sign out everywhere else" and "sign out".

import { api, session } from "../api.js";
import { h, toast } from "../ui.js";
import { showWho } from "../app.js";

function when(unix) {
  return unix ? new Date(unix * 1000).toLocaleString() : "never";
}

const HOW = { created: "created with the account", password: "password sign-in", link: "mailed link" };

/** The card, filled from `GET /api/accounts/me/tokens`; it redraws itself after each change. */
export function accountCard(security) {
  const card = h("div", { class: "card", id: "account" });

  const signedOut = () => {
    session.clear();
    showWho();
    location.hash = "#/start";
  };

  const draw = (s) => {
    const current = h("input", { id: "current-password", type: "password", autocomplete: "current-password" });
    const next = h("input", { id: "account-new-password", type: "password", autocomplete: "new-password", minlength: 10 });
    const again = h("input", { id: "account-new-password-again", type: "password", autocomplete: "new-password" });
    const others = h("input", { type: "checkbox", id: "password-sign-out-others" });

    const change = async (e) => {
      e.preventDefault();
      if (next.value !== again.value) { toast("The two new passwords differ.", "error"); return; }
      try {
        const after = await api.changePassword(current.value, next.value, others.checked);
        toast(s.has_password ? "Password changed." : "Password set: sign in with your name on any device.");
        draw(after);
      } catch (err) {
        toast(err.message, "error");
      }
    };
    const act = (work, done) => async () => {
      try {
        const after = await work();
        toast(done);
        draw(after);
      } catch (err) {
        toast(err.message, "error");
      }
    };

    const rows = s.tokens.map((t) => h("tr", { class: t.current ? "current" : "", dataset: { token: t.id } },
      h("td", {}, t.label, t.current ? h("span", { class: "tag" }, "this browser") : ""),
      h("td", {}, HOW[t.origin] || t.origin),
      h("td", {}, when(t.created_at)),
      h("td", {}, when(t.last_used_at)),
      h("td", {}, t.current
        ? h("button", { type: "button", class: "sign-out", onclick: async () => {
          try { await api.revoke("current"); } catch (err) { toast(err.message, "error"); return; }
          signedOut();
        } }, "Sign out")
        : h("button", { type: "button", class: "revoke", onclick: act(() => api.revoke(t.id), "Revoked: that device or script is signed out.") }, "Revoke"))));

    card.replaceChildren(
      h("h2", {}, "Account"),
      h("form", { id: "password-form", onsubmit: change },
        h("p", { class: "muted", id: "password-state" }, s.has_password
          ? `Your password was set ${when(s.password_changed_at)}. Sign in with your name and it on any device.`
          : "No password yet: this browser's token is your only key. Set one to sign in on other devices."),
        s.has_password ? [h("label", { for: "current-password" }, "Current password"), current] : "",
        h("label", { for: "account-new-password" }, s.has_password ? "New password" : "Password"), next,
        h("label", { for: "account-new-password-again" }, "The same again"), again,
        h("small", { class: "muted" }, "At least 10 characters."),
        h("label", {}, others, " Sign out every other device and script"),
        h("button", { type: "submit", class: "primary", id: "save-password" }, s.has_password ? "Change password" : "Set password")),
      s.email_sign_in
        ? h("p", { class: "muted" }, "Forgot it? The sign-in page can mail a sign-in link to your confirmed address.")
        : h("p", { class: "muted" }, "With a confirmed e-mail address (Notices), a forgotten password can be replaced by a mailed sign-in link."),
      h("h3", {}, "Where you are signed in"),
      h("table", { class: "sessions", id: "sessions" },
        h("thead", {}, h("tr", {}, ["Label", "How", "Created", "Last used", ""].map((c) => h("th", {}, c)))),
        h("tbody", {}, rows)),
      h("button", { type: "button", id: "revoke-others", onclick: act(() => api.revokeOthers(), "Every other device and script is signed out.") }, "Sign out everywhere else"));
  };
  draw(security);
  return card;
}
