//! What a period's score counts (reference 3A.3), read from the state as it is. "Friendly" is
//! the track's command: Grant and Burnside all Union troops, Meade the Army of the Potomac
//! (2, 5, 6 Corps and the army's own troops), Lee all Confederate troops; "enemy" is always
//! the whole other army. Wrecks are counted as in play (stragglers count; recovery
//! un-wrecks); the score is the change of each count since the last check, so a brigade
//! un-wrecked counts the other way.

use adjutant_engine::Side;

use crate::data::charts::army_status::PanicScope;
use crate::data::{FormationId, UnitId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::status::Tally;
use crate::model::unit::{UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// The Army of the Potomac's id in the order of battle.
const AOP: &str = "A Pot";
/// The 9th Corps' id.
const NINTH: &str = "9";

impl BloodyRoadsSouth {
    /// True when a corps (or army) id belongs to `scope`.
    pub(crate) fn formation_in_scope(
        &self,
        side: Side,
        corps: &FormationId,
        scope: PanicScope,
    ) -> bool {
        match scope {
            PanicScope::Union => side == Side::Union,
            PanicScope::Confederate => side == Side::Confederate,
            PanicScope::NinthCorps => side == Side::Union && corps.as_str() == NINTH,
            PanicScope::ArmyOfThePotomac => {
                side == Side::Union
                    && (corps.as_str() == AOP
                        || crate::data::order_of_battle()
                            .side(side)
                            .corps_of(corps)
                            .is_some_and(|c| c.army.as_str() == AOP))
            }
        }
    }

    /// The brigades of `scope` (printed corps; extended parts never count separately).
    fn brigades_of(&self, side: Side, scope: PanicScope) -> Vec<UnitKey> {
        self.keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side
                    && u.kind == UnitKind::Brigade
                    && u.part_of.is_none()
                    && self
                        .brigade_data(k)
                        .is_some_and(|b| self.formation_in_scope(side, &b.corps, scope))
            })
            .collect()
    }

    /// Brigades of `scope` wrecked now (in play).
    pub(crate) fn wrecked_brigades_of(&self, side: Side, scope: PanicScope) -> i32 {
        self.brigades_of(side, scope)
            .into_iter()
            .filter(|&k| self.brigade_wrecked(k, WreckCount::InPlay))
            .count() as i32
    }

    /// Divisions of `scope` wrecked now (in play).
    pub(crate) fn wrecked_divisions_of(&self, side: Side, scope: PanicScope) -> i32 {
        let oob = crate::data::order_of_battle().side(side);
        self.divisions_in_play(side)
            .iter()
            .filter(|d| {
                oob.division(d)
                    .is_some_and(|x| self.formation_in_scope(side, &x.corps, scope))
            })
            .filter(|d| self.division_wrecked(side, d, WreckCount::InPlay))
            .count() as i32
    }

    /// Corps or army commanders of `side` in `scope` killed or wounded so far.
    fn fallen_commanders_of(&self, side: Side, scope: PanicScope) -> i32 {
        self.fallen_leaders(side)
            .into_iter()
            .filter(|&k| self.commanded_corps_or_higher(k))
            .filter(|&k| {
                self.leader_command(k)
                    .is_some_and(|c| self.formation_in_scope(side, &c, scope))
            })
            .count() as i32
    }

    /// The 5.3 locations `side` possesses (the scenario's table before any is recorded).
    pub(crate) fn places_of(&self, side: Side) -> Vec<String> {
        if self.places.is_empty() {
            let mut v: Vec<String> = self
                .scenario()
                .possession
                .iter()
                .filter(|(_, s)| **s == side)
                .map(|(p, _)| p.clone())
                .collect();
            v.sort();
            return v;
        }
        self.places
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.printed.clone())
            .collect()
    }

    /// Everything a track's score counts, now.
    pub(crate) fn tally_now(&self, sheet: &UnitId) -> Tally {
        let Some(c) = Self::sheet(sheet) else {
            return Tally::default();
        };
        let side = c.side;
        let enemy = side.opponent();
        let enemy_scope = match enemy {
            Side::Union => PanicScope::Union,
            Side::Confederate => PanicScope::Confederate,
        };
        // Friendly is the command's: Meade's the Army of the Potomac, Burnside's all Union.
        let friendly = match c.scope {
            PanicScope::NinthCorps => PanicScope::Union,
            s => s,
        };
        let burnside = c.scope == PanicScope::NinthCorps;
        Tally {
            enemy_brigades: self.wrecked_brigades_of(enemy, enemy_scope),
            friendly_brigades: self.wrecked_brigades_of(side, friendly),
            enemy_divisions: self.wrecked_divisions_of(enemy, enemy_scope),
            friendly_divisions: self.wrecked_divisions_of(side, friendly),
            places: self.places_of(side),
            setbacks: self
                .army_status
                .setbacks
                .iter()
                .filter(|(s, c)| *s == side && self.formation_in_scope(side, c, friendly))
                .count() as i32,
            friendly_commanders: self.fallen_commanders_of(side, friendly),
            enemy_commanders: self.fallen_commanders_of(enemy, enemy_scope),
            ninth_brigades: if burnside {
                self.wrecked_brigades_of(side, PanicScope::NinthCorps)
            } else {
                0
            },
            ninth_divisions: if burnside {
                self.wrecked_divisions_of(side, PanicScope::NinthCorps)
            } else {
                0
            },
        }
    }
}
