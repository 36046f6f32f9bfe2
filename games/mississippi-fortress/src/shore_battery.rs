//! Confederate shore batteries (4.2): placed face up beside the arrow they guard and visible
//! to everyone, they fire at every Union naval stack that stops on that arrow: once at a stack
//! moving downstream, twice at one moving upstream (4.23a). Each shot is a roll on CRT A (a 6
//! sinks a ship; +1 if the only or top ship is wooden, 4.23b); with two ships CRT B picks the
//! victim (1-5 the top ship, 6 the bottom, 4.23c). A sunk steamer's cargo is lost (4.23d). A
//! battery is destroyed only when Union combat units hold its Area alone (4.22c, in
//! [`crate::contact`]).

use crate::data::charts::ShipHit;
use crate::data::{Charts, Units};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::model::ship::BatteryState;

impl MississippiFortress {
    /// The face-up battery guarding this arrow, if any (4.22b).
    pub fn guarding(&self, node: Node) -> Option<usize> {
        let arrow = node.arrow()?;
        self.batteries
            .iter()
            .position(|b| b.arrow == arrow && b.state == BatteryState::FaceUp)
    }

    /// The battery's printed name.
    pub fn battery_name(&self, b: usize) -> String {
        let id = &self.batteries[b].id;
        Units::get()
            .unit(id.as_str())
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    }

    /// 4.23a-c: `shots` shots of battery `b` at a stack (`ships`, top first).
    pub(crate) fn battery_fire(&mut self, b: usize, ships: &[usize], shots: u8, fx: &mut Fx) {
        let name = self.battery_name(b);
        for shot in 1..=shots {
            let alive: Vec<usize> = ships
                .iter()
                .copied()
                .filter(|&i| self.ships[i].at.is_some())
                .collect();
            let Some(&top) = alive.first() else { break };
            let roll = fx.d6();
            let modifiers = &Charts::get().shore_battery.modifiers;
            let wooden = if self.ships[top].wooden {
                i32::from(modifiers.wooden_target)
            } else {
                0
            };
            // 7.21c: the Arkansas* in support of the battery adds 1.
            let area = self.batteries[b].area;
            let arkansas = if self.ships.iter().any(|s| {
                s.id.as_str() == crate::naval::combat::ARKANSAS && s.supporting() == Some(area)
            }) {
                i32::from(modifiers.arkansas_support)
            } else {
                0
            };
            let modified = i32::from(roll) + wooden + arkansas;
            let hit = Charts::get().shore_battery_a(modified);
            let target = if alive.len() == 1 {
                self.ships[top].name()
            } else {
                format!("the stack led by {}", self.ships[top].name())
            };
            fx.public(
                EventKind::BatteryFire,
                format!(
                    "The {name} fires at {target} (shot {shot} of {shots}): CRT A roll {roll}{}{} = {modified}: {}.",
                    if wooden != 0 { " +1 (wooden)" } else { "" },
                    if arkansas != 0 { " +1 (the Arkansas* supports it)" } else { "" },
                    if hit { "a ship is sunk" } else { "no effect" }
                ),
            );
            if !hit {
                continue;
            }
            let victim = if alive.len() > 1 {
                let pick = fx.d6();
                let which = Charts::get().shore_battery_b(i32::from(pick));
                let victim = match which {
                    ShipHit::Top => top,
                    ShipHit::Bottom => alive[alive.len() - 1],
                };
                fx.public(
                    EventKind::BatteryFire,
                    format!(
                        "CRT B roll {pick}: the {} ship is hit.",
                        if which == ShipHit::Top {
                            "top"
                        } else {
                            "bottom"
                        }
                    ),
                );
                victim
            } else {
                top
            };
            self.sink(victim, fx);
        }
    }

    /// 4.23d: a ship sinks with its cargo: combat units are lost (their SP count for the
    /// enemy, S10.3), Leaders aboard are casualties and dummies return to the pool (G15).
    pub(crate) fn sink(&mut self, i: usize, fx: &mut Fx) {
        self.lose_ship(i, "is sunk", fx);
    }

    /// S10.4: a ship is lost (sunk, or eliminated under 7.21b-c) with everything aboard.
    pub(crate) fn lose_ship(&mut self, i: usize, how: &str, fx: &mut Fx) {
        let side = self.ships[i].side;
        let name = self.ships[i].name();
        let cargo: Vec<usize> = self.aboard(i).collect();
        *self.ships_lost.get_mut(side) += 1;
        fx.public(
            EventKind::BatteryFire,
            format!(
                "{name} ({side}) {how} with {} aboard.",
                crate::events::counters(cargo.len())
            ),
        );
        for k in cargo {
            match self.counters[k].kind {
                Kind::Dummy => {
                    let c = &mut self.counters[k];
                    c.place = Place::Pool;
                    c.face_up = false;
                    fx.public(
                        EventKind::Dummy,
                        format!("A {side} dummy was aboard {name}; it returns to the pool."),
                    );
                }
                Kind::Leader => self.leader_falls(k, &format!("lost aboard {name}"), fx),
                _ => self.eliminate(k, &format!("lost aboard {name}"), fx),
            }
        }
        self.ships[i].at = None;
        self.ships[i].off = None;
    }
}

impl MississippiFortress {
    /// The battery that a gunboat staying opposite may silence (4.23e: Grand Gulf only).
    fn silenceable_battery(&self) -> Option<usize> {
        let map = crate::data::Map::get();
        self.batteries.iter().position(|b| {
            b.state != BatteryState::Destroyed
                && map
                    .shore_battery_site(b.area)
                    .is_some_and(|site| site.can_be_silenced)
        })
    }

    /// 4.23e, S12.4a-b (decision G14): in step 1d of the Union Movement Phase, after battery
    /// fire, the count of consecutive Union Movement Phases ending with a Union gunboat on the
    /// Grand Gulf arrow goes up by one (or back to 0); at five or more the battery is silenced
    /// for the rest of the Union player turn.
    pub(crate) fn grand_gulf_check(&mut self, side: adjutant_engine::Side, fx: &mut Fx) {
        use adjutant_engine::Side;
        if side != Side::Union {
            return;
        }
        let Some(b) = self.silenceable_battery() else {
            self.grand_gulf_count = 0;
            return;
        };
        let node = Node::Arrow(self.batteries[b].arrow);
        let gunboat = self
            .ships_at(Side::Union, node)
            .any(|i| self.ships[i].warship());
        if !gunboat {
            self.grand_gulf_count = 0;
            return;
        }
        self.grand_gulf_count = self.grand_gulf_count.saturating_add(1);
        let needed = crate::data::Constants::get()
            .naval
            .grand_gulf_silencing_turns;
        let name = self.battery_name(b);
        if self.grand_gulf_count >= needed {
            if self.batteries[b].state == BatteryState::FaceUp {
                self.batteries[b].state = BatteryState::Silenced;
                fx.public(
                    EventKind::BatteryFire,
                    format!(
                        "The {name} is silenced: a Union gunboat has stayed opposite it for {} consecutive Union Movement Phases (4.23e). Union troops may land in {} this player turn.",
                        self.grand_gulf_count,
                        Self::area_name(self.batteries[b].area)
                    ),
                );
            }
        } else {
            fx.public(
                EventKind::BatteryFire,
                format!(
                    "A Union gunboat stays opposite the {name}: {} of {needed} consecutive Union Movement Phases (4.23e).",
                    self.grand_gulf_count
                ),
            );
        }
    }

    /// 4.23e, S12.4c: at the start of the Confederate player turn a silenced battery turns face
    /// up again (the count goes on while the gunboat stays).
    pub(crate) fn grand_gulf_recovers(&mut self, fx: &mut Fx) {
        for b in 0..self.batteries.len() {
            if self.batteries[b].state == BatteryState::Silenced {
                self.batteries[b].state = BatteryState::FaceUp;
                fx.public(
                    EventKind::BatteryFire,
                    format!(
                        "The {} is manned again and turns face up (4.23e).",
                        self.battery_name(b)
                    ),
                );
            }
        }
    }
}
