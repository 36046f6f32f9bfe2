//! Combining Confederate units (4.5): at the end of his Movement Phase (1g) the Confederate
//! player may absorb infantry brigades into an infantry division in the same Area that has lost
//! SP to casualties. The brigade is removed; its present strength erases that many of the
//! division's casualties, the excess being lost (4.53a); its stragglers vanish with it
//! (decision R23). J brigades rebuild J or P divisions, P brigades only P divisions (4.53).
//! VPs already earned for the casualties stand. The enemy sees only a counter leave the map.

use adjutant_engine::Side;

use crate::data::units::Formation;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

/// 4.53: may a brigade of `brigade` rebuild a division of `division`?
pub fn may_rebuild(brigade: Option<Formation>, division: Option<Formation>) -> bool {
    matches!(
        (brigade, division),
        (Some(Formation::J), Some(Formation::J | Formation::P))
            | (Some(Formation::P), Some(Formation::P))
    )
}

impl MississippiFortress {
    /// The brigade-division pairs that may combine now (4.51-4.53).
    pub fn transfer_pairs(&self, side: Side) -> Vec<(Key, Key)> {
        if side != Side::Confederate {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (d, div) in self.counters.iter().enumerate() {
            let Some(area) = div.area() else { continue };
            if div.side != side || div.kind != Kind::Division || div.casualties == 0 {
                continue;
            }
            for b in self.in_area(side, area) {
                let bde = &self.counters[b];
                if bde.kind == Kind::Brigade && may_rebuild(bde.formation, div.formation) {
                    out.push((b, d));
                }
            }
        }
        out
    }

    /// The options of 1g.
    pub(crate) fn transfer_actions(&self, side: Side) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .transfer_pairs(side)
            .into_iter()
            .map(|(b, d)| Action::Absorb {
                brigade: self.counters[b].id.to_string(),
                division: self.counters[d].id.to_string(),
            })
            .collect();
        out.push(Action::FinishTransfers);
        out
    }

    /// 4.52: the brigade is absorbed.
    pub(crate) fn absorb(&mut self, brigade: &str, division: &str, fx: &mut Fx) {
        let (Some(b), Some(d)) = (self.key(brigade), self.key(division)) else {
            return;
        };
        let was = self.ineffective_on_map(d);
        let strength = self.counters[b].present();
        let area = self.counters[b].area();
        let was_face_up = self.counters[b].face_up;
        let div = &mut self.counters[d];
        let erased = strength.min(div.casualties);
        div.casualties -= erased;
        let div_name = div.name();
        let bde = &mut self.counters[b];
        bde.place = Place::Gone;
        bde.stragglers = 0;
        bde.rec.absorbed = true;
        let bde_name = bde.name();
        let side = bde.side;
        let place = area.map(Self::area_name).unwrap_or_default();
        let public = if was_face_up {
            format!("The {side} player removes {bde_name} from {place} (strength transfer, 4.5).")
        } else {
            format!("The {side} player removes 1 counter from {place} (strength transfer, 4.5).")
        };
        fx.both(
            EventKind::Transfer,
            public,
            side,
            format!(
                "{bde_name} ({strength} SP) is absorbed into {div_name}: {erased} casualties erased{}.",
                if erased < strength {
                    format!(", {} SP lost (4.53a)", strength - erased)
                } else {
                    String::new()
                }
            ),
        );
        self.note_effectiveness(d, was, fx);
    }
}
