//! The [`Rules`] trait: what a game crate implements. Everything here is pure: no I/O, no
//! clock, every random number from the [`Dice`] handed in.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Debug;

use crate::catalog::GameInfo;
use crate::dice::Dice;
use crate::setup::Setup;
use crate::side::{PerSide, Side, Viewer};
use crate::view_parts::{Key, Part, split_members};

/// A game's rules as a deterministic state machine.
///
/// The engine's [`Match`](crate::Match) wraps a `Rules` value with its dice, sequence number
/// and undo history, and checks every action against [`Rules::legal_actions`] before
/// [`Rules::apply`] sees it.
///
/// Event `type` names `undone`, `resigned`, `timed_out`, `draw_offered`, `draw_declined`,
/// `draw_withdrawn`, `draw_agreed` and `game_over` are the engine's own, and so are the action
/// `type`s `undo`, `resign`, `time_out`, `offer_draw`, `accept_draw`, `decline_draw` and
/// `withdraw_draw`; a game's events and actions must use other names.
pub trait Rules:
    Sized + Clone + Debug + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// One atomic choice a seat can make. Serialises as a JSON object (an internally tagged
    /// enum), so that the engine can add a human `label` beside its fields.
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for the log. Redacted per viewer by [`Rules::redact`].
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;

    /// The catalog entry: id, scenarios, options and secret choices.
    fn info() -> GameInfo;

    /// The game's static data (map, charts, counters) for `GET /api/catalog/{game}`.
    fn static_data() -> Value {
        Value::Null
    }

    /// The initial state of a scenario, from checked options and both sides' secret choices.
    /// May roll dice (a random set-up); those rolls replay from the seed like any other.
    fn setup(setup: &Setup, dice: &mut Dice) -> Result<Self, String>;

    /// What `side` is asked to do now. The engine asks only when [`Rules::legal_actions`] for
    /// that side is not empty (so a game need not enumerate its actions again here), once per
    /// state; `None` stands for a generic sentence.
    fn prompt(&self, side: Side) -> Option<String>;

    /// The complete, finite list of actions `side` may take now (empty when it need not act).
    /// The engine asks once per state and side, and shares the list between the prompt, the
    /// labels, every view and the check of a posted action.
    fn legal_actions(&self, side: Side) -> Vec<Self::Action>;

    /// The legal actions of `side` in the state as it is now, when the rules already listed
    /// them while setting up or applying the last action (a game whose sequence of play asks
    /// "has anyone an action?" before stopping), handed over so that they are not listed
    /// again; `None` when not kept. The engine asks once, right after each successful
    /// `setup` and `apply`; what is handed over must equal [`Rules::legal_actions`] now.
    fn take_legal_actions(&mut self, _side: Side) -> Option<Vec<Self::Action>> {
        None
    }

    /// A short human description of an offered action ("Move Logan's division to Area 20").
    fn label(&self, side: Side, action: &Self::Action) -> String;

    /// Whether this offered action hands over what the seat cannot take back and might not
    /// expect to: the last counter of a secret deployment, the last of a set of secret
    /// orders. The engine marks it `"irrevocable": true` in the offered list so that a
    /// client asks before posting it. Dice rolls need no mark (every player expects them).
    fn irrevocable(&self, _side: Side, _action: &Self::Action) -> bool {
        false
    }

    /// Whether the action a client posted is the offered one. Equality by default; an action
    /// with a free-text field or a typed parameter compares everything else and lets
    /// [`Rules::apply`] validate the free part.
    fn fits(&self, offered: &Self::Action, posted: &Self::Action) -> bool {
        offered == posted
    }

    /// The offered action that `posted` fits (an element of [`Rules::legal_actions`] for
    /// `side` now with [`Rules::fits`] true), found without listing every legal action, where
    /// the rules can tell it cheaply; `None` when they cannot tell or the action is not
    /// offered, and the engine then lists the actions and scans them with `fits` (so a
    /// refusal is always the list's). The engine asks only while it has not listed the
    /// actions of this state already: a replay of a stored game lists nothing but the last
    /// state's. `Some(a)` must be exactly the first listed action that fits `posted`.
    fn offered_fit(&self, _side: Side, _posted: &Self::Action) -> Option<Self::Action> {
        None
    }

    /// The posted action read straight from its JSON object, where the rules can do it more
    /// cheaply than the derived `Deserialize` of an internally tagged enum (which buffers
    /// every member before it knows the variant); the engine's members
    /// ([`crate::ADDED_MEMBERS`]) are to be ignored. `None` when the rules do not read this
    /// one themselves: the engine then reads it by `Deserialize`, so a refusal's words are
    /// always the derived form's. `Some(a)` must be exactly what `Deserialize` reads from the
    /// object without the engine's members (checked in debug builds).
    fn read_action(_action: &Value) -> Option<Self::Action> {
        None
    }

    /// Applies an offered action: the engine has checked it against [`Rules::legal_actions`]
    /// (with [`Rules::fits`]), so it need not be checked again. `Err` is for what the rules
    /// validate on arrival (a free-text part, a typed parameter); on `Err` the state must be
    /// left exactly as it was (the engine also restores it, so a rules bug cannot corrupt a
    /// game).
    fn apply(
        &mut self,
        side: Side,
        action: Self::Action,
        dice: &mut Dice,
    ) -> Result<Applied<Self::Event>, String>;

    /// Everything `viewer` may know of the state, as a JSON object. Must never contain the
    /// secrets of a side the viewer may not see.
    fn view(&self, viewer: Viewer) -> Value;

    /// [`Rules::view`] as JSON text (one object). The default serialises `view`; a game with
    /// large views writes the text itself (no tree) and gives `view` as this text parsed.
    /// The engine appends its own members, so the keys `viewer`, `to_act`, `prompt`,
    /// `actions`, `draw` and `outcome` are its own.
    fn view_text(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }

    /// [`Rules::view_text`]'s members in parts ([`Part`]): the engine makes each viewer's
    /// update from the parts that changed, so a part kept from the last view (the same shared
    /// text) is known unchanged without being read. The default takes the text apart (a text
    /// that is not an object is one member, `board`).
    /// Written out, the members must be exactly the object `view_text` writes.
    fn view_parts(&self, viewer: Viewer) -> Vec<(Key, Part)> {
        let text = self.view_text(viewer);
        split_members(&text).unwrap_or_else(|| vec![(Key::Borrowed("board"), Part::text_of(text))])
    }

    /// What `viewer` is told of `event` ([`Told`]): nothing, if it must not learn of it at
    /// all; the event whole, where it may see all of it; or a form of it without what it may
    /// not learn. The engine writes every event once as JSON for the store and copies that
    /// text for `Whole`; it writes a `Part` once for each viewer (no `Value` between).
    fn redact(event: &Self::Event, viewer: Viewer) -> Told<impl Serialize>;

    /// The result once the rules have ended the game.
    fn outcome(&self) -> Option<Outcome>;

    /// The standing of both sides as the whole state has it (victory points, strength), for
    /// the after-action report of a finished game; `None` for a game that keeps no such
    /// count. Read only by the report, never by a viewer during the game.
    fn tally(&self) -> Option<Tally> {
        None
    }
}

/// Both sides' standing at one moment: what the after-action report draws over the turns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Victory points, where the game counts them as it goes.
    pub vp: Option<PerSide<i64>>,
    /// Strength in the field, in the game's unit (`unit`), where it has one.
    pub strength: Option<PerSide<i64>>,
    /// What `strength` counts ("SP": strength points).
    pub unit: String,
}

/// What one viewer is told of one event: the answer of [`Rules::redact`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told<P> {
    /// Nothing: the event does not exist for this viewer.
    Nothing,
    /// The event whole, as the rules wrote it.
    Whole,
    /// This form of it.
    Part(P),
}

impl<P: Serialize> Told<P> {
    /// What the viewer is told of `event`, as a JSON value (`None`: nothing), for tests,
    /// tools and stored events.
    pub fn value_of(self, event: &impl Serialize) -> Option<Value> {
        match self {
            Told::Nothing => None,
            Told::Whole => serde_json::to_value(event).ok(),
            Told::Part(part) => serde_json::to_value(part).ok(),
        }
    }
}

/// What an applied action produced.
#[derive(Clone, Debug)]
pub struct Applied<E> {
    /// The log entries, in order.
    pub events: Vec<E>,
    /// Whether hidden information became known to a player who did not have it (a reveal):
    /// like a die roll, this is a point undo may never go back past.
    pub reveals: bool,
}

impl<E> Applied<E> {
    /// Events that reveal nothing.
    pub fn quiet(events: Vec<E>) -> Self {
        Applied {
            events,
            reveals: false,
        }
    }

    /// Events that reveal hidden information.
    pub fn revealing(events: Vec<E>) -> Self {
        Applied {
            events,
            reveals: true,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The rules ended it (victory conditions, last turn).
    Rules,
    /// A player resigned.
    Resigned,
    /// A player's clock ran out.
    TimedOut,
    /// The players agreed a draw.
    Agreed,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The result in the book's words ("Union decisive victory: 14 VP to 6").
    pub summary: String,
    /// Victory points or other score, where the game keeps one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<PerSide<i64>>,
}
