//! The `generate` subcommand: puzzles from a seed, one per line, made in parallel and printed in order.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use ndoku::generate::{GeneratedPuzzle, RatingRange, VariantGenerator};
use ndoku::logic::Technique;
use ndoku::model::ChessRule;
use ndoku::{Board, GenerateError, Generated, Generator, Level, Puzzle, Rules, Symmetry};

use crate::job::{Format, hex_digit};

/// Options of `ndoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Box side: 2 for 4×4, 3 for 9×9, 4 for 16×16, up to 8 for 64×64.
    #[arg(long = "box", value_name = "B", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(2..=8))]
    pub boxw: u8,
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: u64,
    /// The seed: the same seed and options give the same puzzles. Without it,
    /// one is taken from the clock and printed on stderr.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The symmetry of the givens.
    #[arg(long, value_enum, default_value = "rotate180")]
    pub symmetry: SymmetryArg,
    /// Stop removing givens at this many.
    #[arg(long, value_name = "G")]
    pub givens: Option<usize>,
    /// Only puzzles of this level. On 9×9, and for variant puzzles
    /// (jigsaws, diagonals, windows, killer cages, dots, ...) on any size, a
    /// band of the Sudoku Explainer rating: `easy` 1.0-1.5, `medium`
    /// 1.6-2.5, `hard` 2.6-6.0 (past it, ask for `--rating`); `easy` on
    /// house rules alone removes givens by singles. On other classic sizes
    /// the engine's grade: `easy` (singles solve it), `medium` (the engine
    /// solves it without guessing) or `hard` (it needs guessing). Puzzles keep the givens they need to stay at
    /// their level, so they need not be minimal.
    #[arg(long, value_enum, value_name = "L")]
    pub level: Option<LevelArg>,
    /// Only puzzles whose Sudoku Explainer rating (ER, as `ndoku rate`
    /// gives it) is in this range, such as `3.0-4.0`, or is one rating,
    /// such as `3.2`. A puzzle too hard gets givens back until it is in
    /// range. Ranges from 4.5 up take more attempts: raise `--attempts`.
    #[arg(long, value_name = "ER", value_parser = parse_rating)]
    pub rating: Option<RatingRange>,
    /// Only puzzles whose path of steps (as `ndoku explain` shows it) uses
    /// this technique and solves them, such as `x-wing` or `xy-wing`.
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub technique: Option<Technique>,
    /// Grids to try per puzzle before giving up on `--givens`, `--level`,
    /// `--rating` or `--technique` (at least 1). A 9×9 medium puzzle with `--symmetry rotate90` takes
    /// some 40 attempts on average, so the default of 100 fails for some.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,
    /// How to print: `line`, `grid` (box rules, a blank line after each),
    /// `tokens`, `json` (f-puzzles JSON, one object a line; `fpuzzles` is the
    /// same) or `fpuzzles-link` (an f-puzzles link a line). The default is
    /// `line` for classic puzzles and `json` for variant ones.
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
    /// Print the solution after each puzzle, after a tab (after the puzzle's
    /// grid with `--format grid`).
    #[arg(long)]
    pub with_solution: bool,
    /// Print 16×16 puzzles in hex (`0`-`F` for 1-16, `.` empty), as `solve
    /// --hex` reads them (`--box 4` only; tokens stay numbers).
    #[arg(long)]
    pub hex: bool,
    /// Worker threads (at most 1024); 0 or none means every core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub threads: u16,
    /// Puzzle: boxes of R×C cells on a board of R·C, such as `2x3` for 6×6
    /// or `3x4` for 12×12.
    #[arg(long, value_name = "RxC", value_parser = parse_boxes,
          conflicts_with_all = ["boxw", "jigsaw", "regions", "size"], help_heading = "Variants")]
    pub boxes: Option<(usize, usize)>,
    /// Puzzle: irregular regions, a random layout for each puzzle, on a
    /// board of `--size`.
    #[arg(long, conflicts_with_all = ["boxw", "regions"], help_heading = "Variants")]
    pub jigsaw: bool,
    /// Puzzle: the side of the board (default 9), for `--jigsaw`, or alone
    /// for boxes as f-puzzles draws them (6: 2×3, 8: 2×4, 12: 3×4, 81: 9×9,
    /// 90: 9×10), up to 400. Past 20 (14 for a jigsaw), ask for `--level
    /// easy` (or `--box B` for square boxes): carving by search takes
    /// minutes to hours there.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=400),
          conflicts_with_all = ["boxw", "regions"], help_heading = "Variants")]
    pub size: Option<u16>,
    /// Puzzle: irregular regions from FILE, N lines of N region names: one
    /// character each (`AAABBBCCC`), or names separated by spaces or commas.
    /// Blank lines and `#` comments are skipped.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "boxw",
        help_heading = "Variants"
    )]
    pub regions: Option<PathBuf>,
    /// Puzzle: both main diagonals are houses (X-Sudoku).
    #[arg(long, help_heading = "Variants")]
    pub diagonals: bool,
    /// Puzzle: Windoku windows are houses (square boxes only).
    #[arg(long, help_heading = "Variants")]
    pub windows: bool,
    /// Puzzle: disjoint groups, the cells at the same place in every box, are houses.
    #[arg(long, help_heading = "Variants")]
    pub disjoint_groups: bool,
    /// Puzzle: cells a knight's move apart differ.
    #[arg(long, help_heading = "Variants")]
    pub anti_knight: bool,
    /// Puzzle: cells a king's move apart differ.
    #[arg(long, help_heading = "Variants")]
    pub anti_king: bool,
    /// Puzzle: killer cages, a random set for each puzzle (connected cells
    /// of different values, 2 to 5 mostly), each with its sum; givens only
    /// where the cages do not make the solution unique, often none.
    #[arg(long, help_heading = "Variants")]
    pub killer: bool,
    /// Puzzle: Kropki dots, all given: a white dot between every two
    /// neighbours of the solution that differ by 1, a black one where one
    /// is twice the other, and the negative rule (no dot, neither holds).
    #[arg(long, help_heading = "Variants")]
    pub kropki: bool,
    /// Puzzle: XV, all given: an X between every two neighbours of the
    /// solution that sum to 10, a V where they sum to 5, and the negative
    /// rule.
    #[arg(long, help_heading = "Variants")]
    pub xv: bool,
    /// Puzzle: N thermometers, each 3 to 6 cells along which the solution
    /// increases (fewer when there is no room).
    #[arg(long, value_name = "N", default_value_t = 0, help_heading = "Variants")]
    pub thermo: usize,
    /// Puzzle: N arrows, each a circle and a line of 2 to 6 cells that sums
    /// to it in the solution (fewer when there is no room).
    #[arg(long, value_name = "N", default_value_t = 0, help_heading = "Variants")]
    pub arrows: usize,
    /// Print each puzzle's Sudoku Explainer rating (ER, as `ndoku rate`
    /// gives it, `-` when the ladder does not finish it) after a tab, and
    /// after the solution with `--with-solution`; with `--format json`, as
    /// the field `rating`.
    #[arg(long)]
    pub with_rating: bool,
}

/// How generated puzzles are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line: one character a cell (tokens on 64×64).
    Line,
    /// A grid, followed by a blank line.
    Grid,
    /// Numbers separated by spaces on one line.
    Tokens,
    /// f-puzzles JSON, one object a line; `--with-solution` adds its
    /// `solution` field.
    #[value(alias = "fpuzzles")]
    Json,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=...`), one a
    /// line: the JSON of `json`, compressed.
    FpuzzlesLink,
    /// The Interactive Sudoku Solver's constraint text, one puzzle a line
    /// (up to 16×16); `--with-solution` adds the solution's, after a tab.
    Iss,
}

impl OutputFormat {
    /// The name on the command line.
    fn name(self) -> &'static str {
        match self {
            OutputFormat::Line => "line",
            OutputFormat::Grid => "grid",
            OutputFormat::Tokens => "tokens",
            OutputFormat::Json => "json",
            OutputFormat::FpuzzlesLink => "fpuzzles-link",
            OutputFormat::Iss => "iss",
        }
    }
}

/// Reads `--rating`: `3.0-4.0`, or `3.2`.
fn parse_rating(text: &str) -> Result<RatingRange, String> {
    text.parse()
        .map_err(|e: ndoku::generate::RatingRangeError| e.to_string())
}

/// Reads `--technique` by its name; an unknown one lists the names.
fn parse_technique(text: &str) -> Result<Technique, String> {
    text.parse()
        .map_err(|e: ndoku::generate::UnknownName| e.to_string())
}

/// Reads `--boxes`: `RxC`, two sides from 1 whose product is at most 400.
fn parse_boxes(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected boxes as RxC, such as 2x3, found '{text}'");
    let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    );
    if r == 0 || c == 0 || r.saturating_mul(c) > 400 {
        return Err(format!(
            "boxes of {r}x{c} make no board of 1 to 400 cells a side"
        ));
    }
    Ok((r, c))
}

/// The rules of variant puzzles the options ask for, or `None` for classic
/// ones; or what is wrong with the options.
pub fn variant_rules(args: &GenerateArgs) -> Result<Option<Rules>, String> {
    let variant = args.boxes.is_some()
        || args.jigsaw
        || args.size.is_some()
        || args.regions.is_some()
        || args.diagonals
        || args.windows
        || args.disjoint_groups
        || args.anti_knight
        || args.anti_king
        || drawn(args);
    if !variant {
        return Ok(None);
    }
    let classic_only = [(args.hex, "--hex"), (args.givens.is_some(), "--givens")];
    if let Some((_, flag)) = classic_only.iter().find(|(set, _)| *set) {
        return Err(format!("{flag} is for classic puzzles, not variant ones"));
    }
    let rules_error = |e: ndoku::RulesError| e.to_string();
    let n = args.size.map_or(9, usize::from);
    let mut rules = if let Some(path) = &args.regions {
        let (n, map) = read_regions(path)?;
        Rules::jigsaw(n, &map).map_err(|e| format!("{}: {e}", path.display()))?
    } else if args.jigsaw {
        // A placeholder jigsaw of the boxes: each puzzle draws its own
        // layout, and the rules that need boxes are refused as on a jigsaw.
        Rules::jigsaw(
            n,
            &Rules::classic(n)
                .map_err(rules_error)?
                .geometry()
                .region_map(),
        )
        .map_err(rules_error)?
    } else if let Some((r, c)) = args.boxes {
        Rules::boxes(r, c).map_err(rules_error)?
    } else if args.size.is_some() {
        Rules::classic(n).map_err(rules_error)?
    } else {
        let b = usize::from(args.boxw);
        Rules::boxes(b, b).map_err(rules_error)?
    };
    if args.diagonals {
        rules = rules.with_diagonals();
    }
    if args.windows {
        rules = rules.with_windows().map_err(rules_error)?;
    }
    if args.disjoint_groups {
        rules = rules.with_disjoint_groups().map_err(rules_error)?;
    }
    if args.anti_knight {
        rules = rules.with_chess(ChessRule::AntiKnight);
    }
    if args.anti_king {
        rules = rules.with_chess(ChessRule::AntiKing);
    }
    let n = rules.size();
    let irregular = args.jigsaw || args.regions.is_some();
    let limit = if irregular {
        MAX_SEARCH_JIGSAW
    } else {
        MAX_SEARCH_SIDE
    };
    if n > limit && args.level != Some(LevelArg::Easy) {
        return Err(too_big_to_search(args, n, limit));
    }
    if let Some(format) = args.format.filter(|&f| {
        !matches!(
            f,
            OutputFormat::Json | OutputFormat::FpuzzlesLink | OutputFormat::Iss
        )
    }) && let Some(lost) = lost_in_cells(args, &rules)
    {
        let read_back = match classic_boxes(n).as_str() {
            "none" => {
                "which ndoku reads back only on sides with boxes (4, 6, 8, 9, 10, 12 …)".to_owned()
            }
            boxes => format!("which read back as a classic {n}x{n} puzzle with boxes of {boxes}"),
        };
        return Err(format!(
            "--format {} cannot carry {lost}: it writes only the cells, {read_back}. \
             Use --format json (f-puzzles JSON, the default for variant puzzles), which \
             carries the rules",
            format.name(),
        ));
    }
    Ok(Some(rules))
}

/// Whether the options draw rules from each solved grid: killer cages,
/// dots, XV, thermometers or arrows. Those puzzles are rated by the logic,
/// and a level is a band of ratings.
fn drawn(args: &GenerateArgs) -> bool {
    args.killer || args.kropki || args.xv || args.thermo > 0 || args.arrows > 0
}

/// The largest side the run-time generator carves by search (without
/// `--level easy`): it checks each orbit of givens with a uniqueness search,
/// and past 20×20 those take minutes to hours a puzzle (24×24: over a
/// minute; 29×29 without boxes: over a minute; 81×81: no end in sight),
/// where 20×20 takes seconds.
const MAX_SEARCH_SIDE: usize = 20;

/// [`MAX_SEARCH_SIDE`] for irregular regions, whose searches take longer:
/// 14×14 jigsaws take a second, 15×15 and 16×16 about a minute and
/// 18×18 over two (release, seed 1, a loaded machine).
const MAX_SEARCH_JIGSAW: usize = 14;

/// Why a variant puzzle of side `n` is not carved by search past `limit`,
/// and what to ask for instead.
fn too_big_to_search(args: &GenerateArgs, n: usize, limit: usize) -> String {
    let plain = args.boxes.is_none()
        && !args.jigsaw
        && args.regions.is_none()
        && !(args.diagonals
            || args.windows
            || args.disjoint_groups
            || args.anti_knight
            || args.anti_king
            || drawn(args));
    let layout = if limit == MAX_SEARCH_JIGSAW {
        " with irregular regions"
    } else {
        ""
    };
    let b = n.isqrt();
    let square = if plain && b * b == n && (2..=8).contains(&b) {
        format!(", or --box {b} for square boxes, which the classic generator carves by search")
    } else {
        String::new()
    };
    format!(
        "a {n}x{n} board{layout} is made only with --level easy{square}: past \
         {limit}x{limit}, a search for each given to remove takes minutes to hours a \
         puzzle, where --level easy removes givens by singles"
    )
}

/// The boxes ndoku reads a classic board of side `n` with, as `RxC`, or
/// `none` for a side whose boxes would be its rows.
fn classic_boxes(n: usize) -> String {
    match Rules::classic(n)
        .ok()
        .and_then(|r| r.geometry().box_shape())
    {
        Some((h, w)) if h > 1 && w > 1 => format!("{h}x{w}"),
        _ => "none".into(),
    }
}

/// What the cells alone (lines, grids and tokens) would lose of `rules`, as
/// the options named it; `None` when they read back as these rules: the
/// classic rules of the size (boxes as [`Rules::classic`] draws them), on a
/// side the readers take from cells (one with boxes, or past 64).
fn lost_in_cells(args: &GenerateArgs, rules: &Rules) -> Option<String> {
    let n = rules.size();
    let mut lost = Vec::new();
    if args.jigsaw {
        lost.push("irregular regions (--jigsaw)".to_owned());
    } else if let Some(path) = &args.regions {
        lost.push(format!("irregular regions (--regions {})", path.display()));
    } else if let Some((r, c)) = args.boxes
        && classic_boxes(n) != format!("{r}x{c}")
    {
        lost.push(format!("boxes of {r}x{c} (--boxes)"));
    }
    let flags = [
        (args.diagonals, "diagonals (--diagonals)"),
        (args.windows, "windows (--windows)"),
        (args.disjoint_groups, "disjoint groups (--disjoint-groups)"),
        (args.anti_knight, "anti-knight (--anti-knight)"),
        (args.anti_king, "anti-king (--anti-king)"),
        (args.killer, "killer cages (--killer)"),
        (args.kropki, "Kropki dots (--kropki)"),
        (args.xv, "XV (--xv)"),
        (args.thermo > 0, "thermometers (--thermo)"),
        (args.arrows > 0, "arrows (--arrows)"),
    ];
    lost.extend(
        flags
            .iter()
            .filter(|(set, _)| *set)
            .map(|(_, name)| (*name).to_owned()),
    );
    let unboxed = n <= 64 && classic_boxes(n) == "none";
    if lost.is_empty() && unboxed {
        lost.push(format!("a {n}x{n} board, which has no boxes"));
    }
    debug_assert!(!lost.is_empty() || *rules == Rules::classic(n).expect("a size from 1 to 400"));
    match lost.len() {
        0 => None,
        1 => lost.pop(),
        _ => {
            let last = lost.pop().expect("two or more");
            Some(format!("{} and {last}", lost.join(", ")))
        }
    }
}

/// Reads a region map: N lines of N region names, one character each or
/// separated by white space or commas; blank lines and `#` comments are
/// skipped. Returns N and the map, regions numbered in order of first
/// appearance.
fn read_regions(path: &Path) -> Result<(usize, Vec<usize>), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let names: Vec<String> = if line.contains(|c: char| c.is_whitespace() || c == ',') {
            line.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect()
        } else {
            line.chars().map(String::from).collect()
        };
        rows.push((k + 1, names));
    }
    let n = rows.len();
    if n == 0 {
        return Err(format!("{name}: no region map in it"));
    }
    // Every line of one width, other than their count: a line is missing
    // (or one too many), not a line too long.
    let width = rows[0].1.len();
    if width != n && rows.iter().all(|(_, names)| names.len() == width) {
        return Err(if n < width {
            format!(
                "{name}: a line is missing: {n} lines of {width} region names, where a {width}x{width} board has {width} rows (row {} is missing)",
                n + 1
            )
        } else {
            format!(
                "{name}: a line too many: {n} lines of {width} region names, where a {width}x{width} board has {width} rows (line {} is one too many)",
                rows[width].0
            )
        });
    }
    let mut order: Vec<String> = Vec::new();
    let mut map = Vec::with_capacity(n * n);
    for (line, names) in rows {
        if names.len() != n {
            return Err(format!(
                "{name}, line {line}: {} region names, expected {n} (one a cell of a {n}x{n} board)",
                names.len()
            ));
        }
        for region in names {
            let k = order.iter().position(|o| *o == region).unwrap_or_else(|| {
                order.push(region);
                order.len() - 1
            });
            map.push(k);
        }
    }
    Ok((n, map))
}

/// The symmetries, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn rotation.
    #[value(alias = "180")]
    Rotate180,
    /// Quarter-turn rotation.
    #[value(alias = "90")]
    Rotate90,
    /// Mirror top to bottom.
    Horizontal,
    /// Mirror left to right.
    Vertical,
    /// Mirror in the main diagonal.
    Diagonal,
}

impl From<SymmetryArg> for Symmetry {
    fn from(s: SymmetryArg) -> Self {
        match s {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Horizontal => Symmetry::Horizontal,
            SymmetryArg::Vertical => Symmetry::Vertical,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

/// The levels, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Singles solve it.
    Easy,
    /// The engine solves it without guessing; singles do not.
    Medium,
    /// The engine has to guess.
    Hard,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Self {
        match l {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
        }
    }
}

/// Puzzles made per round: enough to keep every thread busy, few enough that
/// output starts soon and memory stays small.
const ROUND: usize = 64;

/// Makes the puzzles, writes them to `out` in order (`failed` for one that
/// could not be made) and each error to `err`.
/// Sets `status` as it goes: 0, or 1 once a puzzle could not be made (so
/// that output cut short still exits with what it reported).
pub fn run(
    args: &GenerateArgs,
    rules: Option<Rules>,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
    status: &mut u8,
) -> io::Result<()> {
    if let Some(rules) = rules {
        return variants(args, rules, seed, out, err, status);
    }
    match args.boxw {
        2 => sized::<2>(args, seed, out, err, status),
        3 => sized::<3>(args, seed, out, err, status),
        4 => sized::<4>(args, seed, out, err, status),
        5 => sized::<5>(args, seed, out, err, status),
        6 => sized::<6>(args, seed, out, err, status),
        7 => sized::<7>(args, seed, out, err, status),
        _ => sized::<8>(args, seed, out, err, status),
    }
}

fn sized<const BOX: usize>(
    args: &GenerateArgs,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
    status: &mut u8,
) -> io::Result<()> {
    let mut generator = Generator::<BOX>::new(seed).with_symmetry(args.symmetry.into());
    if let Some(g) = args.givens {
        generator = generator.with_givens(g);
    }
    if let Some(l) = args.level {
        generator = generator.with_level(l.into());
    }
    if let Some(range) = args.rating {
        generator = generator.with_rating(range);
    }
    if let Some(technique) = args.technique {
        generator = generator.with_technique(technique);
    }
    generator = generator.with_attempts(args.attempts);
    let mut start = 0u64;
    while start < args.count {
        let count = (args.count - start).min(ROUND as u64) as usize;
        for (k, result) in generator.par_batch(start, count).into_iter().enumerate() {
            match result {
                Ok(puzzle) => out.write_all(print(&puzzle, args).as_bytes())?,
                Err(e) => {
                    *status = 1;
                    report(err, start + k as u64, &e)?;
                    out.write_all(failed(args).as_bytes())?;
                }
            }
        }
        out.flush()?;
        start += count as u64;
    }
    Ok(())
}

/// [`run`] for variant puzzles under `rules`.
fn variants(
    args: &GenerateArgs,
    rules: Rules,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
    status: &mut u8,
) -> io::Result<()> {
    let mut generator = VariantGenerator::new(rules, seed)
        .with_symmetry(args.symmetry.into())
        .with_attempts(args.attempts);
    if args.jigsaw {
        generator = generator.with_random_regions();
    }
    if args.killer {
        generator = generator.with_killer_cages();
    }
    if args.kropki {
        generator = generator.with_kropki_dots();
    }
    if args.xv {
        generator = generator.with_xv();
    }
    if args.thermo > 0 {
        generator = generator.with_thermometers(args.thermo);
    }
    if args.arrows > 0 {
        generator = generator.with_arrows(args.arrows);
    }
    if let Some(level) = args.level {
        generator = generator.with_level(level.into());
    }
    if let Some(range) = args.rating {
        generator = generator.with_rating(range);
    }
    if let Some(technique) = args.technique {
        generator = generator.with_technique(technique);
    }
    let mut start = 0u64;
    while start < args.count {
        let count = (args.count - start).min(ROUND as u64) as usize;
        for (k, result) in generator.par_batch(start, count).into_iter().enumerate() {
            match result {
                Ok(made) => out.write_all(print_variant(&made, args).as_bytes())?,
                Err(e) => {
                    *status = 1;
                    report(err, start + k as u64, &e)?;
                    out.write_all(failed(args).as_bytes())?;
                }
            }
        }
        out.flush()?;
        start += count as u64;
    }
    Ok(())
}

/// A variant puzzle (and its solution, when asked) as printed: f-puzzles
/// JSON by default, with the solution as its `solution` field.
fn print_variant(made: &GeneratedPuzzle, args: &GenerateArgs) -> String {
    // f-puzzles draws boards up to 16×16; past 64×64 a line of tokens reads
    // back, when it is of classic rules (JSON carries any others).
    let fallback = if made.puzzle.size() > 64 && lost_in_cells(args, made.puzzle.rules()).is_none()
    {
        OutputFormat::Line
    } else {
        OutputFormat::Json
    };
    let rating = args.with_rating.then(|| rate(&made.puzzle));
    match args.format.unwrap_or(fallback) {
        OutputFormat::Json => {
            json(
                &made.puzzle,
                args.with_solution.then_some(&made.solution),
                rating,
            ) + "\n"
        }
        OutputFormat::FpuzzlesLink => {
            link(
                &made.puzzle,
                args.with_solution.then_some(&made.solution),
                rating,
            ) + "\n"
        }
        format => {
            let show = |v: &Puzzle| match format {
                OutputFormat::Grid => format!("{v:#}"),
                OutputFormat::Tokens => v.to_tokens().replace('\n', " "),
                OutputFormat::Iss => crate::job::iss_text(v),
                _ => v.to_string(),
            };
            let (sep, end) = match format {
                OutputFormat::Grid => ("\n\n", "\n\n"),
                _ => ("\t", "\n"),
            };
            let mut text = show(&made.puzzle);
            if args.with_solution {
                text.push_str(sep);
                text.push_str(&show(&made.solution));
            }
            if let Some(rating) = rating {
                text.push_str(sep);
                text.push_str(&shown(rating));
            }
            text.push_str(end);
            text
        }
    }
}

/// The SE rating of `puzzle` in tenths, as `ndoku rate` gives it, when the
/// ladder finishes it.
fn rate(puzzle: &Puzzle) -> Option<u16> {
    ndoku::Logic::new()
        .assume_unique(true)
        .rate(puzzle)
        .ok()
        .and_then(|r| r.tenths())
}

/// A rating as printed: `3.2`, or `-` for none.
fn shown(rating: Option<u16>) -> String {
    rating.map_or_else(|| "-".to_owned(), |t| format!("{}.{}", t / 10, t % 10))
}

/// The f-puzzles JSON of `puzzle`, with `solution` as its `solution`
/// field (values row by row) when given, and a `rating` field when asked
/// for (`rating` is `Some`): the ER as a number, or `null` when the ladder
/// does not finish the puzzle.
fn json(puzzle: &Puzzle, solution: Option<&Puzzle>, rating: Option<Option<u16>>) -> String {
    let mut text = ndoku::text::fpuzzles::to_json(puzzle);
    if let Some(solution) = solution {
        let values: Vec<String> = solution.cells().iter().map(u16::to_string).collect();
        // The object's closing brace, then the field in its place.
        text.pop();
        text.push_str(&format!(",\"solution\":[{}]}}", values.join(",")));
    }
    if let Some(rating) = rating {
        let value = rating.map_or_else(|| "null".to_owned(), |t| format!("{}.{}", t / 10, t % 10));
        text.pop();
        text.push_str(&format!(",\"rating\":{value}}}"));
    }
    text
}

/// The f-puzzles link of `puzzle`, with `solution` in its JSON when given,
/// and `rating` as [`json`] writes it.
fn link(puzzle: &Puzzle, solution: Option<&Puzzle>, rating: Option<Option<u16>>) -> String {
    let mut read = ndoku::text::fpuzzles::FPuzzle::new(puzzle.clone());
    read.solution = solution.map(|s| s.cells().to_vec());
    if let Some(rating) = rating {
        let value = rating.map_or(serde_json::Value::Null, |t| {
            serde_json::json!(f64::from(t) / 10.0)
        });
        read.other.insert("rating".to_owned(), value);
    }
    read.to_link()
}

/// Says on `err` why puzzle `index` could not be made.
fn report(err: &mut impl Write, index: u64, e: &GenerateError) -> io::Result<()> {
    writeln!(err, "error: puzzle {}: {e}", index + 1)
}

/// What stands in the output for a puzzle that could not be made, so that
/// the Kth record is always puzzle K.
fn failed(args: &GenerateArgs) -> &'static str {
    match (args.format, args.with_solution) {
        // A puzzle and its solution are two blocks: so is a failure.
        (Some(OutputFormat::Grid), true) => "failed\n\nfailed\n\n",
        (Some(OutputFormat::Grid), false) => "failed\n\n",
        _ => "failed\n",
    }
}

/// The classic printing of `format`, `line` by default.
fn classic(format: Option<OutputFormat>) -> Format {
    match format {
        Some(OutputFormat::Grid) => Format::Grid,
        Some(OutputFormat::Tokens) => Format::Tokens,
        Some(OutputFormat::Iss) => Format::Iss,
        _ => Format::Line,
    }
}

/// A puzzle (and its solution, when asked) as printed.
fn print<const BOX: usize>(puzzle: &Generated<BOX>, args: &GenerateArgs) -> String {
    // Known when a rating, technique or 9×9 level was asked for.
    let rating = args
        .with_rating
        .then(|| puzzle.rating.or_else(|| rate(&Puzzle::from(&puzzle.board))));
    if let Some(format @ (OutputFormat::Json | OutputFormat::FpuzzlesLink)) = args.format {
        let as_variant = |b: &Board<BOX>| Puzzle::from(b);
        let solution = args.with_solution.then(|| as_variant(&puzzle.solution));
        let board = as_variant(&puzzle.board);
        return match format {
            OutputFormat::Json => json(&board, solution.as_ref(), rating),
            _ => link(&board, solution.as_ref(), rating),
        } + "\n";
    }
    let format = classic(args.format);
    let show = |b: &Board<BOX>| match (format, args.hex) {
        (Format::Line, false) => b.to_string(),
        (Format::Line, true) => b.to_string().chars().map(hex_digit).collect(),
        (Format::Tokens, _) => b.to_tokens(),
        (Format::Grid, false) => format!("{b:#}").trim_end().to_owned(),
        (Format::Grid, true) => format!("{b:#}").trim_end().chars().map(hex_digit).collect(),
        (Format::Iss, _) => crate::job::iss_text(&Puzzle::from(b)),
    };
    let (sep, end) = match format {
        Format::Grid => ("\n\n", "\n\n"),
        _ => ("\t", "\n"),
    };
    let mut text = show(&puzzle.board);
    if args.with_solution {
        text.push_str(sep);
        text.push_str(&show(&puzzle.solution));
    }
    if let Some(rating) = rating {
        text.push_str(sep);
        text.push_str(&shown(rating));
    }
    text.push_str(end);
    text
}
