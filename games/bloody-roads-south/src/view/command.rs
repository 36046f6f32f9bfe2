//! A side's own command state in its view (reference 2.3.3, section 5): command points left,
//! each receiver's orders (in force, waiting to touch base, in delay, stopped), the questions
//! waiting for the side, the units found out of radius, the returns of eliminated brigades
//! asked for or marked (S21.2), the Army of the Potomac Reserve (optional rule 3.6), and the
//! menu of the batch offered to it (`menu`). Never the
//! opponent's: nothing here is built for a viewer who may not see the side's secrets.

use adjutant_engine::Side;
use serde_json::{Value, json};

use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The command state of `side`, for its own view (and the omniscient one).
    pub(crate) fn command_view(&self, side: Side) -> Value {
        let points: Vec<Value> = self
            .writers(side)
            .into_iter()
            .map(|w| {
                json!({
                    "writer": w.id,
                    "relays": w.relays,
                    "points_left": self.points_left(&w.id),
                })
            })
            .collect();
        let receivers: Vec<Value> = self
            .commands
            .iter()
            .filter(|c| c.side == side)
            .map(|c| {
                json!({
                    "receiver": c.receiver,
                    "name": self.receiver_name(&c.receiver),
                    "in_force": c.command.current,
                    "awaiting_touch_base": c.command.accepted,
                    "in_delay": c.command.delayed,
                    "stopped": c.command.stopped,
                })
            })
            .collect();
        let questions: Vec<Value> = self
            .decisions
            .iter()
            .filter(|d| d.side() == side)
            .filter_map(|d| match d.question() {
                Question::LooseCannon { leader, receiver } => Some(json!({
                    "question": "loose_cannon",
                    "leader": self.unit(*leader).id,
                    "receiver": receiver,
                })),
                _ => None,
            })
            .collect();
        let out_of_radius: Vec<Value> = self
            .command_state
            .out_of_radius
            .iter()
            .filter(|&&k| self.unit(k).side() == side)
            .map(|&k| json!(self.unit(k).id))
            .collect();
        let returns: Vec<Value> = self
            .returns(side)
            .iter()
            .map(|m| {
                json!({
                    "brigade": self.unit(m.brigade).id,
                    "hex": m.hex,
                    "placed": m.placed,
                })
            })
            .collect();
        let mut v = json!({
            "command_points": points,
            "receivers": receivers,
            "questions": questions,
            "out_of_radius": out_of_radius,
            "returns": returns,
        });
        if let Some(menu) = self.batch_menu(side) {
            v["batch_menu"] = menu;
        }
        if side == Side::Union {
            v["ninth_corps_released"] = json!(self.ninth_corps_released());
            if self.option(crate::data::variant::OptionId::ArmyOfThePotomacReserve) {
                v["aop_reserve"] = json!(self.aop_reserve());
            }
        }
        v
    }
}
