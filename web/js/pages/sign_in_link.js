// A sign-in link mailed to the account's confirmed address: one button signs this browser
// in (the link works once), optionally with a new password and signing out every other
// device (for a forgotten password, or a token that may have leaked).

import { api, session } from "../api.js";
import { h, mount, toast } from "../ui.js";
import { showWho } from "../app.js";

export function linkSignInPage(token) {
  const password = h("input", { id: "link-new-password", type: "password", autocomplete: "new-password", minlength: 10 });
  const again = h("input", { id: "link-new-password-again", type: "password", autocomplete: "new-password" });
  const others = h("input", { type: "checkbox", id: "link-sign-out-others", checked: true });

  const use = async (e) => {
    e.preventDefault();
    if (password.value !== again.value) {
      toast("The two passwords differ.", "error");
      return;
    }
    try {
      const signed = await api.linkSignIn(token, password.value, others.checked);
      session.save(signed.token, signed.name);
      showWho();
      toast(password.value ? "Signed in; your new password is set." : "Signed in.");
      location.hash = "#/lobby";
    } catch (err) {
      toast(err.message, "error");
    }
  };

  mount(h("section", { class: "start" },
    h("h1", {}, "Sign in by mailed link"),
    h("form", { class: "card", id: "link-sign-in", onsubmit: use },
      h("p", {}, "This link signs this browser in to the account it was mailed for. It works once."),
      h("label", { for: "link-new-password" }, "New password (optional)"), password,
      h("label", { for: "link-new-password-again" }, "The same again"), again,
      h("small", { class: "muted" }, "Leave both empty to keep your password."),
      h("label", {}, others, " Sign out every other device and script"),
      h("button", { type: "submit", class: "primary", id: "use-link" }, "Sign in"))));
}
