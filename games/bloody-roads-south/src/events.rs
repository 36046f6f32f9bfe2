//! The log: what happened, as each viewer may read it (reference section 5).
//!
//! An event has a public sentence (what spectators read, and a player who has nothing more)
//! and, for each side, an optional sentence that side reads instead: its own secret detail
//! (a die roll of its own procedure, its own losses, the order it wrote). A side with no
//! sentence of its own and an empty public sentence learns nothing: the event does not exist
//! for it (so the opponent never learns that an order was written).
//!
//! [`Fx`] is what every rule that changes the state writes to while an action is applied:
//! the dice, the events, and whether hidden information became known (a reveal, which undo
//! may never cross).

use adjutant_engine::{Dice, PerSide, Side, Told, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The kind of an event, for clients that style the log. (`undone`, `resigned`, `timed_out`
/// and `game_over` are the engine's own and never used here.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// Set-up (6.0).
    SetUp,
    /// A new turn.
    Turn,
    /// A phase or segment begins.
    Phase,
    /// An order written, delivered, accepted, delayed, distorted or implemented (S10.1).
    Order,
    /// Initiative and Loose Cannons (S10.2).
    Initiative,
    /// Attack stoppage (S10.3) and emergency retreat (S10.4).
    Stoppage,
    /// Command radius (S10.5).
    Radius,
    /// Units moving, turning, changing formation (S11-S18).
    Move,
    /// Reinforcements entering (S16.3).
    Reinforcement,
    /// Fire combat (S20).
    Fire,
    /// Close combat (S23).
    CloseCombat,
    /// Morale checks and their results (S24).
    Morale,
    /// Retreats and routs (S24.3).
    Retreat,
    /// Stragglers lost and recovered (S21).
    Straggler,
    /// The Rally Phase (S24.5).
    Rally,
    /// Leaders lost and replaced (S25).
    Leader,
    /// Ammunition and supply (S28).
    Supply,
    /// The Unfinished Railroad (1.3).
    Railroad,
    /// Possession of locations (5.1d).
    Possession,
    /// Army Status, status checks, panic and panic demands (3A).
    ArmyStatus,
    /// Victory points and the result (5.0, 7.0).
    Victory,
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Its kind.
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The public sentence (empty when only a side's own sentence says anything).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// What each side reads instead of the public sentence, where it knows more.
    #[serde(default, skip_serializing_if = "no_own")]
    pub own: PerSide<Option<String>>,
}

fn no_own(own: &PerSide<Option<String>>) -> bool {
    own.union.is_none() && own.confederate.is_none()
}

impl Event {
    /// The sentence `viewer` reads, or `None` if the event does not exist for it.
    pub fn sentence(&self, viewer: Viewer) -> Option<String> {
        let public = (!self.text.is_empty()).then(|| self.text.clone());
        match viewer {
            Viewer::Seat(side) => self.own.get(side).clone().or(public),
            Viewer::Spectator => public,
            Viewer::Omniscient => {
                let mut parts: Vec<&str> = Vec::new();
                for side in [Side::Union, Side::Confederate] {
                    if let Some(t) = self.own.get(side)
                        && !parts.contains(&t.as_str())
                    {
                        parts.push(t);
                    }
                }
                if parts.is_empty() {
                    public
                } else {
                    Some(parts.join(" "))
                }
            }
        }
    }

    /// What `viewer` is told of the event: its kind and the sentence it reads, or nothing
    /// if the event does not exist for it.
    pub fn told(&self, viewer: Viewer) -> Told<Sentence> {
        match self.sentence(viewer) {
            Some(text) => Told::Part(Sentence {
                kind: self.kind,
                text,
            }),
            None => Told::Nothing,
        }
    }

    /// The event as `viewer` may read it ([`Event::told`] written out).
    pub fn redact(&self, viewer: Viewer) -> Option<Value> {
        self.told(viewer).value_of(self)
    }
}

/// An event as one viewer reads it: its kind and one sentence.
#[derive(Clone, Debug, Serialize)]
pub struct Sentence {
    /// The event's kind.
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The sentence the viewer reads.
    pub text: String,
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
            own: PerSide::default(),
        });
    }

    /// An event only `side` reads.
    pub fn private(&mut self, kind: EventKind, side: Side, text: impl Into<String>) {
        let mut own = PerSide::default();
        *own.get_mut(side) = Some(text.into());
        self.events.push(Event {
            kind,
            text: String::new(),
            own,
        });
    }

    /// An event with a public sentence, and a fuller one for `side`.
    pub fn both(
        &mut self,
        kind: EventKind,
        public: impl Into<String>,
        side: Side,
        own_text: impl Into<String>,
    ) {
        let mut own = PerSide::default();
        *own.get_mut(side) = Some(own_text.into());
        self.events.push(Event {
            kind,
            text: public.into(),
            own,
        });
    }

    /// An event with a public sentence and a sentence for each side.
    pub fn each(
        &mut self,
        kind: EventKind,
        public: impl Into<String>,
        union: Option<String>,
        confederate: Option<String>,
    ) {
        self.events.push(Event {
            kind,
            text: public.into(),
            own: PerSide { union, confederate },
        });
    }

    /// Hidden information became known: undo may not go back past this action.
    pub fn reveal(&mut self) {
        self.reveals = true;
    }

    /// One die (1-6).
    pub fn d6(&mut self) -> u8 {
        self.dice.d6()
    }

    /// Two dice summed (2-12).
    pub fn two_d6(&mut self) -> (u8, u8) {
        (self.dice.d6(), self.dice.d6())
    }
}
