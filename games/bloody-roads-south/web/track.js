// Bloody Roads South: the Turn Record Track (static data `turn_track`, reference 1.4), a row
// of boxes a date, night turns dark; a scenario's span of it, the current turn marked.

import { h } from "../../js/ui.js";
import { count } from "./words.js";

/** "5 May 1:00pm" → ["5 May", "1:00pm"]. */
function split(time) {
  const parts = String(time).split(" ");
  return [parts.slice(0, 2).join(" "), parts.slice(2).join(" ")];
}

function boxWords(t, n) {
  const sight = t.visibility == null ? "unlimited visibility" : `visibility ${count(t.visibility, "hex", "hexes")}`;
  const length = t.minutes === 60 ? "an hour" : `${t.minutes} minutes`;
  return `Turn ${n}, ${t.time}: a ${t.night ? "night" : "day"} turn of ${length}, ${sight}.`;
}

/** The turns from `first` to `last` (the whole track without them), `current` marked. */
export function turnTrack(data, { first, last, current } = {}) {
  const all = data?.turn_track || [];
  const a = first ? all.findIndex((t) => t.time === first) : 0;
  const b = last ? all.findIndex((t) => t.time === last) : all.length - 1;
  const turns = a >= 0 && b >= a ? all.slice(a, b + 1) : all;
  if (!turns.length) return h("div", { id: "turn-track" });
  const days = [];
  turns.forEach((t, i) => {
    const [date, clock] = split(t.time);
    if (!days.length || days[days.length - 1].date !== date) days.push({ date, boxes: [] });
    const now = t.time === current;
    days[days.length - 1].boxes.push(h("li", {
      class: `turn ${t.night ? "night" : "day"}${now ? " current" : ""}`, title: boxWords(t, i + 1),
      "aria-current": now ? "step" : false, dataset: { time: t.time },
    }, clock));
  });
  const nights = turns.filter((t) => t.night).length;
  const at = turns.find((t) => t.time === current);
  return h("section", { class: "panel brs-track", id: "turn-track" },
    h("h3", {}, "Turn Record Track"),
    h("p", { class: "muted" }, `${count(turns.length, "turn", "turns")}, ${turns[0].time} to ${turns[turns.length - 1].time}` +
      `${nights ? `; ${count(nights, "night turn", "night turns")} (the dark boxes)` : ", all by day"}.` +
      (at ? ` Now: ${boxWords(at, turns.indexOf(at) + 1)}` : "")),
    days.map((d) => h("div", { class: "track-day" }, h("span", { class: "track-date" }, d.date), h("ol", { class: "track-boxes" }, d.boxes))));
}
