//! The states undo goes back to. A live game keeps a copy of the state before every undoable
//! action. A replay (a game loaded from the store, a record verified) keeps a copy only at the
//! bottom of each run of undoable actions and the actions themselves above it: the state
//! before any of them is that copy with the actions below it applied again, rebuilt only if an
//! undo or a snapshot asks for it. Undoable actions roll no dice (a roll empties the stack), so
//! applying them again gives exactly the state they gave the first time. Copying the whole
//! state before every action was a third of the time of replaying a campaign.
//!
//! An action the rules told offered without listing ([`crate::Rules::offered_fit`]: every
//! action of a replay) is kept with the offered action it fits, and labelled from the state
//! before it only when an undo, an offer or a snapshot asks ([`Label`]): making every label
//! was a twentieth of a long Bloody Roads South replay, and a loaded game asks for one at most.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::rules::Rules;
use crate::side::Side;

/// A state from before an undoable action, and who took that action: the form a snapshot
/// stores (every state written out).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub(super) struct SavedEntry<G: Rules> {
    side: Side,
    label: String,
    before: G,
}

/// The label of an undoable action, for the `undo` action's own.
#[derive(Clone, Debug)]
pub(super) enum Label<G: Rules> {
    /// Made when the action was played (the offer's).
    Made(String),
    /// The offered action it fits, to be labelled from the state before it when asked.
    Of(G::Action),
}

/// One undoable action on the stack.
#[derive(Clone, Debug)]
struct Entry<G: Rules> {
    /// Who took it.
    side: Side,
    /// Its label.
    label: Label<G>,
    /// The state before it, when kept (always at the bottom of the stack).
    before: Option<G>,
    /// The action itself, when known (not for an entry restored from a snapshot), so that the
    /// state after it can be rebuilt from `before`.
    action: Option<G::Action>,
}

/// The undo history, newest last.
#[derive(Clone, Debug)]
pub(super) struct UndoStack<G: Rules> {
    entries: Vec<Entry<G>>,
}

impl<G: Rules> Default for UndoStack<G> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<G: Rules> UndoStack<G> {
    pub(super) fn from_saved(saved: Vec<SavedEntry<G>>) -> Self {
        let entries = saved
            .into_iter()
            .map(|e| Entry {
                side: e.side,
                label: Label::Made(e.label),
                before: Some(e.before),
                action: None,
            })
            .collect();
        Self { entries }
    }

    /// Every entry with its state written out (rebuilt where it was not kept).
    pub(super) fn saved(&self, dice: &Dice) -> Vec<SavedEntry<G>> {
        let mut out: Vec<SavedEntry<G>> = Vec::with_capacity(self.entries.len());
        for (i, e) in self.entries.iter().enumerate() {
            let before = match &e.before {
                Some(state) => state.clone(),
                None => {
                    let below = &self.entries[i - 1];
                    let mut state = out[i - 1].before.clone();
                    reapply(&mut state, below, dice);
                    state
                }
            };
            let label = match &e.label {
                Label::Made(label) => label.clone(),
                Label::Of(offered) => before.label(e.side, offered),
            };
            out.push(SavedEntry {
                side: e.side,
                label,
                before,
            });
        }
        out
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Who took the newest undoable action.
    pub(super) fn top(&self) -> Option<Side> {
        self.entries.last().map(|e| e.side)
    }

    /// The label of the newest undoable action: made when it was played, or now from the
    /// state before it (kept, or rebuilt from the stack).
    pub(super) fn top_label(&self, dice: &Dice) -> Option<String> {
        let top = self.entries.last()?;
        Some(match (&top.label, &top.before) {
            (Label::Made(label), _) => label.clone(),
            (Label::Of(offered), Some(before)) => before.label(top.side, offered),
            (Label::Of(offered), None) => self
                .before(self.entries.len() - 1, dice)
                .label(top.side, offered),
        })
    }

    /// Whether an action of `side` now would need a copy of the state kept: it would be the
    /// bottom of the stack, or the one below it cannot be applied again.
    pub(super) fn needs_copy(&self, side: Side) -> bool {
        self.entries
            .last()
            .is_none_or(|top| top.side != side || top.action.is_none())
    }

    /// Pushes an undoable action of `side` (the stack holding only actions of `side`):
    /// `before` when a copy was kept.
    pub(super) fn push(
        &mut self,
        side: Side,
        label: Label<G>,
        before: Option<G>,
        action: G::Action,
    ) {
        debug_assert!(before.is_some() || !self.needs_copy(side));
        self.entries.push(Entry {
            side,
            label,
            before,
            action: Some(action),
        });
    }

    /// The state after the newest entry's action (the state now, when nothing else has
    /// been played since), rebuilt from the stack; `None` on an empty stack.
    pub(super) fn after_top(&self, dice: &Dice) -> Option<G> {
        let top = self.entries.last()?;
        let mut state = self.before(self.entries.len() - 1, dice);
        reapply(&mut state, top, dice);
        Some(state)
    }

    /// Pops the newest entry and returns the state before it.
    pub(super) fn pop(&mut self, dice: &Dice) -> Option<G> {
        let last = self.entries.len().checked_sub(1)?;
        let state = self.before(last, dice);
        self.entries.pop();
        Some(state)
    }

    /// The state before entry `i`: kept, or the nearest kept one below with the actions
    /// between applied again.
    fn before(&self, i: usize, dice: &Dice) -> G {
        let kept = (0..=i)
            .rev()
            .find(|&k| self.entries[k].before.is_some())
            .expect("the bottom entry keeps its state");
        let mut state = self.entries[kept].before.clone().expect("found as kept");
        for entry in &self.entries[kept..i] {
            reapply(&mut state, entry, dice);
        }
        state
    }
}

/// Applies an entry's action again to the state before it. It rolled no die (or it would not
/// be on the stack), so a copy of the dice as they are now serves.
fn reapply<G: Rules>(state: &mut G, entry: &Entry<G>, dice: &Dice) {
    let action = entry
        .action
        .clone()
        .expect("an entry above a kept one was played here");
    let mut dice = dice.clone();
    if let Err(why) = state.apply(entry.side, action, &mut dice) {
        // The action was accepted from this very state before: the rules are not
        // deterministic if this happens.
        panic!("an undoable action applies again differently: {why}");
    }
}
