//! `adjutant account` against a real server on port 0: creating an account with a password
//! read from standard input, `login NAME --password-stdin` on a second profile (a second
//! machine), `login --token`, `sessions`, `revoke --others`, `password` and `logout`, each as
//! the real binary with its own config file.

use adjutant_cli::Client;
use adjutant_engine::Registry;
use adjutant_server::{Config, Service, SystemClock};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;

/// What one run of `adjutant` printed, and whether it succeeded.
struct Run {
    ok: bool,
    out: String,
    err: String,
}

/// Runs `adjutant ARGS` with `stdin` as its standard input and `config` as its config file.
async fn adjutant(config: &Path, base: &str, args: &[&str], stdin: &str) -> Run {
    let (config, base, stdin) = (config.to_path_buf(), base.to_string(), stdin.to_string());
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_adjutant"))
            .arg("--server")
            .arg(&base)
            .args(&args)
            .env("ADJUTANT_CONFIG", &config)
            .env("HOSTNAME", "test-host")
            .env_remove("ADJUTANT_PROFILE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("adjutant runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(stdin.as_bytes())
            .expect("stdin written");
        let done = child.wait_with_output().expect("adjutant ends");
        Run {
            ok: done.status.success(),
            out: String::from_utf8_lossy(&done.stdout).into_owned(),
            err: String::from_utf8_lossy(&done.stderr).into_owned(),
        }
    })
    .await
    .expect("the run ends")
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("adjutant-cli-login-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The token a profile of the config file holds.
fn token_of(config: &Path, profile: &str) -> Option<String> {
    let text = std::fs::read_to_string(config).ok()?;
    let file: serde_json::Value = serde_json::from_str(&text).ok()?;
    file["profiles"][profile]["token"]
        .as_str()
        .map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_machine_signs_in_by_name_and_password_and_manages_the_sessions() {
    let dir = temp_dir();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let service = Service::open(
        Config::with_db(dir.join("adjutant.db")),
        Registry::new(),
        Arc::new(SystemClock),
    )
    .await
    .unwrap();
    let server = tokio::spawn(adjutant_server::serve(
        listener,
        service,
        std::future::pending(),
    ));
    let laptop = dir.join("laptop.json");
    let desktop = dir.join("desktop.json");

    // The laptop creates the account, with a password from standard input.
    let created = adjutant(
        &laptop,
        &base,
        &["account", "create", "grant", "--password-stdin"],
        "vicksburg-1863\n",
    )
    .await;
    assert!(created.ok, "{}", created.err);
    assert!(
        created.out.contains("Created account grant"),
        "{}",
        created.out
    );
    let first = token_of(&laptop, "default").expect("the token is saved");

    // The desktop: a wrong password fails and saves nothing; the right one signs in.
    let login = ["account", "login", "grant", "--password-stdin"];
    let wrong = adjutant(&desktop, &base, &login, "vicksburg-1864\n").await;
    assert!(!wrong.ok);
    assert!(
        wrong.err.contains("the name or the password is wrong"),
        "{}",
        wrong.err
    );
    assert_eq!(token_of(&desktop, "default"), None);
    let right = adjutant(&desktop, &base, &login, "vicksburg-1863\n").await;
    assert!(right.ok, "{}", right.err);
    assert!(right.out.contains("Signed in as grant"), "{}", right.out);
    let second = token_of(&desktop, "default").expect("the new token is saved");
    assert_ne!(second, first);
    let show = adjutant(&desktop, &base, &["account", "show"], "").await;
    assert!(show.out.starts_with("grant ("), "{}", show.out);

    // Both tokens are listed, this profile's marked, labelled with the machine.
    let sessions = adjutant(&desktop, &base, &["account", "sessions"], "").await;
    assert!(sessions.ok, "{}", sessions.err);
    let rows: Vec<&str> = (sessions.out.lines().skip(1))
        .take_while(|l| !l.starts_with("Password:"))
        .collect();
    assert_eq!(rows.len(), 2, "{}", sessions.out);
    // (Both were made in the same second: their order is not asserted.)
    let this = rows
        .iter()
        .find(|r| r.contains("(this profile)"))
        .expect("this profile's token is marked");
    assert!(this.contains("password"), "{}", sessions.out);
    assert!(
        this.contains("adjutant CLI on test-host"),
        "{}",
        sessions.out
    );
    let other = rows
        .iter()
        .find(|r| !r.contains("(this profile)"))
        .expect("the other token");
    assert!(other.contains("created"), "{}", sessions.out);
    assert!(sessions.out.contains("Password: set"), "{}", sessions.out);
    assert!(!sessions.out.contains(&first) && !sessions.out.contains(&second));

    // `login --token` keeps an existing token (a script's) in another profile.
    let script = adjutant(
        &desktop,
        &base,
        &["--profile", "script", "account", "login", "--token", &first],
        "",
    )
    .await;
    assert!(script.ok, "{}", script.err);
    let bad = adjutant(
        &desktop,
        &base,
        &[
            "--profile",
            "bad",
            "account",
            "login",
            "--token",
            "adj_nope",
        ],
        "",
    )
    .await;
    assert!(!bad.ok && bad.err.contains("unauthorized"), "{}", bad.err);

    // The desktop signs out every other token: the laptop's stops working.
    let revoke = adjutant(&desktop, &base, &["account", "revoke", "--others"], "").await;
    assert!(revoke.ok, "{}", revoke.err);
    let laptop_show = adjutant(&laptop, &base, &["account", "show"], "").await;
    assert!(
        !laptop_show.ok && laptop_show.err.contains("unauthorized"),
        "{}",
        laptop_show.err
    );

    // A new password (current, then new, on standard input).
    let password = adjutant(
        &desktop,
        &base,
        &["account", "password", "--password-stdin"],
        "vicksburg-1863\nrichmond-1865!\n",
    )
    .await;
    assert!(password.ok, "{}", password.err);
    assert!(
        password.out.contains("Password changed."),
        "{}",
        password.out
    );
    let old = adjutant(&laptop, &base, &login, "vicksburg-1863\n").await;
    assert!(!old.ok);
    let new = adjutant(&laptop, &base, &login, "richmond-1865!\n").await;
    assert!(new.ok, "{}", new.err);

    // Logging out revokes the profile's token and forgets it.
    let logout = adjutant(&desktop, &base, &["account", "logout"], "").await;
    assert!(logout.ok, "{}", logout.err);
    assert_eq!(token_of(&desktop, "default"), None);
    let gone = Client::new(&base, Some(second)).me().await.unwrap_err();
    assert!(gone.to_string().contains("unauthorized"), "{gone}");

    server.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
