//! End-to-end tests of `ndoku generate` for variants: f-puzzles lines that `ndoku solve` and `check` read back as unique.

use crate::run;
use run::ndoku;

/// Generates with `args`, checks every puzzle is unique of size `size`, and
/// returns the output.
fn generate_unique(args: &[&str], count: usize, size: &str) -> String {
    let run = ndoku(&[&["generate"], args].concat(), b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), count, "{}", run.stdout);
    assert!(
        run.stdout.lines().all(|l| l.starts_with('{')),
        "{}",
        run.stdout
    );
    let checked = ndoku(&["check"], run.stdout.as_bytes());
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    for line in checked.stdout.lines() {
        assert!(line.starts_with(&format!("unique\t{size}\t")), "{line}");
    }
    assert_eq!(checked.stdout.lines().count(), count);
    run.stdout
}

#[test]
fn jigsaw_x_and_windoku_are_unique_f_puzzles_lines() {
    let jigsaw = generate_unique(&["--jigsaw", "--count", "3", "--seed", "1"], 3, "9x9");
    assert!(jigsaw.contains("\"region\""));
    let x = [
        "--boxes",
        "2x3",
        "--diagonals",
        "--count",
        "3",
        "--seed",
        "2",
    ];
    let x6 = generate_unique(&x, 3, "6x6");
    assert!(x6.contains("\"diagonal+\":true") && x6.contains("\"diagonal-\":true"));
    generate_unique(&["--windows", "--count", "2", "--seed", "3"], 2, "9x9");
    generate_unique(
        &["--size", "6", "--jigsaw", "--anti-king", "--seed", "4"],
        1,
        "6x6",
    );
    // Boxes f-puzzles does not draw for their size go as regions.
    let tall = [
        "--boxes",
        "3x2",
        "--disjoint-groups",
        "--count",
        "2",
        "--seed",
        "5",
    ];
    generate_unique(&tall, 2, "6x6");
}

#[test]
fn the_same_seed_gives_the_same_puzzles_whatever_the_threads() {
    let args = [
        "generate", "--jigsaw", "--size", "6", "--count", "8", "--seed", "7",
    ];
    let many = ndoku(&args, b"");
    let one = ndoku(&[&args[..], &["-j", "1"]].concat(), b"");
    assert_eq!(many.code, 0, "{}", many.stderr);
    assert_eq!(many.stdout, one.stdout);
    let other = ndoku(&[&args[..6], &["--seed", "8"]].concat(), b"");
    assert_ne!(other.stdout, many.stdout);
}

#[test]
fn with_solution_solve_finds_the_solution_given() {
    let args = [
        "generate",
        "--diagonals",
        "--box",
        "2",
        "--count",
        "2",
        "--seed",
        "9",
    ];
    let run = ndoku(&[&args[..], &["--with-solution"]].concat(), b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let solved = ndoku(&["solve", "--unique"], run.stdout.as_bytes());
    for (line, answer) in run.stdout.lines().zip(solved.stdout.lines()) {
        let start = line.find("\"solution\":[").expect("a solution field") + 12;
        let values: String = line[start..]
            .split(']')
            .next()
            .unwrap()
            .split(',')
            .collect();
        assert_eq!(values, answer);
    }
    // `--format line` cannot carry the diagonals: refused (issue 45).
    let lines = ndoku(
        &[&args[..], &["--format", "line", "--with-solution"]].concat(),
        b"",
    );
    assert_eq!(lines.code, 2, "{}", lines.stdout);
    assert!(
        lines.stderr.contains("cannot carry diagonals"),
        "{}",
        lines.stderr
    );
}

#[test]
fn region_maps_are_read_from_a_file() {
    let dir = std::env::temp_dir().join(format!("ndoku-regions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("map.txt");
    std::fs::write(&map, "# an L layout\nAAAB\nCABB\nCCDB\nCDDD\n").unwrap();
    let path = map.to_str().unwrap();
    let out = generate_unique(
        &["--regions", path, "--count", "2", "--seed", "1"],
        2,
        "4x4",
    );
    assert!(out.contains("\"region\":3"));
    std::fs::write(&map, "AAAB\nCABB\nCCDB\n").unwrap();
    let bad = ndoku(&["generate", "--regions", path], b"");
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("a line is missing") && bad.stderr.contains("row 4 is missing"),
        "{}",
        bad.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_combinations_are_usage_errors() {
    for (args, message) in [
        (&["--box", "2", "--boxes", "2x2"][..], "cannot be used with"),
        (&["--jigsaw", "--windows"][..], "windows needs square boxes"),
        (&["--boxes", "3"][..], "expected boxes as RxC"),
        (&["--size", "401"][..], "401"),
        (&["--boxes", "20x21"][..], "make no board of 1 to 400"),
    ] {
        let run = ndoku(&[&["generate"], args].concat(), b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn killers_are_unique_f_puzzles_lines_with_their_cages() {
    let args = ["--killer", "--count", "2", "--seed", "1"];
    let out = generate_unique(&args, 2, "9x9");
    assert!(out.contains("\"killercage\""), "{out}");
    assert_eq!(out, ndoku(&[&["generate"][..], &args].concat(), b"").stdout);
    generate_unique(&["--killer", "--size", "6", "--seed", "2"], 1, "6x6");
    // Cells alone cannot carry the cages.
    let run = ndoku(&["generate", "--killer", "--format", "line"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("killer cages (--killer)"),
        "{}",
        run.stderr
    );
}

/// The ratings `ndoku rate` gives the puzzles of `out`, in tenths, one a
/// line (`None` for a puzzle it does not rate).
fn rated(out: &str) -> Vec<Option<u16>> {
    let run = ndoku(&["rate"], out.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .map(|l| {
            l.split('\t')
                .next()
                .unwrap_or("")
                .replace('.', "")
                .parse()
                .ok()
        })
        .collect()
}

#[test]
fn killers_take_a_level_or_a_rating_that_rate_confirms() {
    let cases = [
        (&["--level", "easy"][..], 10, 15),
        (&["--level", "medium"][..], 16, 25),
        (&["--rating", "2.6-3.0"][..], 26, 30),
    ];
    for (goal, min, max) in cases {
        let args = [&["--killer", "--count", "2", "--seed", "3"][..], goal].concat();
        let out = generate_unique(&args, 2, "9x9");
        for rating in rated(&out) {
            assert!(
                rating.is_some_and(|t| (min..=max).contains(&t)),
                "{goal:?}: {rating:?}"
            );
        }
    }
}

#[test]
fn dots_xv_thermometers_and_arrows_are_unique_f_puzzles_lines() {
    let cases = [
        (&["--kropki"][..], "\"negative\""),
        (&["--xv"][..], "\"xv\""),
        (&["--thermo", "6"][..], "\"thermometer\""),
        (&["--arrows", "5"][..], "\"arrow\""),
        (
            &["--boxes", "2x3", "--kropki", "--thermo", "2"][..],
            "\"ratio\"",
        ),
    ];
    for (rule, key) in cases {
        let args = [rule, &["--count", "2", "--seed", "4"][..]].concat();
        let size = if rule.contains(&"2x3") { "6x6" } else { "9x9" };
        let out = generate_unique(&args, 2, size);
        assert!(out.contains(key), "{rule:?}: {out}");
        let again = ndoku(&[&["generate"][..], &args].concat(), b"");
        assert_eq!(
            out, again.stdout,
            "{rule:?}: the same seed, the same puzzles"
        );
    }
    // A level rates them too.
    let out = generate_unique(&["--xv", "--level", "medium", "--seed", "1"], 1, "9x9");
    let rating = rated(&out).remove(0);
    assert!(rating.is_some_and(|t| (16..=25).contains(&t)), "{rating:?}");
    // Cells alone cannot carry them.
    let run = ndoku(&["generate", "--kropki", "--format", "line"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("Kropki dots (--kropki)"),
        "{}",
        run.stderr
    );
}

/// `--level medium` and `hard` on house variants (diagonals, jigsaws,
/// windows) were refused; they are the level's band of SE ratings, checked
/// here with `ndoku rate`, and each puzzle is unique.
#[test]
fn variant_levels_are_bands_of_the_rating() {
    for (rules, level, lo, hi) in [
        (&["--diagonals"][..], "medium", 1.6, 2.5),
        (&["--jigsaw"][..], "hard", 2.6, 6.0),
        (&["--windows"][..], "hard", 2.6, 6.0),
    ] {
        let args = [
            &["generate"],
            rules,
            &["--level", level, "--count", "2", "--seed", "1"],
        ]
        .concat();
        let made = ndoku(&args, b"");
        assert_eq!(made.code, 0, "{args:?}: {}", made.stderr);
        assert_eq!(made.lines().len(), 2, "{args:?}");
        let checked = ndoku(&["check"], made.stdout.as_bytes());
        assert!(
            checked.lines().iter().all(|l| l.starts_with("unique")),
            "{}",
            checked.stdout
        );
        let rated = ndoku(&["rate"], made.stdout.as_bytes());
        assert_eq!(rated.lines().len(), 2, "{}", rated.stderr);
        for line in rated.lines() {
            let rating: f64 = line.split('\t').next().unwrap().parse().expect("a rating");
            assert!((lo..=hi).contains(&rating), "{args:?}: {line}");
        }
    }
}
