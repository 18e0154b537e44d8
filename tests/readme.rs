//! Replays the `console` examples of README.md against the built binary, so that what it shows stays true.
//!
//! A block is a run of `$ COMMAND` lines, each followed by what it prints. The
//! commands are a small shell: `ndoku ARGS`, optionally fed by `echo 'TEXT' |`
//! and with `2>/dev/null`; `cat FILE`, whose output defines the file for the
//! commands after it; and `echo $?`, the last exit status. A command outside
//! that fails the test rather than being skipped, except `--stats` runs, whose
//! wall time and rate differ from run to run (the CLI tests check `--stats`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The `console` blocks of README.md, as lines.
fn console_blocks() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads");
    let mut blocks = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in readme.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```console") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), _) => block.push(line.to_string()),
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "a console block is not closed");
    blocks
}

/// A block split into (command, the lines it prints).
fn commands(block: &[String]) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in block {
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_string(), Vec::new()));
        } else {
            let (_, printed) = out.last_mut().expect("a block starts with a command");
            printed.push(line.clone());
        }
    }
    out
}

/// A directory for one block's files, holding a copy of `puzzles/`.
fn workdir(index: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(index.to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("puzzles")).expect("work dir");
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    for entry in std::fs::read_dir(puzzles).expect("puzzles/ reads") {
        let path = entry.expect("an entry").path();
        std::fs::copy(
            &path,
            dir.join("puzzles").join(path.file_name().expect("a name")),
        )
        .expect("copy");
    }
    dir
}

/// Splits `ndoku`'s arguments as the shell would for the README's plain words.
fn words(args: &str) -> Vec<&str> {
    assert!(
        !args.contains(['"', '\'', '|', '>', '<', '$', '*', ';']),
        "README command needs more shell than this test knows: {args}"
    );
    args.split_whitespace().collect()
}

#[test]
fn readme_console_examples_print_what_they_show() {
    let blocks = console_blocks();
    assert!(blocks.len() >= 3, "README has its console examples");
    let mut checked = 0;
    for (index, block) in blocks.iter().enumerate() {
        let dir = workdir(index);
        let mut last_code: Option<i32> = None;
        for (command, expected) in commands(block) {
            if command == "echo $?" {
                let code = last_code.expect("`echo $?` follows a command");
                assert_eq!(
                    expected,
                    vec![code.to_string()],
                    "exit status of the command before"
                );
                checked += 1;
                continue;
            }
            if let Some(file) = command.strip_prefix("cat ") {
                let mut text = expected.join("\n");
                text.push('\n');
                std::fs::write(dir.join(file.trim()), text).expect("fixture file");
                continue;
            }
            if command.contains("--stats") {
                continue;
            }
            let (stdin, rest) = match command.strip_prefix("echo '") {
                Some(piped) => {
                    let (text, rest) = piped.split_once("' | ").expect("echo 'TEXT' | ndoku ...");
                    (Some(format!("{text}\n")), rest)
                }
                None => (None, command.as_str()),
            };
            let (rest, quiet) = match rest.strip_suffix(" 2>/dev/null") {
                Some(rest) => (rest, true),
                None => (rest, false),
            };
            let args = rest
                .strip_prefix("ndoku ")
                .unwrap_or_else(|| panic!("README command this test does not know: {command}"));
            let output = run(&dir, &words(args), stdin.as_deref());
            last_code = output.status.code();
            let stdout = String::from_utf8(output.stdout).expect("UTF-8 stdout");
            let stderr = String::from_utf8(output.stderr).expect("UTF-8 stderr");
            assert!(!stderr.contains("panicked"), "{command}: {stderr}");
            // The README shows both streams together; the binary writes
            // errors to stderr, one `error:` line each.
            let (want_err, want_out): (Vec<&String>, Vec<&String>) =
                expected.iter().partition(|l| l.starts_with("error: "));
            let got_out: Vec<&str> = stdout.lines().collect();
            assert_eq!(got_out, want_out, "stdout of `{command}`");
            if !quiet {
                let got_err: Vec<&str> = stderr.lines().collect();
                assert_eq!(got_err, want_err, "stderr of `{command}`");
            }
            checked += 1;
        }
    }
    assert!(checked >= 7, "only {checked} README commands checked");
}

/// Runs the binary in `dir` with `args`, feeding it `stdin`.
fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ndoku"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped stdin");
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).expect("stdin written");
    }
    drop(input);
    child.wait_with_output().expect("the binary ends")
}
