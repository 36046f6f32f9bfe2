//! Fire points (S20.0 step 1, S12.0, S26.3; reference 2.7 step 1; BRS 1.2i): small arms by
//! fire-level letters and range, artillery by gun points per range bracket, DG firers at half,
//! only 1 A fire level and 5 gun points out of one hex counted from the top down.
//!
//! Points are totalled exactly in eighths of a point (a C at range 2 is ½, a DG firer under
//! optional rule 1.2i counts ¼ of that) and rounded down to whole points only at the end
//! ([`FirePoints::halves_for_table`]).

use std::collections::BTreeMap;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::fire_level::FireLevel;
use crate::data::morale::MoraleState;
use crate::data::terrain::Terrain;
use crate::data::variant::OptionId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};

/// The C units of 1 A fire level: the small-arms fire out of one hex (S12.0).
pub const HEX_FIRE_C_UNITS: u8 = 4;
/// The gun points that may fire out of one hex (S12.0).
pub const HEX_FIRE_GUN_POINTS: u8 = 5;

/// A total of fire points.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirePoints {
    /// The exact total, in eighths of a point.
    pub eighths: u32,
    /// Some small-arms firer is Low Ammo (one column left, once).
    pub low_ammo: bool,
    /// Small-arms firers (for Low Ammo on a natural 11-12, and attack stoppage marks).
    pub small_arms: Vec<UnitKey>,
}

impl FirePoints {
    /// The total for the Fire Combat Table: whole points rounded down, a total above 0 but
    /// below 1 kept as ½ (the `<1` column); `None` for no fire at all.
    pub fn halves_for_table(&self) -> Option<Halves> {
        match self.eighths {
            0 => None,
            1..=7 => Some(Halves(1)),
            e => Some(Halves(2 * (e / 8) as u16)),
        }
    }

    /// The total as a player reads it ("3½", "¾" kept exact to the eighth).
    pub fn words(&self) -> String {
        let whole = self.eighths / 8;
        let frac = match self.eighths % 8 {
            0 => "",
            1 => "⅛",
            2 => "¼",
            3 => "⅜",
            4 => "½",
            5 => "⅝",
            6 => "¾",
            _ => "⅞",
        };
        match (whole, frac) {
            (0, "") => "0".into(),
            (0, f) => f.into(),
            (w, f) => format!("{w}{f}"),
        }
    }
}

/// The fire-level letters of `c` C units (A = 4, B = 2, C = 1): an extended part's share or a
/// brigade's fire cut down to what may fire out of its hex.
pub fn letters_of(c: u8) -> (u8, u8, u8) {
    (c / 4, (c % 4) / 2, c % 2)
}

impl BloodyRoadsSouth {
    /// True when `hex` is a Wilderness hex for `side`'s Wilderness rules: Wilderness terrain
    /// without a road, trail, or railroad found by that side (rule 1.2a).
    pub fn wilderness_for(&self, hex: HexId, side: Side) -> bool {
        crate::data::map().hex(hex).is_some_and(|h| {
            h.terrain == Terrain::Wilderness && !h.has_road_feature(self.railroad_found(side))
        })
    }

    /// The fraction (numerator over 4) at which a firer counts for its morale (S24.1: DG
    /// half; BRS 1.2i optional: in a Wilderness hex, Shaken half and DG a quarter); routed
    /// units do not fire (0).
    fn firer_fraction(&self, k: UnitKey) -> u32 {
        let u = self.unit(k);
        let wild = self.option(OptionId::WildernessFirePenalty)
            && u.hex().is_some_and(|h| self.wilderness_for(h, u.side));
        match (u.morale, wild) {
            (MoraleState::Routed, _) => 0,
            (MoraleState::Disorganized, true) => 1,
            (MoraleState::Disorganized, false) | (MoraleState::Shaken, true) => 2,
            _ => 4,
        }
    }

    /// The total fire points of `firers` at `target` (S20.0, S26.3): each hex fires at most
    /// 1 A fire level and 5 gun points, counted from the top unit down; `close_combat` uses
    /// the close-combat column (range 0); artillery at 4 or more hexes counts half unless
    /// `target_is_guns` (artillery or wagons); gun points are totalled per range bracket
    /// (and per morale fraction) and read in rows of at most 5.
    pub fn fire_points(
        &self,
        firers: &[UnitKey],
        target: HexId,
        target_is_guns: bool,
        close_combat: bool,
    ) -> FirePoints {
        let map = crate::data::map();
        let charts = &crate::data::charts().fire;
        let mut out = FirePoints::default();
        let mut by_hex: BTreeMap<HexId, Vec<UnitKey>> = BTreeMap::new();
        for &k in firers {
            if let Some(h) = self.unit(k).hex() {
                by_hex.entry(h).or_default().push(k);
            }
        }
        // (range column, fraction numerator) -> gun points
        let mut guns: BTreeMap<(usize, u32), u32> = BTreeMap::new();
        for (hex, mut keys) in by_hex {
            keys.sort_by_key(|&k| std::cmp::Reverse(self.unit(k).z));
            let range = if close_combat {
                0
            } else {
                map.distance(hex, target).unwrap_or(0) as u8
            };
            let mut c_left = HEX_FIRE_C_UNITS;
            let mut gp_left = HEX_FIRE_GUN_POINTS;
            for k in keys {
                let frac = self.firer_fraction(k);
                let u = self.unit(k);
                match u.kind {
                    UnitKind::Brigade => {
                        let c = self.c_units(k).min(c_left);
                        c_left -= c;
                        let plus = self.brigade_data(k).is_some_and(|b| b.plus_weapons);
                        let (a, b, cc) = letters_of(c);
                        let mut halves = 0u32;
                        for (letter, n) in
                            [(FireLevel::A, a), (FireLevel::B, b), (FireLevel::C, cc)]
                        {
                            if n > 0 {
                                let p = charts.small_arms.points(letter, range, plus);
                                halves += u32::from(n) * u32::from(p.map(|h| h.0).unwrap_or(0));
                            }
                        }
                        if c > 0 && frac > 0 {
                            out.eighths += halves * 4 * frac / 4;
                            out.small_arms.push(k);
                            out.low_ammo |= u.low_ammo;
                        }
                    }
                    UnitKind::Battery => {
                        let gp = u.gun_points.min(gp_left);
                        gp_left -= gp;
                        let col = charts
                            .artillery
                            .ranges
                            .iter()
                            .position(|r| (r[0]..=r[1]).contains(&range));
                        if let Some(col) = col
                            && gp > 0
                            && frac > 0
                        {
                            *guns.entry((col, frac)).or_default() += u32::from(gp);
                        }
                    }
                    _ => {}
                }
            }
        }
        for ((col, frac), gp) in guns {
            let range = charts.artillery.ranges[col][0];
            let mut halves = 0u32;
            let mut left = gp;
            while left > 0 {
                let row = left.min(5) as u8;
                halves += u32::from(
                    charts
                        .artillery
                        .points(row, range)
                        .map(|h| h.0)
                        .unwrap_or(0),
                );
                left -= u32::from(row);
            }
            let mut eighths = halves * 4 * frac / 4;
            if range >= charts.artillery.halved_from_range && !target_is_guns {
                eighths /= 2;
            }
            out.eighths += eighths;
        }
        out
    }
}
