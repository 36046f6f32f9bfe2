// The game page: the board, the prompt and its choices, the event log, who is connected;
// live over the WebSocket, resuming after a drop. Spectators get the same page, read-only.

import { reportPanel } from "../report.js";
import { api, session, gameData } from "../api.js";
import { Live } from "../live.js";
import { h, mount, toast, title, currentRoute, stale } from "../ui.js";
import { genericBoard, describeMeta } from "../boards/generic.js";
import { boards } from "../boards/index.js";
import { clockPanel } from "../clock.js";
import { chatPanel, seatOf } from "../chat.js";
import { alertToggle, alertPlayer } from "../alert.js";

export async function gamePage(gameId, code) {
  const route = currentRoute();
  mount(h("p", { class: "muted" }, "Loading the game…"));
  let state;
  try {
    state = await api.state(gameId, code);
  } catch (err) {
    if (stale(route)) return;
    mount(h("section", {}, h("h1", {}, "This game cannot be shown"), h("p", { class: "error" }, err.message), h("a", { href: "#/lobby" }, "Back to the lobby")));
    return;
  }
  const board = boards[state.game] || genericBoard;
  const data = await gameData(state.game).catch(() => null);
  if (stale(route)) return;

  const boardEl = h("div", { class: "board", id: "board" });
  const statusEl = h("div", { class: "panel status", id: "status" });
  const promptEl = h("p", { class: "prompt", id: "prompt" });
  const choicesEl = h("div", { class: "choices", id: "choices", role: "group", "aria-label": "Your choices" });
  const formEl = h("div", { class: "free-text" });
  const presenceEl = h("p", { class: "presence", id: "presence" });
  const connEl = h("span", { class: "conn", id: "connection" }, "connecting");
  const logEl = h("ol", { class: "log", id: "log" });
  const endEl = h("div", { class: "panel end", id: "end", hidden: true });
  const resignBtn = h("button", { class: "danger", id: "resign", hidden: true }, "Resign");
  const drawEl = h("div", { class: "draw", id: "draw" });
  const heading = h("h1", { class: "game-title" }, `${state.game} · ${state.scenario}`);

  let view = state.view;
  let seq = state.seq;
  let status = state.status;
  let viewer = state.viewer;
  let busy = false;
  let highlight = null;
  const seen = new Set();
  // The seat the server says this viewer holds; once the game is over everyone is omniscient,
  // and the seat is the one the signed-in name plays.
  const seat = () => (viewer === "union" || viewer === "confederate" ? viewer : seatOf(state.players));
  const clockBox = clockPanel(gameId, () => ({ seat: seat(), status }));
  const chatBox = chatPanel(gameId, code, () => ({ seat: seat(), status }));
  const rematchBox = h("div", { id: "rematch" });

  mount(h("section", { class: "game", dataset: { viewer } },
    h("div", { class: "main" }, heading, boardEl),
    h("aside", { class: "side" },
      statusEl,
      clockBox.el,
      h("div", { class: "panel" }, promptEl, choicesEl, formEl),
      h("div", { class: "panel" }, presenceEl, connEl, drawEl, resignBtn, h("p", {}, alertToggle())),
      endEl,
      chatBox.el,
      h("div", { class: "panel" }, h("h3", {}, "Log"), logEl))));

  const players = () => `${state.players.union || "open seat"} (Union) vs ${state.players.confederate || "open seat"} (Confederate)`;

  function addEvents(entries) {
    for (const entry of entries) {
      if (seen.has(entry.seq)) continue;
      seen.add(entry.seq);
      for (const event of entry.events) {
        const text = describeMeta(event) || board.describe(event, data) || genericBoard.describe(event);
        const dice = diceOf(event);
        logEl.prepend(h("li", { class: `ev ${entry.side}`, dataset: { seq: entry.seq } },
          h("span", { class: "seq" }, entry.seq), " ", text,
          dice.length ? h("span", { class: "dice" }, dice.map((d) => h("span", { class: "die", title: `rolled ${d}` }, d))) : ""));
      }
    }
  }

  async function choose(action) {
    if (busy) return;
    // The rules mark a choice after which this seat has nothing left to take back.
    if (action.irrevocable && !confirm(`${action.label || action.type}\n\nThis cannot be taken back once posted. Go ahead?`)) return;
    const blanks = Object.entries(action).filter(([k, v]) => k !== "label" && v === "");
    if (blanks.length) {
      askText(action, blanks.map(([k]) => k));
      return;
    }
    await send(action);
  }

  function askText(action, keys) {
    const inputs = keys.map((k) => h("textarea", { name: k, rows: 3, maxlength: 2000, placeholder: `Write the ${k.replace(/_/g, " ")}`, "aria-label": k }));
    const submit = async (e) => {
      e.preventDefault();
      const filled = { ...action };
      inputs.forEach((t, i) => { filled[keys[i]] = t.value; });
      formEl.replaceChildren();
      await send(filled);
    };
    formEl.replaceChildren(h("form", { onsubmit: submit }, h("p", {}, action.label), inputs,
      h("button", { type: "submit", class: "primary" }, "Send"), " ",
      h("button", { type: "button", onclick: () => formEl.replaceChildren() }, "Cancel")));
    inputs[0].focus();
  }

  async function send(action) {
    busy = true;
    choicesEl.classList.add("busy");
    try {
      await live.act(gameId, seq, action);
    } catch (err) {
      if (err.code !== "stale_seq") toast(err.message, "error");
    } finally {
      busy = false;
      choicesEl.classList.remove("busy");
    }
  }

  // Whether this viewer was to act (or to answer a draw offer) at the last render, so that
  // the alert sounds only when that begins.
  let wasAsked = null;

  function renderDraw() {
    const d = view && status === "active" ? view.draw : null;
    const offeredBy = d && d.offered_by;
    const mineOffer = offeredBy && offeredBy === viewer;
    drawEl.replaceChildren(
      offeredBy ? h("p", { class: "draw-offer", id: "draw-offer" }, mineOffer
        ? "Your draw offer stands until it is answered."
        : `The ${title(offeredBy)} player offers a draw.`) : "",
      ...((d && d.actions) || []).map((a) => h("button", {
        type: "button", class: a.type === "accept_draw" ? "primary" : "", dataset: { type: a.type },
        onclick: async () => {
          if (a.type === "accept_draw" && !confirm("Accept the draw? The game ends drawn.")) return;
          await send(a);
        },
      }, a.label)));
  }

  function renderChoices() {
    const actions = (view && view.actions) || [];
    const mine = actions.length > 0;
    const asked = mine || !!(view?.draw?.actions || []).some((a) => a.type === "accept_draw");
    if (wasAsked === false && asked) alertPlayer(mine ? `It is your turn in ${state.scenario}.` : `A draw is offered in ${state.scenario}.`);
    wasAsked = asked;
    renderDraw();
    promptEl.textContent = view && view.prompt ? view.prompt
      : status === "finished" ? "The game is over."
      : status === "open" ? "Waiting for a second player to join."
      : viewer === "spectator" ? "You are watching." : `Waiting for ${(view?.to_act || []).map(title).join(" and ") || "the other player"}.`;
    promptEl.classList.toggle("your-move", mine);
    // The tab says when this viewer must act, so a player in another tab sees it.
    document.title = `${mine ? "Your turn · " : ""}${state.scenario} · Adjutant`;
    // A board may list some choices elsewhere (on its map, in a form of its own): the rest
    // are buttons here.
    const listed = board.buttons ? board.buttons(actions, { data, viewer }) : actions;
    const shown = highlight ? actions.filter((a) => board.targets(a).includes(highlight)) : listed;
    choicesEl.replaceChildren(
      highlight ? h("p", { class: "muted" }, `Choices for ${highlight} `, h("button", { class: "link", onclick: () => { highlight = null; renderChoices(); } }, "show all")) : "",
      mine && !shown.length ? h("p", { class: "muted", id: "choose-on-board" }, "Your choices are on the board.") : "",
      ...shown.map((a) => {
        const n = actions.indexOf(a) + 1;
        return h("button", {
          class: a.type === "undo" ? "choice undo" : "choice",
          dataset: { n, type: a.type },
          onclick: () => choose(a),
        }, n <= 9 ? h("kbd", {}, n) : "", " ", a.label || a.type);
      }));
    resignBtn.hidden = !(status === "active" && (viewer === "union" || viewer === "confederate"));
  }

  function onMapPick(key) {
    const actions = (view && view.actions) || [];
    const matching = actions.filter((a) => board.targets(a).includes(key));
    if (matching.length === 1) choose(matching[0]);
    else if (matching.length > 1) { highlight = key; renderChoices(); }
  }

  function render() {
    document.querySelector(".game")?.setAttribute("data-viewer", viewer);
    heading.textContent = `${state.game} · ${state.scenario} — ${players()}`;
    if (view) board.render(boardEl, view, { data, onPick: onMapPick, viewer, choose });
    else boardEl.replaceChildren(h("p", { class: "muted" }, "The board appears when both seats are taken."));
    const s = view ? board.status(view, data) : null;
    statusEl.replaceChildren(h("p", {}, h("strong", {}, title(viewer)), ` · action ${seq} · ${status}`), s || "");
    renderChoices();
    clockBox.refresh();
    chatBox.refresh();
    if (status === "finished") showEnd();
  }

  function showRematch() {
    if (!seat() || state.imported) { rematchBox.replaceChildren(); return; }
    if (state.rematch) {
      const id = state.rematch;
      rematchBox.replaceChildren(h("button", { class: "primary", id: "open-rematch", onclick: async () => {
        // The former opponent takes the seat kept for it; the one who offered already sits.
        await api.join(id, {}).catch(() => {});
        location.hash = `#/game/${id}`;
      } }, "Open the rematch (sides swapped)"));
      return;
    }
    rematchBox.replaceChildren(h("button", { id: "offer-rematch", onclick: async () => {
      try {
        const created = await api.rematch(gameId);
        state.rematch = created.game_id;
        toast(`Rematch created: you play the ${title(created.seat)}.`);
        showRematch();
      } catch (err) { toast(err.message, "error"); }
    } }, "Offer a rematch (sides swapped)"));
  }

  /** Shows the finished game as it stood after action `n`: the board and the status panel
   *  both (the panel says it is a replay), and the turn stepper's label follows. */
  let followTurn = () => {};
  async function showReplay(n) {
    try {
      const step = await api.replay(gameId, n, code);
      board.render(boardEl, step.view, { data, onPick: () => {}, viewer: "omniscient" });
      const s = board.status(step.view, data);
      statusEl.replaceChildren(h("p", {}, h("strong", {}, "Replay"), ` · after action ${n} of ${seq}`), s || "");
      followTurn(n);
    } catch (err) { toast(err.message, "error"); }
  }

  /** Buttons that step through a finished game a turn at a time. */
  function turnStepper(slider, at) {
    const box = h("div", { class: "turns", id: "turns" });
    api.turns(gameId, code).then((index) => {
      if (!index.key || !index.turns.length) return;
      let i = index.turns.length - 1;
      const label = h("span", { id: "turn-label" });
      const name = (mark) => `${title(index.key)} ${mark.turn} (from action ${mark.seq})`;
      followTurn = (n) => {
        const found = index.turns.findLastIndex((m) => m.seq <= n);
        i = Math.max(0, found);
        label.textContent = name(index.turns[i]);
      };
      const go = async (next) => {
        i = Math.max(0, Math.min(index.turns.length - 1, next));
        const mark = index.turns[i];
        slider.value = mark.seq;
        at.textContent = `action ${mark.seq}`;
        await showReplay(mark.seq);
      };
      label.textContent = `${title(index.key)} ${index.turns[i].turn}`;
      box.replaceChildren(
        h("button", { id: "turn-prev", onclick: () => go(i - 1) }, "◀ Previous turn"), " ", label, " ",
        h("button", { id: "turn-next", onclick: () => go(i + 1) }, "Next turn ▶"));
    }).catch(() => {});
    return box;
  }

  let endShown = false;
  async function showEnd() {
    endEl.hidden = false;
    if (endShown) return;
    endShown = true;
    const outcome = view?.outcome;
    const record = await api.record(gameId, code).catch(() => null);
    const slider = h("input", { type: "range", min: 0, max: seq, value: seq, id: "replay", "aria-label": "Step through the game" });
    const at = h("output", { for: "replay" }, `action ${seq}`);
    slider.oninput = () => { at.textContent = `action ${slider.value}`; };
    slider.onchange = () => showReplay(Number(slider.value));
    const download = record ? h("a", { download: `adjutant-${gameId}.json`, href: URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" })) }, "Download the game record") : "";
    endEl.replaceChildren(
      h("h3", {}, "Result"),
      h("p", { class: "result", id: "result" }, outcome ? outcome.summary : "The game is over."),
      record?.seed ? h("p", { class: "muted" }, "Seed (hash it to check the commitment): ", h("code", { id: "seed" }, record.seed)) : "",
      h("label", { for: "replay" }, "Replay: "), slider, " ", at, turnStepper(slider, at), h("p", {}, download),
      reportPanel(api.turns(gameId, code)),
      state.imported ? h("p", { class: "muted" }, "Imported from a game file: read-only.") : "",
      rematchBox);
    showRematch();
    refreshRematch();
  }

  resignBtn.onclick = async () => {
    if (!confirm("Resign this game?")) return;
    try { await live.resign(gameId); } catch (err) { toast(err.message, "error"); }
  };

  const keys = (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const a = (view?.actions || [])[n - 1];
      if (a) { e.preventDefault(); choose(a); }
    }
  };
  document.addEventListener("keydown", keys);

  // A rematch offered while this page was not subscribed (connecting, reconnecting, or
  // still building the end panel) is read from the game's state instead of its frame.
  function refreshRematch() {
    if (status !== "finished" || state.rematch) return;
    api.state(gameId, code).then((fresh) => {
      if (fresh.rematch && !state.rematch) { state.rematch = fresh.rematch; showRematch(); }
    }).catch(() => {});
  }

  const live = new Live((s) => {
    connEl.textContent = s; connEl.dataset.state = s;
    if (s === "connected") refreshRematch();
  });
  live.subscribe(gameId, code, {
    view: (v, s, st, who) => {
      view = v; seq = s; status = st;
      if (who) viewer = who;
      if (st === "active" && (!state.players.union || !state.players.confederate)) {
        api.state(gameId, code).then((fresh) => { state = fresh; render(); }).catch(() => {});
      }
      render();
    },
    events: addEvents,
    presence: (p) => {
      presenceEl.replaceChildren(
        h("span", { class: p.union ? "on" : "off" }, "Union"), " ",
        h("span", { class: p.confederate ? "on" : "off" }, "Confederate"), " ",
        h("span", {}, `${p.spectators} watching`));
    },
    clock: (c) => clockBox.update(c),
    chat: (m) => chatBox.add(m),
    rematch: (id) => { state.rematch = id; showRematch(); },
    error: (err) => toast(err.message, "error"),
  });
  window.adjutantLive = live;
  clockBox.update(state.clock);

  render();
  api.events(gameId, 0, code).then((log) => addEvents(log.entries)).catch(() => {});

  return () => {
    document.title = "Adjutant";
    clockBox.stop();
    document.removeEventListener("keydown", keys);
    live.close();
    if (window.adjutantLive === live) delete window.adjutantLive;
  };
}

function diceOf(event) {
  const out = [];
  for (const [k, v] of Object.entries(event)) {
    if (/^(roll|rolls|die|dice)$/.test(k)) {
      if (Array.isArray(v)) out.push(...v.filter((x) => typeof x === "number"));
      else if (typeof v === "number") out.push(v);
      else if (v && typeof v === "object") out.push(...Object.values(v).filter((x) => typeof x === "number"));
    }
  }
  return out;
}
