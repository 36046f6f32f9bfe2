//! The standard victory conditions of Scenarios 4-7 (rules 5.1-5.3), computed only when play
//! ends: each side's tactical points (5.2) and their ratio, each side's strategic points
//! (5.3) and their differential, and the two results in the book's words.
//!
//! Decisions (reference section 4, gaps 1-4): a lower tactical total of 0 counts as 1 and 0
//! against 0 is a draw; only full hundreds of casualties (casualty steps; stragglers never
//! count) and full fives of gun points and of tactical points score; a variant's points go
//! to the side the data names, at both levels (5.1e); the game's winner is the side the
//! strategic result names (the strategic level folds in the tactical one, 5.3), and the
//! result states both.

use adjutant_engine::{EndReason, Outcome, PerSide, Side};

use crate::data::charts::victory::{StrategicResult, TacticalLevel};
use crate::data::formation::Formation as OobFormation;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{LeaderFate, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// One side's points at one level, with one line per item that scored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Points {
    /// The total.
    pub total: u32,
    /// "3 for 3 wrecked enemy brigades", ...
    pub lines: Vec<String>,
}

impl Points {
    fn add(&mut self, n: u32, what: String) {
        if n > 0 {
            self.total += n;
            self.lines.push(format!("{n} for {what}"));
        }
    }

    fn words(&self) -> String {
        if self.lines.is_empty() {
            String::new()
        } else {
            format!(": {}", self.lines.join("; "))
        }
    }
}

/// Both levels of the standard result.
#[derive(Debug, Clone, PartialEq)]
pub struct StandardResult {
    /// Rule 5.2: each side's tactical points.
    pub tactical: PerSide<Points>,
    /// Rule 5.2: the tactical result and the side that earns it (none for a draw).
    pub tactical_level: TacticalLevel,
    /// The side with the higher tactical total, when the result is not a draw.
    pub tactical_winner: Option<Side>,
    /// Rule 5.3: each side's strategic points.
    pub strategic: PerSide<Points>,
    /// Rule 5.3: Union total minus Confederate total.
    pub differential: i64,
    /// Rule 5.3: the strategic result.
    pub strategic_result: StrategicResult,
}

impl StandardResult {
    /// The tactical result in the book's words ("Union Minor Tactical Victory", "Draw").
    pub fn tactical_words(&self) -> String {
        match (self.tactical_level, self.tactical_winner) {
            (TacticalLevel::Minor, Some(s)) => format!("{s} Minor Tactical Victory"),
            (TacticalLevel::Major, Some(s)) => format!("{s} Major Tactical Victory"),
            _ => "Tactical Draw".into(),
        }
    }

    /// The strategic result in the book's words.
    pub fn strategic_words(&self) -> &'static str {
        match self.strategic_result {
            StrategicResult::UnionMajor => "Union Major Strategic Victory",
            StrategicResult::UnionMinor => "Union Minor Strategic Victory",
            StrategicResult::Draw => "Strategic Draw",
            StrategicResult::ConfederateMinor => "Confederate Minor Strategic Victory",
            StrategicResult::ConfederateMajor => "Confederate Major Strategic Victory",
        }
    }

    /// The side the strategic result names, if any.
    pub fn strategic_winner(&self) -> Option<Side> {
        match self.strategic_result {
            StrategicResult::UnionMajor | StrategicResult::UnionMinor => Some(Side::Union),
            StrategicResult::Draw => None,
            StrategicResult::ConfederateMinor | StrategicResult::ConfederateMajor => {
                Some(Side::Confederate)
            }
        }
    }

    /// The ratio of the higher tactical total to the lower (a lower 0 counts as 1).
    pub fn ratio(&self) -> f64 {
        let (u, c) = (self.tactical.union.total, self.tactical.confederate.total);
        f64::from(u.max(c)) / f64::from(u.min(c).max(1))
    }

    /// The game's outcome: the strategic side wins; the summary states both levels.
    pub fn outcome(&self) -> Outcome {
        let (tu, tc) = (self.tactical.union.total, self.tactical.confederate.total);
        let (su, sc) = (self.strategic.union.total, self.strategic.confederate.total);
        let summary = format!(
            "{} (tactical points: Union {tu}, Confederate {tc}; ratio {:.2} to 1). {} \
             (strategic points: Union {su}, Confederate {sc}; differential {:+}).",
            self.tactical_words(),
            self.ratio(),
            self.strategic_words(),
            self.differential,
        );
        Outcome {
            winner: self.strategic_winner(),
            reason: EndReason::Rules,
            summary,
            score: Some(PerSide::from_fn(|s| i64::from(self.strategic.get(s).total))),
        }
    }

    /// One sentence per side and level, for the end-of-game events.
    pub fn sentences(&self) -> Vec<String> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            let t = self.tactical.get(side);
            out.push(format!(
                "The {side} player scores {} tactical victory points (5.2){}.",
                t.total,
                t.words()
            ));
        }
        for side in Side::BOTH {
            let s = self.strategic.get(side);
            out.push(format!(
                "The {side} player scores {} strategic victory points (5.3){}.",
                s.total,
                s.words()
            ));
        }
        out
    }
}

impl BloodyRoadsSouth {
    /// Rules 5.2 and 5.3: both levels as they stand now.
    pub fn standard_result(&self) -> StandardResult {
        let charts = &crate::data::charts().victory;
        let tactical = PerSide::from_fn(|side| self.tactical_points(side));
        let (u, c) = (tactical.union.total, tactical.confederate.total);
        let tactical_level = charts.tactical.level(u.max(c), u.min(c));
        let tactical_winner = match (tactical_level, u.cmp(&c)) {
            (TacticalLevel::Draw, _) | (_, std::cmp::Ordering::Equal) => None,
            (_, std::cmp::Ordering::Greater) => Some(Side::Union),
            (_, std::cmp::Ordering::Less) => Some(Side::Confederate),
        };
        let strategic = PerSide::from_fn(|side| self.strategic_points(side, tactical.get(side)));
        let differential =
            i64::from(strategic.union.total) - i64::from(strategic.confederate.total);
        let strategic_result = charts
            .strategic_result(i32::try_from(differential).unwrap_or(i32::MAX))
            .unwrap_or(StrategicResult::Draw);
        StandardResult {
            tactical,
            tactical_level,
            tactical_winner,
            strategic,
            differential,
            strategic_result,
        }
    }

    /// Rule 5.2: what `side` scores for the enemy's losses, plus variant points (5.1e).
    pub fn tactical_points(&self, side: Side) -> Points {
        let t = &crate::data::charts().victory.tactical;
        let enemy = side.opponent();
        let mut p = Points::default();
        let brigades = self.wrecked_brigades(enemy);
        p.add(
            brigades * u32::from(t.enemy_brigade_wrecked),
            plural(brigades, "wrecked enemy brigade"),
        );
        let divisions = self
            .divisions_in_play(enemy)
            .iter()
            .filter(|d| self.division_wrecked(enemy, d, WreckCount::Victory))
            .count() as u32;
        p.add(
            divisions * u32::from(t.enemy_division_wrecked),
            plural(divisions, "wrecked enemy division"),
        );
        for k in self.fallen_leaders(enemy) {
            let rating = self.leader_data(k).map_or(0, |l| u32::from(l.rating));
            let name = self.unit_name(enemy, &self.unit(k).id.clone());
            p.add(rating, format!("{name} lost (his rating)"));
        }
        for (name, rating, _) in self.leaders_lost_before_play(enemy) {
            p.add(rating, format!("{name} lost before play (his rating)"));
        }
        let steps = self.casualty_steps(enemy);
        let men_per_step = 100;
        let per_point = u32::from(t.enemy_casualties_per_point).max(1);
        p.add(
            steps * men_per_step / per_point,
            format!("{} enemy casualties", steps * men_per_step),
        );
        let guns = self.gun_points_lost(enemy);
        p.add(
            guns / u32::from(t.enemy_gun_points_per_point).max(1),
            plural(guns, "enemy gun point") + " lost",
        );
        self.variant_points(side, &mut p);
        p
    }

    /// Rule 5.3: `side`'s strategic points, given its tactical points.
    pub fn strategic_points(&self, side: Side, tactical: &Points) -> Points {
        let s = &crate::data::charts().victory.strategic;
        let enemy = side.opponent();
        let mut p = Points::default();
        let corps = self.wrecked_corps(enemy);
        p.add(
            corps.len() as u32 * u32::from(s.enemy_corps_wrecked),
            format!("{} wrecked enemy corps ({})", corps.len(), corps.join(", ")),
        );
        for k in self.fallen_leaders(enemy) {
            if !self.commanded_corps_or_higher(k) {
                continue;
            }
            let rating = self.leader_data(k).map_or(0, |l| u32::from(l.rating));
            let name = self.unit_name(enemy, &self.unit(k).id.clone());
            p.add(rating, format!("{name}, a corps commander or higher, lost"));
        }
        for (name, rating, corps_or_higher) in self.leaders_lost_before_play(enemy) {
            if corps_or_higher {
                p.add(
                    rating,
                    format!("{name}, a corps commander or higher, lost before play"),
                );
            }
        }
        p.add(
            tactical.total / u32::from(s.tactical_points_per_point).max(1),
            format!("{} tactical points", tactical.total),
        );
        for (location, holder) in self.place_holders() {
            if holder == side {
                p.add(
                    u32::from(location.points(side)),
                    format!("possessing {}", location.printed),
                );
            }
        }
        // 5.3 with 3A.7: the panic Brock Road points.
        for d in self.brock_road_divisions(side) {
            p.add(
                1,
                format!("division {d} withdrawn by the Brock Road (3A.7)"),
            );
        }
        self.variant_points(side, &mut p);
        p
    }

    /// Rule 5.1e: the points each variant in use gives `side`.
    fn variant_points(&self, side: Side, p: &mut Points) {
        for &v in &self.variants {
            let variant = crate::data::variants().variant(v);
            if variant.points_to == side {
                p.add(
                    u32::from(variant.points),
                    format!("variant {} in use", variant.rule),
                );
            }
        }
    }

    /// Rule 5.1a: the brigades of `side` wrecked by casualties alone.
    fn wrecked_brigades(&self, side: Side) -> u32 {
        self.keys()
            .filter(|&k| self.unit(k).side == side && self.brigade_wrecked(k, WreckCount::Victory))
            .count() as u32
    }

    /// Rule 5.1b: the corps of `side` (as organised, 5.1c) with at least the chart's
    /// percentage of their brigades in the scenario wrecked; a corps without a brigade in
    /// the scenario is never wrecked.
    pub fn wrecked_corps(&self, side: Side) -> Vec<String> {
        let percent = u32::from(
            crate::data::charts()
                .victory
                .strategic
                .corps_wrecked_percent,
        );
        let oob = crate::data::order_of_battle().side(side);
        oob.corps()
            .iter()
            .filter(|c| {
                let brigades: Vec<UnitKey> = self
                    .keys()
                    .filter(|&k| {
                        let u = self.unit(k);
                        u.side == side
                            && u.kind == UnitKind::Brigade
                            && u.part_of.is_none()
                            && self.brigade_data(k).is_some_and(|b| b.corps == c.id)
                    })
                    .collect();
                let wrecked = brigades
                    .iter()
                    .filter(|&&k| self.brigade_wrecked(k, WreckCount::Victory))
                    .count() as u32;
                !brigades.is_empty() && wrecked * 100 >= percent * brigades.len() as u32
            })
            .map(|c| c.name.clone())
            .collect()
    }

    /// The leaders of `side` killed or wounded (replacements included).
    pub(crate) fn fallen_leaders(&self, side: Side) -> Vec<UnitKey> {
        self.keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side
                    && u.kind == UnitKind::Leader
                    && matches!(u.fate, LeaderFate::Killed | LeaderFate::Wounded)
            })
            .collect()
    }

    /// The leaders of `side` lost before play that count toward victory (Scenario 7, where
    /// existing conditions count: Wadsworth killed, Longstreet wounded): name, rating, and
    /// whether he commanded a corps or an army (his printed command).
    fn leaders_lost_before_play(&self, side: Side) -> Vec<(String, u32, bool)> {
        if !self.scenario().counts_pre_game_losses {
            return Vec::new();
        }
        let oob = crate::data::order_of_battle().side(side);
        self.scenario()
            .side(side)
            .leaders_lost
            .iter()
            .filter_map(|id| oob.leader(id))
            .map(|l| {
                let high = l.command.as_ref().is_some_and(|c| {
                    matches!(
                        oob.formation(c),
                        Some(OobFormation::Army(_) | OobFormation::Corps(_))
                    )
                });
                (l.name.clone(), u32::from(l.rating), high)
            })
            .collect()
    }

    /// The leader commanded a corps or an army when he fell (a successor counts as the
    /// corps' commander, reference 2.11).
    pub(crate) fn commanded_corps_or_higher(&self, k: UnitKey) -> bool {
        let side = self.unit(k).side;
        self.leader_command(k).is_some_and(|c| {
            matches!(
                crate::data::order_of_battle().side(side).formation(&c),
                Some(OobFormation::Army(_) | OobFormation::Corps(_))
            )
        })
    }

    /// Casualty steps (100 men each) of `side`'s brigades taken in play: casualties present
    /// at the start count only where the scenario says so (Scenario 7).
    fn casualty_steps(&self, side: Side) -> u32 {
        let at_start = &self.scenario().side(side).casualties;
        let counts_start = self.scenario().counts_pre_game_losses;
        self.keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side && u.kind == UnitKind::Brigade && u.part_of.is_none()
            })
            .map(|k| {
                let u = self.unit(k);
                let before = if counts_start {
                    0
                } else {
                    at_start.get(&u.id).copied().unwrap_or(0)
                };
                u32::from(u.casualties.saturating_sub(before))
            })
            .sum()
    }

    /// Gun points `side`'s artillery has lost since it was set up or arrived.
    fn gun_points_lost(&self, side: Side) -> u32 {
        let data = self.scenario().side(side);
        self.keys()
            .filter(|&k| self.unit(k).side == side && self.unit(k).kind == UnitKind::Battery)
            .map(|k| {
                let u = self.unit(k);
                let full = data
                    .gun_points
                    .get(&u.id)
                    .copied()
                    .or_else(|| self.battery_data(k).map(|b| b.gun_points))
                    .unwrap_or(0);
                u32::from(full.saturating_sub(u.gun_points))
            })
            .sum()
    }
}

fn plural(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
