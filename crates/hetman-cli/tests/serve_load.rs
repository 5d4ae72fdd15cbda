//! A bounded load test of `hetman serve`, on loopback only: the figures of
//! issue 43 (a class of 30 leaning on one server) checked against the
//! server's own process figures from `/proc`.
//!
//! - 64 concurrent one-page exports (`format=html&limit=200000`, the page's
//!   "Player as one HTML page" button): the server's peak RSS stays under
//!   300 MB (main reached 3.6 GB), every answer is the whole page or 503
//!   with `Retry-After`, and `/` and `/api/limits` answer within 100 ms p99
//!   meanwhile.
//! - 32 concurrent heavy traces (`skip=10^8` into the knight's 8x8 search
//!   in Warnsdorff's order, from 32 start squares so that none starts from
//!   another's saved states; about a second each, the slowest replay there is):
//!   the probes' p99 under 100 ms;
//!   when the clients leave, the server's CPU goes still within a second or
//!   two (main ran each skip to its end, 163-352 s of both cores).
//!
//! Each test stops by itself (a bounded number of requests, every socket
//! with a timeout) and prints what it measured; `HETMAN_BIN=path` runs the
//! same load against another build (for example main's, side by side).
#![cfg(all(feature = "web", target_os = "linux"))]

mod common;
use common::server::Server;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One GET on a new connection: the status, the `Retry-After` header and
/// the bytes of the body (as sent, possibly gzipped), within `timeout`.
fn get(port: u16, path: &str, gzip: bool, timeout: Duration) -> (u16, Option<String>, usize) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(timeout)).unwrap();
    let enc = if gzip {
        "Accept-Encoding: gzip\r\n"
    } else {
        ""
    };
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{enc}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    if let Err(e) = s.read_to_end(&mut raw) {
        panic!("{path}: {e} after {} bytes", raw.len());
    }
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head[9..12].parse().unwrap();
    let retry = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("retry-after:")
            .map(|v| v.trim().to_string())
    });
    (status, retry, raw.len() - split - 4)
}

/// Probes `/` and `/api/limits` every 50 ms until `done`; their times.
fn probe(port: u16, done: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<Duration>> {
    std::thread::spawn(move || {
        let mut times = Vec::new();
        while !done.load(Ordering::Relaxed) && times.len() < 4000 {
            for path in ["/", "/api/limits"] {
                let t = Instant::now();
                let (status, _, _) = get(port, path, true, Duration::from_secs(30));
                times.push(t.elapsed());
                assert_eq!(status, 200, "{path}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        times
    })
}

fn p99(mut times: Vec<Duration>) -> Duration {
    assert!(!times.is_empty());
    times.sort();
    times[(times.len() * 99).div_ceil(100) - 1]
}

/// Samples the server's RSS every 50 ms until `done`; the largest, in kB.
fn rss_peak(server: &Server, done: &AtomicBool) -> u64 {
    let mut peak = 0;
    while !done.load(Ordering::Relaxed) {
        peak = peak.max(server.status_kb("VmRSS"));
        std::thread::sleep(Duration::from_millis(50));
    }
    peak
}

#[test]
fn sixty_four_html_exports_stay_under_300_mb() {
    let server = Server::start();
    let port = server.port;
    let done = Arc::new(AtomicBool::new(false));
    let probes = probe(port, done.clone());
    let answers = Arc::new(Mutex::new(Vec::new()));
    let t = Instant::now();
    let clients: Vec<_> = (0..64)
        .map(|i| {
            let answers = answers.clone();
            std::thread::spawn(move || {
                // Half as the browser asks (gzip), half plain.
                let path = "/api/queens/trace?n=12&format=html&limit=200000&download=1";
                let a = get(port, path, i % 2 == 0, Duration::from_secs(120));
                answers.lock().unwrap().push(a);
            })
        })
        .collect();
    let watcher = {
        let done = done.clone();
        std::thread::spawn(move || {
            for c in clients {
                c.join().unwrap();
            }
            done.store(true, Ordering::Relaxed);
        })
    };
    let peak = rss_peak(&server, &done);
    watcher.join().unwrap();
    let took = t.elapsed();
    let probe_p99 = p99(probes.join().unwrap());
    let hwm = server.status_kb("VmHWM");
    let after = server.status_kb("VmRSS");
    let answers = answers.lock().unwrap();
    let ok = answers.iter().filter(|a| a.0 == 200).count();
    let busy = answers.iter().filter(|a| a.0 == 503).count();
    eprintln!(
        "64 html exports: {ok} pages, {busy} x 503 in {took:.1?}; server RSS peak {} MB \
         (VmHWM {} MB), {} MB after; probes p99 {probe_p99:.1?}",
        peak / 1024,
        hwm / 1024,
        after / 1024
    );
    for (status, retry, bytes) in answers.iter() {
        match status {
            // A whole page: the player and 200,000 events packed (about 0.35 MB, 0.19 MB
            // gzipped).
            200 => assert!(*bytes > 150_000, "a whole page, not {bytes} bytes"),
            503 => assert!(retry.is_some(), "503 without Retry-After"),
            s => panic!("status {s}"),
        }
    }
    assert!(ok >= 2, "only {ok} pages were made");
    assert!(hwm < 300 * 1024, "server peak RSS {} MB", hwm / 1024);
    assert!(
        probe_p99 < Duration::from_millis(100),
        "probes p99 {probe_p99:?}"
    );
}

#[test]
fn thirty_two_heavy_traces_then_the_clients_leave() {
    let server = Server::start();
    let port = server.port;
    let done = Arc::new(AtomicBool::new(false));
    let probes = probe(port, done.clone());
    let cpu0 = server.cpu_seconds();
    // 32 searches (a start square each, on the first four ranks): none
    // starts from the states another saved.
    let clients: Vec<TcpStream> = (0..32)
        .map(|i| {
            let start = format!("{}{}", (b'a' + i % 8) as char, 1 + i / 8);
            let heavy = format!(
                "/api/knight/trace?size=8&start={start}&order=warnsdorff&skip=100000000&limit=200000"
            );
            let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
            write!(c, "GET {heavy} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_secs(5));
    let busy = server.cpu_seconds() - cpu0;
    done.store(true, Ordering::Relaxed);
    let probe_p99 = p99(probes.join().unwrap());
    // Every client leaves.
    drop(clients);
    std::thread::sleep(Duration::from_secs(1));
    let left = server.cpu_seconds();
    std::thread::sleep(Duration::from_secs(3));
    let idle = server.cpu_seconds() - left;
    eprintln!(
        "32 heavy traces: {busy:.1} s of CPU in their first 5 s, probes p99 {probe_p99:.1?}; \
         {idle:.2} s of CPU in the 3 s from 1 s after the clients left"
    );
    assert!(busy > 0.5, "the skips were running ({busy:.1} s of CPU)");
    assert!(
        probe_p99 < Duration::from_millis(100),
        "probes p99 {probe_p99:?}"
    );
    assert!(idle < 0.3, "{idle:.2} s of CPU after the clients left");
    // The server is free again: a trace answers at once.
    let (status, _, _) = get(
        port,
        "/api/queens/trace?n=8",
        false,
        Duration::from_secs(10),
    );
    assert_eq!(status, 200);
}
