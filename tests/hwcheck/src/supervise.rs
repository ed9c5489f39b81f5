//! The checks run in a worker process (this same binary, `--worker`), watched by the one the
//! user started. A kernel that faults leaves the CUDA context unusable for every later launch,
//! and one that hangs would stall the run; isolated, either costs its own line only:
//!
//! ```text
//! supervisor                         worker (hwcheck --worker gpu 0)
//!   spawn worker from check 0   ->     (opens the device, builds checks 0..)
//!                               <-     @device NVIDIA H200<TAB>9.0<TAB>CUDA 13.0, ...
//!                               <-     @begin 0
//!   print each result it reads  <-     @result 0<TAB>pass<TAB>mma.sync...: 0/128, ...
//!                               <-     @begin 7
//!                               <-     @result 7<TAB>error<TAB>ldmatrix...: ERROR ...
//!                                      (exits 3: the context may be poisoned)
//!   spawn worker from check 8   ->     ...
//!   no result within the timeout
//!   of its `@begin`:                   killed; that check is an ERROR, go on after it
//!   worker died mid-check:             that check is an ERROR (exit status, stderr tail)
//!   worker never began a check:        the rest are ERRORs (a fresh one would not start either)
//! ```
//!
//! The check timeout runs from the worker's `@begin` line, so the worker's own start (building
//! the checks from where it starts, opening the CUDA context: up to seconds, and more on a
//! busy machine) is not charged to the check; the start has its own, larger allowance
//! ([`startup_allowance`]). A check's work is milliseconds on the host, so a timeout of
//! seconds tells a hang from slowness by orders of magnitude, however busy the machine.
//!
//! `HWCHECK_FAULT=crash:I`, `hang:I` or `error:I` makes a worker abort, hang or report an
//! error at check `I` (after its `@begin`), and `slow-start:S` makes every worker wait `S`
//! seconds before its first check: how the tests exercise this without a GPU.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// Where the checks run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// On GPU 0.
    Gpu,
    /// Against the host simulation of the PTX semantics.
    Host,
}

impl Backend {
    /// The name on the worker's command line.
    pub fn arg(self) -> &'static str {
        match self {
            Backend::Gpu => "gpu",
            Backend::Host => "host",
        }
    }

    /// The backend named `s`.
    pub fn parse(s: &str) -> Option<Backend> {
        match s {
            "gpu" => Some(Backend::Gpu),
            "host" => Some(Backend::Host),
            _ => None,
        }
    }
}

/// Prints one line of the run. A reader that went away (`hwcheck | head`) does not stop the
/// run: the checks go on, and `--results` is still written.
pub fn tell(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// The judgement of one check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every element matched.
    Pass,
    /// It ran, and something differed.
    Fail,
    /// It could not run (JIT, launch, crash, timeout).
    Error,
    /// It was not judged: it measures what the backend cannot (cycles on the host
    /// simulation). Neither matched nor failed.
    Skip,
}

impl Verdict {
    fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Error => "error",
            Verdict::Skip => "skip",
        }
    }

    fn parse(s: &str) -> Option<Verdict> {
        [Verdict::Pass, Verdict::Fail, Verdict::Error, Verdict::Skip]
            .into_iter()
            .find(|v| v.word() == s)
    }
}

/// Worker exit status: it stopped after an error, and a fresh worker goes on after it.
pub const EXIT_RESTART: u8 = 3;

/// The worker's side of the protocol: one line per message on stdout.
pub mod say {
    use super::Verdict;

    /// The device the worker opened.
    pub fn device(name: &str, capability: (i32, i32), driver: &str) {
        println!(
            "@device {name}\t{}.{}\t{driver}",
            capability.0, capability.1
        );
    }

    /// Check `index` starts now: its timeout runs from here.
    pub fn begin(index: usize) {
        println!("@begin {index}");
    }

    /// Check `index`'s outcome, `line` being `NAME: ...`.
    pub fn result(index: usize, verdict: Verdict, line: &str) {
        println!("@result {index}\t{}\t{line}", verdict.word());
    }

    /// The run cannot happen here (exit `code`, 77 or 78), and why.
    pub fn skip(code: u8, why: &str) {
        println!("@skip {code}\t{why}");
    }
}

/// What the device worker reported of itself.
#[derive(Clone, Debug, Default)]
pub struct DeviceInfo {
    /// The GPU's name.
    pub name: String,
    /// `major.minor`.
    pub capability: String,
    /// The driver's versions.
    pub driver: String,
}

/// The whole run, as the supervisor saw it.
#[derive(Default)]
pub struct Run {
    /// Every line printed, in order.
    pub log: Vec<String>,
    /// The device, when a GPU worker opened one.
    pub device: Option<DeviceInfo>,
    /// One verdict per check.
    pub verdicts: Vec<Verdict>,
    /// Set when the run was skipped: the exit status (77, 78).
    pub skipped: Option<u8>,
}

impl Run {
    /// `NAME: ERROR {why}` for each of `names`, each an error.
    fn fail_rest(&mut self, names: &[String], why: &str) {
        for name in names {
            self.say(format!("{name}: ERROR {why}"));
            self.verdicts.push(Verdict::Error);
        }
    }

    fn say(&mut self, line: String) {
        tell(&line);
        self.log.push(line);
    }

    /// Checks that failed or could not run (a skipped check is neither).
    pub fn failed(&self) -> usize {
        self.verdicts
            .iter()
            .filter(|v| matches!(v, Verdict::Fail | Verdict::Error))
            .count()
    }

    /// Checks not judged ([`Verdict::Skip`]).
    pub fn skipped_checks(&self) -> usize {
        self.verdicts
            .iter()
            .filter(|v| **v == Verdict::Skip)
            .count()
    }

    /// `N of M instructions matched, F failed`, and `, S skipped` when some were.
    pub fn outcome(&self) -> String {
        let (total, failed, skipped) = (self.verdicts.len(), self.failed(), self.skipped_checks());
        let mut s = format!(
            "{} of {total} instructions matched, {failed} failed",
            total - failed - skipped
        );
        if skipped > 0 {
            s += &format!(", {skipped} skipped");
        }
        s
    }
}

/// One worker's messages, as they arrive.
enum Message {
    Device(DeviceInfo),
    Begin(usize),
    Result(usize, Verdict, String),
    Skip(u8, String),
    Other,
}

fn parse(line: &str) -> Message {
    let other = || Message::Other;
    if let Some(rest) = line.strip_prefix("@device ") {
        let mut f = rest.splitn(3, '\t');
        return match (f.next(), f.next(), f.next()) {
            (Some(n), Some(c), Some(d)) => Message::Device(DeviceInfo {
                name: n.into(),
                capability: c.into(),
                driver: d.into(),
            }),
            _ => other(),
        };
    }
    if let Some(rest) = line.strip_prefix("@begin ") {
        return rest.parse().map_or_else(|_| other(), Message::Begin);
    }
    if let Some(rest) = line.strip_prefix("@result ") {
        let mut f = rest.splitn(3, '\t');
        return match (
            f.next().and_then(|i| i.parse().ok()),
            f.next().and_then(Verdict::parse),
            f.next(),
        ) {
            (Some(i), Some(v), Some(t)) => Message::Result(i, v, t.into()),
            _ => other(),
        };
    }
    if let Some(rest) = line.strip_prefix("@skip ") {
        if let Some((code, why)) = rest.split_once('\t') {
            if let Ok(code) = code.parse() {
                return Message::Skip(code, why.into());
            }
        }
    }
    other()
}

/// A running worker: its stdout lines arrive on a channel (so the wait can time out), its
/// stderr is collected for when it dies.
struct Worker {
    child: Child,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
}

impl Worker {
    fn spawn(backend: Backend, start: usize, only: Option<&str>) -> Result<Worker, String> {
        let exe = std::env::current_exe().map_err(|e| format!("finding this binary: {e}"))?;
        let mut child = Command::new(exe)
            .args(["--worker", backend.arg(), &start.to_string()])
            .args(only)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("starting a worker: {e}"))?;
        let out = child.stdout.take().expect("piped stdout");
        let mut err = child.stderr.take().expect("piped stderr");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        });
        Ok(Worker {
            child,
            lines,
            stderr,
        })
    }

    /// Kills the worker (where it still runs) and returns how it ended and the last lines
    /// of its stderr.
    fn finish(mut self, kill: bool) -> (Option<ExitStatus>, String) {
        if kill {
            let _ = self.child.kill();
        }
        let status = self.child.wait().ok();
        let err = self.stderr.join().unwrap_or_default();
        let tail: Vec<&str> = err.lines().rev().take(3).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        (status, tail.join(" | "))
    }
}

fn describe(status: Option<ExitStatus>) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status {
        Some(s) => match (s.code(), s.signal()) {
            (Some(c), _) => format!("exit {c}"),
            (None, Some(sig)) => format!("signal {sig}"),
            _ => "ended".into(),
        },
        None => "lost".into(),
    }
}

/// The least time a worker gets to start: to build its checks and, on a GPU, to open the
/// device (seconds when idle). Generous, so that a busy machine does not trip it: a start that
/// takes longer is stuck, and every later worker would be too.
pub const STARTUP_MIN: Duration = Duration::from_secs(300);

/// How long a worker may take from its start (or from a check's result) to its next
/// `@begin`: the check timeout, but at least [`STARTUP_MIN`].
pub fn startup_allowance(timeout: Duration) -> Duration {
    timeout.max(STARTUP_MIN)
}

/// Runs `names.len()` checks (those whose name contains `only`) in workers on `backend`, each
/// allowed `timeout` from its `@begin` to its result, printing every line as it comes.
pub fn supervise(backend: Backend, names: &[String], only: Option<&str>, timeout: Duration) -> Run {
    let startup = startup_allowance(timeout);
    let mut run = Run::default();
    let mut next = 0;
    while next < names.len() {
        let start = next;
        let worker = match Worker::spawn(backend, next, only) {
            Ok(w) => w,
            Err(e) => {
                run.fail_rest(&names[next..], &e.to_string());
                break;
            }
        };
        if next > 0 {
            run.say(format!("(a fresh worker goes on from check {next})"));
        }
        let f = follow(&worker, &mut run, &mut next, timeout, startup);
        if f.skipped {
            let _ = worker.finish(true);
            return run;
        }
        let (status, stderr) = worker.finish(f.timed_out);
        let err = if stderr.is_empty() {
            String::new()
        } else {
            format!("; stderr: {stderr}")
        };
        if f.timed_out && !f.started {
            // A worker that cannot start: neither can the next one.
            let secs = startup.as_secs_f64();
            let why =
                format!("not run: the worker did not start within {secs} s; worker killed{err}");
            run.fail_rest(&names[next..], &why);
            break;
        }
        let restart = status.and_then(|s| s.code()) == Some(i32::from(EXIT_RESTART));
        // A worker that asks for a restart has reported the check it stopped at; one that
        // reports nothing and asks anyway is treated as dead, so the run always moves on.
        if next < names.len() && (!restart || next == start) {
            let why = match (f.timed_out, f.begun) {
                (true, true) => format!(
                    "no result within {} s; worker killed",
                    timeout.as_secs_f64()
                ),
                (true, false) => format!(
                    "the worker did not begin it within {} s; worker killed",
                    startup.as_secs_f64()
                ),
                (false, _) => format!("worker died ({})", describe(status)),
            };
            run.fail_rest(&names[next..=next], &format!("{why}{err}"));
            next += 1;
        }
    }
    run
}

/// How following one worker ended.
struct Followed {
    /// Check `next` has begun (its timeout runs).
    begun: bool,
    /// Some check has begun since the worker started.
    started: bool,
    /// The worker said nothing within its allowance.
    timed_out: bool,
    /// The worker skipped the run.
    skipped: bool,
}

/// Reads `worker`'s lines until it ends, goes quiet past its allowance (`startup` before check
/// `next` begins, `timeout` after), or skips the run: says each line, records the device and
/// each result, and moves `next` past each check with a result.
fn follow(
    worker: &Worker,
    run: &mut Run,
    next: &mut usize,
    timeout: Duration,
    startup: Duration,
) -> Followed {
    let mut f = Followed {
        begun: false,
        started: false,
        timed_out: false,
        skipped: false,
    };
    loop {
        let wait = if f.begun { timeout } else { startup };
        let line = match worker.lines.recv_timeout(wait) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                f.timed_out = true;
                return f;
            }
            Err(RecvTimeoutError::Disconnected) => return f,
        };
        match parse(&line) {
            Message::Device(d) => {
                if run.device.is_none() {
                    run.say(format!(
                        "device: {}, compute capability {}, driver {}",
                        d.name, d.capability, d.driver
                    ));
                    run.device = Some(d);
                }
            }
            Message::Begin(i) if i == *next => (f.begun, f.started) = (true, true),
            Message::Result(i, v, text) if i == *next => {
                run.say(text);
                run.verdicts.push(v);
                *next += 1;
                f.begun = false;
            }
            Message::Skip(code, why) => {
                run.say(format!("skipped: {why}"));
                run.skipped = Some(code);
                f.skipped = true;
                return f;
            }
            Message::Begin(_) | Message::Result(..) | Message::Other => run.say(line),
        }
    }
}

/// A fault the tests ask a worker to stage at one check (`HWCHECK_FAULT`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fault {
    /// `crash:I`: abort the process.
    Crash,
    /// `hang:I`: never report.
    Hang,
    /// `error:I`: report an error (and so end the worker).
    Error,
}

/// The delay `HWCHECK_FAULT=slow-start:S` stages before a worker begins its first check: a
/// start slower than the check timeout, which must not be charged to any check.
pub fn start_delay() -> Option<Duration> {
    let spec = std::env::var("HWCHECK_FAULT").ok()?;
    spec.split(',').find_map(|one| {
        let secs = one.strip_prefix("slow-start:")?.parse::<f64>().ok()?;
        Duration::try_from_secs_f64(secs).ok()
    })
}

/// The fault staged at check `index`, if any.
pub fn fault_at(index: usize) -> Option<Fault> {
    let spec = std::env::var("HWCHECK_FAULT").ok()?;
    spec.split(',').find_map(|one| {
        let (kind, at) = one.split_once(':')?;
        if at.parse::<usize>().ok()? != index {
            return None;
        }
        match kind {
            "crash" => Some(Fault::Crash),
            "hang" => Some(Fault::Hang),
            "error" => Some(Fault::Error),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skip_is_neither_matched_nor_failed() {
        let run = Run {
            verdicts: vec![Verdict::Pass, Verdict::Skip, Verdict::Fail, Verdict::Error],
            ..Run::default()
        };
        assert_eq!((run.failed(), run.skipped_checks()), (2, 1));
        assert_eq!(
            run.outcome(),
            "1 of 4 instructions matched, 2 failed, 1 skipped"
        );
        let clean = Run {
            verdicts: vec![Verdict::Pass; 3],
            ..Run::default()
        };
        assert_eq!(clean.outcome(), "3 of 3 instructions matched, 0 failed");
    }

    #[test]
    fn protocol_lines_parse_back() {
        match parse("@result 12\tfail\tmma.sync.x: 3/128, worst abs diff 2") {
            Message::Result(12, Verdict::Fail, t) => {
                assert_eq!(t, "mma.sync.x: 3/128, worst abs diff 2")
            }
            _ => panic!("result line"),
        }
        match parse("@device NVIDIA H200\t9.0\tCUDA 13.0, kernel module 580.95.05") {
            Message::Device(d) => {
                assert_eq!(d.name, "NVIDIA H200");
                assert_eq!(d.capability, "9.0");
                assert_eq!(d.driver, "CUDA 13.0, kernel module 580.95.05");
            }
            _ => panic!("device line"),
        }
        assert!(
            matches!(parse("@skip 77\tno CUDA driver"), Message::Skip(77, w) if w == "no CUDA driver")
        );
        assert!(matches!(parse("@begin 7"), Message::Begin(7)));
        assert!(matches!(parse("@begin seven"), Message::Other));
        assert!(matches!(parse("@result x\tpass\ty"), Message::Other));
        assert!(matches!(parse("@result 1\tmaybe\ty"), Message::Other));
        assert!(matches!(
            parse("@result 4\tskip\tld.shared.b32: SKIPPED (no clock)"),
            Message::Result(4, Verdict::Skip, _)
        ));
        assert!(matches!(parse("plain"), Message::Other));
    }
}
