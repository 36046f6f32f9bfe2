// The WebSocket door: one connection for the page, subscriptions that survive reconnects
// (each resumes from the last sequence number it saw), requests matched to their replies.

import { session, ApiError } from "./api.js";
import { applyPatch } from "./patch.js";

export class Live {
  constructor(onStatus = () => {}) {
    this.onStatus = onStatus;
    this.subs = new Map();      // game id -> subscription
    this.pending = new Map();   // request id -> {resolve, reject}
    this.nextId = 1;
    this.retry = 500;
    this.closed = false;
    this.connect();
  }

  connect() {
    // Beside the page, so that a sub-path behind a reverse proxy works as the root does.
    const url = new URL("api/ws", document.baseURI);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url.href);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus("connected");
      if (session.token) ws.send(JSON.stringify({ type: "auth", token: session.token }));
      for (const sub of this.subs.values()) this.sendSubscribe(sub);
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      for (const { reject } of this.pending.values()) reject(new ApiError("network", "The connection dropped; your action may not have arrived.", 0));
      this.pending.clear();
      if (this.closed) return;
      this.onStatus("reconnecting");
      setTimeout(() => { if (!this.closed) this.connect(); }, this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  /** Drops the connection (for tests and for leaving the page). */
  drop() { if (this.ws) this.ws.close(); }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  request(message) {
    const id = `r${this.nextId++}`;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ApiError("network", "Not connected; trying again shortly.", 0));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Follows a game: `handlers.view(view, seq, status)`, `handlers.events(entries)`,
   *  `handlers.presence(p)`, `handlers.clock(clock)`, `handlers.chat(message)`,
   *  `handlers.rematch(gameId)`, `handlers.error(err)`. */
  subscribe(gameId, code, handlers) {
    const sub = { gameId, code, handlers, seq: null, view: null, status: null };
    this.subs.set(gameId, sub);
    this.sendSubscribe(sub);
    return sub;
  }

  unsubscribe(gameId) {
    this.subs.delete(gameId);
    this.send({ type: "unsubscribe", game_id: gameId });
  }

  sendSubscribe(sub) {
    const message = { type: "subscribe", game_id: sub.gameId, updates: "patch" };
    if (sub.code) message.spectate_code = sub.code;
    if (sub.seq !== null) message.after_seq = sub.seq;
    this.send(message);
  }

  act(gameId, seq, action) { return this.request({ type: "act", game_id: gameId, seq, action }); }
  resign(gameId) { return this.request({ type: "resign", game_id: gameId }); }

  receive(frame) {
    if (frame.id && this.pending.has(frame.id)) {
      const { resolve, reject } = this.pending.get(frame.id);
      this.pending.delete(frame.id);
      if (frame.type === "error") reject(new ApiError(frame.code, frame.message, 0));
      else resolve(frame);
      return;
    }
    const sub = frame.game_id ? this.subs.get(frame.game_id) : null;
    if (!sub) return;
    const h = sub.handlers;
    switch (frame.type) {
      case "subscribed":
        sub.view = frame.view;
        sub.seq = frame.seq;
        sub.status = frame.status;
        h.view?.(sub.view, sub.seq, sub.status, frame.viewer);
        h.presence?.(frame.presence);
        break;
      case "started":
        sub.view = frame.view;
        sub.seq = frame.seq;
        sub.status = "active";
        h.view?.(sub.view, sub.seq, sub.status);
        break;
      case "update": {
        const fresh = frame.view !== undefined || frame.patch !== undefined;
        if (frame.view !== undefined) sub.view = frame.view;
        else if (frame.patch !== undefined) {
          try {
            sub.view = applyPatch(sub.view, frame.patch);
          } catch {
            // Out of step: start again from a whole view.
            sub.seq = null;
            this.sendSubscribe(sub);
            return;
          }
        }
        h.events?.([{ seq: frame.seq, side: frame.side, events: frame.events }]);
        if (fresh) {
          sub.seq = frame.seq;
          sub.status = frame.status;
          h.view?.(sub.view, sub.seq, sub.status);
        }
        break;
      }
      case "presence":
        h.presence?.(frame.presence);
        break;
      case "clock":
        h.clock?.(frame.clock);
        break;
      case "chat":
        h.chat?.(frame.message);
        break;
      case "rematch_offered":
        h.rematch?.(frame.rematch_id);
        break;
      case "error":
        h.error?.(new ApiError(frame.code, frame.message, 0));
        break;
    }
  }
}
