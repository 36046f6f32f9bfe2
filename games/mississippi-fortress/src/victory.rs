//! Victory points and the end of the game (S10, 5.44, the scenarios' victory rules): each
//! player scores his per-turn awards in his Victory Point Phase; the End-of-Turn Segment
//! records captures of the key Areas (S10.7), checks the automatic end (5.44), turns revealed
//! counters face down again (S4.4f) and clears the turn's records; after the last turn the
//! end-of-game awards are scored and the scenario's condition names the winner.
//! VP totals and awards are public (S4.5).

use adjutant_engine::{EndReason, Outcome, PerSide, Side};

use crate::control::Census;
use crate::data::map::AreaFlag;
use crate::data::scenarios::{AwardKind, AwardTiming, VpAward, WinCondition};
use crate::data::{AreaId, Map};
use crate::events::{EventKind, Fx};
use crate::model::game::MississippiFortress;
use crate::model::step::Step;
use crate::model::track::Capture;

impl MississippiFortress {
    /// The scenario's awards, and those of the optional rules in use (7.21d, decision R13).
    pub(crate) fn awards(&self) -> Vec<&'static VpAward> {
        let options = crate::data::Options::get();
        self.scenario_data()
            .victory
            .awards
            .iter()
            .chain(
                self.options
                    .iter()
                    .flat_map(|&o| options.option(o).awards.iter()),
            )
            .collect()
    }

    /// A combat unit of `side` in `area` that can claim an Area award: any unit but line
    /// infantry, or line infantry in communications this turn when required (S10.5a).
    fn claimant(&self, side: Side, area: AreaId, requires_loc: bool) -> bool {
        self.in_area(side, area).any(|k| {
            let c = &self.counters[k];
            c.is_combat() && (!requires_loc || !c.kind.is_line_infantry() || c.rec.in_comms)
        })
    }

    /// S10.7a, 6.1-6.3 (Union 5-8): whether `side` claims now the capture of `area` (made by
    /// `by_turn`, where the award names a turn). The LOC check is made "during the
    /// Communications Phase of the turn in which the points are being claimed": these awards
    /// are claimed at the end of the game, so a side still in the Area claims through the
    /// units it has there at the end (in communications now, whatever they were when the Area
    /// fell); an Area captured, left and never reoccupied is claimed through the capture as it
    /// was made, the last time a unit of the side stood there to claim with.
    fn capture_claimed(
        &self,
        side: Side,
        area: AreaId,
        by_turn: Option<u8>,
        requires_loc: bool,
    ) -> bool {
        let Some(capture) = self.captures.iter().find(|c| {
            c.area == area && c.side == side && by_turn.is_none_or(|turn| c.turn <= turn)
        }) else {
            return false;
        };
        if !requires_loc {
            return true;
        }
        let still_there = self
            .in_area(side, area)
            .any(|k| self.counters[k].is_combat());
        if still_there {
            self.claimant(side, area, true)
        } else {
            capture.qualified
        }
    }

    /// How many times an award counts now (before its VP multiplier).
    pub fn award_count(&self, side: Side, kind: &AwardKind, census: &Census) -> i64 {
        let enemy = side.opponent();
        match *kind {
            AwardKind::Besieged => i64::from(self.besieged_now()),
            AwardKind::EnemySpLost => i64::from(*self.lost.get(enemy)),
            AwardKind::EnemyShipsLost => i64::from(*self.ships_lost.get(enemy)),
            AwardKind::EnemyInfantryOutOfLoc => (0..self.counters.len())
                .filter(|&k| {
                    let c = &self.counters[k];
                    c.side == enemy
                        && c.on_map()
                        && c.kind.is_line_infantry()
                        && !self.traces_to_officer(census, k)
                })
                .count() as i64,
            AwardKind::AreaOccupied { area, requires_loc } => {
                i64::from(self.claimant(side, area, requires_loc))
            }
            AwardKind::EnemyUnrecoveredStragglers => self
                .counters
                .iter()
                .filter(|c| c.side == enemy && c.on_map())
                .map(|c| i64::from(c.stragglers))
                .sum(),
            AwardKind::EnemyIneffectiveDivisions => self
                .counters
                .iter()
                .filter(|c| c.side == enemy && c.on_map() && c.ineffective())
                .count() as i64,
            AwardKind::AreaCaptured { area, requires_loc } => {
                i64::from(self.capture_claimed(side, area, None, requires_loc))
            }
            AwardKind::AreaCapturedBy {
                area,
                by_turn,
                requires_loc,
            } => i64::from(self.capture_claimed(side, area, Some(by_turn), requires_loc)),
            AwardKind::AreaHeldNotBesieged { area, requires_loc } => i64::from(
                census.occupies(side, area)
                    && !census.occupies(enemy, area)
                    && self.claimant(side, area, requires_loc)
                    && !self.besieged_now(),
            ),
        }
    }

    /// S10.2: the Victory Point Phase of `side`.
    pub(crate) fn victory_point_phase(&mut self, side: Side, fx: &mut Fx) {
        let census = self.census();
        let mut total = 0i64;
        let mut parts = Vec::new();
        for award in self.awards() {
            if award.side != side || award.timing != AwardTiming::PerTurn {
                continue;
            }
            let n = self.award_count(side, &award.kind, &census);
            if n > 0 {
                let vp = n * i64::from(award.vp);
                total += vp;
                parts.push(format!("{vp} for {}", award_name(&award.kind, n)));
            }
            match award.kind {
                AwardKind::EnemySpLost => *self.lost.get_mut(side.opponent()) = 0,
                AwardKind::EnemyShipsLost => *self.ships_lost.get_mut(side.opponent()) = 0,
                _ => {}
            }
        }
        *self.vp.get_mut(side) += total;
        fx.public(
            EventKind::VictoryPoints,
            if parts.is_empty() {
                format!(
                    "{side} Victory Point Phase: no VPs scored (Union {}, Confederate {}).",
                    self.vp.union, self.vp.confederate
                )
            } else {
                format!(
                    "{side} Victory Point Phase: {total} VPs ({}). Union {}, Confederate {}.",
                    parts.join(", "),
                    self.vp.union,
                    self.vp.confederate
                )
            },
        );
    }

    /// D: the End-of-Turn Segment.
    pub(crate) fn end_of_turn(&mut self, fx: &mut Fx) {
        let census = self.census();
        self.record_captures(&census, fx);
        let sudden = self.sudden_end_due(&census);
        // D3: revealed counters turn face down again (S4.4f).
        for c in &mut self.counters {
            c.face_up = false;
        }
        // D4: the turn's records are cleared; straggling and the force-march streak carry on.
        for c in &mut self.counters {
            if !c.rec.force_marched {
                c.rec.march_streak = 0;
            }
            c.rec.force_marched = false;
            c.rec.crossed_river = false;
            c.rec.entered_from = None;
            c.rec.entry_crossed = false;
            c.rec.probed = false;
            c.rec.straggled_before = c.rec.straggled;
            c.rec.straggled = false;
        }
        for s in &mut self.ships {
            s.rec.taken = 0;
        }
        self.previous_weather = self.weather;
        if sudden {
            fx.public(
                EventKind::EndOfGame,
                "The Union has held Vicksburg for three turns: the game ends (5.44).",
            );
            self.end_game(fx);
        } else if self.turn >= self.scenario_data().last_turn {
            self.end_game(fx);
        } else {
            self.turn += 1;
            self.step = Step::TurnStart;
        }
    }

    /// S10.7a-b: captures of the Areas that matter (Vicksburg, Jackson), and reoccupations.
    fn record_captures(&mut self, census: &Census, fx: &mut Fx) {
        let map = Map::get();
        let mut areas = map.areas_with(AreaFlag::Vicksburg);
        areas.extend(map.areas_with(AreaFlag::Jackson));
        for area in areas {
            let before = self.captures.len();
            self.captures
                .retain(|c| c.area != area || !census.occupies(c.side.opponent(), area));
            if self.captures.len() < before {
                fx.public(
                    EventKind::Capture,
                    format!(
                        "{} is reoccupied: the capture is cancelled (S10.7b).",
                        Self::area_name(area)
                    ),
                );
            }
            for side in Side::BOTH {
                if census.occupies(side, area)
                    && !census.occupies(side.opponent(), area)
                    && !self
                        .captures
                        .iter()
                        .any(|c| c.area == area && c.side == side)
                {
                    let qualified = self.claimant(side, area, true);
                    self.captures.push(Capture {
                        area,
                        side,
                        turn: self.turn,
                        qualified,
                    });
                    fx.public(
                        EventKind::Capture,
                        format!(
                            "The {side} player captures {} (S10.7a).",
                            Self::area_name(area)
                        ),
                    );
                }
            }
        }
    }

    /// 5.44 (G9): the capture of the sudden-end Area has been held for the given turns.
    fn sudden_end_due(&mut self, census: &Census) -> bool {
        let Some(rule) = self.scenario_data().victory.sudden_end else {
            return false;
        };
        let side = rule.side;
        if census.occupies(side, rule.area) && !census.occupies(side.opponent(), rule.area) {
            if self.vicksburg_hold.is_none() {
                self.vicksburg_hold = Some(self.turn);
            }
        } else if !census.occupies(side, rule.area) {
            self.vicksburg_hold = None;
        }
        self.vicksburg_hold
            .is_some_and(|t| self.turn >= t.saturating_add(rule.turns))
    }

    /// S10.6: the end-of-game awards, then the result.
    fn end_game(&mut self, fx: &mut Fx) {
        let census = self.census();
        for side in Side::BOTH {
            let mut total = 0i64;
            let mut parts = Vec::new();
            let mut best_capture_by: Vec<(AreaId, i64)> = Vec::new();
            for award in self.awards() {
                if award.side != side || award.timing != AwardTiming::EndOfGame {
                    continue;
                }
                let n = self.award_count(side, &award.kind, &census);
                if n == 0 {
                    continue;
                }
                let vp = n * i64::from(award.vp);
                // U6-U8 are alternatives: only the highest that applies (S10.7b).
                if let AwardKind::AreaCapturedBy { area, .. } = award.kind {
                    match best_capture_by.iter_mut().find(|(a, _)| *a == area) {
                        Some((_, best)) if *best >= vp => continue,
                        Some((_, best)) => {
                            total -= *best;
                            *best = vp;
                        }
                        None => best_capture_by.push((area, vp)),
                    }
                }
                total += vp;
                parts.push(format!("{vp} for {}", award_name(&award.kind, n)));
            }
            *self.vp.get_mut(side) += total;
            fx.public(
                EventKind::VictoryPoints,
                format!(
                    "End of the game: the {side} player scores {total} VPs{}.",
                    if parts.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", parts.join(", "))
                    }
                ),
            );
        }
        self.result = Some(self.outcome_now(&census));
        self.step = Step::Over;
        fx.reveal();
        if let Some(r) = &self.result {
            fx.public(EventKind::EndOfGame, r.summary.clone());
        }
    }

    /// The scenario's victory condition (S10.6c).
    pub fn outcome_now(&self, census: &Census) -> Outcome {
        let score = PerSide {
            union: self.vp.union,
            confederate: self.vp.confederate,
        };
        let vps = format!("{} VPs to {}", self.vp.union, self.vp.confederate);
        let (winner, summary) = match self.scenario_data().victory.condition {
            WinCondition::HoldAreaWithVp { side, area } => {
                let holds = self.in_area(side, area).any(|k| {
                    let c = &self.counters[k];
                    c.kind.is_infantry() && !c.ineffective() && c.rec.in_comms
                });
                let vp_ok = self.vp.get(side) >= self.vp.get(side.opponent());
                if holds && vp_ok {
                    (
                        Some(side),
                        format!(
                            "{side} victory: {} held with effective infantry in communications; Union {vps}.",
                            Self::area_name(area)
                        ),
                    )
                } else {
                    let why = if holds {
                        "VPs too low"
                    } else {
                        "no effective infantry in communications holds the objective"
                    };
                    (
                        Some(side.opponent()),
                        format!(
                            "{} victory: the {side} player failed ({why}); Union {vps}.",
                            side.opponent()
                        ),
                    )
                }
            }
            WinCondition::HigherVp { tie_break_area } => {
                match self.vp.union.cmp(&self.vp.confederate) {
                    std::cmp::Ordering::Greater => {
                        (Some(Side::Union), format!("Union victory: Union {vps}."))
                    }
                    std::cmp::Ordering::Less => (
                        Some(Side::Confederate),
                        format!("Confederate victory: Union {vps}."),
                    ),
                    std::cmp::Ordering::Equal => {
                        match Side::BOTH
                            .into_iter()
                            .find(|&s| census.sole(s, tie_break_area))
                        {
                            Some(s) => (
                                Some(s),
                                format!(
                                    "{s} victory on the tie-break: Sole Control of {} (Union {vps}).",
                                    Self::area_name(tie_break_area)
                                ),
                            ),
                            None => (None, format!("Draw: Union {vps} (decision R25).")),
                        }
                    }
                }
            }
            WinCondition::OccupyAreaWithInfantry { side, area } => {
                if self
                    .in_area(side, area)
                    .any(|k| self.counters[k].kind.is_infantry())
                {
                    (
                        Some(side),
                        format!("{side} victory: infantry holds {}.", Self::area_name(area)),
                    )
                } else {
                    (
                        Some(side.opponent()),
                        format!(
                            "{} victory: no {side} infantry in {}.",
                            side.opponent(),
                            Self::area_name(area)
                        ),
                    )
                }
            }
        };
        Outcome {
            winner,
            reason: EndReason::Rules,
            summary,
            score: Some(score),
        }
    }
}

/// An award in words.
fn award_name(kind: &AwardKind, n: i64) -> String {
    match kind {
        AwardKind::Besieged => "the siege of Vicksburg".to_string(),
        AwardKind::EnemySpLost => format!("{n} enemy SP lost"),
        AwardKind::EnemyShipsLost => format!("{n} enemy ships lost"),
        AwardKind::EnemyInfantryOutOfLoc => format!("{n} enemy infantry out of communications"),
        AwardKind::AreaOccupied { area, .. } => {
            format!("occupying {}", MississippiFortress::area_name(*area))
        }
        AwardKind::EnemyUnrecoveredStragglers => format!("{n} unrecovered enemy stragglers"),
        AwardKind::EnemyIneffectiveDivisions => format!("{n} ineffective enemy divisions"),
        AwardKind::AreaCaptured { area, .. } | AwardKind::AreaCapturedBy { area, .. } => {
            format!("capturing {}", MississippiFortress::area_name(*area))
        }
        AwardKind::AreaHeldNotBesieged { area, .. } => {
            format!("holding {}", MississippiFortress::area_name(*area))
        }
    }
}
