//! `hetman serve` over real HTTP: the binary on `--port 0`, its address read from
//! stderr, requests over plain TCP. Status codes, bad parameters, event counts
//! across chunks, several clients at once, and a clean stop on Ctrl-C.
#![cfg(feature = "web")]

mod common;
use common::server::Server;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

impl Server {
    fn get(&self, path: &str) -> Answer {
        self.request("GET", path)
    }

    fn request(&self, method: &str, path: &str) -> Answer {
        request(self.port, method, path)
    }

    /// One request with extra header lines (each ending in CRLF), raw.
    fn raw(&self, head: &str) -> Answer {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        s.write_all(head.as_bytes()).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        Answer::parse(&raw)
    }
}

/// One request on a new connection.
fn request(port: u16, method: &str, path: &str) -> Answer {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    Answer::parse(&raw)
}

/// An HTTP answer: status, headers (names in lowercase) and the decoded body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn parse(raw: &[u8]) -> Answer {
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header block");
        let head = std::str::from_utf8(&raw[..split]).unwrap();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let mut body = raw[split + 4..].to_vec();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        if chunked {
            body = dechunk(&body);
        }
        let gzipped = headers
            .iter()
            .any(|(k, v)| k == "content-encoding" && v == "gzip");
        if gzipped {
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(&body[..])
                .read_to_end(&mut plain)
                .unwrap();
            body = plain;
        }
        Answer {
            status,
            headers,
            body: String::from_utf8(body).unwrap(),
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn error(&self) -> String {
        let v: serde_json::Value = serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body));
        v["error"].as_str().expect("an error message").to_string()
    }
}

/// The body of a `Transfer-Encoding: chunked` answer.
fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&b[..eol]).unwrap().trim(), 16).unwrap();
        b = &b[eol + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[..size]);
        b = &b[size + 2..];
    }
}

/// Every event of a trace, fetched `chunk` events per request with `skip`.
fn all_events(server: &Server, query: &str, chunk: u64) -> (Vec<serde_json::Value>, usize) {
    let mut events = Vec::new();
    let mut requests = 0;
    loop {
        let a = server.get(&format!("{query}&skip={}&limit={chunk}", events.len()));
        assert_eq!(a.status, 200, "{}", a.body);
        requests += 1;
        let mut lines = a.body.lines();
        let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(header["hetman_trace"], 2);
        let mut end = None;
        for l in lines {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            if v["event"] == "end" {
                end = Some(v);
            } else {
                assert_eq!(
                    v["step"],
                    events.len() as u64 + 1,
                    "steps follow on across chunks"
                );
                events.push(v);
            }
        }
        let end = end.expect("every answer ends with an end line");
        if end["complete"] == true {
            events.push(end);
            return (events, requests);
        }
        assert!(requests < 1000);
    }
}

fn count(events: &[serde_json::Value], kind: &str) -> usize {
    events.iter().filter(|e| e["event"] == kind).count()
}

#[test]
fn the_page_and_its_files() {
    let s = Server::start();
    let a = s.get("/");
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(a.body.contains("<title>hetman</title>"));
    for (path, kind) in [
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/trace.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
    ] {
        let a = s.get(path);
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.header("content-type"), Some(kind), "{path}");
    }
    assert_eq!(s.get("/nothing.js").status, 404);
    assert_eq!(s.get("/api/nothing").status, 404);
    assert_eq!(s.request("POST", "/api/queens/trace?n=4").status, 405);
    let limits: serde_json::Value = serde_json::from_str(&s.get("/api/limits").body).unwrap();
    assert_eq!(limits["max_queens"], 16);
    assert_eq!(limits["max_limit"], 200_000);
}

#[test]
fn eight_queens_across_chunks_has_1965_calls_and_92_solutions() {
    let s = Server::start();
    let (events, requests) = all_events(&s, "/api/queens/trace?n=8&algorithm=backtracking", 10_000);
    assert_eq!(requests, 4, "35,553 events in chunks of 10,000");
    assert_eq!(count(&events, "call"), 1965);
    assert_eq!(count(&events, "solution"), 92);
    let end = events.last().unwrap();
    assert_eq!(end["counters"]["calls"], 1965);
    assert_eq!(end["counters"]["solutions"], 92);
    assert_eq!(end["counters"]["placements"], count(&events, "put") as u64);
    assert_eq!(end["counters"]["refusals"], count(&events, "refuse") as u64);

    let (events, _) = all_events(&s, "/api/queens/trace?n=8&algorithm=bitboard", 50_000);
    assert_eq!(count(&events, "solution"), 92);
    assert!(events
        .iter()
        .any(|e| e["event"] == "call" && e["free"].is_array()));
}

#[test]
fn one_answer_streams_in_pieces_and_caps_the_events() {
    let s = Server::start();
    let a = s.get("/api/queens/trace?n=12");
    assert_eq!(a.status, 200);
    assert_eq!(
        a.header("content-type"),
        Some("application/x-ndjson; charset=utf-8")
    );
    assert_eq!(a.header("transfer-encoding"), Some("chunked"));
    let lines: Vec<&str> = a.body.lines().collect();
    // The header, 200,000 events at most, the end line.
    assert_eq!(lines.len(), 200_002);
    assert!(lines.last().unwrap().contains(r#""complete":false"#));
    let a = s.get("/api/queens/trace?n=8&download=1");
    assert_eq!(
        a.header("content-disposition"),
        Some("attachment; filename=\"hetman-queens-8-backtracking.jsonl\"")
    );
}

#[test]
fn the_knight_from_a5_finds_the_seeds_tour_first() {
    let s = Server::start();
    let a = s.get("/api/knight/trace?size=5&start=a5&until_solution=1");
    assert_eq!(a.status, 200);
    let tour = a
        .body
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["event"] == "tour")
        .expect("a tour");
    let path: Vec<&str> = tour["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(path.len(), 25);
    assert_eq!(&path[..3], ["a5", "c4", "e5"]);

    let a = s.get("/api/knight/trace?size=5&start=a5&blocked=c3&until_solution=1");
    let tour = a
        .body
        .lines()
        .find(|l| l.contains(r#""event":"tour""#))
        .expect("a tour without c3");
    assert!(!tour.contains("\"c3\""));

    let a = s.get("/api/knight/tour?size=30x20&start=a1");
    assert_eq!(a.status, 200);
    let v: serde_json::Value = serde_json::from_str(&a.body).unwrap();
    assert_eq!(v["tour"].as_array().unwrap().len(), 600);
}

#[test]
fn bad_parameters_get_400_naming_them() {
    let s = Server::start();
    for (path, says) in [
        (
            "/api/queens/trace?n=0",
            "n must be a whole number from 1 to 16",
        ),
        (
            "/api/queens/trace?n=17",
            "n must be a whole number from 1 to 16",
        ),
        (
            "/api/queens/trace?algorithm=quick",
            "algorithm must be backtracking, bitboard, brute or permutations",
        ),
        (
            "/api/queens/trace?limit=200001",
            "limit must be a whole number from 1 to 200000",
        ),
        ("/api/queens/trace?skip=-1", "skip must be a whole number"),
        ("/api/queens/trace?until=3", "unknown parameter 'until'"),
        (
            "/api/knight/trace?size=9x8",
            "size must be N or WxH with each side from 1 to 8",
        ),
        (
            "/api/knight/trace?size=5&start=z9",
            "start: invalid square 'z9'",
        ),
        (
            "/api/knight/trace?size=5&start=c3&blocked=c3",
            "start: 'c3' is a blocked square",
        ),
        (
            "/api/knight/trace?size=5&blocked=a1,q",
            "blocked: invalid square 'q'",
        ),
        (
            "/api/knight/trace?order=best",
            "order must be plain or warnsdorff",
        ),
        ("/api/knight/tour?size=0", "size must be N or WxH"),
        (
            "/api/knight/tour?size=5&closed=perhaps",
            "closed must be true or false",
        ),
    ] {
        let a = s.get(path);
        assert_eq!(a.status, 400, "{path}: {}", a.body);
        assert_eq!(a.header("content-type"), Some("application/json"), "{path}");
        let e = a.error();
        assert!(e.contains(says), "{path}: {e}");
    }
}

#[test]
fn several_clients_at_once_then_a_clean_stop() {
    let mut s = Server::start();
    std::thread::scope(|scope| {
        let port = s.port;
        let handles: Vec<_> = (0..6)
            .map(|i| {
                scope.spawn(move || {
                    let a = if i % 2 == 0 {
                        request(port, "GET", "/api/queens/trace?n=8")
                    } else {
                        request(
                            port,
                            "GET",
                            "/api/knight/trace?size=6&start=a1&limit=100000",
                        )
                    };
                    assert_eq!(a.status, 200);
                    assert!(a.body.trim_end().ends_with('}'));
                    a.body.matches(r#""event":"call""#).count()
                })
            })
            .collect();
        let calls: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert_eq!(calls, [1965, 0, 1965, 0, 1965, 0]);
    });
    // A client that leaves in the middle of a long answer does not hold the server.
    {
        let mut c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
        write!(c, "GET /api/queens/trace?n=16 HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut first = [0u8; 64];
        c.read_exact(&mut first).unwrap();
    }
    assert_eq!(s.get("/api/queens/trace?n=4").status, 200);

    #[cfg(unix)]
    {
        let pid = s.child.id().to_string();
        let killed = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(killed.success());
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(st) = s.child.try_wait().unwrap() {
                break st;
            }
            assert!(
                Instant::now() < deadline,
                "hetman serve did not stop on Ctrl-C"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(status.success(), "{status}");
        let said: Vec<String> = s.stderr.try_iter().collect();
        assert!(said.iter().any(|l| l == "hetman: stopped"), "{said:?}");
    }
}

/// Every answer, whatever made it, carries the security headers; every 4xx a
/// JSON body that does not echo the request.
#[test]
fn headers_and_error_bodies() {
    let s = Server::start();
    let secret = "x".repeat(300);
    for (method, path, status) in [
        ("GET", "/".to_string(), 200),
        ("GET", "/api/limits".to_string(), 200),
        ("GET", "/api/queens/trace?n=4".to_string(), 200),
        ("HEAD", "/".to_string(), 200),
        ("GET", format!("/{secret}.js"), 404),
        ("GET", format!("/api/{secret}"), 404),
        ("POST", "/api/queens/trace?n=4".to_string(), 405),
        ("DELETE", "/".to_string(), 405),
        ("GET", format!("/api/queens/trace?n={secret}"), 400),
        ("GET", format!("/api/queens/trace?{secret}=1"), 400),
        (
            "GET",
            format!("/api/knight/trace?size=5&start={secret}"),
            400,
        ),
        (
            "GET",
            format!("/api/knight/trace?size=5&blocked=a1,{secret}"),
            400,
        ),
        ("GET", format!("/?q={}", "y".repeat(9000)), 414),
    ] {
        let a = s.request(method, &path);
        assert_eq!(a.status, status, "{method} {}", &path[..path.len().min(60)]);
        let csp = a.header("content-security-policy").unwrap_or("");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
        if status >= 400 {
            assert_eq!(a.header("content-type"), Some("application/json"));
            let e = a.error();
            assert!(!e.contains(&"x".repeat(25)), "{method} {path}: quotes {e}");
            assert!(!e.contains("yyyy"), "{e}");
        }
    }
    // Headers too large for the API: 431, in JSON.
    let mut head = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n".to_string();
    for i in 0..20 {
        head.push_str(&format!("X-Long-{i}: {}\r\n", "z".repeat(1000)));
    }
    head.push_str("\r\n");
    let a = s.raw(&head);
    assert_eq!(a.status, 431);
    assert!(a.error().contains("at most 16384"), "{}", a.body);
    // The one-file player has its own policy: its scripts are inline.
    let a = s.get("/api/queens/trace?n=4&format=html");
    let csp = a.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'unsafe-inline'") && csp.contains("default-src 'none'"));
}

/// With `Accept-Encoding: gzip` the page, the API and the traces come gzipped.
#[test]
fn answers_are_gzipped() {
    let s = Server::start();
    for path in [
        "/",
        "/app.js",
        "/api/limits",
        "/api/queens/trace?n=8&limit=20000",
        "/api/queens/trace?n=6&format=html",
        "/api/knight/tour?size=8",
    ] {
        let a = s.raw(&format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.header("content-encoding"), Some("gzip"), "{path}");
        assert!(!a.body.is_empty());
    }
    // The 20,000 events arrive whole after unzipping.
    let a = s.raw(
        "GET /api/queens/trace?n=8&limit=20000 HTTP/1.1\r\nHost: x\r\n\
         Accept-Encoding: gzip\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(a.body.lines().count(), 20_002);
}

/// A connection that sends nothing, one that sends its headers a byte a
/// second, and a kept-alive one that goes quiet are all closed by the
/// server (its header-read timeout is 10 s).
#[test]
fn idle_and_slow_connections_are_closed() {
    let s = Server::start();
    let port = s.port;
    let closed_after = |mut c: TcpStream, drip: bool| -> Duration {
        let t = Instant::now();
        c.set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let mut buf = [0u8; 4096];
        loop {
            assert!(t.elapsed() < Duration::from_secs(40), "never closed");
            if drip && c.write_all(b"X").is_err() {
                return t.elapsed();
            }
            match c.read(&mut buf) {
                Ok(0) => return t.elapsed(),
                Ok(_) => {}
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => return t.elapsed(),
            }
        }
    };
    std::thread::scope(|scope| {
        let idle = scope.spawn(move || {
            let c = TcpStream::connect(("127.0.0.1", port)).unwrap();
            closed_after(c, false)
        });
        let slow = scope.spawn(move || {
            let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
            c.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .unwrap();
            closed_after(c, true)
        });
        let kept = scope.spawn(move || {
            let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
            c.write_all(b"GET /api/limits HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            let mut first = [0u8; 12];
            c.read_exact(&mut first).unwrap();
            assert_eq!(&first, b"HTTP/1.1 200");
            closed_after(c, false)
        });
        for (what, h) in [("idle", idle), ("slow", slow), ("kept-alive", kept)] {
            let t = h.join().unwrap();
            assert!(
                t >= Duration::from_secs(8) && t < Duration::from_secs(20),
                "{what} connection closed after {t:?}"
            );
        }
    });
}

/// With `ulimit -n 128` the server keeps at most 64 connections; 150 idle
/// ones cannot keep a new client out: when nearly all are taken, those quiet
/// for a second are closed, long before their header-read timeout.
#[cfg(unix)]
#[test]
fn idle_sockets_cannot_lock_the_class_out() {
    let s = Server::start_with(&[], Some(128));
    let said: Vec<String> = (0..3)
        .filter_map(|_| s.stderr.recv_timeout(Duration::from_secs(5)).ok())
        .collect();
    assert!(
        said.iter().any(|l| l.contains("at most 64 connections")),
        "{said:?}"
    );
    let idle: Vec<TcpStream> = (0..150)
        .map(|_| TcpStream::connect(("127.0.0.1", s.port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    let a = s.get("/api/limits");
    let took = t.elapsed();
    assert_eq!(a.status, 200);
    assert!(took < Duration::from_secs(8), "GET took {took:?}");
    drop(idle);
}

/// A HEAD request and a client that leaves during a long skip stop their
/// work: the server's CPU time stays still afterwards.
#[cfg(target_os = "linux")]
#[test]
fn work_stops_when_the_client_leaves() {
    let s = Server::start();
    // Twelve of the slowest replays there are (Warnsdorff's order with its
    // pruning, about a second of CPU for 10^8 steps), from twelve start
    // squares so that none starts from another's saved states, and a HEAD
    // request of one more: on the server's workers (one a core) they would
    // run for seconds after the clients leave, unless the server stops
    // them, those still waiting for a worker included.
    let mut c: Vec<TcpStream> = (0..12u8)
        .map(|i| {
            let start = format!("{}{}", (b'a' + i % 8) as char, 1 + i / 8);
            let heavy = format!(
                "/api/knight/trace?size=8&start={start}&order=warnsdorff&skip=100000000&limit=10"
            );
            let mut c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
            write!(c, "GET {heavy} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
            c
        })
        .collect();
    let mut head = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    let export = "/api/knight/trace?size=8&start=e4&order=warnsdorff&skip=100000000&format=html";
    write!(head, "HEAD {export} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    c.push(head);
    std::thread::sleep(Duration::from_millis(1000));
    let busy = s.cpu_seconds();
    drop(c);
    std::thread::sleep(Duration::from_millis(500));
    let t0 = s.cpu_seconds();
    std::thread::sleep(Duration::from_millis(1500));
    let t1 = s.cpu_seconds();
    assert!(busy > 0.5, "the skips were running ({busy} s of CPU)");
    assert!(
        t1 - t0 < 0.15,
        "{} s of CPU in 1.5 s from half a second after the clients left",
        t1 - t0
    );
}

/// A client that stops reading its answer (a laptop closed mid-answer)
/// keeps no one waiting: the stream gives its slot back while it waits to
/// send. It used to hold the one worker for 30 s, and the next trace got
/// 503 after 20 s in the queue.
#[test]
fn a_client_that_stops_reading_holds_no_slot() {
    let s = Server::start_with(&["--workers", "1"], None);
    // About 20 MB of events, far more than the socket and the server buffer.
    let mut stalled = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        stalled,
        "GET /api/knight/trace?size=8&start=a3&limit=200000 HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    let t = Instant::now();
    let a = s.get("/api/knight/trace?size=8&start=h8&limit=10");
    let took = t.elapsed();
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(took < Duration::from_secs(5), "the trace waited {took:?}");
    // The stalled answer goes on when its client reads again.
    stalled
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut got = 0;
    let mut buf = vec![0u8; 1 << 16];
    while got < 1 << 20 {
        let k = std::io::Read::read(&mut stalled, &mut buf).unwrap();
        assert!(k > 0, "the answer ended after {got} bytes");
        got += k;
    }
}

/// With one worker, a second heavy request waits; past the queue it gets
/// 503 with Retry-After and a JSON body.
#[test]
fn a_busy_server_says_when_to_come_back() {
    let s = Server::start_with(&["--workers", "1"], None);
    // About a second each, from 18 start squares (none starts from the
    // states another saved).
    let heavy = |i: u8| {
        let start = format!("{}{}", (b'a' + i % 8) as char, 1 + i / 8);
        format!("/api/knight/trace?size=8&start={start}&skip=100000000&limit=10")
    };
    // One running and 16 waiting fill the queue of one worker.
    let held: Vec<TcpStream> = (0..17)
        .map(|i| {
            let mut c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
            write!(c, "GET {} HTTP/1.1\r\nHost: x\r\n\r\n", heavy(i)).unwrap();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let a = s.get(&heavy(17));
    assert_eq!(a.status, 503, "{}", a.body);
    assert_eq!(a.header("retry-after"), Some("5"));
    assert!(a.error().contains("busy"), "{}", a.body);
    // The page and the limits still answer.
    assert_eq!(s.get("/api/limits").status, 200);
    drop(held);
}
