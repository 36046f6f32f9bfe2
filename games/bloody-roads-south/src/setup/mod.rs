//! A game's initial state (rules 6.0, 7.0; reference 6.0 "set-up procedure"): every counter
//! of the scenario, the fixed placements made, the choices left to each player.

pub mod choices;
pub mod completeness;
pub mod entry_choices;
pub mod extensions;
pub mod placement;

use adjutant_engine::{PerSide, Setup, Side};

use crate::data::support::WagonKind;
use crate::data::unit::Unit as OobUnit;
use crate::data::variant::OptionId;
use crate::data::{ScenarioId, UnitId, VariantId};
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;
use crate::model::unit::{Formation, Location, Unit, UnitKind};

/// The facing every stack starts with until its owner turns it: toward the enemy's side of
/// the maps (the Confederates came from the west).
pub fn default_facing(side: Side) -> Vertex {
    match side {
        Side::Union => Vertex::SW_NW,
        Side::Confederate => Vertex::NE_SE,
    }
}

impl BloodyRoadsSouth {
    /// The state right after the set-up is chosen in the lobby: counters created, fixed
    /// placements made, both players asked for their choices.
    pub fn new_game(setup: &Setup) -> Result<BloodyRoadsSouth, String> {
        let scenario: ScenarioId = setup
            .scenario
            .parse()
            .map_err(|_| format!("unknown scenario {:?}", setup.scenario))?;
        let data = crate::data::scenario(scenario);
        let options: Vec<OptionId> = OptionId::ALL
            .into_iter()
            .filter(|&o| {
                // A missing option takes the catalog's default (`army-status` is on).
                setup
                    .options
                    .get(o.key())
                    .and_then(serde_json::Value::as_bool)
                    .unwrap_or(o.default_on())
            })
            .filter(|&o| crate::options::option_applies(o, scenario))
            .collect();
        // A variant is used only when the catalog offers it and the scenario lists it: a
        // public one (3.8b) by the game's options, a secret one only by the secret choice of
        // the side that owns it (a public option or the other side naming it does nothing).
        let mut variants: Vec<VariantId> = data
            .variants
            .iter()
            .copied()
            .filter(|v| crate::data::variant::VARIANTS_OFFERED.contains(v))
            .filter(|&v| chosen(setup, v))
            .collect();
        // 3.8b deletes the whole 9th Corps, 4/9 of 3.8a included.
        if variants.contains(&VariantId::BurnsideElsewhere) {
            variants.retain(|&v| v != VariantId::FerreroJoins);
        }
        // Rule 4.3 (Scenario 6): the entries chosen at set-up, and 4.5b with them.
        let entries = entry_choices::read_choices(setup, scenario, &mut variants)?;
        let turn = crate::data::turn_record()
            .index_of(data.first_turn)
            .ok_or("the scenario's first turn is not on the Turn Record Track")?
            as u16;
        let mut game = BloodyRoadsSouth {
            scenario,
            options,
            variants,
            entries,
            turn,
            step: Step::SetUp,
            units: crate::model::counters::Counters::new(Vec::new()),
            orders: PerSide::default(),
            commands: Vec::new(),
            command_points: Vec::new(),
            command_state: Default::default(),
            secret_dice: PerSide::default(),
            dice_script: Vec::new(),
            parked_wagons: Vec::new(),
            setup_done: PerSide::default(),
            decisions: Vec::new(),
            moving: None,
            movement: Default::default(),
            fire: None,
            targeted: Vec::new(),
            railroad_found: PerSide::from_fn(|_| data.railroad_known),
            railroad_condition: PerSide::default(),
            returns: PerSide::default(),
            holdings: Vec::new(),
            places: Vec::new(),
            army_status: Default::default(),
            next_z: 0,
            result: None,
        };
        for side in Side::BOTH {
            game.create_units(side)?;
        }
        for side in Side::BOTH {
            game.place_fixed(side);
        }
        game.start_tracks();
        Ok(game)
    }

    /// Creates every counter a side has in the scenario: set-up lines and reinforcements.
    fn create_units(&mut self, side: Side) -> Result<(), String> {
        let data = self.scenario().side(side);
        let oob = crate::data::order_of_battle().side(side);
        let variants = self.variants.clone();
        let mut ids: Vec<UnitId> = Vec::new();
        for p in &data.placements {
            if p.in_play(&variants) {
                ids.extend(p.units.iter().cloned());
            }
        }
        for r in &data.reinforcements {
            if r.in_play(&variants) {
                ids.extend(r.units.iter().cloned());
            }
        }
        for id in ids {
            if self.key(side, &id).is_some() {
                continue;
            }
            let unit = oob
                .unit(&id)
                .ok_or_else(|| format!("{side} counter {id} is not in the order of battle"))?;
            let (kind, formation) = match unit {
                OobUnit::Brigade(_) => (UnitKind::Brigade, Formation::Line),
                OobUnit::Battery(_) => (UnitKind::Battery, Formation::Unlimbered),
                OobUnit::Leader(_) => (UnitKind::Leader, Formation::None),
                OobUnit::Hq(_) => (UnitKind::Hq, Formation::None),
                OobUnit::Wagon(_) => (UnitKind::Wagon, Formation::None),
                OobUnit::Special(_) => (UnitKind::Cavalry, Formation::None),
            };
            // The order of battle's own id, shared: it finds the counter's data by its address.
            let mut u = Unit::new(unit.id().clone(), side, kind, formation);
            u.facing = default_facing(side);
            match unit {
                OobUnit::Brigade(b) => {
                    u.division = b.division.clone();
                    u.casualties = data.casualties.get(&id).copied().unwrap_or(0);
                }
                OobUnit::Battery(b) => {
                    u.gun_points = data.gun_points.get(&id).copied().unwrap_or(b.gun_points);
                }
                // A replacement leader set up by the scenario (Scenario 7: 4/5's, Wadsworth
                // killed) commands the division of the leader lost before play.
                OobUnit::Leader(_) if id.as_str() == crate::data::leader::REPLACEMENT => {
                    u.division = data
                        .leaders_lost
                        .iter()
                        .filter_map(|l| oob.leader(l).and_then(|l| l.command.clone()))
                        .find(|c| oob.division(c).is_some());
                }
                OobUnit::Wagon(w) => {
                    u.supply = match w.kind {
                        WagonKind::CorpsWagon => w.supply_points.unwrap_or(5),
                        WagonKind::ArmyTrain | WagonKind::OffMapTrain => 0,
                    };
                }
                _ => {}
            }
            if data.ocr.contains(&id) {
                u.ocr = true;
            }
            self.units_mut().push(u);
        }
        // Scenario attachments of brigades to other divisions (rules 2.2, 3.2).
        for a in &data.attachments {
            let id = UnitId::new(&a.unit);
            if let Some(k) = self.key(side, &id)
                && self.unit(k).kind == UnitKind::Brigade
                && oob.division(&a.to).is_some()
            {
                self.unit_mut(k).division = Some(a.to.clone());
            }
        }
        Ok(())
    }

    /// Puts a counter in a hex at set-up (on top of the stack there).
    pub(crate) fn set_up_at(&mut self, k: crate::model::unit::UnitKey, hex: crate::data::HexId) {
        self.unit_mut(k).location = Location::Map { hex };
        self.put_on_top(k);
    }
}

/// True when the set-up chooses variant `v`: a public variant by the game's options, a secret
/// one by the secret choice of its side.
fn chosen(setup: &Setup, v: VariantId) -> bool {
    let variant = crate::data::variants().variant(v);
    if variant.secret {
        setup
            .secret_choices
            .get(variant.side)
            .get(v.as_str())
            .and_then(|x| x.as_bool())
            .unwrap_or(false)
    } else {
        setup.option_bool(v.as_str())
    }
}

#[cfg(test)]
mod tests {
    use crate::data::id_index::SharedText;

    /// The set-up gives each counter the order of battle's own id, so that the order of
    /// battle finds its data by the id's address (`data::id_index`); every scenario's.
    #[test]
    fn each_counter_set_up_shares_its_id_with_the_order_of_battle() {
        let oob = crate::data::order_of_battle();
        for scenario in crate::data::ScenarioId::ALL {
            // Built here, not by `testing` (which the rules' tests use: no import loop).
            let setup = adjutant_engine::Setup {
                scenario: scenario.as_str().into(),
                options: serde_json::Map::new(),
                secret_choices: adjutant_engine::PerSide::default(),
            };
            let g = crate::model::game::BloodyRoadsSouth::new_game(&setup)
                .expect("the scenario sets up");
            for u in g.units() {
                let own = oob.unit(u.side, &u.id).expect("in the order of battle");
                assert_eq!(
                    own.id().text_address(),
                    u.id.text_address(),
                    "{}: {}",
                    scenario.as_str(),
                    u.id
                );
            }
        }
    }
}
