//! Each viewer's counter texts, kept from one view to the next (issue 16, "view in parts"):
//! an action moves or reveals one or two counters, so a view after it writes those again and
//! shares the rest's texts with the last view (an update then knows them unchanged by their
//! pointers). A kept text is reused only when the counter at that place of the list is seen
//! exactly as it was when the text was written ([`Seen`]: everything its view says), so
//! nothing needs to be told what an action touched.

use adjutant_engine::view_parts::ViewCache;
use adjutant_engine::{Side, Viewer};
use std::sync::Arc;

/// Everything a view of one counter is written from. A counter is named by its place in the
/// state's list, which never changes: a game's counters are all set up at its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// Identified: its id and side are the counter's own.
    Shown {
        counter: usize,
        post: u8,
        strength: u8,
        decoy: bool,
        alive: bool,
        /// Its owner's knowledge only.
        moved: Option<bool>,
    },
    /// Only its side and post.
    Hidden { side: Side, post: u8 },
}

/// Per viewer ([`Viewer::index`]), the counters' texts of the last view in the view's order,
/// with what each was written from ([`ViewCache`]: not part of the state).
#[derive(Clone, Debug, Default)]
pub(crate) struct KeptCounters {
    kept: ViewCache<[Vec<KeptText>; 4]>,
}

/// A counter's text and what it was written from.
type KeptText = (Seen, Arc<str>);

impl KeptCounters {
    /// The texts of the counters `seen` by `viewer`, in order: at each place, the text kept
    /// from the viewer's last view if the same counter was seen the same there, else
    /// `write`'s (then kept).
    pub(crate) fn texts(
        &self,
        viewer: Viewer,
        seen: &[Seen],
        write: impl Fn(Seen) -> String,
    ) -> Vec<Arc<str>> {
        let mut guard = self.kept.lock();
        let kept = &mut guard[viewer.index()];
        kept.truncate(seen.len());
        seen.iter()
            .enumerate()
            .map(|(i, &now)| match kept.get_mut(i) {
                Some((was, text)) if *was == now => {
                    debug_assert_eq!(**text, write(now), "a stale counter text");
                    Arc::clone(text)
                }
                Some(entry) => {
                    *entry = (now, Arc::from(write(now)));
                    Arc::clone(&entry.1)
                }
                None => {
                    kept.push((now, Arc::from(write(now))));
                    Arc::clone(&kept[i].1)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outpost, OutpostAction};
    use adjutant_engine::{Match, PerSide, Rules, Seed, Setup};
    use serde_json::{Map, Value};

    const VIEWERS: [Viewer; 4] = [
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
        Viewer::Spectator,
        Viewer::Omniscient,
    ];

    fn hidden(post: u8) -> Seen {
        Seen::Hidden {
            side: Side::Union,
            post,
        }
    }

    #[test]
    fn a_counter_seen_the_same_keeps_its_text_and_one_seen_otherwise_is_written_again() {
        let kept = KeptCounters::default();
        let write = |seen: Seen| format!("{seen:?}");
        let viewer = Viewer::Spectator;
        let first = kept.texts(viewer, &[hidden(1), hidden(2)], write);
        let second = kept.texts(viewer, &[hidden(1), hidden(3)], write);
        assert!(Arc::ptr_eq(&first[0], &second[0]), "kept");
        assert_eq!(*second[1], *write(hidden(3)), "written again");
        // Another viewer keeps its own; a shorter list forgets the rest.
        let other = kept.texts(Viewer::Seat(Side::Union), &[hidden(1)], write);
        assert!(!Arc::ptr_eq(&first[0], &other[0]));
        let third = kept.texts(viewer, &[hidden(1)], write);
        assert_eq!(third.len(), 1);
        let fourth = kept.texts(viewer, &[hidden(1), hidden(3)], write);
        assert!(
            !Arc::ptr_eq(&second[1], &fourth[1]),
            "forgotten, written again"
        );
    }

    /// After every action of seeded random games (undo one time in four where offered), each
    /// viewer's view with the kept texts is the view a fresh copy of the state writes.
    #[test]
    fn views_with_kept_counters_are_the_views_written_afresh() {
        let mut undone = 0;
        for n in 0..6u64 {
            let mut secret_choices: PerSide<Map<String, Value>> = PerSide::default();
            for side in Side::BOTH {
                let decoy = Value::from(((n as usize + side as usize) % 3 + 1).to_string());
                secret_choices.get_mut(side).insert("decoy".into(), decoy);
            }
            let setup = Setup {
                scenario: "skirmish".into(),
                options: Map::new(),
                secret_choices,
            };
            let mut bytes = [0u8; 32];
            bytes[0] = n as u8;
            let mut m: Match<Outpost> = Match::new(&setup, &Seed::from_bytes(bytes)).unwrap();
            let mut rng = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut below = |k: usize| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                (rng % k as u64) as usize
            };
            while m.outcome().is_none() {
                let side = m.to_act()[0];
                let offered = m.offered(side);
                let undo = offered.iter().find(|a| a["type"] == "undo");
                let action = match undo {
                    Some(undo) if below(4) == 0 => {
                        undone += 1;
                        undo.clone()
                    }
                    _ => {
                        let actions = m.state().legal_actions(side);
                        let mut action = actions[below(actions.len())].clone();
                        if let OutpostAction::Order { note, .. } = &mut action {
                            *note = format!("Hold until round {}.", m.seq());
                        }
                        serde_json::to_value(action).unwrap()
                    }
                };
                m.play(side, &action)
                    .expect("an offered action is accepted");
                let fresh = m.state().clone();
                for viewer in VIEWERS {
                    assert_eq!(m.state().view_json(viewer), fresh.view_json(viewer));
                }
            }
        }
        assert!(undone > 0, "the games took back no action");
    }
}
