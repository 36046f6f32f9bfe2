// The log of a Mississippi Fortress game as sentences: an event's public sentence, the
// secret part its owner reads (marked as his alone), and for an engagement of a battle the
// combat report worked out below it (folded). Never raw fields: an event of a kind this file
// does not know is left to the page's generic wording.

import { h, title } from "../../js/ui.js";
import { combatPanel } from "./battle.js";

/** Kinds of event that tell the reader something the rules did for him: a choice made
 *  without asking (only one was legal, or none was asked for), a division's effectiveness
 *  (S1.8). They are marked in the log, with the sentence after the mark. */
const MARKS = {
  automatic: ["ev-automatic", "Decided by the rules"],
  ineffective: ["ev-ineffective", "Division status (S1.8)"],
};

/** An event as a sentence (a string, or an element when it has a combat report to unfold);
 *  `null` when it has nothing to say. */
export function describeEvent(event, data) {
  const text = typeof event.text === "string" ? event.text : "";
  const secret = event.secret && typeof event.secret.text === "string" ? event.secret : null;
  if (!text && !secret) return null;
  const own = secret ? h("span", { class: "secret-part" }, `${text ? " " : ""}[${title(secret.side)} only] ${secret.text}`) : "";
  const mark = MARKS[event.type];
  if (mark) {
    return h("span", { class: mark[0] }, h("span", { class: "ev-mark" }, `${mark[1]}: `), text, own);
  }
  if (!event.combat || typeof event.combat !== "object") {
    return secret ? h("span", {}, text, own) : text;
  }
  return h("span", { class: "combat-event" }, text, own,
    h("details", { class: "log-combat" }, h("summary", {}, "Worked out"), combatPanel(event.combat, data)));
}
