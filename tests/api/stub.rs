//! A scripted HTTP/1.1 server on loopback: records every request and answers each with the next
//! scripted reply, including failures the sandbox cannot produce (drops, stalls, cut bodies).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[derive(Debug, Clone)]
pub enum Reply {
    /// A status with headers and a body.
    Answer {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// Read the request, then close the connection without answering.
    Drop,
    /// Read the request, then answer nothing for this long.
    Stall(Duration),
    /// Announce a longer body than is sent, then close.
    Truncated(String),
}

impl Reply {
    pub fn json(status: u16, body: impl Into<String>) -> Self {
        Reply::Answer {
            status,
            headers: vec![],
            body: body.into().into_bytes(),
        }
    }

    /// An answer of raw bytes (a gzipped body).
    pub fn bytes(status: u16, body: Vec<u8>) -> Self {
        Reply::Answer {
            status,
            headers: vec![],
            body,
        }
    }

    pub fn fixture(status: u16, name: &str) -> Self {
        Reply::json(status, super::fixture_text(name))
    }

    pub fn with_header(mut self, name: &str, value: &str) -> Self {
        if let Reply::Answer { headers, .. } = &mut self {
            headers.push((name.to_owned(), value.to_owned()));
        }
        self
    }
}

#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn query_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.query.iter().map(|(n, _)| n.as_str()).collect();
        names.sort();
        names
    }

    pub fn query_value(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("request body is JSON")
    }
}

pub struct Stub {
    pub base_url: String,
    requests: Arc<Mutex<Vec<Recorded>>>,
    script: Arc<Mutex<VecDeque<Reply>>>,
}

impl Stub {
    /// Starts a stub that answers `default` once the script is used up.
    pub async fn start(default: Reply) -> Stub {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(Mutex::new(VecDeque::new()));
        let (reqs, scr) = (requests.clone(), script.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (reqs, scr, default) = (reqs.clone(), scr.clone(), default.clone());
                tokio::spawn(async move { serve(stream, reqs, scr, default).await });
            }
        });
        Stub {
            base_url,
            requests,
            script,
        }
    }

    /// Queues replies to use, in order, before the default.
    pub fn then(&self, reply: Reply) -> &Self {
        self.script.lock().unwrap().push_back(reply);
        self
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().unwrap().clone()
    }

    pub fn only_request(&self) -> Recorded {
        let all = self.requests();
        assert_eq!(all.len(), 1, "expected exactly one request, got {all:#?}");
        all.into_iter().next().unwrap()
    }
}

async fn serve(
    mut stream: TcpStream,
    requests: Arc<Mutex<Vec<Recorded>>>,
    script: Arc<Mutex<VecDeque<Reply>>>,
    default: Reply,
) {
    let Some(recorded) = read_request(&mut stream).await else {
        return;
    };
    requests.lock().unwrap().push(recorded);
    let reply = script.lock().unwrap().pop_front().unwrap_or(default);
    match reply {
        Reply::Answer {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status} Status\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
                body.len()
            );
            for (n, v) in headers {
                head.push_str(&format!("{n}: {v}\r\n"));
            }
            head.push_str("\r\n");
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(&body).await;
        }
        Reply::Drop => {}
        Reply::Stall(time) => tokio::time::sleep(time).await,
        Reply::Truncated(body) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len() + 500
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(body.as_bytes()).await;
        }
    }
    let _ = stream.shutdown().await;
}

async fn read_request(stream: &mut TcpStream) -> Option<Recorded> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_owned();
    let target = first.next()?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[head_end + 4..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    let url = reqwest::Url::parse(&format!("http://stub{target}")).ok()?;
    Some(Recorded {
        method,
        path: url.path().to_owned(),
        query: url
            .query_pairs()
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect(),
        headers,
        body,
    })
}
