//! The short crash soak (the long one is `adjutant crash-soak`, figures in
//! docs/reliability.md): bots play Outpost in several games at once while the server is
//! killed with SIGKILL at random moments; after each kill the store replays as it was
//! stored, and after each restart every acknowledged action is read back.

use adjutant_cli::crash_soak::{SoakPlan, run};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn no_acknowledged_action_is_lost_across_kill_9s_at_random_moments() {
    let dir = TempDir::new();
    let kills = std::env::var("ADJUTANT_SOAK_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(6);
    let report = run(SoakPlan {
        server: env!("CARGO_BIN_EXE_adjutant-test-server").into(),
        db: dir.path().join("adjutant.db"),
        kills,
        games: 6,
        game: "outpost".into(),
        scenario: "skirmish".into(),
        options: json!({"rounds": 8}),
        seed: 12,
    })
    .await
    .expect("the soak runs");
    assert!(report.lost.is_empty(), "{report}\n{:?}", report.lost);
    assert_eq!(report.kills, kills);
    assert!(report.acknowledged >= u64::from(kills), "{report}");
    assert!(report.checked >= report.acknowledged, "{report}");
    eprintln!("{report}");
}
