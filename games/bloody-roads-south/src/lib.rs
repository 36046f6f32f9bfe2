//! *Bloody Roads South* (Civil War Brigade Series): the Battle of the Wilderness, May 1864.
//!
//! Layers, bottom first (a module imports only from its own layer or the layers below):
//! 1. `data`: the maps, order of battle, scenarios and charts, read from the text files in
//!    `data/` (compiled in).
//! 2. `geometry`: pure geometry over the map and charts (facing, line of sight, movement
//!    costs, paths).
//! 3. `model`: the plain types of a game's state, fields private to the crate.
//! 4. `events`: what happened, and who may read it.
//! 5. The rules, one concept a module, each citing the rules it implements (numbers of
//!    `docs/rules/bloody-roads-south.md`): `setup`, `sequence`, `dice` (each side's secret
//!    dice), `command`, `movement`, `fire`, `close_combat`, `morale`, `stragglers`,
//!    `leaders`, `supply`, `victory`, `army_status` (3A), `decisions`.
//! 6. Views and the engine contract: `view`, `labels`, `prompt`, `actions`, `catalog`, and
//!    `Rules for BloodyRoadsSouth` here.
//!
//! `testing` (hidden) builds positions for the integration tests, and `bot` (hidden) fills a
//! bot's batches from its menu; play never uses them.

pub mod actions;
pub mod army_status;
#[doc(hidden)]
pub mod bot;
pub mod catalog;
pub mod close_combat;
pub mod command;
pub mod data;
pub mod decisions;
pub mod dice;
pub mod events;
pub mod fire;
pub mod geometry;
pub mod invariants;
pub mod labels;
pub mod leaders;
pub mod model;
pub mod morale;
pub mod movement;
mod options;
pub mod prompt;
pub mod refusal;
pub mod sequence;
pub mod setup;
pub mod stragglers;
pub mod supply;
#[doc(hidden)]
pub mod testing;
mod text;
pub mod victory;
pub mod view;

use std::sync::Arc;

use adjutant_engine::{
    Applied, Dice, GameInfo, GameKind, Outcome, Rules, Setup, Side, Told, Viewer,
};
use serde::Serialize;
use serde_json::Value;

pub use events::Event;
pub use model::action::Action;
pub use model::game::BloodyRoadsSouth;

use crate::events::Fx;

/// The game for a server's registry.
pub fn kind() -> Arc<dyn GameKind> {
    adjutant_engine::kind::<BloodyRoadsSouth>()
}

impl Rules for BloodyRoadsSouth {
    type Action = Action;
    type Event = Event;

    fn info() -> GameInfo {
        catalog::game_info()
    }

    fn static_data() -> Value {
        catalog::static_data()
    }

    fn setup(setup: &Setup, dice: &mut Dice) -> Result<Self, String> {
        let mut game = BloodyRoadsSouth::new_game(setup)?;
        game.key_secret_dice(dice);
        game.install_preset_orders();
        let mut fx = Fx::new(dice);
        game.advance(&mut fx);
        Ok(game)
    }

    fn prompt(&self, side: Side) -> Option<String> {
        if !self.has_action(side) {
            None
        } else {
            Some(self.prompt_text(side))
        }
    }

    fn legal_actions(&self, side: Side) -> Vec<Action> {
        self.actions_for(side)
    }

    /// A posted `Pick`, `Step`, `Turn` or `EndMove` of the movement segment, told without
    /// listing every legal action (`actions::offered_fit`).
    fn offered_fit(&self, side: Side, posted: &Action) -> Option<Action> {
        BloodyRoadsSouth::offered_fit(self, side, posted)
    }

    /// The plain actions (a step, a turn, a pick …) read straight from their JSON
    /// (`model::action_read`); the batches by `Deserialize`.
    fn read_action(action: &Value) -> Option<Action> {
        model::action_read::read(action)
    }

    fn label(&self, side: Side, action: &Action) -> String {
        self.action_label(side, action)
    }

    fn fits(&self, offered: &Action, posted: &Action) -> bool {
        match (offered, posted) {
            // A batch is offered empty and fits any batch of its kind; `apply` checks it whole.
            (Action::IssueOrders { .. }, Action::IssueOrders { .. })
            | (Action::Initiative { .. }, Action::Initiative { .. }) => true,
            (
                Action::LooseCannonOrder { order_type: t1, .. },
                Action::LooseCannonOrder { order_type: t2, .. },
            ) => t1 == t2,
            // The typed lists of these are the player's to fill; `apply` checks them whole
            // (reference 5.2, `refusal`).
            (
                Action::Pick {
                    unit: u1, part: p1, ..
                },
                Action::Pick {
                    unit: u2, part: p2, ..
                },
            ) => u1 == u2 && p1 == p2,
            (Action::Fire { .. }, Action::Fire { .. })
            | (Action::FinishSetUp { .. }, Action::FinishSetUp { .. }) => true,
            _ => offered == posted,
        }
    }

    fn apply(
        &mut self,
        side: Side,
        action: Action,
        dice: &mut Dice,
    ) -> Result<Applied<Event>, String> {
        // The engine has checked the action against `legal_actions` (with `fits`); only the
        // free parts of an order are checked here, before anything changes.
        self.check_free_parts(side, &action)?;
        // The typed lists (units moving together, firers, set-up choices), checked whole.
        self.check_lists(side, &action)
            .map_err(|refusal| refusal.to_string())?;
        if matches!(
            action,
            Action::IssueOrders { .. } | Action::Initiative { .. }
        ) {
            return self.apply_batch(side, action, dice);
        }
        let mut fx = Fx::new(dice);
        self.perform(side, action, &mut fx);
        self.advance(&mut fx);
        Ok(if fx.reveals {
            Applied::revealing(fx.events)
        } else {
            Applied::quiet(fx.events)
        })
    }

    fn view(&self, viewer: Viewer) -> Value {
        self.build_view(viewer)
    }

    fn view_text(&self, viewer: Viewer) -> String {
        self.view_json(viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Told<impl Serialize> {
        event.told(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result.clone()
    }

    fn tally(&self) -> Option<adjutant_engine::Tally> {
        Some(self.standing())
    }
}

/// The longest order text accepted (a long paragraph).
pub const MAX_ORDER_TEXT: usize = 600;

impl BloodyRoadsSouth {
    /// Checks the free-text and typed parts of an order action (reference 2.3.2): every item
    /// of a batch, and the batch's length.
    fn check_free_parts(&self, side: Side, action: &Action) -> Result<(), String> {
        if let Some((len, items)) = command::batch::batch_parts(action) {
            let max = command::batch::max_batch();
            if len > max {
                return Err(format!("A batch may hold at most {max} items."));
            }
            for (i, (objective, text)) in items.into_iter().enumerate() {
                self.check_words(objective, text)
                    .map_err(|e| format!("Item {} of the batch: {e}", i + 1))?;
            }
            return Ok(());
        }
        let (objective, text) = match action {
            Action::LooseCannonOrder {
                objective, text, ..
            } => (*objective, text.as_str()),
            _ => return Ok(()),
        };
        self.check_words(objective, text)?;
        self.check_order_parts(side, action)
    }

    /// An order's words and objective hex: bounded, printable, a hex in play.
    fn check_words(&self, objective: Option<data::HexId>, text: &str) -> Result<(), String> {
        if text.chars().count() > MAX_ORDER_TEXT {
            return Err(format!(
                "An order may be at most {MAX_ORDER_TEXT} characters long."
            ));
        }
        if text.chars().any(|c| c.is_control() && c != '\n') {
            return Err("An order's text may not contain control characters.".into());
        }
        if let Some(hex) = objective
            && !crate::data::map().in_play(hex, self.maps())
        {
            return Err(format!("{hex} is not a hex of the map in play."));
        }
        Ok(())
    }
}
