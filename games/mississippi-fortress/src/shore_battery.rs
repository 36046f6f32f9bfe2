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
use crate::naval::Node;
use crate::state::{BatteryState, Kind, MississippiFortress, Place};

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
            let wooden = if self.ships[top].wooden {
                i32::from(Charts::get().shore_battery.modifiers.wooden_target)
            } else {
                0
            };
            let modified = i32::from(roll) + wooden;
            let hit = Charts::get().shore_battery_a(modified);
            let target = if alive.len() == 1 {
                self.ships[top].name()
            } else {
                format!("the stack led by {}", self.ships[top].name())
            };
            fx.public(
                EventKind::BatteryFire,
                format!(
                    "The {name} fires at {target} (shot {shot} of {shots}): CRT A roll {roll}{} = {modified}: {}.",
                    if wooden != 0 { " +1 (wooden)" } else { "" },
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
        let side = self.ships[i].side;
        let name = self.ships[i].name();
        let cargo: Vec<usize> = self.aboard(i).collect();
        *self.ships_lost.get_mut(side) += 1;
        fx.public(
            EventKind::BatteryFire,
            format!(
                "{name} ({side}) is sunk with {} aboard.",
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
    }
}
