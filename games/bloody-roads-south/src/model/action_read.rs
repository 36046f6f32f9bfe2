//! A posted action read straight from its JSON object (`Rules::read_action`): its `type`
//! first, then the few members of that variant, without serde's buffering of an internally
//! tagged enum (which copied every member before it knew the variant: 1,300 instructions an
//! action of a Scenario 5 replay, with the copy the engine made to drop the label).
//!
//! Only the plain shapes are read here: each member of the variant a string (or a list of
//! strings) that reads as its type, none missing that has no default. Members the variant
//! does not have are passed over, as `Deserialize` passes over them (the engine's `label` and
//! `irrevocable` among them). Anything else — a `null`, a number, an id that does not read,
//! an unknown `type`, and the batches (the Order Issue, the initiative attempts, the set-up's
//! choices, a Loose Cannon's order) — is left to the derived `Deserialize` (`None`), so that
//! what is accepted and the words of every refusal stay the derived form's.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::data::{FormationId, HexId, UnitId};
use crate::model::action::Action;

/// The action `action` is, read as the derived `Deserialize` reads it, when it has one of the
/// plain shapes; `None` otherwise (the engine then reads it by `Deserialize`).
pub fn read(action: &Value) -> Option<Action> {
    let members = Members(action.as_object()?);
    Some(match members.0.get("type")?.as_str()? {
        "place" => Action::Place {
            unit: members.unit("unit")?,
            hex: members.hex("hex")?,
        },
        "pick" => Action::Pick {
            unit: members.unit("unit")?,
            part: members.optional_hex("part")?,
            with: members.units("with")?,
        },
        "step" => Action::Step {
            to: members.hex("to")?,
        },
        "turn" => Action::Turn {
            facing: members.read("facing")?,
        },
        "change_formation" => Action::ChangeFormation {
            formation: members.read("formation")?,
        },
        "force_march" => Action::ForceMarch,
        "extend" => Action::Extend {
            hex: members.hex("hex")?,
        },
        "contract" => Action::Contract,
        "attack" => Action::Attack {
            hex: members.hex("hex")?,
        },
        "end_move" => Action::EndMove,
        "leave_map" => Action::LeaveMap,
        "use_link" => Action::UseLink,
        "enter" => Action::Enter {
            unit: members.unit("unit")?,
            hex: members.hex("hex")?,
        },
        "finish_movement" => Action::FinishMovement,
        "target" => Action::Target {
            hex: members.hex("hex")?,
        },
        "target_artillery" => Action::TargetArtillery,
        "fire" => Action::Fire {
            firers: members.units("firers")?,
        },
        "cancel_fire" => Action::CancelFire,
        "finish_fire" => Action::FinishFire,
        "retreat" => Action::Retreat {
            to: members.hex("to")?,
        },
        "displace" => Action::Displace {
            to: members.hex("to")?,
        },
        "stand_fast" => Action::StandFast,
        "face" => Action::Face {
            facing: members.read("facing")?,
        },
        "place_leader" => Action::PlaceLeader {
            leader: members.unit("leader")?,
            hex: members.hex("hex")?,
        },
        "take_corps" => Action::TakeCorps,
        "keep_attached" => Action::KeepAttached {
            division: FormationId::new(members.text("division")?),
        },
        "demand_panic" => Action::DemandPanic {
            target: members.unit("target")?,
        },
        "decline" => Action::Decline,
        _ => return None,
    })
}

/// A posted action's members.
struct Members<'a>(&'a Map<String, Value>);

impl Members<'_> {
    fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name)?.as_str()
    }

    fn unit(&self, name: &str) -> Option<UnitId> {
        self.text(name).map(UnitId::new)
    }

    fn hex(&self, name: &str) -> Option<HexId> {
        self.text(name)?.parse().ok()
    }

    /// An optional hex: `Some(None)` when the member is absent (its default).
    fn optional_hex(&self, name: &str) -> Option<Option<HexId>> {
        match self.0.get(name) {
            None => Some(None),
            Some(_) => self.hex(name).map(Some),
        }
    }

    /// A list of unit ids, empty when the member is absent (its default).
    fn units(&self, name: &str) -> Option<Vec<UnitId>> {
        let Some(list) = self.0.get(name) else {
            return Some(Vec::new());
        };
        list.as_array()?
            .iter()
            .map(|id| id.as_str().map(UnitId::new))
            .collect()
    }

    /// A member of a plain enum (a vertex, a formation) written as a string, read by its own
    /// `Deserialize`.
    fn read<T: DeserializeOwned>(&self, name: &str) -> Option<T> {
        let member = self.0.get(name).filter(|m| m.is_string())?;
        T::deserialize(member).ok()
    }
}

#[cfg(test)]
mod tests {
    use adjutant_engine::ADDED_MEMBERS;
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;
    use crate::data::order::OrderType;
    use crate::model::facing::Vertex;
    use crate::model::unit::Formation;

    /// What the engine reads when the rules do not: the derived `Deserialize`, without the
    /// engine's members.
    fn derived(action: &Value) -> Result<Action, String> {
        let mut action = action.clone();
        if let Value::Object(members) = &mut action {
            for member in ADDED_MEMBERS {
                members.remove(member);
            }
        }
        serde_json::from_value(action).map_err(|e| e.to_string())
    }

    fn hex(id: &str) -> HexId {
        id.parse().expect("a hex id")
    }

    /// One action of each variant, with whether this module reads it (an exhaustive match:
    /// a new variant must be placed here).
    fn each_variant() -> Vec<(Action, bool)> {
        let unit = || UnitId::new("2/4/5");
        let all = vec![
            Action::Place {
                unit: unit(),
                hex: hex("A39.06"),
            },
            Action::FinishSetUp {
                facings: Vec::new(),
                formations: Vec::new(),
                extensions: Vec::new(),
            },
            Action::IssueOrders {
                orders: Vec::new(),
                drop_goals: Vec::new(),
                retreats: Vec::new(),
                returns: Vec::new(),
                entry_choices: Vec::new(),
            },
            Action::Initiative {
                attempts: Vec::new(),
            },
            Action::LooseCannonOrder {
                objective: None,
                order_type: OrderType::Simple,
                text: String::new(),
            },
            Action::Pick {
                unit: unit(),
                part: None,
                with: Vec::new(),
            },
            Action::Pick {
                unit: unit(),
                part: Some(hex("B12.03")),
                with: vec![UnitId::new("Hancock"), unit()],
            },
            Action::Step { to: hex("A39.07") },
            Action::Turn {
                facing: Vertex::ALL[2],
            },
            Action::ChangeFormation {
                formation: Formation::Column,
            },
            Action::ForceMarch,
            Action::Extend { hex: hex("A39.07") },
            Action::Contract,
            Action::Attack { hex: hex("A40.07") },
            Action::EndMove,
            Action::LeaveMap,
            Action::UseLink,
            Action::Enter {
                unit: unit(),
                hex: hex("B01.20"),
            },
            Action::FinishMovement,
            Action::Target { hex: hex("A40.07") },
            Action::TargetArtillery,
            Action::Fire {
                firers: vec![unit(), UnitId::new("2b-1")],
            },
            Action::CancelFire,
            Action::FinishFire,
            Action::Retreat { to: hex("A38.06") },
            Action::Displace { to: hex("A38.05") },
            Action::StandFast,
            Action::Face {
                facing: Vertex::ALL[5],
            },
            Action::PlaceLeader {
                leader: UnitId::new("Hancock"),
                hex: hex("A39.06"),
            },
            Action::TakeCorps,
            Action::KeepAttached {
                division: FormationId::new("1/5"),
            },
            Action::DemandPanic {
                target: UnitId::new("Meade"),
            },
            Action::Decline,
        ];
        all.into_iter()
            .map(|a| {
                let plain = match a {
                    Action::FinishSetUp { .. }
                    | Action::IssueOrders { .. }
                    | Action::Initiative { .. }
                    | Action::LooseCannonOrder { .. } => false,
                    Action::Place { .. }
                    | Action::Pick { .. }
                    | Action::Step { .. }
                    | Action::Turn { .. }
                    | Action::ChangeFormation { .. }
                    | Action::ForceMarch
                    | Action::Extend { .. }
                    | Action::Contract
                    | Action::Attack { .. }
                    | Action::EndMove
                    | Action::LeaveMap
                    | Action::UseLink
                    | Action::Enter { .. }
                    | Action::FinishMovement
                    | Action::Target { .. }
                    | Action::TargetArtillery
                    | Action::Fire { .. }
                    | Action::CancelFire
                    | Action::FinishFire
                    | Action::Retreat { .. }
                    | Action::Displace { .. }
                    | Action::StandFast
                    | Action::Face { .. }
                    | Action::PlaceLeader { .. }
                    | Action::TakeCorps
                    | Action::KeepAttached { .. }
                    | Action::DemandPanic { .. }
                    | Action::Decline => true,
                };
                (a, plain)
            })
            .collect()
    }

    #[test]
    fn every_plain_variant_is_read_as_deserialize_reads_it() {
        for (action, plain) in each_variant() {
            let mut written = serde_json::to_value(&action).expect("actions serialise");
            for labelled in [false, true] {
                if labelled {
                    written["label"] = json!("Move the 2/4/5");
                    written["irrevocable"] = json!(true);
                }
                assert_eq!(derived(&written), Ok(action.clone()), "{written}");
                let read = read(&written);
                assert_eq!(read, plain.then(|| action.clone()), "{written}");
            }
        }
    }

    /// The members a posted action may have, and values of every shape for them.
    const KEYS: [&str; 14] = [
        "unit",
        "hex",
        "part",
        "with",
        "to",
        "facing",
        "formation",
        "firers",
        "leader",
        "division",
        "target",
        "label",
        "irrevocable",
        "objective",
    ];

    fn any_member() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(json!("A39.06")),
            Just(json!("B12.3")),
            Just(json!("Z99")),
            Just(json!("2/4/5")),
            Just(json!("N-NE")),
            Just(json!("SE-S")),
            Just(json!("column")),
            Just(json!("1/5")),
            Just(json!(null)),
            Just(json!(3)),
            Just(json!(true)),
            Just(json!([])),
            Just(json!(["2/4/5", "Hancock"])),
            Just(json!(["2/4/5", 7])),
            Just(json!({"N-NE": null})),
            Just(json!("step")),
            Just(json!("bogus")),
        ]
    }

    /// An action of each variant as written, then some of its members changed, added or
    /// taken away (the `type` among them).
    fn any_posted() -> impl Strategy<Value = Value> {
        let written: Vec<Value> = each_variant()
            .into_iter()
            .map(|(a, _)| serde_json::to_value(&a).expect("actions serialise"))
            .collect();
        let change = (
            proptest::sample::select([&["type"][..], &KEYS[..]].concat()),
            proptest::option::of(any_member()),
        );
        (
            proptest::sample::select(written),
            proptest::collection::vec(change, 0..3),
        )
            .prop_map(|(mut posted, changes)| {
                let members = posted.as_object_mut().expect("an object");
                for (key, value) in changes {
                    match value {
                        Some(value) => members.insert(key.to_string(), value),
                        None => members.remove(key),
                    };
                }
                posted
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Whatever is posted, an action this module reads is the one `Deserialize` reads.
        #[test]
        fn whatever_is_read_is_what_deserialize_reads(posted in any_posted()) {
            if let Some(read) = read(&posted) {
                prop_assert_eq!(derived(&posted), Ok(read));
            }
        }
    }
}
