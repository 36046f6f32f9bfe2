// "Your turn" alerts: a short sound and a desktop notification when this viewer comes to
// act (or is offered a draw) while the page is in the background. Chosen per browser with a
// checkbox on the game page (kept in localStorage); off until chosen. The browser asks for
// the permission to notify when the box is first ticked; without it only the sound plays.

import { h } from "./ui.js";

const KEY = "adjutant.turnAlerts";

/** Whether alerts are on in this browser. */
export function alertsOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

function setAlerts(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode: not kept */ }
}

/** The checkbox that turns alerts on and off. */
export function alertToggle() {
  const box = h("input", { type: "checkbox", id: "turn-alerts", checked: alertsOn() });
  box.onchange = async () => {
    setAlerts(box.checked);
    if (box.checked && "Notification" in window && Notification.permission === "default") {
      try { await Notification.requestPermission(); } catch { /* the sound still plays */ }
    }
  };
  return h("label", { class: "turn-alerts", for: "turn-alerts" }, box, " Sound and notification when it is my turn");
}

/** A short two-note chime (Web Audio: no file to fetch). */
function chime() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  [660, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + i * 0.18);
    osc.stop(ctx.currentTime + i * 0.18 + 0.17);
  });
  setTimeout(() => ctx.close(), 800);
}

/**
 * Tells the player `what` ("It is your turn in Champion Hill") if alerts are on and the page
 * is not being looked at; returns whether it did (window.adjutantAlerts counts them, for
 * tests and for the curious).
 */
export function alertPlayer(what) {
  if (!alertsOn() || document.visibilityState === "visible" && document.hasFocus()) return false;
  window.adjutantAlerts = (window.adjutantAlerts || 0) + 1;
  try { chime(); } catch { /* no audio device */ }
  if ("Notification" in window && Notification.permission === "granted") {
    try { new Notification("Adjutant", { body: what, tag: "adjutant-turn" }); } catch { /* not allowed here */ }
  }
  return true;
}
