//! Replays the `console` examples of README.md, docs/cli.md and docs/formats.md
//! against the built binary, so that what they show stays true.
//!
//! A block is a run of `$ COMMAND` lines, each followed by what it prints. The
//! commands are a small shell: `ndoku ARGS`, optionally fed by `echo 'TEXT' |`
//! and with `2>/dev/null`; `cat FILE`, whose output defines the file for the
//! commands after it; and `echo $?`, the last exit status. A command outside
//! that fails the test rather than being skipped, except `--stats` runs, whose
//! wall time and rate differ from run to run (the CLI tests check `--stats`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The documents whose `console` blocks are replayed, from the crate root.
const DOCUMENTS: [&str; 3] = ["README.md", "docs/cli.md", "docs/formats.md"];

/// The `console` blocks of `text`, as lines; `name` says which document
/// holds a block that is not closed.
fn console_blocks(name: &str, text: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in text.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```console") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), _) => block.push(line.to_string()),
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "a console block of {name} is not closed");
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
fn workdir(name: &str, index: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(name.replace('/', "-"))
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

/// Splits `ndoku`'s arguments as the shell would for the documents' plain words.
fn words(args: &str) -> Vec<&str> {
    assert!(
        !args.contains(['"', '\'', '|', '>', '<', '$', '*', ';']),
        "a command needs more shell than this test knows: {args}"
    );
    args.split_whitespace().collect()
}

#[test]
fn readme_console_examples_print_what_they_show() {
    let checked = replay("README.md");
    assert!(checked >= 5, "only {checked} README.md commands checked");
}

#[test]
fn cli_doc_console_examples_print_what_they_show() {
    let checked = replay("docs/cli.md");
    assert!(checked >= 15, "only {checked} docs/cli.md commands checked");
}

#[test]
fn formats_doc_console_examples_print_what_they_show() {
    let checked = replay("docs/formats.md");
    assert!(
        checked >= 2,
        "only {checked} docs/formats.md commands checked"
    );
}

/// A document with `console` blocks that no test replays would drift
/// unseen: every one of them is in [`DOCUMENTS`].
#[test]
fn every_document_with_console_blocks_is_replayed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut pending = vec![root.join("docs")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.extend(["README.md", "CHANGELOG.md"].map(|f| root.join(f)));
    for path in found {
        let text = std::fs::read_to_string(&path).expect("a document reads");
        let name = path
            .strip_prefix(root)
            .expect("under the crate root")
            .to_string_lossy()
            .replace('\\', "/");
        if !console_blocks(&name, &text).is_empty() {
            assert!(
                DOCUMENTS.contains(&name.as_str()),
                "{name} has console blocks: add it to DOCUMENTS"
            );
        }
    }
}

/// Runs every command of the `console` blocks of document `name` and checks
/// what it prints; returns how many were checked.
fn replay(name: &str) -> usize {
    assert!(DOCUMENTS.contains(&name), "{name} is listed in DOCUMENTS");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name} reads: {e}"));
    let blocks = console_blocks(name, &text);
    assert!(!blocks.is_empty(), "{name} has its console examples");
    let mut checked = 0;
    for (index, block) in blocks.iter().enumerate() {
        let dir = workdir(name, index);
        let mut last_code: Option<i32> = None;
        for (command, expected) in commands(block) {
            if command == "echo $?" {
                let code = last_code.expect("`echo $?` follows a command");
                assert_eq!(
                    expected,
                    vec![code.to_string()],
                    "{name}: exit status of the command before"
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
                .unwrap_or_else(|| panic!("{name}: a command this test does not know: {command}"));
            let output = run(&dir, &words(args), stdin.as_deref());
            last_code = output.status.code();
            let stdout = String::from_utf8(output.stdout).expect("UTF-8 stdout");
            let stderr = String::from_utf8(output.stderr).expect("UTF-8 stderr");
            assert!(!stderr.contains("panicked"), "{name}: {command}: {stderr}");
            // The documents show both streams together; the binary writes
            // errors to stderr, one `error:` line each.
            let (want_err, want_out): (Vec<&String>, Vec<&String>) =
                expected.iter().partition(|l| l.starts_with("error: "));
            let got_out: Vec<&str> = stdout.lines().collect();
            assert_eq!(got_out, want_out, "{name}: stdout of `{command}`");
            if !quiet {
                let got_err: Vec<&str> = stderr.lines().collect();
                assert_eq!(got_err, want_err, "{name}: stderr of `{command}`");
            }
            checked += 1;
        }
    }
    checked
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
