//! docs/architecture.md lists every source file with its one-line `//!` summary, as the file says it.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `[`X`](link)` and `[`X`]` as the list writes them: `` `X` ``.
fn plain(summary: &str) -> String {
    let mut out = String::new();
    let mut rest = summary;
    while let Some(i) = rest.find("[`") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(end) = after[1..].find('`') else {
            break;
        };
        let code = &after[..end + 2];
        out.push_str(code);
        rest = &after[end + 2..];
        rest = rest.strip_prefix(']').unwrap_or(rest);
        if rest.starts_with('(') {
            rest = rest.find(')').map_or(rest, |j| &rest[j + 1..]);
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn every_file_is_listed_with_its_summary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("it reads");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 50, "src has its files");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        let first = text.lines().next().unwrap_or_default();
        let summary = first
            .strip_prefix("//! ")
            .unwrap_or_else(|| panic!("{} opens without a one-line `//!`", file.display()));
        let rel = file
            .strip_prefix(root)
            .expect("under the root")
            .display()
            .to_string();
        let line = format!("- `{rel}`: {}", plain(summary));
        assert!(
            doc.lines().any(|l| l == line),
            "docs/architecture.md lacks, or words otherwise, the line\n{line}"
        );
    }
}
