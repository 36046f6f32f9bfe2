// The HTTP door: one function per route of the wire contract, and the token kept in the browser.

const TOKEN_KEY = "adjutant.token";
const NAME_KEY = "adjutant.name";

export const session = {
  get token() { return localStorage.getItem(TOKEN_KEY); },
  get name() { return localStorage.getItem(NAME_KEY); },
  save(token, name) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(NAME_KEY, name);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(NAME_KEY);
  },
};

/** An error the server answered with: `code` is the wire contract's error code. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Paths are resolved against the page's own address, so that the client works under a
// sub-path behind a reverse proxy (`--public-url https://host/adjutant/`) as at the root.
export const apiUrl = (path) => new URL(path.replace(/^\//, ""), document.baseURI).href;

async function call(method, path, body, token = session.token) {
  const headers = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError("network", "The server cannot be reached; check your connection.", 0);
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const error = data && data.error;
    // This browser's token was refused: it was revoked (signed out from another device).
    if (response.status === 401 && token && token === session.token) {
      session.clear();
      window.dispatchEvent(new CustomEvent("adjutant:signed-out"));
    }
    throw new ApiError(error ? error.code : "internal", error ? error.message : `The server answered ${response.status}.`, response.status);
  }
  return data;
}

const q = (params) => {
  const parts = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return parts.length ? `?${parts.join("&")}` : "";
};

/** What a token made in this browser is called in the account's token list. */
export function deviceLabel() {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) ? "Safari" : "a browser";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows"
    : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  return `${browser}${system ? ` on ${system}` : ""}`;
}

export const api = {
  createAccount: (name, password) => call("POST", "api/accounts", { name, password: password || undefined, label: deviceLabel() }, null),
  me: (token) => call("GET", "api/accounts/me", undefined, token),
  // Signing in, tokens and the password.
  signIn: (name, password) => call("POST", "api/accounts/sign-in", { name, password, label: deviceLabel() }, null),
  emailSignIn: (name) => call("POST", "api/accounts/sign-in/email", { name }, null),
  linkSignIn: (token, newPassword, signOutOthers) => call("POST", "api/accounts/sign-in/link",
    { token, new_password: newPassword || undefined, sign_out_others: signOutOthers, label: deviceLabel() }, null),
  tokens: () => call("GET", "api/accounts/me/tokens"),
  revoke: (id) => call("DELETE", `api/accounts/me/tokens/${encodeURIComponent(id)}`),
  revokeOthers: () => call("POST", "api/accounts/me/tokens/revoke-others", {}),
  changePassword: (current, next, signOutOthers) => call("PUT", "api/accounts/me/password",
    { current_password: current || undefined, new_password: next, sign_out_others: signOutOthers }),
  catalog: () => call("GET", "api/catalog"),
  gameData: (game) => call("GET", `api/catalog/${encodeURIComponent(game)}`),
  createGame: (request) => call("POST", "api/games", request),
  join: (id, request) => call("POST", `api/games/${id}/join`, request),
  list: (filter) => call("GET", `api/games${q({ filter })}`),
  state: (id, code) => call("GET", `api/games/${id}${q({ spectate_code: code })}`),
  act: (id, seq, action) => call("POST", `api/games/${id}/actions`, { seq, action }),
  resign: (id) => call("POST", `api/games/${id}/resign`, {}),
  events: (id, after, code) => call("GET", `api/games/${id}/events${q({ after, spectate_code: code })}`),
  record: (id, code) => call("GET", `api/games/${id}/record${q({ spectate_code: code })}`),
  replay: (id, at, code) => call("GET", `api/games/${id}/replay${q({ at, spectate_code: code })}`),
  // Correspondence play.
  turns: (id, code) => call("GET", `api/games/${id}/turns${q({ spectate_code: code })}`),
  pause: (id, days) => call("POST", `api/games/${id}/pause`, { days }),
  answerPause: (id, accept) => call("POST", `api/games/${id}/pause/answer`, { accept }),
  endPause: (id) => call("POST", `api/games/${id}/pause/end`, {}),
  reclaim: (id) => call("POST", `api/games/${id}/reclaim`, {}),
  chat: (id, channel, after, code) => call("GET", `api/games/${id}/chat${q({ channel, after, spectate_code: code })}`),
  postChat: (id, channel, text, code) => call("POST", `api/games/${id}/chat${q({ spectate_code: code })}`, { channel, text }),
  rematch: (id) => call("POST", `api/games/${id}/rematch`, {}),
  importGame: (record, visibility) => call("POST", "api/games/import", { record, visibility }),
  notices: () => call("GET", "api/notices"),
  noticeSettings: () => call("GET", "api/notices/settings"),
  saveNoticeSettings: (settings) => call("PUT", "api/notices/settings", settings),
  testNotice: () => call("POST", "api/notices/test", {}),
  resendConfirmation: () => call("POST", "api/notices/confirm/resend", {}),
  vacation: () => call("GET", "api/vacation"),
};

const dataCache = new Map();
/** A game's static data (map, charts), fetched once. */
export function gameData(game) {
  if (!dataCache.has(game)) dataCache.set(game, api.gameData(game));
  return dataCache.get(game);
}
