//! Running the `ndoku` binary from the CLI tests: its output, its status, and a check that it did not panic.
#![allow(dead_code)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A fresh file `name` in the folder `dir` of the target's temp directory,
/// holding `content`.
pub fn temp_file(dir: &str, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("temp file");
    path
}

/// What the binary printed, and how it ended.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The lines of standard output.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Starts `ndoku ARGS` with its three streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ndoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `ndoku ARGS` with `stdin` as standard input, written from a thread
/// of its own so that a large input cannot dead-lock against the output.
pub fn ndoku(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data); // It may stop reading early; that is fine.
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    let run = Run {
        code: output
            .status
            .code()
            .expect("it exits, not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(!run.stderr.contains("panicked"), "panic: {}", run.stderr);
    run
}
