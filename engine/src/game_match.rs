//! [`Match`]: one running game — the rules' state with its dice, sequence number and undo
//! history. Every action goes through [`Match::play`], which accepts only an offered action
//! and leaves the match untouched when it refuses one.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::{Dice, DicePosition, Seed};
use crate::draw::Draw;
use crate::error::{PlayError, SetupError};
use crate::meta::{MetaAction, MetaEvent};
use crate::offer::{Offer, Offers, to_text};

mod draw_play;
mod offers_check;
mod posted;
pub(crate) mod quiet;
mod told;
mod undo;
mod view;
use crate::rules::{EndReason, Outcome, Rules};
use crate::setup::Setup;
use crate::side::Side;
use undo::{SavedEntry, UndoStack};

/// What one accepted action did: exactly what the store records for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The sequence number of this action (the first action of a game is 1).
    pub seq: u64,
    /// Who acted.
    pub side: Side,
    /// The action as recorded, JSON text: the posted action in canonical form, without its
    /// label, written once from its typed value (as the store keeps it). Empty for an action
    /// replayed quietly ([`Match::replay_quiet`]).
    pub action_json: String,
    /// Every die drawn while applying it, in order.
    pub rolls: Vec<u32>,
    /// The events, unredacted, as one JSON array: each event written once, from its typed
    /// value (they are redacted per viewer on the way out: [`Match::redact_played_text`]).
    /// Empty for an action replayed quietly ([`Match::replay_quiet`]).
    pub events_json: String,
}

impl Played {
    /// The action as recorded, as a JSON value (read from [`Played::action_json`]; null for an
    /// action replayed quietly).
    pub fn action(&self) -> Value {
        if self.action_json.is_empty() {
            return Value::Null;
        }
        serde_json::from_str(&self.action_json).expect("the engine writes actions as JSON")
    }

    /// The events, unredacted, as JSON values (read from [`Played::events_json`]).
    pub fn events(&self) -> Vec<Value> {
        if self.events_json.is_empty() {
            return Vec::new();
        }
        serde_json::from_str(&self.events_json).expect("the engine writes events as JSON")
    }
}

/// One event of an action as the rules or the engine produced it, kept typed so that the
/// last action's events are redacted per viewer without being parsed back from JSON.
#[derive(Clone, Debug)]
enum Logged<E> {
    Rules(E),
    Meta(MetaEvent),
}

/// The typed events of the last action played.
#[derive(Clone, Debug)]
struct LastEvents<E> {
    seq: u64,
    events: Vec<Logged<E>>,
    /// Where each event's text lies in the action's [`Played::events_json`] (empty until it
    /// is written).
    spans: Vec<std::ops::Range<usize>>,
}

/// One running game.
#[derive(Clone, Debug)]
pub struct Match<G: Rules> {
    /// The rules' own state.
    state: G,
    /// The die stream: every roll of the game comes from here.
    dice: Dice,
    /// Number of actions accepted so far.
    seq: u64,
    /// States to go back to, newest last. Emptied at every die roll, reveal, or change of
    /// the acting side, so undo never crosses one.
    undo: UndoStack<G>,
    /// Set when a seat resigned, ran out of time or the players agreed a draw (the rules'
    /// own end is in `state`).
    conceded: Option<Outcome>,
    /// Where draw offers stand.
    draw: Draw,
    /// Each seat's legal actions, prompt and labels in this state, built once on first use.
    offers: Offers<G>,
    /// The last action's events, typed, for redaction without parsing.
    last: Option<LastEvents<G::Event>>,
}

/// A match saved to the store: enough, with the seed, to carry on exactly where it stood.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Snapshot<G: Rules> {
    seq: u64,
    state: G,
    dice: DicePosition,
    undo: Vec<SavedEntry<G>>,
    conceded: Option<Outcome>,
    #[serde(default)]
    draw: Draw,
}

/// What a rules action keeps of the state before it, for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Copies {
    /// A copy always (in play, where an undo is likely and must be quick).
    Always,
    /// A copy only where the undo stack could not rebuild it (a replay: copies are rebuilt
    /// if asked for, [`undo`]).
    Needed,
    /// Nothing, the stack emptied: the replay of a stretch of the record knows that no undo
    /// can reach this action ([`quiet::unreachable_by_undo`]).
    None,
}

impl<G: Rules> Match<G> {
    /// Sets up a scenario. `setup` must already be checked against [`Rules::info`].
    pub fn new(setup: &Setup, seed: &Seed) -> Result<Self, SetupError> {
        let mut dice = Dice::new(seed);
        let state = G::setup(setup, &mut dice).map_err(SetupError::Rules)?;
        // Set-up rolls replay from the seed; they are not part of any action's record.
        dice.take_rolls();
        let mut m = Match {
            state,
            dice,
            seq: 0,
            undo: UndoStack::default(),
            conceded: None,
            draw: Draw::default(),
            offers: Offers::default(),
            last: None,
        };
        m.keep_listed_offers();
        Ok(m)
    }

    /// The rules' state (for tests and for games built on top of the engine).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Number of actions accepted so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// How many actions undo could take back in a row now: the states the match keeps for
    /// undo (a snapshot holds each of them).
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.conceded.clone().or_else(|| self.state.outcome())
    }

    /// The sides that must act now (none once the game is over).
    pub fn to_act(&self) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|&side| self.offer(side).acts())
            .collect()
    }

    /// The prompt for `side`, if it must act.
    pub fn prompt(&self, side: Side) -> Option<String> {
        self.offer(side)
            .prompt(&self.state, side)
            .map(str::to_string)
    }

    /// Every action `side` may post now, each a JSON object with a human `label`.
    pub fn offered(&self, side: Side) -> Vec<Value> {
        self.offer(side)
            .offered(&self.state, side, || self.undo.top_label(&self.dice))
    }

    /// What `side` is offered in this state, built once (nothing once the game is over).
    fn offer(&self, side: Side) -> &Offer<G> {
        self.offers.get(side, || {
            if self.outcome().is_some() {
                return Offer::none();
            }
            Offer::build(&self.state, side, self.undo.top() == Some(side))
        })
    }

    /// Takes the legal actions the rules listed while setting up or applying the action
    /// just played ([`Rules::take_legal_actions`]) as this state's offers, so that they are
    /// not listed again. Called right after a successful `setup` or `apply`.
    fn keep_listed_offers(&mut self) {
        for side in Side::BOTH {
            let Some(actions) = self.state.take_legal_actions(side) else {
                continue;
            };
            if self.outcome().is_some() {
                continue;
            }
            let undo = self.undo.top() == Some(side);
            self.offers.set(side, Offer::of(actions, undo));
        }
    }

    /// Whether `side` may take back an action now.
    fn may_undo(&self, side: Side) -> bool {
        self.offer(side).acts() && self.undo.top().is_some_and(|top| top == side)
    }

    /// Plays one action for `side`: an element of [`Match::offered`] as posted by a client,
    /// or of the view's `draw.actions`. Only an offered action is accepted: a rules action,
    /// `undo` while it is offered, a draw action while it is offered.
    /// Resigning has its own door ([`Match::concede`]) and only the clock times a game out,
    /// so `resign` and `time_out` posted as actions are refused.
    pub fn play(&mut self, side: Side, action: &Value) -> Result<Played, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        match MetaAction::parse(action) {
            Some(MetaAction::Undo) => self.undo(side),
            Some(MetaAction::Resign) => Err(PlayError::NotOffered(
                "resigning is not an action to post: use the resign command".to_string(),
            )),
            Some(MetaAction::TimeOut) => Err(PlayError::NotOffered(
                "only the game's clock can end a game on time".to_string(),
            )),
            Some(draw) => self.play_draw(side, draw),
            None => self.play_rules_action(side, action, Copies::Always, false),
        }
    }

    /// Replays one action from the store or a record, where a concession (`resign`,
    /// `time_out`) stands as it was recorded; everything else is checked as [`Match::play`]
    /// checks it. The undo history keeps fewer copies of the state than in play (they are
    /// rebuilt if asked for: [`undo`]); what the match does next is the same.
    pub fn replay(&mut self, side: Side, action: &Value) -> Result<Played, PlayError> {
        match MetaAction::parse(action) {
            Some(MetaAction::Resign) => self.concede(side, EndReason::Resigned),
            Some(MetaAction::TimeOut) => self.concede(side, EndReason::TimedOut),
            None if self.outcome().is_none() => {
                self.play_rules_action(side, action, Copies::Needed, false)
            }
            _ => self.play(side, action),
        }
    }

    /// Plays a rules action, keeping the undo history as `copies` says;
    /// `quiet`: the action and events are not written as JSON ([`Match::replay_quiet`]).
    fn play_rules_action(
        &mut self,
        side: Side,
        action: &Value,
        copies: Copies,
        quiet: bool,
    ) -> Result<Played, PlayError> {
        let (posted, label) = self.check_posted(side, action)?;
        let before = match copies {
            Copies::Always => Some(self.state.clone()),
            Copies::Needed => self.undo.needs_copy(side).then(|| self.state.clone()),
            Copies::None => None,
        };
        let dice_before = self.dice.clone();
        let applied = match self.state.apply(side, posted.clone(), &mut self.dice) {
            Ok(applied) => applied,
            Err(why) => {
                match (before, copies) {
                    (Some(before), _) => self.state = before,
                    // A replay that keeps no history: its caller drops the match.
                    (None, Copies::None) => {}
                    // Not copied: the state was the one after the newest undoable action.
                    (None, _) => {
                        self.state = self
                            .undo
                            .after_top(&dice_before)
                            .expect("an undoable action")
                    }
                }
                self.dice = dice_before;
                return Err(PlayError::Refused(why));
            }
        };
        let rolls = self.dice.take_rolls();
        if !rolls.is_empty() || applied.reveals || copies == Copies::None {
            self.undo.clear();
        } else {
            if self.undo.top().is_some_and(|top| top != side) {
                self.undo.clear();
            }
            // Without a copy the stack held this side's actions, so it was not emptied.
            self.undo.push(side, label, before, posted.clone());
        }
        self.draw.played(side);
        let events = applied.events.into_iter().map(Logged::Rules).collect();
        let played = match quiet {
            true => self.record_quiet(side, rolls, events),
            false => self.record(side, to_text(&posted), rolls, events),
        };
        self.keep_listed_offers();
        Ok(played)
    }

    fn undo(&mut self, side: Side) -> Result<Played, PlayError> {
        if !self.offer(side).acts() {
            return Err(PlayError::NotYourTurn(side));
        }
        if !self.may_undo(side) {
            return Err(PlayError::NotOffered(
                "there is nothing you may take back: undo stops at the last die roll, reveal \
                 or turn change"
                    .to_string(),
            ));
        }
        let label = self.undo.top_label(&self.dice);
        self.state = self.undo.pop(&self.dice).expect("checked above");
        let event = MetaEvent::Undone { side, label };
        Ok(self.record(
            side,
            MetaAction::Undo.to_value().to_string(),
            Vec::new(),
            vec![Logged::Meta(event)],
        ))
    }

    /// Ends the game against `side` (resignation or time-out), whoever is to act.
    pub fn concede(&mut self, side: Side, reason: EndReason) -> Result<Played, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let (action, event, reason, verb) = match reason {
            EndReason::TimedOut => (
                MetaAction::TimeOut,
                MetaEvent::TimedOut { side },
                EndReason::TimedOut,
                "ran out of time",
            ),
            _ => (
                MetaAction::Resign,
                MetaEvent::Resigned { side },
                EndReason::Resigned,
                "resigned",
            ),
        };
        let outcome = Outcome {
            winner: Some(side.opponent()),
            reason,
            summary: format!("{} victory: the {side} player {verb}", side.opponent()),
            score: None,
        };
        self.conceded = Some(outcome);
        self.undo.clear();
        Ok(self.record(
            side,
            action.to_value().to_string(),
            Vec::new(),
            vec![Logged::Meta(event)],
        ))
    }

    /// Counts an accepted action: notes the end of the game if it came, drops the offers of
    /// the old state, and keeps the typed events for [`Match::redact_played`].
    fn record(
        &mut self,
        side: Side,
        action_json: String,
        rolls: Vec<u32>,
        events: Vec<Logged<G::Event>>,
    ) -> Played {
        let mut played = self.record_quiet(side, rolls, events);
        played.action_json = action_json;
        if let Some(last) = &mut self.last {
            played.events_json = last.write();
        }
        played
    }

    /// [`Match::record`] without writing the action and events as JSON (left null and empty).
    fn record_quiet(
        &mut self,
        side: Side,
        rolls: Vec<u32>,
        mut events: Vec<Logged<G::Event>>,
    ) -> Played {
        self.offers = Offers::default();
        if let Some(outcome) = self.outcome() {
            self.undo.clear();
            self.draw.close();
            events.push(Logged::Meta(MetaEvent::GameOver { outcome }));
        }
        self.seq += 1;
        self.last = Some(LastEvents {
            seq: self.seq,
            events,
            spans: Vec::new(),
        });
        Played {
            seq: self.seq,
            side,
            action_json: String::new(),
            rolls,
            events_json: String::new(),
        }
    }

    /// The match as a snapshot for the store.
    pub fn snapshot(&self) -> Snapshot<G> {
        Snapshot {
            seq: self.seq,
            state: self.state.clone(),
            dice: self.dice.position(),
            undo: self.undo.saved(&self.dice),
            conceded: self.conceded.clone(),
            draw: self.draw.clone(),
        }
    }

    /// Carries on from a snapshot.
    pub fn restore(snapshot: Snapshot<G>, seed: &Seed) -> Self {
        Match {
            state: snapshot.state,
            dice: Dice::resume(seed, snapshot.dice),
            seq: snapshot.seq,
            undo: UndoStack::from_saved(snapshot.undo),
            conceded: snapshot.conceded,
            draw: snapshot.draw,
            offers: Offers::default(),
            last: None,
        }
    }
}
