//! The scenarios' special rules (6.3, 7.3; data `special_rule` of `data/scenarios/*.toml`):
//!
//! - 6.3 (decision R15): Confederate units may not enter Areas 38, 43, 44 and 45 before Turn 6,
//!   or until the Union lands combat units in Area 43 (a disembarkation of at least one Union
//!   combat unit there), whichever comes first. The restriction covers every land entry:
//!   movement, retreat before combat, withdrawal, retreat after combat and displacement; a unit
//!   with no other legal destination surrenders (S9.74e).
//! - 7.3: artillery may not enter Area 9 (Chickasaw Bayou), by any land entry.
//! - 7.3: the Confederate Commander/Officer (Pemberton, then C/O Stevenson) also acts as Officer
//!   of Stevenson's and S.D. Lee's Divisions ([`MississippiFortress::leads_by_special_rule`]).

use adjutant_engine::Side;

use crate::data::AreaId;
use crate::data::scenarios::SpecialRule;
use crate::data::units::Formation;
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S3.2a(5): a scenario forbids `side`'s counter (artillery or not) to enter `area` now.
    pub fn scenario_forbids(&self, side: Side, artillery: bool, area: AreaId) -> bool {
        self.scenario_data()
            .special_rules
            .iter()
            .any(|special| match &special.rule {
                SpecialRule::AreasClosed {
                    side: closed_to,
                    areas,
                    until_turn,
                    ..
                } => {
                    *closed_to == side
                        && areas.contains(&area)
                        && self.turn < *until_turn
                        && !self.landing_opened
                }
                SpecialRule::NoArtilleryInto { area: closed } => artillery && *closed == area,
                SpecialRule::CommanderOfficerCommands { .. } => false,
            })
    }

    /// The same for a counter.
    pub fn forbidden_to(&self, k: Key, area: AreaId) -> bool {
        let c = &self.counters[k];
        self.scenario_forbids(c.side, c.kind == Kind::Artillery, area)
    }

    /// 6.3 (R15): Union counters `keys` have landed in `area`; a combat unit landing in the
    /// Area named by the closed-Areas rule opens the closed Areas at once.
    pub(crate) fn landed(&mut self, keys: &[Key], area: AreaId, fx: &mut Fx) {
        if self.landing_opened {
            return;
        }
        let opens = self.scenario_data().special_rules.iter().any(|special| {
            matches!(&special.rule, SpecialRule::AreasClosed { side, unless_landing_in, until_turn, .. }
                if *unless_landing_in == area
                    && self.turn < *until_turn
                    && keys.iter().any(|&k| {
                        let c = &self.counters[k];
                        c.side == side.opponent() && c.is_combat()
                    }))
        });
        if opens {
            self.landing_opened = true;
            fx.public(
                EventKind::Move,
                format!(
                    "Union troops have landed in {}: the Areas south of the Big Bayou Pierre are open to the Confederates from now on (6.3).",
                    Self::area_name(area)
                ),
            );
        }
    }

    /// 7.3: the scenario makes `side`'s Commander/Officers also lead `formation`.
    pub fn leads_by_special_rule(&self, side: Side, formation: Formation) -> bool {
        self.scenario_data().special_rules.iter().any(|special| {
            matches!(&special.rule, SpecialRule::CommanderOfficerCommands { side: s, formations }
                if *s == side && formations.contains(&formation))
        })
    }
}
