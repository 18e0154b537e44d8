//! Issue 45 through the command line: `rate` says multiple, unsolvable and stuck plainly; `hint` on several solutions.
#![cfg(feature = "cli")]

/// A solved grid with a deadly rectangle emptied: two solutions.
const TWO: &str =
    "310578402520134708487629531263415987974863125851792643138947256692351874745286319";

use crate::run::ndoku;

#[test]
fn rate_says_multiple_unsolvable_and_stuck_plainly() {
    let killer = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
    // R1C3 can be neither 3 nor 4.
    let unsolvable = "1200000000300040";
    // Each cell a cage of one cell: one solution, which the cage steps reach.
    let grid = "1234341221434321";
    let cages: Vec<String> = grid
        .bytes()
        .enumerate()
        .map(|(c, v)| {
            let (r, c) = (c / 4 + 1, c % 4 + 1);
            format!(r#"{{"cells":["R{r}C{c}"],"value":"{}"}}"#, char::from(v))
        })
        .collect();
    let sums = killer.replacen(
        r#"{"cells":["R1C1","R1C2"],"value":"3"}"#,
        &cages.join(","),
        1,
    );
    let input = format!("{}\n{killer}\n{unsolvable}\n{sums}\n", TWO);
    let run = ndoku(&["rate"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        [
            "multiple",
            "multiple",
            "unsolvable",
            "1.4\tcage combination"
        ]
    );
    let run = ndoku(&["explain"], input.as_bytes());
    assert_eq!(run.lines()[0], "multiple", "{}", run.stdout);
    assert!(!run.stdout.contains("stuck"), "{}", run.stdout);
    assert!(
        run.lines()
            .contains(&"1.4\tcage combination: cage 1 in R1C1 can only be 1; 1 must be in R1C1"),
        "{}",
        run.stdout
    );
}

#[test]
fn hint_says_multiple_for_the_other_solutions_entries() {
    // R1C3 and R1C8 from the solution with 9 and 6 there.
    let grid = TWO.replacen('0', "9", 1).replacen('0', "6", 1);
    let run = ndoku(&["hint"], format!("{} {grid}\n", TWO).as_bytes());
    assert_eq!(run.lines(), ["multiple"], "{}", run.stderr);
}
