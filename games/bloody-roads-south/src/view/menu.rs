//! The menus of the Command Phase's batches, in the seat's own view only (reference 2.3.2,
//! 2.3.7, section 5), and the sentences of the batches. While `IssueOrders` or `Initiative` is
//! offered to a side, its view's `command.batch_menu` lists what the batch may hold: each entry
//! numbered from 1, with the list it goes in (`field`), the `item` to put there (an order
//! draft or an attempt with an empty `text` and no `objective`, for the player to fill, a
//! receiver or corps, or a return with an empty `hex` to fill from the entry's `hexes`) and a
//! human `label`. Clients compose a batch from it and post it once. An order to a group of 6
//! May still off the map names its group (`group`, rule 4.3a); Grant's orders to Meade list the
//! divisions they may name for the Army of the Potomac Reserve (`reserve_divisions`, optional
//! rule 3.6). Never built for the opponent or a spectator.

use adjutant_engine::Side;
use serde_json::{Value, json};

use crate::command::issue::{method_words, type_word};
use crate::data::HexId;
use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::model::action::Action;
use crate::model::draft::{Attempt, OrderDraft};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::step::Step;

impl BloodyRoadsSouth {
    /// The menu of the batch offered to `side` now, if any.
    pub(crate) fn batch_menu(&self, side: Side) -> Option<Value> {
        let offered = self.actions_for(side);
        let action = offered
            .iter()
            .find(|a| matches!(a, Action::IssueOrders { .. } | Action::Initiative { .. }))?;
        let mut entries: Vec<Value> = Vec::new();
        let mut returns: Vec<(Value, String, Vec<HexId>)> = Vec::new();
        let mut add = |field: &str, item: Value, label: String| {
            let n = entries.len() + 1;
            entries.push(json!({"n": n, "field": field, "item": item, "label": label}));
        };
        let kind = match action {
            Action::IssueOrders { .. } if self.step == Step::SetUp => {
                for d in self.preset_menu(side) {
                    let label = format!(
                        "Pre-set {} order to {} (free; in force from the start, 6.0c)",
                        type_word(d.order_type),
                        self.receiver_name(&d.receiver)
                    );
                    add("orders", json!(d), label);
                }
                "issue_orders"
            }
            Action::IssueOrders { .. } => {
                for e in self.order_menu(side).into_iter().filter(|e| e.affordable) {
                    let label = self.draft_label(side, &e.draft, e.cost);
                    add("orders", json!(e.draft), label);
                }
                for r in self.droppable_goals(side) {
                    let label = format!(
                        "Drop the goal of {} (back in command radius: it follows its corps \
                         again, 10.5b)",
                        self.receiver_name(&r)
                    );
                    add("drop_goals", json!(r), label);
                }
                for c in self.retreat_menu(side) {
                    let label = format!(
                        "{c} Corps makes an emergency retreat (all its orders cancelled; \
                         straggler checks; its HQ moves 6 to 13 leader MP to the rear this \
                         turn, 10.4)"
                    );
                    add("retreats", json!(c), label);
                }
                for (k, hexes) in self.returnable(side) {
                    let id = self.unit(k).id.clone();
                    let label = format!(
                        "Return the eliminated {} ({} straggler steps) through a recovery \
                         marker in an empty hex: {} (placed on the next hour turn, rolled in \
                         the Rally Phase, 21.2)",
                        self.unit_name(side, &id),
                        self.unit(k).stragglers,
                        hex_list(&hexes)
                    );
                    returns.push((json!({"brigade": id, "hex": null}), label, hexes));
                }
                for o in self.entry_offers(side) {
                    for (value, name) in &o.values {
                        let now = if *value == o.current { " (as now)" } else { "" };
                        let label = format!(
                            "Rule 4.3: {} enters at {name}{now}; secret, and may be changed \
                             until {}",
                            o.group.title, o.group.deadline
                        );
                        add(
                            "entry_choices",
                            json!({"group": o.group.id, "entry": value}),
                            label,
                        );
                    }
                }
                "issue_orders"
            }
            _ => {
                for (k, receiver) in self.initiative_menu(side) {
                    let leader = self.unit(k).id.clone();
                    let needed = self.initiative_needed(k);
                    let types = self.initiative_types(k);
                    if types.is_empty() {
                        let item = Attempt {
                            leader,
                            receiver,
                            order_type: OrderType::Simple,
                            objective: None,
                            text: String::new(),
                        };
                        let label = format!(
                            "{} tries to release the 9th Corps ({needed} or more on two dice; a \
                             2 is a Loose Cannon; 3.3a)",
                            self.leader_name(k)
                        );
                        add("attempts", json!(item), label);
                        continue;
                    }
                    for order_type in types {
                        let label = format!(
                            "{} tries for the initiative for {}, giving a {} order if he wins \
                             ({needed} or more on two dice; a 2 is a Loose Cannon, 10.2)",
                            self.leader_name(k),
                            self.receiver_name(&receiver),
                            type_word(order_type)
                        );
                        let item = Attempt {
                            leader: leader.clone(),
                            receiver: receiver.clone(),
                            order_type,
                            objective: None,
                            text: String::new(),
                        };
                        add("attempts", json!(item), label);
                    }
                }
                "initiative"
            }
        };
        if kind == "issue_orders" {
            self.mark_group_orders(side, &mut entries);
            if self.step != Step::SetUp {
                self.offer_reserve(side, &mut entries);
            }
        }
        // A return's entry also lists the hexes it may name (`hexes`), for the player to pick.
        for (item, label, hexes) in returns {
            let n = entries.len() + 1;
            entries.push(json!({
                "n": n, "field": "returns", "item": item, "label": label, "hexes": hexes,
            }));
        }
        Some(json!({"action": kind, "entries": entries}))
    }

    /// "Write a complex order to 5 Corps by aide, written (8 command points; arrives about
    /// 2:00pm)" (S10.1a-e; rule 3.1a).
    pub(crate) fn draft_label(&self, side: Side, d: &OrderDraft, cost: u8) -> String {
        let Some(w) = self.writer_of(side, &d.receiver, d.relay.is_some()) else {
            return String::new();
        };
        let stacked = d.receiver == Receiver::Relay
            && self
                .relay_commander(side)
                .is_some_and(|m| self.unit(m).hex() == self.unit(w.key).hex());
        let arrives = if stacked {
            "accepted at once: Meade is with him".to_string()
        } else {
            let t = self.arrival(side, w.key, &d.receiver, d.method);
            let route = match self.group_order_words(side, &d.receiver) {
                "" => self.route_words(side, w.key, &d.receiver, d.method),
                words => words,
            };
            if t <= self.turn {
                "arrives this turn".into()
            } else {
                format!("arrives about {}{route}", self.time_of(t))
            }
        };
        let method = match d.method {
            OrderMethod::InPerson => "in person".to_string(),
            m => method_words(m).to_string(),
        };
        if let Receiver::Conference(a) = &d.receiver {
            let names: Vec<String> = self
                .conference_corps(side, &w)
                .iter()
                .filter_map(|c| self.corps_commander(side, c))
                .map(|k| self.leader_name(k))
                .collect();
            let what = match d.relay {
                Some(no) => format!("relay Grant's order {} ({})", no.0, type_word(d.order_type)),
                None => format!("a {} order", type_word(d.order_type)),
            };
            return format!(
                "Hold the day's conference at the {a} HQ: {what} in person to {} ({cost} \
                 command points for all; arrives this turn; once a day, 10.6)",
                names.join(" and ")
            );
        }
        match (d.relay, &d.receiver) {
            (Some(no), _) => format!(
                "{} relays Grant's order {} to {}: {}, {method} ({cost} of his command points; \
                 {arrives})",
                self.leader_name(w.key),
                no.0,
                self.receiver_name(&d.receiver),
                type_word(d.order_type)
            ),
            (None, Receiver::ArmyHq(a)) => format!(
                "Order the {a} HQ to move, by aide, oral (name its destination hex; {cost} \
                 command points)"
            ),
            (None, _) => format!(
                "Write a {} order to {} {method} ({cost} command points; {arrives})",
                type_word(d.order_type),
                self.receiver_name(&d.receiver)
            ),
        }
    }

    /// The sentence of an `IssueOrders` batch: "Issue your orders (0 written)", or what a
    /// posted one holds, as the player's own log shows it.
    pub(crate) fn issue_orders_label(&self, side: Side, action: &Action) -> String {
        let Action::IssueOrders {
            orders,
            drop_goals,
            retreats,
            returns,
            entry_choices,
        } = action
        else {
            return String::new();
        };
        let setup = self.step == Step::SetUp;
        let head = if setup {
            "Write your pre-set orders (6.0c)"
        } else {
            "Issue your orders"
        };
        let mut parts: Vec<String> = orders
            .iter()
            .map(|d| {
                let toward = d
                    .objective
                    .map(|h| format!(" toward {h}"))
                    .unwrap_or_default();
                let relay = d
                    .relay
                    .map(|no| format!(" (relaying Grant's order {})", no.0))
                    .unwrap_or_default();
                format!(
                    "a {} order to {}, {}{relay}{toward}",
                    type_word(d.order_type),
                    self.receiver_name(&d.receiver),
                    method_words(d.method)
                )
            })
            .collect();
        parts.extend(orders.iter().filter(|d| !d.reserve.is_empty()).map(|d| {
            let names: Vec<String> = d.reserve.iter().map(|f| f.to_string()).collect();
            format!(
                "the Army of the Potomac Reserve formed of {} (3.6)",
                names.join(", ")
            )
        }));
        parts.extend(
            drop_goals
                .iter()
                .map(|r| format!("the goal of {} dropped", self.receiver_name(r))),
        );
        parts.extend(
            retreats
                .iter()
                .map(|c| format!("{c} Corps's emergency retreat")),
        );
        parts.extend(returns.iter().map(|r| {
            format!(
                "the return of {} through a marker in {}",
                self.unit_name(side, &r.brigade),
                r.hex
            )
        }));
        parts.extend(entry_choices.iter().map(|d| {
            let title = crate::data::variants()
                .entry_group(&d.group)
                .map_or(d.group.to_string(), |g| g.title.clone());
            format!("the entry of {title} at {} (4.3)", d.entry)
        }));
        let n = orders.len();
        if parts.is_empty() {
            format!("{head} (0 written)")
        } else {
            format!("{head} ({n} written: {})", parts.join("; "))
        }
    }

    /// The sentence of an `Initiative` batch: "Try for the initiative (0 attempts)", or the
    /// attempts of a posted one.
    pub(crate) fn initiative_label(&self, side: Side, attempts: &[Attempt]) -> String {
        if attempts.is_empty() {
            return "Try for the initiative (0 attempts)".into();
        }
        let parts: Vec<String> = attempts
            .iter()
            .map(|a| {
                format!(
                    "{} for {}, a {} order if he wins",
                    self.unit_name(side, &a.leader),
                    self.receiver_name(&a.receiver),
                    type_word(a.order_type)
                )
            })
            .collect();
        format!(
            "Try for the initiative ({} attempt{}: {})",
            attempts.len(),
            if attempts.len() == 1 { "" } else { "s" },
            parts.join("; ")
        )
    }
}

/// A list of hexes for a label: all of up to eight, else the first eight and how many more.
fn hex_list(hexes: &[HexId]) -> String {
    let shown: Vec<String> = hexes.iter().take(8).map(|h| h.to_string()).collect();
    match hexes.len() {
        0..=8 => shown.join(", "),
        n => format!("{} and {} more", shown.join(", "), n - 8),
    }
}

impl BloodyRoadsSouth {
    /// Marks the menu's orders to a group of 6 May still off the map with its entry group
    /// (`group`, rule 4.3a).
    fn mark_group_orders(&self, side: Side, entries: &mut [Value]) {
        for e in entries.iter_mut().filter(|e| e["field"] == "orders") {
            let Ok(receiver) = serde_json::from_value::<Receiver>(e["item"]["receiver"].clone())
            else {
                continue;
            };
            if let Some(group) = self.waiting_group_id(side, &receiver) {
                e["group"] = json!(group);
            }
        }
    }

    /// Marks the menu's entries of Grant's own orders to Meade with the divisions they may
    /// name for the Army of the Potomac Reserve (`reserve_divisions`, optional rule 3.6), when
    /// there are any.
    fn offer_reserve(&self, side: Side, entries: &mut [Value]) {
        let candidates = self.reserve_candidates(side);
        if candidates.is_empty() {
            return;
        }
        let relay = serde_json::to_value(Receiver::Relay).unwrap_or_default();
        for e in entries.iter_mut() {
            if e["field"] == "orders"
                && e["item"]["receiver"] == relay
                && e["item"]["relay"].is_null()
            {
                e["reserve_divisions"] = json!(candidates);
                if let Some(label) = e["label"].as_str() {
                    e["label"] = json!(format!(
                        "{label}; it may also name up to 3 Army of the Potomac divisions to form \
                         the Reserve under the A Pot HQ (3.6)"
                    ));
                }
            }
        }
    }
}
