//! The order of battle of both sides (reconstructed; see the rules reference, "Order of
//! battle"). Loaded from `data/oob/union.toml` and `data/oob/confederate.toml`.

use super::FastMap;
use super::brigade::Brigade;
use super::error::{DataError, parse_toml};
use super::formation::{Army, Corps, Division, Formation};
use super::id_index::IdIndex;
use super::ids::{FormationId, UnitId};
use super::leader::Leader;
use super::side::Side;
use super::support::{Battery, Hq, Special, Wagon};
use super::unit::Unit;
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideFile {
    side: Side,
    army: Vec<Army>,
    corps: Vec<Corps>,
    division: Vec<Division>,
    brigade: Vec<Brigade>,
    leader: Vec<Leader>,
    battery: Vec<Battery>,
    hq: Vec<Hq>,
    wagon: Vec<Wagon>,
    #[serde(default)]
    special: Vec<Special>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Slot {
    Brigade(usize),
    Leader(usize),
    Battery(usize),
    Hq(usize),
    Wagon(usize),
    Special(usize),
}

/// One side's order of battle.
#[derive(Debug, Clone)]
pub struct SideOrder {
    side: Side,
    armies: Vec<Army>,
    corps: Vec<Corps>,
    divisions: Vec<Division>,
    brigades: Vec<Brigade>,
    leaders: Vec<Leader>,
    batteries: Vec<Battery>,
    hqs: Vec<Hq>,
    wagons: Vec<Wagon>,
    specials: Vec<Special>,
    /// Each counter's place, by id (by the id's address when it is the order of battle's own:
    /// the game's counters share theirs, see [`IdIndex`]).
    index: IdIndex<UnitId, Slot>,
    /// Each division's place in `divisions`: asked by id tens of thousands of times a game.
    division_index: IdIndex<FormationId, usize>,
}

impl SideOrder {
    fn from_toml(file: &str, text: &str, side: Side) -> Result<SideOrder, DataError> {
        let mut f: SideFile = parse_toml(file, text)?;
        if f.side != side {
            return Err(DataError::new(format!("{file}: side must be {side}")));
        }
        let mut index = FastMap::default();
        let mut add = |id: &UnitId, slot: Slot| {
            if index.insert(id.clone(), slot).is_some() {
                Err(DataError::new(format!(
                    "{file}: unit id {id} is used twice"
                )))
            } else {
                Ok(())
            }
        };
        for (i, x) in f.brigade.iter().enumerate() {
            add(&x.id, Slot::Brigade(i))?;
        }
        for (i, x) in f.leader.iter().enumerate() {
            add(&x.id, Slot::Leader(i))?;
        }
        for (i, x) in f.battery.iter().enumerate() {
            add(&x.id, Slot::Battery(i))?;
        }
        for (i, x) in f.hq.iter().enumerate() {
            add(&x.id, Slot::Hq(i))?;
        }
        for (i, x) in f.wagon.iter().enumerate() {
            add(&x.id, Slot::Wagon(i))?;
        }
        for (i, x) in f.special.iter().enumerate() {
            add(&x.id, Slot::Special(i))?;
        }
        let division_index: FastMap<FormationId, usize> = f
            .division
            .iter()
            .enumerate()
            .rev() // the first of an id twice, as a search of the list finds
            .map(|(i, d)| (d.id.clone(), i))
            .collect();
        // The brigades' and leaders' divisions share the index's own ids, which the index
        // finds by address (and the game's counters take from the brigades at set-up).
        let own = |id: &mut FormationId| {
            if let Some((key, _)) = division_index.get_key_value(id) {
                *id = key.clone();
            }
        };
        f.brigade
            .iter_mut()
            .filter_map(|b| b.division.as_mut())
            .for_each(own);
        f.leader
            .iter_mut()
            .filter_map(|l| l.command.as_mut())
            .for_each(own);
        let order = SideOrder {
            side,
            armies: f.army,
            corps: f.corps,
            divisions: f.division,
            brigades: f.brigade,
            leaders: f.leader,
            batteries: f.battery,
            hqs: f.hq,
            wagons: f.wagon,
            specials: f.special,
            index: IdIndex::new(index),
            division_index: IdIndex::new(division_index),
        };
        order.check(file)?;
        Ok(order)
    }

    /// Cross-check references, strengths and wreck thresholds.
    fn check(&self, file: &str) -> Result<(), DataError> {
        let err = |m: String| Err(DataError::new(format!("{file}: {m}")));
        let is_leader = |id: &UnitId| matches!(self.unit(id), Some(Unit::Leader(_)));
        let is_hq = |id: &UnitId| matches!(self.unit(id), Some(Unit::Hq(_)));
        for a in &self.armies {
            if !is_leader(&a.commander) || !is_hq(&a.hq) {
                return err(format!("army {} has an unknown commander or HQ", a.id));
            }
            for s in &a.subordinate {
                if self.formation(s).is_none() {
                    return err(format!("army {} has unknown subordinate {s}", a.id));
                }
            }
            for u in a.succession.iter().chain(&a.direct_units) {
                if self.unit(u).is_none() {
                    return err(format!("army {} names unknown unit {u}", a.id));
                }
            }
        }
        for c in &self.corps {
            if !is_leader(&c.commander) || !is_hq(&c.hq) {
                return err(format!("corps {} has an unknown commander or HQ", c.id));
            }
            if !matches!(self.unit(&c.wagon), Some(Unit::Wagon(_))) {
                return err(format!("corps {} has an unknown wagon", c.id));
            }
            if !matches!(self.formation(&c.army), Some(Formation::Army(_))) {
                return err(format!("corps {} belongs to unknown army {}", c.id, c.army));
            }
            for d in &c.divisions {
                match self.division(d) {
                    Some(div) if div.corps == c.id => {}
                    _ => {
                        return err(format!(
                            "corps {} lists division {d} which is not its own",
                            c.id
                        ));
                    }
                }
            }
            for b in &c.artillery {
                match self.unit(b) {
                    Some(Unit::Battery(bat)) if bat.corps == c.id => {}
                    _ => {
                        return err(format!(
                            "corps {} lists artillery {b} which is not its own",
                            c.id
                        ));
                    }
                }
            }
            for l in &c.succession {
                if !is_leader(l) {
                    return err(format!(
                        "corps {} succession names unknown leader {l}",
                        c.id
                    ));
                }
            }
        }
        for d in &self.divisions {
            if !is_leader(&d.leader) {
                return err(format!("division {} has unknown leader {}", d.id, d.leader));
            }
            let n = d.brigades.len() as u8;
            if d.wreck_threshold != n / 2 + 1 {
                return err(format!(
                    "division {}: wreck threshold must be more than half of {n}",
                    d.id
                ));
            }
            for b in &d.brigades {
                match self.brigade(b) {
                    Some(br) if br.division.as_ref() == Some(&d.id) && br.corps == d.corps => {}
                    _ => {
                        return err(format!(
                            "division {} lists brigade {b} which is not its own",
                            d.id
                        ));
                    }
                }
            }
        }
        for b in &self.brigades {
            if b.loss_chart.steps() != b.steps {
                return err(format!(
                    "brigade {}: loss chart has {} boxes, not {}",
                    b.id,
                    b.loss_chart.steps(),
                    b.steps
                ));
            }
            if b.wreck_after == 0 || b.wreck_after >= b.steps {
                return err(format!("brigade {}: wreck line outside the chart", b.id));
            }
            if b.division.is_none() != b.attachable.is_some() {
                return err(format!(
                    "brigade {}: only attachable brigades lack a division",
                    b.id
                ));
            }
            if let Some(d) = &b.division
                && !self
                    .division(d)
                    .is_some_and(|div| div.brigades.contains(&b.id))
            {
                return err(format!(
                    "brigade {} is not listed by its division {d}",
                    b.id
                ));
            }
            if self.formation(&b.corps).is_none() {
                return err(format!("brigade {} has unknown corps {}", b.id, b.corps));
            }
        }
        for h in &self.hqs {
            if !is_leader(&h.leader) {
                return err(format!("HQ {} has unknown leader {}", h.id, h.leader));
            }
        }
        for l in &self.leaders {
            if l.rating > 4 {
                return err(format!("leader {}: rating above 4", l.id));
            }
            if let Some(c) = &l.command
                && self.formation(c).is_none()
            {
                return err(format!("leader {} commands unknown formation {c}", l.id));
            }
        }
        Ok(())
    }

    /// The side.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Any counter by id.
    pub fn unit(&self, id: &UnitId) -> Option<Unit<'_>> {
        Some(match self.index.get(id)? {
            Slot::Brigade(i) => Unit::Brigade(&self.brigades[i]),
            Slot::Leader(i) => Unit::Leader(&self.leaders[i]),
            Slot::Battery(i) => Unit::Battery(&self.batteries[i]),
            Slot::Hq(i) => Unit::Hq(&self.hqs[i]),
            Slot::Wagon(i) => Unit::Wagon(&self.wagons[i]),
            Slot::Special(i) => Unit::Special(&self.specials[i]),
        })
    }

    /// A brigade by id.
    pub fn brigade(&self, id: &UnitId) -> Option<&Brigade> {
        match self.unit(id)? {
            Unit::Brigade(b) => Some(b),
            _ => None,
        }
    }

    /// A leader by id.
    pub fn leader(&self, id: &UnitId) -> Option<&Leader> {
        match self.unit(id)? {
            Unit::Leader(l) => Some(l),
            _ => None,
        }
    }

    /// An artillery unit by id.
    pub fn battery(&self, id: &UnitId) -> Option<&Battery> {
        match self.unit(id)? {
            Unit::Battery(b) => Some(b),
            _ => None,
        }
    }

    /// Any formation by id.
    pub fn formation(&self, id: &FormationId) -> Option<Formation<'_>> {
        if let Some(a) = self.armies.iter().find(|a| &a.id == id) {
            return Some(Formation::Army(a));
        }
        if let Some(c) = self.corps_of(id) {
            return Some(Formation::Corps(c));
        }
        self.division(id).map(Formation::Division)
    }

    /// A corps by id.
    pub fn corps_of(&self, id: &FormationId) -> Option<&Corps> {
        self.corps.iter().find(|c| &c.id == id)
    }

    /// A division by id.
    pub fn division(&self, id: &FormationId) -> Option<&Division> {
        let found = self.division_index.get(id).map(|i| &self.divisions[i]);
        debug_assert!(
            found.map(std::ptr::from_ref)
                == self
                    .divisions
                    .iter()
                    .find(|d| &d.id == id)
                    .map(std::ptr::from_ref),
            "the division index differs from the list"
        );
        found
    }

    /// The armies.
    pub fn armies(&self) -> &[Army] {
        &self.armies
    }

    /// The corps.
    pub fn corps(&self) -> &[Corps] {
        &self.corps
    }

    /// The divisions.
    pub fn divisions(&self) -> &[Division] {
        &self.divisions
    }

    /// The brigades.
    pub fn brigades(&self) -> &[Brigade] {
        &self.brigades
    }

    /// The leaders.
    pub fn leaders(&self) -> &[Leader] {
        &self.leaders
    }

    /// The artillery units.
    pub fn batteries(&self) -> &[Battery] {
        &self.batteries
    }

    /// The HQs.
    pub fn hqs(&self) -> &[Hq] {
        &self.hqs
    }

    /// The wagons and trains.
    pub fn wagons(&self) -> &[Wagon] {
        &self.wagons
    }

    /// The special counters.
    pub fn specials(&self) -> &[Special] {
        &self.specials
    }

    /// Every counter id of a formation as organised (not counting scenario attachments):
    /// a division's leader and brigades; a corps' commander, HQ, wagon, artillery and
    /// divisions; an army's commander, HQ, direct units and subordinate formations.
    pub fn members(&self, id: &FormationId) -> BTreeSet<UnitId> {
        let mut out = BTreeSet::new();
        match self.formation(id) {
            Some(Formation::Division(d)) => {
                out.insert(d.leader.clone());
                out.extend(d.brigades.iter().cloned());
            }
            Some(Formation::Corps(c)) => {
                out.extend([c.commander.clone(), c.hq.clone(), c.wagon.clone()]);
                out.extend(c.artillery.iter().cloned());
                for d in &c.divisions {
                    out.extend(self.members(d));
                }
                for b in &self.brigades {
                    if b.division.is_none() && b.corps == c.id {
                        out.insert(b.id.clone());
                    }
                }
            }
            Some(Formation::Army(a)) => {
                out.extend([a.commander.clone(), a.hq.clone()]);
                out.extend(a.direct_units.iter().cloned());
                for s in &a.subordinate {
                    out.extend(self.members(s));
                }
            }
            None => {}
        }
        out
    }

    /// The division a counter belongs to by organisation (brigades and division leaders).
    pub fn division_of(&self, id: &UnitId) -> Option<&Division> {
        self.divisions
            .iter()
            .find(|d| &d.leader == id || d.brigades.contains(id))
    }
}

/// Both sides' orders of battle.
#[derive(Debug, Clone)]
pub struct OrderOfBattle {
    union: SideOrder,
    confederate: SideOrder,
}

impl OrderOfBattle {
    /// Parse both order-of-battle files.
    pub fn from_toml(union: &str, confederate: &str) -> Result<OrderOfBattle, DataError> {
        Ok(OrderOfBattle {
            union: SideOrder::from_toml("oob/union.toml", union, Side::Union)?,
            confederate: SideOrder::from_toml(
                "oob/confederate.toml",
                confederate,
                Side::Confederate,
            )?,
        })
    }

    /// One side's order of battle.
    pub fn side(&self, side: Side) -> &SideOrder {
        match side {
            Side::Union => &self.union,
            Side::Confederate => &self.confederate,
        }
    }

    /// Any counter of a side by id.
    pub fn unit(&self, side: Side, id: &UnitId) -> Option<Unit<'_>> {
        self.side(side).unit(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every division found by its id through the index is the one the list holds under that
    /// id, on both sides; an id no division has finds none.
    #[test]
    fn divisions_found_by_id_are_the_listed_ones() {
        let oob = crate::data::order_of_battle();
        for side in [Side::Union, Side::Confederate] {
            let order = oob.side(side);
            assert!(!order.divisions().is_empty());
            for d in order.divisions() {
                let found = order.division(&d.id).expect("a listed division");
                assert!(std::ptr::eq(found, d), "{side:?} {}", d.id);
            }
            assert!(order.division(&FormationId::new("no such")).is_none());
        }
    }
}
