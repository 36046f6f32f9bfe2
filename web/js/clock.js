// Correspondence clocks: the clock panel of the game page (banks that tick down, pauses,
// taking a seat back from the bot), the clock choice of the new-game form, and a one-line
// summary for the lobby.

import { api } from "./api.js";
import { h, toast, title } from "./ui.js";

/** Seconds as "2d 4h", "5h 03m" or "42s". */
export function span(secs) {
  const s = Math.max(0, Math.floor(secs));
  const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${hr}h`;
  if (hr) return `${hr}h ${String(m).padStart(2, "0")}m`;
  if (m) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  return `${s}s`;
}

/** Seconds left for `side` now, counting down from the clock's `at` on this machine. */
function left(clock, side, receivedAt) {
  const base = clock.remaining[side];
  const running = clock.running.includes(side) && !clock.paused;
  return running ? base - (Date.now() / 1000 - receivedAt) : base;
}

/** The clock panel. `context()` gives {seat, status} (seat: "union", "confederate" or null). */
export function clockPanel(gameId, context) {
  const el = h("div", { class: "panel clock", id: "clock", hidden: true });
  let clock = null;
  let receivedAt = 0;
  const rows = {};
  const timer = setInterval(tick, 1000);

  function tick() {
    if (!clock) return;
    for (const side of ["union", "confederate"]) {
      if (rows[side]) rows[side].textContent = span(left(clock, side, receivedAt));
    }
  }

  // Clock states told from outside (the game's frames, its first state). The server tells
  // every change, the one a button asks for included, so a reply that comes after such a
  // state may be older than it (an opponent's answer overtaking our own request's reply) and
  // is not drawn: the frame for our change follows.
  let told = 0;

  async function run(action, done) {
    const before = told;
    try {
      const reply = await action();
      if (told === before) set(reply.clock);
      if (done) toast(done);
    } catch (err) {
      toast(err.message, "error");
    }
  }

  function controls() {
    const { seat, status } = context();
    if (!seat || status !== "active") return [];
    const out = [];
    if (clock.bot[seat]) {
      out.push(h("p", { class: "warn" }, "Your time ran out: the server's bot plays your seat."),
        h("button", { class: "primary", id: "reclaim", onclick: () => run(() => api.reclaim(gameId), "Your seat is yours again.") }, "Take my seat back"));
    }
    const request = clock.pause_request;
    if (clock.paused) {
      out.push(h("button", { id: "end-pause", onclick: () => run(() => api.endPause(gameId), "The clocks run again.") }, "End the pause now"));
    } else if (request && request.by !== seat) {
      out.push(h("p", {}, `Your opponent asks to pause both clocks for ${span(request.secs)}.`),
        h("button", { class: "primary", id: "accept-pause", onclick: () => run(() => api.answerPause(gameId, true), "Paused.") }, "Agree"), " ",
        h("button", { id: "refuse-pause", onclick: () => run(() => api.answerPause(gameId, false)) }, "Refuse"));
    } else if (request) {
      out.push(h("p", { class: "muted" }, `You asked for a pause of ${span(request.secs)}; waiting for an answer.`));
    } else {
      const days = h("input", { type: "number", id: "pause-days", min: 1, max: 365, value: 3, "aria-label": "Days of pause" });
      out.push(h("form", { class: "inline", onsubmit: (e) => {
        e.preventDefault();
        run(() => api.pause(gameId, Number(days.value)), "Your opponent is asked.");
      } }, days, h("button", { type: "submit", id: "ask-pause" }, "Ask for a pause (days)")));
    }
    return out;
  }

  function render() {
    el.hidden = !clock;
    if (!clock) return;
    const s = clock.settings;
    const line = (side) => {
      rows[side] = h("span", { class: "bank", id: `bank-${side}` }, span(left(clock, side, receivedAt)));
      const running = clock.running.includes(side) && !clock.paused;
      return h("div", { class: `bank-row ${side}${running ? " running" : ""}` },
        h("strong", {}, title(side)), " ", rows[side],
        running ? h("span", { class: "tag" }, "running") : "",
        clock.bot[side] ? h("span", { class: "tag bot" }, "bot") : "");
    };
    el.replaceChildren(
      h("h3", {}, "Clock"),
      line("union"), line("confederate"),
      h("p", { class: "muted" }, `${span(s.initial_secs)} bank, +${span(s.increment_secs)} a move, at most ${span(s.cap_secs)}; on time-out: ${s.on_timeout === "bot" ? "the bot plays" : "forfeit"}.`),
      clock.paused ? h("p", { id: "paused" }, `Paused until ${new Date(clock.paused.until * 1000).toLocaleString()}.`) : "",
      ...controls());
  }

  function update(next) {
    told += 1;
    set(next);
  }

  function set(next) {
    if (!next) return;
    clock = next;
    receivedAt = Date.now() / 1000;
    render();
  }

  // Redrawn when the seat or the game's status changes, not at every view (a half-typed
  // number of days survives).
  let key = "";
  const refresh = () => {
    const { seat, status } = context();
    const next = `${seat}|${status}`;
    if (next !== key) {
      key = next;
      render();
    }
  };

  return { el, update, refresh, stop: () => clearInterval(timer) };
}

/** The clock field of the new-game form: none, a preset, or custom. */
export function clockField(catalog) {
  const presets = catalog.clock_presets || [];
  const select = h("select", { id: "clock" },
    h("option", { value: "" }, "No clock"),
    presets.map((p) => h("option", { value: p.id }, p.name)),
    h("option", { value: "custom" }, "Custom…"));
  const num = (id, value, label) => h("label", {}, label, " ", h("input", { type: "number", id, min: 0, step: "any", value }));
  const custom = h("div", { class: "custom-clock", hidden: true },
    num("clock-bank", 3, "Bank (days)"), " ", num("clock-increment", 36, "+ hours a move"), " ", num("clock-cap", 10, "cap (days)"));
  const policy = h("select", { id: "on-timeout" },
    h("option", { value: "forfeit" }, "the side that runs out loses"),
    h("option", { value: "bot" }, "a bot plays the seat until its owner is back"));
  const policyField = h("div", { class: "field", hidden: true }, h("label", { for: "on-timeout" }, "When a clock runs out"), policy);
  select.onchange = () => {
    custom.hidden = select.value !== "custom";
    policyField.hidden = select.value === "";
  };
  const read = () => {
    if (!select.value) return null;
    const on_timeout = policy.value;
    if (select.value !== "custom") return { preset: select.value, on_timeout };
    const v = (id) => Number(custom.querySelector(`#${id}`).value);
    return {
      initial_secs: Math.round(v("clock-bank") * 86400),
      increment_secs: Math.round(v("clock-increment") * 3600),
      cap_secs: Math.round(v("clock-cap") * 86400),
      on_timeout,
    };
  };
  const el = h("div", {},
    h("div", { class: "field" }, h("label", { for: "clock" }, "Clock (for correspondence play)"), select,
      h("small", {}, "Time runs only for the side that must act; each move hands back the increment.")),
    custom, policyField);
  return { el, read };
}

/** A lobby line's clock: the seat's time left, or "paused". */
export function clockSummary(game) {
  const c = game.clock;
  if (!c || game.status !== "active") return "";
  if (c.paused) return h("span", { class: "tag" }, "paused");
  const seat = game.my_seat;
  if (!seat) return "";
  const secs = c.remaining[seat] - (c.running.includes(seat) ? Date.now() / 1000 - c.at : 0);
  return h("span", { class: "tag clock-left" }, `your clock: ${span(secs)}`);
}
