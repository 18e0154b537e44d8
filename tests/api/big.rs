//! Big classic boards for the tests: a solution grid of any box shape, givens
//! kept by a seeded generator, and the texts people write such boards in.
#![allow(dead_code)]

/// A solution of the classic board with boxes of `h`×`w` (N = h·w): row `r`
/// is the first row shifted by `(r % h) * w + r / h`, so that every row,
/// column and box holds each value once. Row-major, values 1 to N.
pub fn pattern(h: usize, w: usize) -> Vec<u16> {
    let n = h * w;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % h) * w + r / h + c) % n + 1) as u16
        })
        .collect()
}

/// `grid` with about `kept` percent of its cells kept and the rest empty,
/// chosen by a generator seeded with `seed` (splitmix64, reproducible).
pub fn blanked(grid: &[u16], kept: u64, seed: u64) -> Vec<u16> {
    let mut state = seed;
    grid.iter()
        .map(|&v| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            if z % 100 < kept { v } else { 0 }
        })
        .collect()
}

/// A cell as a token: its number, or `.` for empty.
fn token(v: u16) -> String {
    if v == 0 { ".".into() } else { v.to_string() }
}

/// The cells of an `n`×`n` board as tokens separated by `sep`, a row a line
/// when `rows` is set, else all on one line.
pub fn tokens(cells: &[u16], n: usize, sep: &str, rows: bool) -> String {
    let line_break = if rows { "\n" } else { sep };
    cells
        .chunks(n)
        .map(|row| row.iter().map(|&v| token(v)).collect::<Vec<_>>().join(sep))
        .collect::<Vec<_>>()
        .join(line_break)
        + "\n"
}

/// The board as boxed text in hkociemba's layout: numbers right-aligned in
/// four columns, `|` between boxes of `h`×`w` and at either side, and a
/// rule of `+` and `-` above every band of boxes and below the last.
pub fn boxed(cells: &[u16], h: usize, w: usize) -> String {
    let n = h * w;
    let rule = format!(" +{}\n", format!("{}+", "-".repeat(4 * w + 1)).repeat(h));
    let mut text = String::new();
    for (r, row) in cells.chunks(n).enumerate() {
        if r % h == 0 {
            text += &rule;
        }
        text += " |";
        for (c, &v) in row.iter().enumerate() {
            text += &format!("{:>4}", token(v));
            if (c + 1) % w == 0 {
                text += " |";
            }
        }
        text += "\n";
    }
    text + &rule
}
