//! Rule 4.3 in play (Scenario 5; reference 4.3, section 5): the Confederate player chooses,
//! secretly, the entry hex of each of his 6 May reinforcement groups in any of his own Command
//! Phases up to and including 11:00pm 5 May, and may change it until then; the choice is
//! revealed only when the group enters. (Scenario 6 chooses at set-up: `setup::entry_choices`.)
//!
//! **Decisions.**
//! - The choice travels in the Confederate's Order Issue batch (`IssueOrders::entry_choices`),
//!   which is offered once in every Order Issue whatever he writes: choosing, changing or
//!   leaving the entries alone never changes his number of actions, and nothing of it reaches
//!   the Union's or the spectators' views, events, labels or errors (the batch's refusals are
//!   read only by the player who posted it). He reads his choice in his own event ("Rule 4.3:
//!   …") and in his view's waiting reinforcements (`enters_at`, `due`).
//! - The groups offered are those whose printed line is in play (A/3 not under 4.5c;
//!   Pickett's division only under 4.5a), each with its hexes (4.3b), 4.5a's "with the rest
//!   of 1 Corps" and the 4.5b hexes (Entry F, B39.01, and B29.01) for 1 Corps: choosing one
//!   of those puts 4.5b in play, changing away takes it out again (as at set-up in Scenario
//!   6, 4.5b is a value of 1 Corps' entry).
//! - A group never chosen enters at its default (gap 8): A1.10 for J/R/2 and R/R/2, B1.20 for
//!   1 Corps, B1.21 for A/3, Pickett with 1 Corps.
//! - 4.3a's rewritten orders for Longstreet's corps and A/3 travel in the same batch, as
//!   orders (`command::group_orders`); without them the groups enter with their printed orders
//!   (Longstreet's corps to the army HQ to await orders; A/3 to rejoin its corps; J/R/2 and
//!   R/R/2 report to Rodes).

use adjutant_engine::Side;

use crate::data::variant::{EntryChoice, EntryGroup, EntryGroupId};
use crate::events::{EventKind, Fx};
use crate::model::draft::EntryDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::setup::entry_choices::{WITH, groups_in_play, parse_entry, value_name};

/// One group the Confederate may choose the entry of now (his batch menu).
pub(crate) struct EntryOffer {
    /// The group.
    pub group: &'static EntryGroup,
    /// The values he may choose: `with` or a hex id, each with its name.
    pub values: Vec<(String, String)>,
    /// The value in force now (his last choice, else the default).
    pub current: String,
}

impl BloodyRoadsSouth {
    /// The groups whose entry `side` may choose or change in this turn's Order Issue (rule
    /// 4.3): the Confederate's in-play groups of the scenario, up to each group's deadline.
    pub(crate) fn entry_offers(&self, side: Side) -> Vec<EntryOffer> {
        if side != Side::Confederate {
            return Vec::new();
        }
        let track = crate::data::turn_record();
        let listed = &self.scenario().variants;
        groups_in_play(self.scenario)
            .into_iter()
            .filter(|g| {
                track
                    .index_of(g.deadline)
                    .is_some_and(|d| usize::from(self.turn) <= d)
            })
            .filter(|g| self.group_line(&g.id).is_some())
            .map(|g| {
                let mut values: Vec<(String, String)> = Vec::new();
                if g.with_group.is_some() {
                    values.push((WITH.into(), "with the rest of 1 Corps".into()));
                }
                values.extend(
                    g.hexes
                        .iter()
                        .map(|&h| (h.to_string(), value_name(g, h, None))),
                );
                for (&v, hexes) in &g.variant_hexes {
                    if listed.contains(&v) {
                        values.extend(
                            hexes
                                .iter()
                                .map(|&h| (h.to_string(), value_name(g, h, Some(v)))),
                        );
                    }
                }
                let current = match self.entry_choice(g) {
                    Some(EntryChoice::Hex(h)) => h.to_string(),
                    Some(EntryChoice::WithGroup) => WITH.to_string(),
                    None => g.default.clone(),
                };
                EntryOffer {
                    group: g,
                    values,
                    current,
                }
            })
            .collect()
    }

    /// Makes or changes the entry choices of an Order Issue batch (rule 4.3), each checked
    /// as it comes; the caller plays the batch on a copy, so a refusal changes nothing. Each
    /// choice is told to the Confederate alone.
    pub(crate) fn apply_entry_choices(
        &mut self,
        side: Side,
        drafts: Vec<EntryDraft>,
        fx: &mut Fx,
    ) -> Result<(), String> {
        let mut seen: Vec<EntryGroupId> = Vec::new();
        for d in drafts {
            if seen.contains(&d.group) {
                return Err(format!(
                    "The entry of {} is chosen twice in one batch (4.3).",
                    d.group
                ));
            }
            seen.push(d.group.clone());
            let offers = self.entry_offers(side);
            let Some(offer) = offers.iter().find(|o| o.group.id == d.group) else {
                return Err(self.no_entry_choice(side, &d.group));
            };
            let g = offer.group;
            let key = crate::setup::entry_choices::choice_key(&g.id);
            let (choice, variant) = parse_entry(g, &key, &d.entry, &self.scenario().variants)?;
            let name = offer
                .values
                .iter()
                .find(|(id, _)| *id == d.entry)
                .map(|(_, name)| name.clone())
                .unwrap_or_else(|| d.entry.clone());
            self.entries.retain(|(id, _)| id != &g.id);
            self.entries.push((g.id.clone(), choice));
            // 4.5b is a value of 1 Corps' entry: in play while one of its hexes is chosen.
            for &v in g.variant_hexes.keys() {
                self.variants.retain(|&x| x != v);
            }
            if let Some(v) = variant {
                self.variants.push(v);
            }
            fx.private(
                EventKind::Reinforcement,
                side,
                format!(
                    "Rule 4.3: {} will enter at {name} (secret; you may change it until {}).",
                    g.title, g.deadline
                ),
            );
        }
        Ok(())
    }

    /// Why group `group`'s entry may not be chosen now (4.3): a sentence for the player who
    /// posted it.
    fn no_entry_choice(&self, side: Side, group: &EntryGroupId) -> String {
        let known = crate::data::variants().entry_group(group);
        match known {
            None => format!("There is no reinforcement group {group} whose entry is chosen (4.3)."),
            Some(g) if side != Side::Confederate => {
                format!(
                    "Only the Confederate player chooses where {} enters (4.3).",
                    g.title
                )
            }
            Some(g) if !groups_in_play(self.scenario).iter().any(|x| x.id == g.id) => {
                format!(
                    "In this scenario the entry of {} is not chosen during play (4.3).",
                    g.title
                )
            }
            Some(g) if self.group_line(&g.id).is_none() => format!(
                "{} does not enter in this game (its variant is not in play).",
                g.title
            ),
            Some(g) => format!(
                "The entry of {} may be chosen or changed only up to the Command Phase of {} \
                 (4.3).",
                g.title, g.deadline
            ),
        }
    }
}
