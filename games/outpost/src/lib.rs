//! *Outpost*: a small two-player game with every kind of hidden information the real games
//! have, so that the platform can be tested end to end without them.
//!
//! - Five posts on a road, 0 to 4. Each side has three counters, the Union starting at post 0
//!   and the Confederacy at post 4. Counters 1 and 3 have strength 2, counter 2 strength 3.
//! - **Secret set-up choice**: each player picks which of its counters is a *decoy* (a dummy
//!   of strength 0). The enemy sees only "a counter at post n" until a battle reveals it.
//! - Each round: the Union moves, then the Confederacy (each counter at most one post per
//!   round; undo allowed), then both give an **order** at the same time: a stance (`attack`
//!   or `hold`) and a **free-text note** of up to 80 characters, secret until both are in.
//! - Then every post held by both sides is fought: all counters there are revealed, each
//!   side rolls a **die** and adds its strength there (+1 for `attack`); the lower total
//!   loses its weakest counter there (a decoy first). Ties lose nothing.
//! - After the last round (option `rounds`, 1 to 8, default 4), or once a side has no real
//!   counter left, the side with more strength remaining wins; equal is a draw.

use adjutant_engine::view_parts::{Key, Part};
use adjutant_engine::{
    Applied, ChoiceInfo, ChoiceKind, ChoiceScope, Dice, EndReason, EnumValue, GameInfo, Outcome,
    PerSide, Rules, ScenarioInfo, Setup, Side, Told, Viewer,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

mod kept_counters;
mod view;

/// Outpost for the engine's registry (listed, as a test-only game, in `games/registry`).
pub fn kind() -> Arc<dyn adjutant_engine::GameKind> {
    adjutant_engine::kind::<Outpost>()
}

/// Posts on the road.
pub const POSTS: u8 = 5;
/// Longest order note.
pub const MAX_NOTE: usize = 80;
const STRENGTHS: [u8; 3] = [2, 3, 2];

/// A stance for the round's battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Attack,
    Hold,
}

/// A side's order for the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub stance: Stance,
    pub note: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Counter {
    id: String,
    side: Side,
    post: u8,
    strength: u8,
    decoy: bool,
    /// Known to both sides since a battle.
    revealed: bool,
    alive: bool,
    moved: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", content = "side", rename_all = "snake_case")]
enum Phase {
    Movement(Side),
    Orders,
    Over,
}

/// The state of a game of Outpost.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Outpost {
    round: u32,
    rounds: u32,
    phase: Phase,
    counters: Vec<Counter>,
    orders: PerSide<Option<Order>>,
    /// Each viewer's counter texts as last written (a cache of views, never saved or cloned).
    #[serde(skip)]
    kept: kept_counters::KeptCounters,
    /// Each viewer's other members as last written, with what they were written from (the
    /// same kind of cache).
    #[serde(skip)]
    kept_members: adjutant_engine::view_parts::KeptMembers<view::View>,
}

/// An Outpost action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OutpostAction {
    /// Move one of your counters to an adjacent post.
    Move { counter: String, to: u8 },
    /// End your movement for the round.
    EndMovement,
    /// Give your order; `note` is free text.
    Order { stance: Stance, note: String },
}

/// What the log says. Redacted per viewer by [`Outpost::redact`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OutpostEvent {
    Moved {
        side: Side,
        counter: String,
        from: u8,
        to: u8,
        revealed: bool,
    },
    MovementEnded {
        side: Side,
    },
    OrderGiven {
        side: Side,
        stance: Stance,
        note: String,
    },
    OrdersRevealed {
        union: Order,
        confederate: Order,
    },
    Revealed {
        post: u8,
        counters: Vec<Value>,
    },
    Battle {
        post: u8,
        rolls: PerSide<u8>,
        totals: PerSide<u8>,
        loser: Option<Side>,
        lost: Option<String>,
    },
    RoundEnded {
        round: u32,
    },
}

/// What a viewer who may not see a side's secrets is told of its hidden move or its order.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum PublicEvent {
    Moved { side: Side, from: u8, to: u8 },
    OrderGiven { side: Side },
}

impl Outpost {
    fn alive(&self, side: Side) -> impl Iterator<Item = &Counter> {
        self.counters
            .iter()
            .filter(move |c| c.alive && c.side == side)
    }

    fn strength_left(&self, side: Side) -> u8 {
        self.alive(side).map(|c| c.strength).sum()
    }

    fn public_counter(c: &Counter) -> Value {
        json!({"id": c.id, "side": c.side, "post": c.post, "strength": c.strength, "decoy": c.decoy, "alive": c.alive})
    }

    fn fight(&mut self, dice: &mut Dice, events: &mut Vec<OutpostEvent>) {
        for post in 0..POSTS {
            let here = |side: Side, counters: &[Counter]| {
                counters
                    .iter()
                    .any(|c| c.alive && c.side == side && c.post == post)
            };
            if !(here(Side::Union, &self.counters) && here(Side::Confederate, &self.counters)) {
                continue;
            }
            let mut shown = Vec::new();
            for c in self
                .counters
                .iter_mut()
                .filter(|c| c.alive && c.post == post)
            {
                c.revealed = true;
                shown.push(Self::public_counter(c));
            }
            events.push(OutpostEvent::Revealed {
                post,
                counters: shown,
            });
            let rolls = PerSide::from_fn(|_| dice.d6());
            let totals = PerSide::from_fn(|side| {
                let strength: u8 = self
                    .alive(side)
                    .filter(|c| c.post == post)
                    .map(|c| c.strength)
                    .sum();
                let attack = self
                    .orders
                    .get(side)
                    .as_ref()
                    .is_some_and(|o| o.stance == Stance::Attack);
                rolls.get(side) + strength + u8::from(attack)
            });
            let loser = match totals.union.cmp(&totals.confederate) {
                std::cmp::Ordering::Less => Some(Side::Union),
                std::cmp::Ordering::Greater => Some(Side::Confederate),
                std::cmp::Ordering::Equal => None,
            };
            let lost = loser.and_then(|side| {
                let weakest = self
                    .counters
                    .iter_mut()
                    .filter(|c| c.alive && c.side == side && c.post == post)
                    .min_by_key(|c| (c.strength, c.id.clone()))?;
                weakest.alive = false;
                Some(weakest.id.clone())
            });
            events.push(OutpostEvent::Battle {
                post,
                rolls,
                totals,
                loser,
                lost,
            });
        }
    }
}

fn counter_id(side: Side, n: usize) -> String {
    format!("{}{}", if side == Side::Union { 'u' } else { 'c' }, n + 1)
}

impl Rules for Outpost {
    type Action = OutpostAction;
    type Event = OutpostEvent;

    fn info() -> GameInfo {
        GameInfo {
            id: "outpost".into(),
            name: "Outpost".into(),
            description: "A five-post skirmish with decoys, secret orders and dice (test game)."
                .into(),
            scenarios: vec![ScenarioInfo {
                id: "skirmish".into(),
                name: "Skirmish".into(),
                description: "Three counters a side, one of them a decoy.".into(),
                turns: 4,
            }],
            choices: vec![
                ChoiceInfo {
                    id: "rounds".into(),
                    name: "Rounds".into(),
                    description: "How many rounds the game lasts.".into(),
                    scope: ChoiceScope::Option,
                    kind: ChoiceKind::Int {
                        min: 1,
                        max: 8,
                        default: 4,
                    },
                    scenarios: vec![],
                    requires: vec![],
                },
                decoy_choice(Side::Union),
                decoy_choice(Side::Confederate),
            ],
        }
    }

    fn static_data() -> Value {
        json!({"posts": POSTS, "strengths": STRENGTHS, "max_note": MAX_NOTE})
    }

    fn setup(setup: &Setup, _: &mut Dice) -> Result<Self, String> {
        let rounds = setup.option_int("rounds").unwrap_or(4).clamp(1, 8) as u32;
        let mut counters = Vec::new();
        for side in Side::BOTH {
            let decoy: usize = setup
                .secret_choices
                .get(side)
                .get("decoy")
                .and_then(Value::as_str)
                .and_then(|d| d.parse::<usize>().ok())
                .filter(|d| (1..=3).contains(d))
                .ok_or("each side must choose its decoy")?;
            for (n, strength) in STRENGTHS.iter().enumerate() {
                let is_decoy = n + 1 == decoy;
                counters.push(Counter {
                    id: counter_id(side, n),
                    side,
                    post: if side == Side::Union { 0 } else { POSTS - 1 },
                    strength: if is_decoy { 0 } else { *strength },
                    decoy: is_decoy,
                    revealed: false,
                    alive: true,
                    moved: false,
                });
            }
        }
        Ok(Outpost {
            round: 1,
            rounds,
            phase: Phase::Movement(Side::Union),
            counters,
            orders: PerSide::default(),
            kept: Default::default(),
            kept_members: Default::default(),
        })
    }

    fn prompt(&self, side: Side) -> Option<String> {
        match self.phase {
            Phase::Movement(mover) if mover == side => Some(format!(
                "Round {} of {}, {side} movement: move a counter one post, or end your movement",
                self.round, self.rounds
            )),
            Phase::Orders if self.orders.get(side).is_none() => Some(format!(
                "Round {} of {}, orders: choose your stance and write a note (secret until both orders are in)",
                self.round, self.rounds
            )),
            _ => None,
        }
    }

    fn legal_actions(&self, side: Side) -> Vec<OutpostAction> {
        match self.phase {
            Phase::Movement(mover) if mover == side => {
                let mut actions: Vec<OutpostAction> = self
                    .alive(side)
                    .filter(|c| !c.moved)
                    .flat_map(|c| {
                        let mut to = Vec::new();
                        if c.post > 0 {
                            to.push(c.post - 1);
                        }
                        if c.post + 1 < POSTS {
                            to.push(c.post + 1);
                        }
                        to.into_iter().map(|to| OutpostAction::Move {
                            counter: c.id.clone(),
                            to,
                        })
                    })
                    .collect();
                actions.push(OutpostAction::EndMovement);
                actions
            }
            Phase::Orders if self.orders.get(side).is_none() => [Stance::Attack, Stance::Hold]
                .into_iter()
                .map(|stance| OutpostAction::Order {
                    stance,
                    note: String::new(),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn label(&self, _: Side, action: &OutpostAction) -> String {
        match action {
            OutpostAction::Move { counter, to } => format!("Move {counter} to post {to}"),
            OutpostAction::EndMovement => "End movement".into(),
            OutpostAction::Order {
                stance: Stance::Attack,
                ..
            } => "Order: attack (add a note)".into(),
            OutpostAction::Order {
                stance: Stance::Hold,
                ..
            } => "Order: hold (add a note)".into(),
        }
    }

    /// The note of an order is free text: any note fits the offered order of that stance.
    fn fits(&self, offered: &OutpostAction, posted: &OutpostAction) -> bool {
        match (offered, posted) {
            (OutpostAction::Order { stance: a, .. }, OutpostAction::Order { stance: b, .. }) => {
                a == b
            }
            _ => offered == posted,
        }
    }

    fn apply(
        &mut self,
        side: Side,
        action: OutpostAction,
        dice: &mut Dice,
    ) -> Result<Applied<OutpostEvent>, String> {
        match action {
            OutpostAction::Move { counter, to } => {
                let c = self
                    .counters
                    .iter_mut()
                    .find(|c| c.id == counter)
                    .ok_or_else(|| format!("there is no counter {counter}"))?;
                let from = c.post;
                c.post = to;
                c.moved = true;
                let revealed = c.revealed;
                Ok(Applied::quiet(vec![OutpostEvent::Moved {
                    side,
                    counter,
                    from,
                    to,
                    revealed,
                }]))
            }
            OutpostAction::EndMovement => {
                for c in self.counters.iter_mut().filter(|c| c.side == side) {
                    c.moved = false;
                }
                self.phase = if side == Side::Union {
                    Phase::Movement(Side::Confederate)
                } else {
                    Phase::Orders
                };
                Ok(Applied::quiet(vec![OutpostEvent::MovementEnded { side }]))
            }
            OutpostAction::Order { stance, note } => {
                if note.chars().count() > MAX_NOTE {
                    return Err(format!("a note is at most {MAX_NOTE} characters"));
                }
                *self.orders.get_mut(side) = Some(Order {
                    stance,
                    note: note.clone(),
                });
                let mut events = vec![OutpostEvent::OrderGiven { side, stance, note }];
                let (Some(union), Some(confederate)) =
                    (self.orders.union.clone(), self.orders.confederate.clone())
                else {
                    return Ok(Applied::quiet(events));
                };
                events.push(OutpostEvent::OrdersRevealed { union, confederate });
                self.fight(dice, &mut events);
                self.orders = PerSide::default();
                events.push(OutpostEvent::RoundEnded { round: self.round });
                let wiped = Side::BOTH.into_iter().any(|s| self.strength_left(s) == 0);
                if self.round >= self.rounds || wiped {
                    self.phase = Phase::Over;
                } else {
                    self.round += 1;
                    self.phase = Phase::Movement(Side::Union);
                }
                Ok(Applied::revealing(events))
            }
        }
    }

    fn view(&self, viewer: Viewer) -> Value {
        serde_json::from_str(&self.view_text(viewer)).expect("a view is JSON")
    }

    fn view_text(&self, viewer: Viewer) -> String {
        self.view_json(viewer)
    }

    fn view_parts(&self, viewer: Viewer) -> Vec<(Key, Part)> {
        self.view_members(viewer)
    }

    fn redact(event: &OutpostEvent, viewer: Viewer) -> Told<impl Serialize> {
        match *event {
            OutpostEvent::Moved {
                side,
                from,
                to,
                revealed,
                ..
            } if !viewer.sees_secrets_of(side) && !revealed => {
                Told::Part(PublicEvent::Moved { side, from, to })
            }
            OutpostEvent::OrderGiven { side, .. } if !viewer.sees_secrets_of(side) => {
                Told::Part(PublicEvent::OrderGiven { side })
            }
            _ => Told::Whole,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let score = PerSide::from_fn(|side| i64::from(self.strength_left(side)));
        let winner = match score.union.cmp(&score.confederate) {
            std::cmp::Ordering::Greater => Some(Side::Union),
            std::cmp::Ordering::Less => Some(Side::Confederate),
            std::cmp::Ordering::Equal => None,
        };
        let summary = match winner {
            Some(side) => format!(
                "{side} victory: {} strength left to {}",
                score.get(side),
                score.get(side.opponent())
            ),
            None => format!("Draw: {} strength left each", score.union),
        };
        Some(Outcome {
            winner,
            reason: EndReason::Rules,
            summary,
            score: Some(score),
        })
    }
}

fn decoy_choice(side: Side) -> ChoiceInfo {
    ChoiceInfo {
        id: "decoy".into(),
        name: "Decoy".into(),
        description: format!("Which {side} counter is a dummy (secret)."),
        scope: ChoiceScope::Secret(side),
        kind: ChoiceKind::Enum {
            values: (1..=3)
                .map(|n| EnumValue {
                    id: n.to_string(),
                    name: format!("Counter {n}"),
                })
                .collect(),
            default: "2".into(),
        },
        scenarios: vec![],
        requires: vec![],
    }
}
