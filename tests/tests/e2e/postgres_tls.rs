//! TLS to PostgreSQL: a throw-away PostgreSQL with `ssl=on` and a certificate issued by a
//! test certificate authority (rcgen); the server, given `sslmode=verify-full` and that
//! authority as `sslrootcert`, serves with every one of its connections encrypted, and
//! refuses to start against a certificate it cannot verify.

use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::common::*;

/// A PostgreSQL cluster of this test's own, with TLS on; stopped and removed when dropped.
struct TlsPostgres {
    /// The cluster's directory (data, log, socket, the authority's certificate).
    dir: PathBuf,
    /// PostgreSQL's programs.
    bin: PathBuf,
    /// The port it listens on (127.0.0.1).
    port: u16,
    /// Run PostgreSQL's programs as the `postgres` user (it refuses to run as root).
    as_postgres: bool,
}

/// A certificate authority and a server certificate for `localhost` and `127.0.0.1` it
/// signed: (authority PEM, server certificate PEM, server key PEM).
fn certificates() -> (String, String, String) {
    let ca_key = KeyPair::generate().expect("a key");
    let mut ca = CertificateParams::new(Vec::<String>::new()).expect("parameters");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca_cert = ca.self_signed(&ca_key).expect("the authority");
    let issuer = Issuer::new(ca, ca_key);
    let key = KeyPair::generate().expect("a key");
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let params = CertificateParams::new(names).expect("parameters");
    let cert = params.signed_by(&key, &issuer).expect("the server's");
    (ca_cert.pem(), cert.pem(), key.serialize_pem())
}

impl TlsPostgres {
    /// Starts one (`None` when the tests leave PostgreSQL out: `ADJUTANT_TEST_POSTGRES=skip`).
    fn start() -> Option<TlsPostgres> {
        if std::env::var("ADJUTANT_TEST_POSTGRES").as_deref() == Ok("skip") {
            eprintln!("SKIPPED on PostgreSQL (ADJUTANT_TEST_POSTGRES=skip): TLS");
            return None;
        }
        let mut bins: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's postgresql package (./test.sh installs it)")
            .filter_map(|e| Some(e.ok()?.path().join("bin")))
            .filter(|b| b.join("postgres").exists())
            .collect();
        bins.sort();
        let bin = bins.pop().expect("PostgreSQL's programs");
        let as_postgres = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
        let dir = std::env::temp_dir().join(format!("adjutant-pgtls-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let pg = TlsPostgres {
            dir,
            bin,
            port,
            as_postgres,
        };
        pg.own(&pg.dir, 0o755);
        let data = pg.dir.join("data");
        pg.run(
            "initdb",
            &[
                "-D",
                path(&data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "--no-sync",
            ],
        );
        let (ca, cert, key) = certificates();
        std::fs::write(pg.dir.join("ca.pem"), ca).unwrap();
        std::fs::write(data.join("server.crt"), cert).unwrap();
        std::fs::write(data.join("server.key"), key).unwrap();
        pg.own(&data.join("server.crt"), 0o600);
        pg.own(&data.join("server.key"), 0o600);
        let options = format!("-h 127.0.0.1 -p {port} -k {} -c ssl=on", path(&pg.dir));
        let log = pg.dir.join("postgres.log");
        let start = ["-D", path(&data), "-l", path(&log), "-w", "-t", "60"];
        pg.run("pg_ctl", &[&start[..], &["-o", &options, "start"]].concat());
        Some(pg)
    }

    /// Gives `file` to the user PostgreSQL runs as, with `mode`.
    fn own(&self, file: &Path, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        if self.as_postgres {
            let id = |flag| {
                let out = Command::new("id")
                    .args([flag, "postgres"])
                    .output()
                    .unwrap();
                String::from_utf8_lossy(&out.stdout)
                    .trim()
                    .parse::<u32>()
                    .unwrap()
            };
            std::os::unix::fs::chown(file, Some(id("-u")), Some(id("-g"))).unwrap();
        }
        std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    /// Runs PostgreSQL's program `name` with `args`; it must succeed.
    fn run(&self, name: &str, args: &[&str]) {
        let program = self.bin.join(name);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        let out = command.args(args).stdin(Stdio::null()).output().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The server's URL, checking the certificate against the authority in `root`.
    fn url(&self, root: &Path) -> String {
        format!(
            "postgres://postgres@localhost:{}/postgres?sslmode=verify-full&sslrootcert={}",
            self.port,
            path(root)
        )
    }
}

impl Drop for TlsPostgres {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let program = self.bin.join("pg_ctl");
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        let _ = command
            .args(["-D", path(&data), "-m", "immediate", "-w", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[tokio::test]
async fn the_server_speaks_tls_to_postgresql_and_refuses_a_certificate_it_cannot_verify() {
    let Some(pg) = TlsPostgres::start() else {
        return;
    };
    let server = ServerProcess::start(Path::new(&pg.url(&pg.dir.join("ca.pem"))));
    let grant = account(&server.client(), "grant").await;
    assert_eq!(grant.me().await.unwrap().name, "grant", "written and read");

    // Every connection of the server's is encrypted (asked over a plain one of the test's).
    let plain = format!(
        "postgres://postgres@127.0.0.1:{}/postgres?sslmode=disable",
        pg.port
    );
    let mut conn = sqlx::postgres::PgConnectOptions::from_str(&plain)
        .unwrap()
        .connect()
        .await
        .expect("a plain connection");
    let (all, encrypted): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE s.ssl) FROM pg_stat_activity a \
         JOIN pg_stat_ssl s USING (pid) \
         WHERE a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(all > 0, "the server is connected");
    assert_eq!(encrypted, all, "and every connection is encrypted");
    conn.close().await.unwrap();
    drop(server);

    // Against an authority that did not sign the server's certificate, it does not start.
    let (other, _, _) = certificates();
    let wrong = pg.dir.join("other-ca.pem");
    std::fs::write(&wrong, other).unwrap();
    let mut refused = Command::new(env!("CARGO_BIN_EXE_adjutant-test-server"))
        .args(["--listen", "127.0.0.1:0", "--db", &pg.url(&wrong)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + 6 * WAIT;
    let status = loop {
        if let Some(status) = refused.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server kept trying");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut refused.stderr.take().unwrap(), &mut said).unwrap();
    assert!(!status.success(), "refused: {said}");
    assert!(!said.contains("adjutant is listening"), "{said}");
}
