//! Where the server's notices land in tests: a minimal SMTP server (enough of RFC 5321 for
//! lettre: greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and a webhook receiver
//! (HTTP/1.1, one request per connection), both on port 0, each also over TLS from a
//! throw-away CA ([`TestCa`]): HTTPS, and SMTP with implicit TLS or STARTTLS. Each keeps what it received,
//! complete before it answers, so a test reads it as soon as the server's delivery returned.

use futures_util::future::BoxFuture;
use serde_json::Value;
use std::pin::Pin;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader, ReadBuf,
};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

/// One e-mail as the SMTP sink received it.
#[derive(Clone, Debug)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    /// Headers and body, as sent (dot-stuffing undone).
    pub data: String,
}

impl Mail {
    /// The message with quoted-printable soft breaks and escapes undone.
    pub fn text(&self) -> String {
        let joined = self.data.replace("=\r\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
                (b'=', Some(&a), Some(&b)) if hex(a).is_some() && hex(b).is_some() => {
                    out.push((hex(a).unwrap_or(0) * 16 + hex(b).unwrap_or(0)) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// A local SMTP server that accepts every message.
pub struct SmtpSink {
    pub port: u16,
    mails: Arc<Mutex<Vec<Mail>>>,
}

impl SmtpSink {
    /// A plain SMTP sink.
    pub async fn start() -> SmtpSink {
        SmtpSink::start_with(None).await
    }

    /// A sink with TLS from `ca`: implicit (TLS from the first byte, as on port 465) or
    /// offered by STARTTLS (as on 587).
    pub async fn start_with(tls: Option<(&TestCa, SinkTls)>) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let mails = Arc::new(Mutex::new(Vec::new()));
        let kept = mails.clone();
        let tls = tls.map(|(ca, mode)| (ca.acceptor.clone(), mode));
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let kept = kept.clone();
                let tls = tls.clone();
                tokio::spawn(async move {
                    match tls {
                        None => smtp_session(Box::new(stream), None, kept).await,
                        Some((acceptor, SinkTls::Starttls)) => {
                            smtp_session(Box::new(stream), Some(acceptor), kept).await
                        }
                        Some((acceptor, SinkTls::Implicit)) => {
                            if let Ok(stream) = acceptor.accept(stream).await {
                                smtp_session(Box::new(stream), None, kept).await;
                            }
                        }
                    }
                });
            }
        });
        SmtpSink { port, mails }
    }

    /// Takes every mail received so far.
    pub fn take(&self) -> Vec<Mail> {
        std::mem::take(&mut *self.mails.lock().expect("mails"))
    }
}

/// How a test sink speaks TLS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SinkTls {
    /// From the first byte.
    Implicit,
    /// Offered by STARTTLS (and required by nothing: the client decides).
    Starttls,
}

/// A throw-away certificate authority: a self-signed certificate for `127.0.0.1` and
/// `localhost`, its PEM (for `--extra-ca-file`) and a TLS acceptor presenting it.
pub struct TestCa {
    pub pem: String,
    acceptor: TlsAcceptor,
}

impl TestCa {
    pub fn new() -> TestCa {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let made = rcgen::generate_simple_self_signed(vec![
            "127.0.0.1".to_string(),
            "localhost".to_string(),
        ])
        .expect("a certificate");
        let cert = made.cert.der().clone();
        let key = rustls::pki_types::PrivateKeyDer::try_from(made.signing_key.serialize_der())
            .expect("a key");
        let config = rustls::ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(vec![cert], key)
            .expect("a TLS configuration");
        TestCa {
            pem: made.cert.pem(),
            acceptor: TlsAcceptor::from(Arc::new(config)),
        }
    }

    /// Writes the PEM to a file for `--extra-ca-file`.
    pub fn file(&self) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!(
            "adjutant-test-ca-{}-{}.pem",
            std::process::id(),
            NEXT_CA.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::write(&path, &self.pem).expect("the CA file");
        path
    }
}

static NEXT_CA: AtomicU16 = AtomicU16::new(0);

/// One SMTP session on `stream`; with `starttls`, STARTTLS is offered and, once asked for,
/// the session starts again inside TLS.
fn smtp_session(
    stream: Box<dyn Io>,
    starttls: Option<TlsAcceptor>,
    kept: Arc<Mutex<Vec<Mail>>>,
) -> BoxFuture<'static, ()> {
    Box::pin(async move {
        let mut lines = BufReader::new(stream);
        let mut mail = Mail {
            from: String::new(),
            to: Vec::new(),
            data: String::new(),
        };
        if lines
            .get_mut()
            .write_all(b"220 sink ESMTP ready\r\n")
            .await
            .is_err()
        {
            return;
        }
        let mut line = String::new();
        loop {
            line.clear();
            match lines.read_line(&mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let command = line.trim_end().to_string();
            let verb = command
                .split([' ', ':'])
                .next()
                .unwrap_or_default()
                .to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" if starttls.is_some() => {
                    b"250-sink\r\n250-8BITMIME\r\n250-STARTTLS\r\n250 SMTPUTF8\r\n"
                }
                "EHLO" => b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
                "HELO" => b"250 sink\r\n",
                "STARTTLS" if starttls.is_some() => {
                    if lines
                        .get_mut()
                        .write_all(b"220 go ahead\r\n")
                        .await
                        .is_err()
                    {
                        return;
                    }
                    let acceptor = starttls.expect("offered");
                    if let Ok(tls) = acceptor.accept(lines.into_inner()).await {
                        // RFC 3207: the session starts afresh, without a second greeting.
                        smtp_after_starttls(tls, kept).await;
                    }
                    return;
                }
                "MAIL" => {
                    mail.from = address(&command);
                    b"250 sender ok\r\n"
                }
                "RCPT" => {
                    mail.to.push(address(&command));
                    b"250 recipient ok\r\n"
                }
                "DATA" => {
                    if lines
                        .get_mut()
                        .write_all(b"354 go ahead\r\n")
                        .await
                        .is_err()
                    {
                        return;
                    }
                    let mut data = String::new();
                    loop {
                        line.clear();
                        match lines.read_line(&mut line).await {
                            Ok(0) | Err(_) => return,
                            Ok(_) => {}
                        }
                        if line == ".\r\n" || line == ".\n" {
                            break;
                        }
                        let unstuffed = line.strip_prefix('.').unwrap_or(&line);
                        data.push_str(unstuffed);
                    }
                    mail.data = data;
                    kept.lock().expect("mails").push(mail.clone());
                    mail.to.clear();
                    b"250 queued\r\n"
                }
                "RSET" => {
                    mail.to.clear();
                    b"250 reset\r\n"
                }
                "NOOP" => b"250 ok\r\n",
                "QUIT" => {
                    let _ = lines.get_mut().write_all(b"221 bye\r\n").await;
                    return;
                }
                _ => b"502 not implemented\r\n",
            };
            if lines.get_mut().write_all(reply).await.is_err() {
                return;
            }
        }
    })
}

/// The session inside TLS after STARTTLS: as a plain one, but with no greeting first and no
/// STARTTLS offered again.
async fn smtp_after_starttls(
    stream: tokio_rustls::server::TlsStream<Box<dyn Io>>,
    kept: Arc<Mutex<Vec<Mail>>>,
) {
    smtp_session(Box::new(SkipGreeting::new(stream)), None, kept).await;
}

/// A byte stream a session runs on: TCP, or TLS over it.
trait Io: AsyncRead + AsyncWrite + Unpin + Send {}

impl<T: AsyncRead + AsyncWrite + Unpin + Send> Io for T {}

/// A stream that swallows the first line written to it (the greeting a session after
/// STARTTLS must not send again).
struct SkipGreeting<S> {
    inner: S,
    skipping: bool,
}

impl<S> SkipGreeting<S> {
    fn new(inner: S) -> Self {
        SkipGreeting {
            inner,
            skipping: true,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for SkipGreeting<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for SkipGreeting<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if self.skipping {
            self.skipping = false;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The address in `MAIL FROM:<a@b>` or `RCPT TO:<a@b>`.
fn address(command: &str) -> String {
    command
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map(|(address, _)| address.to_string())
        .unwrap_or_default()
}

/// One POST the webhook receiver answered.
#[derive(Clone, Debug)]
pub struct Hook {
    pub path: String,
    pub body: Value,
    /// The body's bytes as they came (a signature covers these).
    pub raw: Vec<u8>,
    /// The request's headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The status it answered with.
    pub status: u16,
}

impl Hook {
    /// The value of header `name` (lower case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A local HTTP server that takes webhook POSTs and answers with a status the test sets.
pub struct WebhookReceiver {
    pub base: String,
    hooks: Arc<Mutex<Vec<Hook>>>,
    status: Arc<AtomicU16>,
}

impl WebhookReceiver {
    /// An HTTP receiver.
    pub async fn start() -> WebhookReceiver {
        WebhookReceiver::start_with(None).await
    }

    /// An HTTPS receiver presenting `ca`'s certificate.
    pub async fn start_tls(ca: &TestCa) -> WebhookReceiver {
        WebhookReceiver::start_with(Some(ca.acceptor.clone())).await
    }

    async fn start_with(tls: Option<TlsAcceptor>) -> WebhookReceiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let scheme = if tls.is_some() { "https" } else { "http" };
        let base = format!("{scheme}://{}", listener.local_addr().expect("addr"));
        let hooks = Arc::new(Mutex::new(Vec::new()));
        let status = Arc::new(AtomicU16::new(200));
        let (kept, answer) = (hooks.clone(), status.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (kept, answer) = (kept.clone(), answer.clone());
                let tls = tls.clone();
                tokio::spawn(async move {
                    match tls {
                        None => hook_request(stream, kept, answer).await,
                        Some(acceptor) => {
                            if let Ok(stream) = acceptor.accept(stream).await {
                                hook_request(stream, kept, answer).await;
                            }
                        }
                    }
                });
            }
        });
        WebhookReceiver {
            base,
            hooks,
            status,
        }
    }

    /// The address of one account's hook on this receiver.
    pub fn url(&self, name: &str) -> String {
        format!("{}/hook/{name}", self.base)
    }

    /// Answers every later request with `status`.
    pub fn answer(&self, status: u16) {
        self.status.store(status, Ordering::SeqCst);
    }

    /// Takes every request received so far.
    pub fn take(&self) -> Vec<Hook> {
        std::mem::take(&mut *self.hooks.lock().expect("hooks"))
    }
}

/// Reads one webhook POST from `stream`, keeps it, answers the status the test set.
async fn hook_request<S>(stream: S, kept: Arc<Mutex<Vec<Hook>>>, answer: Arc<AtomicU16>)
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let (read, mut write) = tokio::io::split(stream);
    let mut reader = BufReader::new(read);
    let mut head = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line == "\r\n" || line == "\n" {
            break;
        }
        head.push_str(&line);
    }
    let path = head
        .lines()
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_default()
        .to_string();
    let length = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    if reader.read_exact(&mut body).await.is_err() {
        return;
    }
    let status = answer.load(Ordering::SeqCst);
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    kept.lock().expect("hooks").push(Hook {
        path,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        raw: body,
        headers,
        status,
    });
    let reply =
        format!("HTTP/1.1 {status} Status\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
    let _ = write.write_all(reply.as_bytes()).await;
    let _ = write.shutdown().await;
}
