//! The `adjutant` command as a player runs it: the real binary against a real server, its
//! output read as the player reads it. Games are Mississippi Fortress's Champion Hill (the
//! Confederate player places set-up dummies first, then the Union player) unless said.

mod account_login;
mod support;

use support::Table;

const MF: &str = "mississippi-fortress";

/// Issue 15: `show` never said what happened since your last move; `act` printed a raw dump.
#[test]
fn show_and_act_tell_what_happened_since_your_last_action() {
    let t = Table::new();
    let game = t.game(MF, "champion-hill");
    let placed = t.ok("confederate", &["act", &game, "dummy in Area 18"]);
    assert!(
        placed.contains("Done (action 1): Place a dummy in Area 18"),
        "{placed}"
    );
    assert!(
        placed.contains("Turn 13 of 13-16"),
        "the board, not a dump: {placed}"
    );
    assert!(!placed.contains("in_comms="), "{placed}");
    assert!(placed.contains("You may take it back: choice"), "{placed}");
    let finished = t.ok("confederate", &["act", &game, "Finish placing dummies"]);
    // Handing the set-up over rolls nothing, but the turn passes: it cannot be taken back.
    assert!(
        finished.contains("It cannot be taken back now"),
        "{finished}"
    );
    // The Union player has not acted: it reads the game so far, redacted for it.
    let union = t.ok("union", &["show", &game]);
    assert!(union.contains("Since the game began:"), "{union}");
    assert!(
        union.contains("1 Confederate: The Confederate player places 1 counter in Area 18"),
        "{union}"
    );
    assert!(
        !union.contains("dummy is placed"),
        "a secret reached the Union: {union}"
    );
    let acted = t.ok("union", &["act", "Finish placing dummies"]);
    assert!(
        acted.contains("Since your last action (action 3):"),
        "{acted}"
    );
    assert!(acted.contains("Set-up is complete."), "{acted}");
    // The Confederate player reads from its own last action on: the Union's since.
    let back = t.ok("confederate", &["show", &game]);
    assert!(
        back.contains("Since your last action (action 2):"),
        "{back}"
    );
    assert!(back.contains("Union: Set-up is complete."), "{back}");
    let recap = back.find("Since your last action").unwrap();
    let prompt_or_wait = back.rfind("Waiting for").or(back.rfind("Union")).unwrap();
    assert!(
        recap < prompt_or_wait,
        "the recap comes before the prompt: {back}"
    );
}

/// Issue 19: `adjutant new ... --against computer[:LEVEL]` starts a game against the
/// computer at once; bad values are refused in a sentence.
#[test]
fn new_against_the_computer_starts_the_game_at_once() {
    let t = Table::new();
    t.ok("union", &["account", "create", "ann"]);
    let created = t.ok(
        "union",
        &[
            "new",
            MF,
            "champion-hill",
            "--side",
            "union",
            "--against",
            "computer:easy",
        ],
    );
    assert!(
        created.contains(
            "created and started; you are the Union player, and the computer plays the Confederate at level easy."
        ),
        "{created}"
    );
    assert!(!created.contains("Invite code"), "{created}");
    let listed = t.ok("union", &["list"]);
    assert!(listed.contains("ann vs Computer (easy)"), "{listed}");
    let (ok, _, err) = t.run(
        "union",
        &[
            "new",
            MF,
            "champion-hill",
            "--against",
            "computer:impossible",
        ],
    );
    assert!(!ok && err.contains("no level \"impossible\""), "{err}");
    let (ok, _, err) = t.run("union", &["new", MF, "champion-hill", "--against", "robot"]);
    assert!(
        !ok && err.contains("--against is person, computer or computer:LEVEL"),
        "{err}"
    );
}

#[test]
fn a_game_is_named_by_a_unique_start_of_its_id_or_by_the_last_one_used() {
    let t = Table::new();
    let game = t.game(MF, "champion-hill");
    let short = &game[..6];
    let shown = t.ok("confederate", &["show", short]);
    assert!(shown.contains(&format!("game {game}")), "{shown}");
    // Without a game: the one this profile used last.
    let again = t.ok("confederate", &["show"]);
    assert!(again.contains(&format!("game {game}")), "{again}");
    let (ok, out, err) = t.run("confederate", &["show", "zzzz"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("no game you can list has an id starting with “zzzz”"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let fresh = Table::new();
    let (ok, _, err) = fresh.run("nobody", &["show"]);
    assert!(!ok);
    assert!(err.contains("name a game: no game has been used"), "{err}");
    let help = t.ok("union", &["show", "--help"]);
    assert!(help.contains("a unique start of one"), "{help}");
}

/// Issue 15: the CLI had no map.
#[test]
fn map_and_area_draw_the_map_as_text_and_svg() {
    let t = Table::new();
    let game = t.game(MF, "champion-hill");
    let map = t.ok("confederate", &["map", &game]);
    assert!(map.contains("north is up"), "{map}");
    assert!(map.contains("20C"), "{map}");
    let area = t.ok("confederate", &["area", "20"]);
    assert!(area.starts_with("Area 20 Edwards Station — "), "{area}");
    assert!(area.contains("Neighbours:"), "{area}");
    assert!(area.contains("Bowen's Division"), "{area}");
    let union_view = t.ok("union", &["area", &game, "20"]);
    assert!(!union_view.contains("Bowen"), "{union_view}");
    let svg = t.dir.0.join("map.svg");
    let said = t.ok("confederate", &["map", "--svg", svg.to_str().unwrap()]);
    assert!(said.contains("Drew the map"), "{said}");
    let doc = std::fs::read_to_string(&svg).expect("the SVG is written");
    assert!(doc.starts_with("<svg xmlns="), "{doc}");
    let (ok, _, err) = t.run("confederate", &["area", "99"]);
    assert!(!ok);
    assert!(err.contains("There is no Area 99"), "{err}");
}

/// Issue 17: a game's maps studied without a game, as the web's maps page shows them.
#[test]
fn maps_draws_the_sheets_asked_without_a_game() {
    let t = Table::new();
    let b = t.ok("union", &["maps", "bloody-roads-south", "--sheets", "B"]);
    assert!(b.starts_with("Map B, the whole of it"), "{b}");
    assert!(b.contains("|B12.28 c") && !b.contains("|A"), "{b}");
    assert!(b.contains("Turn Record Track"), "{b}");
    let svg = t.dir.0.join("maps.svg");
    let said = t.ok(
        "union",
        &["maps", "bloody-roads-south", "--svg", svg.to_str().unwrap()],
    );
    assert!(
        said.contains("Drew the maps of bloody-roads-south"),
        "{said}"
    );
    let doc = std::fs::read_to_string(&svg).expect("the SVG is written");
    assert!(doc.contains("<title>A23.01</title>") && doc.contains("<title>B12.28</title>"));
    let (ok, _, err) = t.run("union", &["maps", "bloody-roads-south", "--sheets", "C"]);
    assert!(!ok);
    assert!(err.contains("There is no Map C"), "{err}");
    let (ok, _, err) = t.run("union", &["maps", MF]);
    assert!(!ok);
    assert!(
        err.contains("no maps of mississippi-fortress to study"),
        "{err}"
    );
}

#[test]
fn play_reads_choices_acts_and_waits_for_the_opponent() {
    let t = Table::new();
    let game = t.game(MF, "champion-hill");
    // The Union player sets up second: `play` waits for the Confederate player first.
    let mut union = t.session("union", &["play", &game]);
    let seen = union.wait_for("Waiting for your opponent", 0);
    t.ok("confederate", &["act", &game, "Finish placing dummies"]);
    let seen = union.wait_for("Your choice", seen.len());
    assert!(seen.contains("Finish placing dummies"), "{seen}");
    union.type_line("no such choice");
    let seen = union.wait_for("no choice matches", seen.len());
    union.type_line("Finish placing dummies");
    let seen = union.wait_for("Done (action 2): Finish placing dummies", seen.len());
    union.wait_for("Your choice", seen.len());
    union.type_line("q");
    let (ok, err) = union.finish();
    assert!(ok, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Bars are drawn only on a terminal: piped, the output is exactly the command's.
#[test]
fn verify_prints_no_progress_bar_into_a_pipe() {
    let t = Table::new();
    let game = t.game(MF, "champion-hill");
    t.ok("union", &["resign", &game]);
    let file = t.dir.0.join("record.json");
    t.ok("union", &["export", "-o", file.to_str().unwrap()]);
    let (ok, out, err) = t.run("union", &["verify", file.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("Verified: "), "{out}");
    assert_eq!(err, "");
}

/// Issue 16: the load generator states its throughput beside the disk's own limit, measured
/// by the server's `disk-bench` in the same run (here a stand-in binary that says what the
/// real bench said on this disk and notes how it was asked).
#[test]
fn load_states_its_ratio_to_the_disks_fsynced_commits() {
    let t = Table::new();
    let said = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(adjutant_server::disk_bench::run(&t.dir.0, 1))
        .unwrap();
    let asked = t.dir.0.join("asked.txt");
    let stand_in = t.dir.0.join("server-stand-in.sh");
    std::fs::write(
        &stand_in,
        format!(
            "#!/bin/sh\necho \"$@\" > '{}'\necho '{said}'\n",
            asked.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755)).unwrap();
    let dir = t.dir.0.to_str().unwrap();
    // One bot pair for a second of Champion Hill, then the named disk bench.
    let load = |extra: &[&str]| {
        let mut args = vec![
            "load",
            "--pairs",
            "1",
            "--seconds",
            "1",
            "--game",
            MF,
            "--scenario",
        ];
        args.extend(["champion-hill", "--disk-bench"]);
        args.extend(extra);
        t.run("loader", &args)
    };
    let (ok, out, err) = load(&[stand_in.to_str().unwrap(), "--disk-dir", dir]);
    assert!(ok, "{out}{err}");
    let rate = adjutant_cli::disk_limit::commits_per_sec(&said).expect("the bench's rate");
    assert!(rate > 0.0, "{said}");
    assert!(
        out.contains(&format!("the disk beside it: {said}")),
        "{out}"
    );
    assert!(
        out.contains("× the disk's fsynced commits per second"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&asked).unwrap().trim(),
        format!("disk-bench {dir} --seconds 5")
    );
    let broken = t.dir.0.join("no-such-server");
    let (ok, _, err) = load(&[broken.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("cannot run"), "{err}");
}

/// Paced bots (`--think-ms`) pause before each action: in one second, with pauses of at least
/// half of 400 ms, the pair cannot make more than a dozen actions (flat out it makes hundreds).
#[test]
fn load_paced_bots_pause_before_each_action() {
    let t = Table::new();
    let (ok, out, err) = t.run(
        "pacer",
        &[
            "load",
            "--pairs",
            "1",
            "--seconds",
            "1",
            "--game",
            MF,
            "--scenario",
            "champion-hill",
            "--think-ms",
            "400",
        ],
    );
    assert!(ok, "{out}{err}");
    let actions: u64 = out
        .split(" actions (")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no action count in {out:?}"));
    assert!(actions <= 12, "{actions} actions in a paced second: {out}");
}
