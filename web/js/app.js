// The page shell: a hash router and the account shown in the header.

import { session } from "./api.js";
import { beginRoute, toast } from "./ui.js";
import { startPage } from "./pages/start.js";
import { lobbyPage } from "./pages/lobby.js";
import { gamePage } from "./pages/game.js";
import { mapsPage } from "./pages/maps.js";
import { joinPage } from "./pages/join.js";
import { settingsPage } from "./pages/settings.js";
import { linkSignInPage } from "./pages/sign_in_link.js";

let leave = null;

const routes = [
  [/^#?\/?$/, () => (session.token ? lobbyPage() : startPage())],
  [/^#\/start$/, () => startPage()],
  [/^#\/lobby$/, () => (session.token ? lobbyPage() : startPage())],
  [/^#\/game\/([0-9a-fA-F-]{36})(?:\?code=([A-Za-z0-9]+))?$/, (m) => gamePage(m[1], m[2])],
  [/^#\/maps\/([a-z0-9-]+)(?:\?(.*))?$/, (m) => mapsPage(m[1], m[2])],
  [/^#\/settings$/, () => settingsPage()],
  [/^#\/join\/([0-9a-fA-F-]{36})\/([A-Za-z0-9]+)(?:\?(.*))?$/, (m) => joinPage(m[1], m[2], m[3])],
  [/^#\/sign-in\/link\/(adj_[0-9a-fA-F]{64})$/, (m) => linkSignInPage(m[1])],
];

async function route() {
  if (leave) {
    try { leave(); } catch { /* the old page is gone anyway */ }
    leave = null;
  }
  showWho();
  beginRoute();
  const hash = location.hash || "#/";
  for (const [pattern, page] of routes) {
    const m = hash.match(pattern);
    if (m) {
      leave = (await page(m)) || null;
      return;
    }
  }
  location.hash = "#/";
}

export function showWho() {
  const who = document.getElementById("who");
  who.replaceChildren();
  if (session.token) {
    who.textContent = `${session.name || "signed in"} · `;
    const out = document.createElement("a");
    out.href = "#/start";
    out.textContent = "switch account";
    who.append(out);
  }
}

window.addEventListener("hashchange", route);
// A request found this browser's token revoked: back to the start page.
window.addEventListener("adjutant:signed-out", () => {
  showWho();
  toast("This browser was signed out (its token was revoked). Sign in again.", "error");
  if (location.hash !== "#/start") location.hash = "#/start";
});
route();
