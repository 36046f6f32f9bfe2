//! What each viewer is told of an action's events: the events written once as JSON text for
//! the store, and each viewer's redacted array written from the typed events, copying an
//! event's text where the viewer may see it whole (no `serde_json::Value` between).

use serde::Serialize;
use serde_json::Value;

use super::{LastEvents, Logged, Match, Played};
use crate::meta::MetaEvent;
use crate::rules::{Rules, Told};
use crate::side::Viewer;

impl<E: Serialize> LastEvents<E> {
    /// Writes the events as one JSON array and notes where each lies in it.
    pub(super) fn write(&mut self) -> String {
        let mut out = Vec::with_capacity(64 * self.events.len() + 2);
        out.push(b'[');
        self.spans.clear();
        for event in &self.events {
            if out.len() > 1 {
                out.push(b',');
            }
            let start = out.len();
            let written = match event {
                Logged::Rules(e) => serde_json::to_writer(&mut out, e),
                Logged::Meta(m) => serde_json::to_writer(&mut out, m),
            };
            written.expect("events serialise to JSON");
            self.spans.push(start..out.len());
        }
        out.push(b']');
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }
}

impl<G: Rules> Match<G> {
    /// The events of `played` as `viewer` may see them, as one JSON array: from the typed
    /// events when `played` is the last action (nothing parsed, an event the viewer sees
    /// whole copied from [`Played::events_json`]), from that text otherwise.
    pub fn redact_played_text(&self, played: &Played, viewer: Viewer) -> String {
        let last = self
            .last
            .as_ref()
            .filter(|l| l.seq == played.seq && l.spans.len() == l.events.len());
        let Some(last) = last.filter(|_| !played.events_json.is_empty()) else {
            let told = Self::redact(&played.events(), viewer);
            return serde_json::to_string(&told).expect("values serialise");
        };
        if viewer == Viewer::Omniscient {
            return played.events_json.clone();
        }
        let whole = played.events_json.as_bytes();
        let mut out = Vec::with_capacity(whole.len());
        out.push(b'[');
        for (event, span) in last.events.iter().zip(&last.spans) {
            let start = out.len();
            if start > 1 {
                out.push(b',');
            }
            let told = match event {
                Logged::Rules(e) => {
                    write_told(&mut out, G::redact(e, viewer), &whole[span.clone()])
                }
                Logged::Meta(m) => write_told(&mut out, m.told(viewer), &whole[span.clone()]),
            };
            if !told {
                out.truncate(start);
            }
        }
        out.push(b']');
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    /// [`Match::redact_played_text`] as JSON values.
    pub fn redact_played(&self, played: &Played, viewer: Viewer) -> Vec<Value> {
        serde_json::from_str(&self.redact_played_text(played, viewer))
            .expect("the engine writes events as JSON")
    }

    /// `events` (stored) as `viewer` may see them (events it may not learn of are left out).
    /// The engine's own events are redacted too ([`MetaEvent::redact`]).
    pub fn redact(events: &[Value], viewer: Viewer) -> Vec<Value> {
        events
            .iter()
            .filter_map(|event| {
                if MetaEvent::is_meta(event) {
                    return MetaEvent::redact(event, viewer);
                }
                if viewer == Viewer::Omniscient {
                    return Some(event.clone());
                }
                // An event that does not parse is a stored event of an older version: show
                // nothing rather than risk a leak.
                let typed: G::Event = serde_json::from_value(event.clone()).ok()?;
                match G::redact(&typed, viewer) {
                    Told::Nothing => None,
                    Told::Whole => Some(event.clone()),
                    Told::Part(part) => serde_json::to_value(part).ok(),
                }
            })
            .collect()
    }

    /// One typed event as `viewer` may see it, as a JSON value (`None`: not at all): the
    /// rules' [`Rules::redact`] written out, for tests and tools.
    pub fn redact_event(event: &G::Event, viewer: Viewer) -> Option<Value> {
        G::redact(event, viewer).value_of(event)
    }
}

/// Writes what `told` says into `out` (`whole`: the event's own text); false for nothing.
fn write_told(out: &mut Vec<u8>, told: Told<impl Serialize>, whole: &[u8]) -> bool {
    match told {
        Told::Nothing => false,
        Told::Whole => {
            out.extend_from_slice(whole);
            true
        }
        Told::Part(part) => {
            serde_json::to_writer(&mut *out, &part).expect("events serialise to JSON");
            true
        }
    }
}
