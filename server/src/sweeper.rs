//! Several servers on one database: one of them at a time is the sweeper (it sweeps the
//! correspondence clocks and digests, `service/correspondence.rs`, and delivers the outbox,
//! `notify.rs`). Below both, so that neither imports the other.

use crate::store::SharedStore;

/// Whether server `node` is the sweeper now (claimed or renewed for three sweeps, a minute at
/// the least); a store that cannot be asked says no (nothing is swept twice).
pub async fn is_sweeper(store: &SharedStore, node: &str, now: i64, sweep_secs: u64) -> bool {
    let hold = (3 * sweep_secs as i64).max(60);
    match store.claim_sweeper(node, now, now + hold).await {
        Ok(claimed) => claimed,
        Err(e) => {
            tracing::warn!(error = ?e, "cannot claim the sweep; another server may sweep");
            false
        }
    }
}
