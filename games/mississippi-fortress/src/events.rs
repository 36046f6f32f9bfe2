//! The log: what happened, in a public sentence both players and spectators read, with an
//! optional secret part only its owner (and, after the game, everyone) reads (Appendix V).
//!
//! [`Fx`] is what every rule that changes the state writes to while an action is applied:
//! the dice, the events, and whether hidden information became known (a reveal, which undo
//! may never cross).

use adjutant_engine::{Dice, Side, Told, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::report::CombatReport;

/// The kind of an event, for clients that style the log. (`undone`, `resigned`, `timed_out`
/// and `game_over` are the engine's own and never used here.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// Set-up and dummy placement (S2.1, S4.6b).
    SetUp,
    /// A new turn and its weather (3.1-3.3).
    Weather,
    /// A player turn or phase begins.
    Phase,
    /// Dummies placed or removed (S4.6).
    Dummy,
    /// Reinforcements placed or withheld (S3.7).
    Reinforcement,
    /// Land counters moving (S3).
    Move,
    /// Ships moving (S12.1).
    Sail,
    /// Counters boarding or landing from steamers (4.12, 4.13).
    Transport,
    /// Shore battery fire and its results (4.23).
    BatteryFire,
    /// Naval combat (7.21b) and ships in support, damaged or returning (7.21c-d).
    NavalCombat,
    /// A straggler check (S7).
    Straggler,
    /// A strength transfer (4.5).
    Transfer,
    /// A cavalry probe (S5).
    Probe,
    /// Battles declared (S8.2).
    Declaration,
    /// Something of a battle: retreats, deployment, orders, fire, losses, outcomes (S8, S9).
    Battle,
    /// A unit eliminated or surrendered.
    Elimination,
    /// A division became ineffective or effective again (S1.8): its owner's alone.
    Ineffective,
    /// A choice the rules made for a player without asking, because only one was legal, or
    /// a Line Position the rules give no Combat Order (S8.6, S8.8, S9.82; decision I39).
    Automatic,
    /// A Leader displaced, captured, fallen or replaced (S3.92, S9.63-S9.66).
    Leader,
    /// Communications and straggler recovery (S6, S7.5).
    Communications,
    /// Victory points scored (S10).
    VictoryPoints,
    /// Siege and surrender of Vicksburg (5.4).
    Siege,
    /// A shore battery destroyed (4.22c).
    BatteryDestroyed,
    /// Captures recorded at the end of a turn (S10.7).
    Capture,
    /// The game ends.
    EndOfGame,
}

/// The part of an event only one player may read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secret {
    /// Who may read it.
    pub side: Side,
    /// What it says.
    pub text: String,
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Its kind.
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The public sentence (empty when only the owner learns anything).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The owner's part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Secret>,
    /// An engagement worked out (S9.2-S9.5), for clients to draw as a table: public, like
    /// the sentence it goes with (Appendix V).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<Box<CombatReport>>,
}

impl Event {
    /// What `viewer` is told of the event: the whole event unless it has a secret part the
    /// viewer does not own; then its public sentence and combat report, or nothing if it has
    /// no public sentence.
    pub fn told(&self, viewer: Viewer) -> Told<PublicEvent<'_>> {
        match &self.secret {
            Some(secret) if !viewer.sees_secrets_of(secret.side) => {
                if self.text.is_empty() {
                    Told::Nothing
                } else {
                    Told::Part(PublicEvent {
                        kind: self.kind,
                        text: &self.text,
                        combat: self.combat.as_deref(),
                    })
                }
            }
            _ => Told::Whole,
        }
    }

    /// The event as `viewer` may read it ([`Event::told`] written out); `None` if nothing of
    /// it is public.
    pub fn redact(&self, viewer: Viewer) -> Option<Value> {
        self.told(viewer).value_of(self)
    }
}

/// The public part of an event with a secret: what a viewer who does not own the secret reads.
#[derive(Clone, Debug, Serialize)]
pub struct PublicEvent<'a> {
    /// The event's kind.
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The public sentence.
    pub text: &'a str,
    /// The engagement worked out, where there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combat: Option<&'a CombatReport>,
}

/// What applying one action writes to.
pub struct Fx<'a> {
    /// The game's dice: every random number comes from here.
    pub dice: &'a mut Dice,
    /// The events, in order.
    pub events: Vec<Event>,
    /// Hidden information became known to a player who did not have it.
    pub reveals: bool,
}

impl<'a> Fx<'a> {
    /// A fresh effect log over `dice`.
    pub fn new(dice: &'a mut Dice) -> Self {
        Fx {
            dice,
            events: Vec::new(),
            reveals: false,
        }
    }

    /// A public event.
    pub fn public(&mut self, kind: EventKind, text: impl Into<String>) {
        self.events.push(Event {
            kind,
            text: text.into(),
            secret: None,
            combat: None,
        });
    }

    /// A public event with the combat report of one engagement (S9.1 steps 3-4).
    pub fn combat(&mut self, text: impl Into<String>, report: CombatReport) {
        self.events.push(Event {
            kind: EventKind::Battle,
            text: text.into(),
            secret: None,
            combat: Some(Box::new(report)),
        });
    }

    /// An event only `side` reads.
    pub fn private(&mut self, kind: EventKind, side: Side, text: impl Into<String>) {
        self.events.push(Event {
            kind,
            text: String::new(),
            secret: Some(Secret {
                side,
                text: text.into(),
            }),
            combat: None,
        });
    }

    /// An event with a public sentence and a secret one for `side`.
    pub fn both(
        &mut self,
        kind: EventKind,
        public: impl Into<String>,
        side: Side,
        secret: impl Into<String>,
    ) {
        self.events.push(Event {
            kind,
            text: public.into(),
            secret: Some(Secret {
                side,
                text: secret.into(),
            }),
            combat: None,
        });
    }

    /// One die (1.11).
    pub fn d6(&mut self) -> u8 {
        self.dice.d6()
    }

    /// Marks that hidden information became known.
    pub fn reveal(&mut self) {
        self.reveals = true;
    }
}

/// "1 counter", "3 counters".
pub fn counters(n: usize) -> String {
    if n == 1 {
        "1 counter".to_string()
    } else {
        format!("{n} counters")
    }
}
