//! A small Chrome DevTools Protocol client: it starts Debian's headless Chromium and drives
//! pages (navigate, evaluate, click, type, screenshot) over one WebSocket, so the browser
//! tests need nothing but the `chromium` package.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

use crate::common::TempDir;

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

/// Problems a page reported: uncaught exceptions and `console.error` calls.
type Problems = Arc<Mutex<HashMap<String, Vec<String>>>>;

/// A running headless Chromium.
pub struct Browser {
    child: Child,
    out: mpsc::UnboundedSender<String>,
    pending: Pending,
    problems: Problems,
    next: Arc<AtomicU64>,
    _profile: TempDir,
}

/// One page in its own browser context (its own storage: one person).
pub struct Page {
    browser_out: mpsc::UnboundedSender<String>,
    pending: Pending,
    problems: Problems,
    next: Arc<AtomicU64>,
    session: String,
    pub name: String,
}

/// The Chromium binary: `$CHROMIUM`, else Debian's `/usr/bin/chromium`.
pub fn chromium_path() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

impl Browser {
    /// Starts Chromium. Fails with a sentence saying what to install when it is missing.
    pub async fn start() -> Browser {
        let path = chromium_path();
        assert!(
            path.exists(),
            "the browser tests need Chromium at {} (Debian: `apt-get install chromium`; ./test.sh installs it)",
            path.display()
        );
        let profile = TempDir::new();
        let mut child = Command::new(&path)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--remote-debugging-port=0",
                "--window-size=1280,800",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Chromium starts");
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let url = loop {
            let line = lines
                .next()
                .expect("Chromium prints its DevTools address")
                .expect("a line");
            if let Some(rest) = line.split("DevTools listening on ").nth(1) {
                break rest.trim().to_string();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .expect("DevTools socket");
        let (mut write, mut read) = socket.split();
        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if write.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
        });
        let pending: Pending = Arc::default();
        let problems: Problems = Arc::default();
        let (p, q) = (pending.clone(), problems.clone());
        tokio::spawn(async move {
            while let Some(Ok(message)) = read.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                if let Some(id) = frame["id"].as_u64() {
                    if let Some(reply) = p.lock().unwrap().remove(&id) {
                        let result = match frame.get("error") {
                            Some(error) => Err(error.to_string()),
                            None => Ok(frame["result"].clone()),
                        };
                        let _ = reply.send(result);
                    }
                    continue;
                }
                let session = frame["sessionId"].as_str().unwrap_or_default().to_string();
                let problem = match frame["method"].as_str() {
                    Some("Runtime.exceptionThrown") => {
                        Some(frame["params"]["exceptionDetails"].to_string())
                    }
                    Some("Runtime.consoleAPICalled") if frame["params"]["type"] == "error" => {
                        Some(frame["params"]["args"].to_string())
                    }
                    Some("Log.entryAdded") if frame["params"]["entry"]["level"] == "error" => {
                        Some(frame["params"]["entry"]["text"].to_string())
                    }
                    _ => None,
                };
                if let Some(problem) = problem {
                    q.lock().unwrap().entry(session).or_default().push(problem);
                }
            }
        });
        Browser {
            child,
            out,
            pending,
            problems,
            next: Arc::new(AtomicU64::new(1)),
            _profile: profile,
        }
    }

    async fn call(&self, method: &str, params: Value, session: Option<&str>) -> Value {
        call(
            &self.out,
            &self.pending,
            &self.next,
            method,
            params,
            session,
        )
        .await
    }

    /// A fresh page in a fresh browser context, `width` × `height` pixels.
    pub async fn page(&self, name: &str, width: u32, height: u32) -> Page {
        let context = self
            .call("Target.createBrowserContext", json!({}), None)
            .await;
        let target = self
            .call(
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": context["browserContextId"]}),
                None,
            )
            .await;
        let attached = self
            .call(
                "Target.attachToTarget",
                json!({"targetId": target["targetId"], "flatten": true}),
                None,
            )
            .await;
        let session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        let page = Page {
            browser_out: self.out.clone(),
            pending: self.pending.clone(),
            problems: self.problems.clone(),
            next: self.next.clone(),
            session,
            name: name.to_string(),
        };
        page.cmd("Page.enable", json!({})).await;
        page.cmd("Runtime.enable", json!({})).await;
        page.cmd("Log.enable", json!({})).await;
        page.cmd(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
        )
        .await;
        page
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn call(
    out: &mpsc::UnboundedSender<String>,
    pending: &Pending,
    next: &AtomicU64,
    method: &str,
    params: Value,
    session: Option<&str>,
) -> Value {
    let id = next.fetch_add(1, Ordering::Relaxed);
    let mut message = json!({"id": id, "method": method, "params": params});
    if let Some(session) = session {
        message["sessionId"] = json!(session);
    }
    let (reply, answer) = oneshot::channel();
    pending.lock().unwrap().insert(id, reply);
    out.send(message.to_string()).expect("DevTools socket open");
    match tokio::time::timeout(Duration::from_secs(30), answer).await {
        Ok(Ok(Ok(result))) => result,
        Ok(Ok(Err(error))) => panic!("{method} failed: {error}"),
        _ => panic!("{method} got no answer"),
    }
}

impl Page {
    async fn cmd(&self, method: &str, params: Value) -> Value {
        call(
            &self.browser_out,
            &self.pending,
            &self.next,
            method,
            params,
            Some(&self.session),
        )
        .await
    }

    /// Opens `url` and waits for the page to load.
    pub async fn goto(&self, url: &str) {
        self.cmd("Page.navigate", json!({"url": url})).await;
        self.wait_for("document.readyState === 'complete'").await;
    }

    /// Evaluates JavaScript (awaiting a promise) and returns its value.
    pub async fn eval(&self, js: &str) -> Value {
        let result = self
            .cmd(
                "Runtime.evaluate",
                json!({"expression": js, "awaitPromise": true, "returnByValue": true}),
            )
            .await;
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{}: {js} threw {exception}", self.name);
        }
        result["result"]["value"].clone()
    }

    /// Waits (up to 15 s) until `js` is truthy.
    pub async fn wait_for(&self, js: &str) {
        for _ in 0..300 {
            let value = self
                .cmd(
                    "Runtime.evaluate",
                    json!({"expression": format!("!!({js})"), "returnByValue": true}),
                )
                .await;
            if value["result"]["value"] == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let text = self
            .eval("document.body ? document.body.innerText : ''")
            .await;
        panic!(
            "{}: waited in vain for {js}; the page shows:\n{}",
            self.name,
            text.as_str().unwrap_or("")
        );
    }

    /// Clicks the middle of the first element matching `selector`, as a mouse would.
    pub async fn click(&self, selector: &str) {
        let sel = serde_json::to_string(selector).unwrap();
        self.wait_for(&format!("document.querySelector({sel})"))
            .await;
        let rect = self
            .eval(&format!(
                "(() => {{ const e = document.querySelector({sel}); e.scrollIntoView({{block: 'center'}}); \
                 const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        for kind in ["mousePressed", "mouseReleased"] {
            self.cmd(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// Drags the mouse from the middle of the first element matching `selector` by (`dx`, `dy`)
    /// pixels in a few moves, the left button held, as a hand would.
    pub async fn drag(&self, selector: &str, dx: f64, dy: f64) {
        let sel = serde_json::to_string(selector).unwrap();
        let rect = self
            .eval(&format!(
                "(() => {{ const r = document.querySelector({sel}).getBoundingClientRect();                  return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        let mouse = |kind: &str, f: f64| json!({"type": kind, "x": x + dx * f, "y": y + dy * f, "button": "left", "buttons": 1, "clickCount": 1});
        self.cmd("Input.dispatchMouseEvent", mouse("mousePressed", 0.0))
            .await;
        for step in 1..=4 {
            self.cmd(
                "Input.dispatchMouseEvent",
                mouse("mouseMoved", f64::from(step) / 4.0),
            )
            .await;
        }
        self.cmd("Input.dispatchMouseEvent", mouse("mouseReleased", 1.0))
            .await;
    }

    /// Focuses `selector` and types `text` into it.
    pub async fn type_into(&self, selector: &str, text: &str) {
        self.click(selector).await;
        self.cmd("Input.insertText", json!({"text": text})).await;
    }

    /// The text of the page.
    pub async fn text(&self) -> String {
        self.eval("document.body.innerText")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Saves a PNG of the page to `dir/<name>-<label>.png`.
    pub async fn screenshot(&self, dir: &Path, label: &str) -> PathBuf {
        let shot = self
            .cmd("Page.captureScreenshot", json!({"format": "png"}))
            .await;
        let bytes = base64_decode(shot["data"].as_str().expect("image data"));
        std::fs::create_dir_all(dir).expect("artifact dir");
        let path = dir.join(format!("{}-{label}.png", self.name));
        std::fs::write(&path, bytes).expect("screenshot written");
        path
    }

    /// Saves a PNG of the element matching `selector` (all of it, scrolled or not) to
    /// `dir/<name>-<label>.png`.
    pub async fn screenshot_of(&self, dir: &Path, selector: &str, label: &str) -> PathBuf {
        let sel = serde_json::to_string(selector).unwrap();
        let rect = self
            .eval(&format!(
                "(() => {{ const r = document.querySelector({sel}).getBoundingClientRect(); \
                 return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]; }})()"
            ))
            .await;
        let n = |i: usize| rect[i].as_f64().unwrap_or(0.0);
        let shot = self
            .cmd(
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": true,
                       "clip": {"x": n(0), "y": n(1), "width": n(2).max(1.0), "height": n(3).max(1.0), "scale": 1}}),
            )
            .await;
        let bytes = base64_decode(shot["data"].as_str().expect("image data"));
        std::fs::create_dir_all(dir).expect("artifact dir");
        let path = dir.join(format!("{}-{label}.png", self.name));
        std::fs::write(&path, bytes).expect("screenshot written");
        path
    }

    /// Exceptions and console errors this page reported so far.
    pub fn problems(&self) -> Vec<String> {
        self.problems
            .lock()
            .unwrap()
            .get(&self.session)
            .cloned()
            .unwrap_or_default()
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => 0,
    };
    let clean: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let n = chunk.iter().take_while(|&&c| c != b'=').count();
        let mut acc = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            acc |= u32::from(if i < n { value(c) } else { 0 }) << (18 - 6 * i);
        }
        out.extend_from_slice(&acc.to_be_bytes()[1..n.max(1)]);
    }
    out
}

#[test]
fn base64_decodes_padding_right() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("aGV5"), b"hey");
    assert_eq!(base64_decode("aA=="), b"h");
}
