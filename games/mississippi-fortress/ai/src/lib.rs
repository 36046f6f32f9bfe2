//! A computer opponent for *Mississippi Fortress* that plays fair.
//!
//! [`decide`] takes exactly what a client of the seat receives — the seat's own view
//! (`Match::view(Viewer::Seat(side))`, JSON) and the list of actions offered to it — plus a
//! [`Level`] and a seeded [`AiRng`], and returns the index of the offered action to play. It
//! never sees the game's state, the other side's secrets or the dice to come: there is no
//! argument through which it could (see `docs/ai.md` and the `fairness` test).
//!
//! Where it must guess what it cannot see (which enemy stacks are dummies, how strong a
//! face-down counter is) it samples the enemy's unidentified counters consistently with its
//! view ([`belief`]); the number of samples, and of looks at the Battle Board's outcomes, is
//! the level's work budget, counted in deterministic units (never wall time). The plan it
//! follows is written in [`strategy`]; each kind of prompt has its own module: [`chores`]
//! (dummies, reinforcements, steamers, probes), [`moves`] (land movement), [`battle`] (the
//! declaration and the Battle Board) with its odds in [`odds`].

pub mod arena;
pub mod battle;
pub mod belief;
pub mod chores;
pub mod comms;
pub mod cordon;
pub mod groups;
pub mod level;
pub mod moves;
pub mod navy;
pub mod odds;
pub mod rng;
pub mod seat;
pub mod seen;
pub mod stragglers;
pub mod strategy;
pub mod trap;

use adjutant_engine::Side;
use mississippi_fortress::Action;
use serde_json::Value;

pub use level::{Budget, Level};
pub use rng::AiRng;
pub use seat::opponent;

use crate::belief::Belief;
use crate::seen::Seen;
use crate::strategy::Plan;

/// Everything one decision may consult: the seat's view read once, the belief about what it
/// hides, the plan, the budget.
pub struct Ctx<'a> {
    /// The view, parsed.
    pub seen: Seen,
    /// Estimated enemy strength per Area.
    pub belief: Belief,
    /// Objectives and distances.
    pub plan: Plan,
    /// The budget of this decision.
    pub budget: Budget,
    /// The raw view (the Battle Board is read from it as needed).
    pub view: &'a Value,
    /// The cavalry's posts for this phase, worked out when first asked for.
    trap: std::cell::OnceCell<Option<trap::Trap>>,
}

impl Ctx<'_> {
    /// The trap the cavalry lays this phase ([`trap::plan`]), if any.
    pub fn trap(&self) -> Option<&trap::Trap> {
        self.trap.get_or_init(|| trap::plan(self)).as_ref()
    }
}

/// Chooses one of `offered` for `side`, from `view` (both exactly as the seat receives them).
/// Returns `None` only when nothing is offered.
pub fn decide(
    side: Side,
    view: &Value,
    offered: &[Value],
    level: Level,
    rng: &mut AiRng,
) -> Option<usize> {
    decide_with_budget(side, view, offered, level.budget(), rng)
}

/// [`decide`] with an explicit budget.
pub fn decide_with_budget(
    side: Side,
    view: &Value,
    offered: &[Value],
    budget: Budget,
    rng: &mut AiRng,
) -> Option<usize> {
    let scores = scores(side, view, offered, budget, rng);
    let mut best: Option<(f64, usize)> = None;
    for (i, score) in scores.into_iter().enumerate() {
        let Some(score) = score else { continue };
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, i));
        }
    }
    (!offered.is_empty()).then(|| best.map_or(0, |(_, i)| i))
}

/// The score of each offered action (with the level's noise and a seeded tie-break): `None`
/// for the engine's own actions (undo, draw offers), which the opponent never plays. Public
/// so that a game can be annotated with the reasons of its choices.
pub fn scores(
    side: Side,
    view: &Value,
    offered: &[Value],
    budget: Budget,
    rng: &mut AiRng,
) -> Vec<Option<f64>> {
    let actions: Vec<Option<Action>> = offered
        .iter()
        .map(|v| serde_json::from_value(v.clone()).ok())
        .collect();
    let seen = Seen::read(side, view);
    let belief = Belief::sample(&seen, budget.samples, rng);
    let plan = Plan::new(&seen, &belief);
    let ctx = Ctx {
        seen,
        belief,
        plan,
        budget,
        view,
        trap: Default::default(),
    };
    // Movement is weighed over single determinizations as well, when the level affords it —
    // for the hunting Union of 6.1, where it was measured to pay; the campaigns' dozens of
    // stacks would make every movement decision as many times dearer, unmeasured.
    let hypotheses: Vec<Ctx<'_>> = if budget.hypotheses > 0
        && crate::groups::marches_in_groups(&ctx.seen)
        && actions.iter().any(|a| moves_stack(a.as_ref()))
    {
        (0..budget.hypotheses)
            .map(|_| {
                let seen = ctx.seen.clone();
                let belief = Belief::sample(&seen, 1, rng);
                let plan = Plan::new(&seen, &belief);
                Ctx {
                    seen,
                    belief,
                    plan,
                    budget,
                    view,
                    trap: Default::default(),
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    actions
        .iter()
        .enumerate()
        .map(|(i, action)| {
            let action = action.as_ref()?;
            let label = offered[i]["label"].as_str().unwrap_or_default();
            let mut score = score(&ctx, action, label, &actions);
            if !hypotheses.is_empty() && moves_stack(Some(action)) {
                let each: f64 = hypotheses
                    .iter()
                    .map(|h| crate::score(h, action, label, &actions))
                    .sum();
                score = 0.5 * score + 0.5 * each / hypotheses.len() as f64;
            }
            if budget.noise > 0.0 {
                score += budget.noise * rng.normal();
            }
            // Ties go to a seeded coin, not to the list's order.
            Some(score + rng.unit() * 1e-6)
        })
        .collect()
}

/// Whether `action` picks the stack to move or its next step: the choices weighed over
/// single determinizations.
fn moves_stack(action: Option<&Action>) -> bool {
    matches!(
        action,
        Some(Action::MoveFrom { .. } | Action::StepTo { .. })
    )
}

/// How much `action` is worth now (higher is better; only the order matters).
fn score(ctx: &Ctx<'_>, action: &Action, label: &str, all: &[Option<Action>]) -> f64 {
    navy::score(ctx, action)
        .or_else(|| battle::score(ctx, action))
        .or_else(|| moves::score(ctx, action, label, all))
        .or_else(|| chores::score(ctx, action, all))
        .unwrap_or(0.0)
}
