//! A fast path for f-puzzles grids of plain cells (values, regions, pencil marks), read by hand.
//!
//! Most f-puzzles lines in a batch have grids of plain cells: `{"size":9,
//! "grid":[[{"value":5,"given":true},{"region":0},...]],...}`. Reading the
//! grid through serde costs several times a 9×9 search. This scanner reads
//! only such grids (cells with `value`, `given`, `region` and pencil-mark
//! lists) and passes every other key's value over as text, for serde. It
//! gives up on any other cell, an escape in a key, a repeated `size` or
//! `grid` or a value out of range, so that the full reader handles it and
//! names what is wrong. It never reports an error of its own.

/// A value's text when it is a list of numbers from 0 to 99 written
/// plainly (`[4,1,3,2]`, a solution), else `None`, for serde: a batch of
/// solved lines reads one a line.
pub(super) fn uints(text: &str) -> Option<Vec<u64>> {
    let items = text.as_bytes().strip_prefix(b"[")?.strip_suffix(b"]")?;
    let mut list = Vec::with_capacity(items.len() / 2 + 1);
    for item in items.split(|&c| c == b',') {
        list.push(two_digits(item)?);
    }
    Some(list)
}

/// `digits` as a number from 0 to 99 written plainly (no leading zero).
fn two_digits(digits: &[u8]) -> Option<u64> {
    let digit = |d: u8| u64::from(d - b'0');
    match *digits {
        [a @ b'0'..=b'9'] => Some(digit(a)),
        [a @ b'1'..=b'9', b @ b'0'..=b'9'] => Some(digit(a) * 10 + digit(b)),
        _ => None,
    }
}

/// What a line holds: the grid, read here, and every other key's value
/// as its JSON text, for the full reader's own code to read.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Plain<'a> {
    /// N, the side.
    pub n: usize,
    /// The givens, row-major, 0 for empty.
    pub givens: Vec<u16>,
    /// Each cell's region name, row-major, when the cells name regions.
    pub regions: Option<Vec<usize>>,
    /// The other keys, in the order written, each with its value's text.
    pub fields: Vec<(&'a str, &'a str)>,
}

/// What `text` holds, or `None` when its grid is anything more.
pub(super) fn read(text: &str) -> Option<Plain<'_>> {
    let mut s = Scan {
        b: text.as_bytes(),
        i: 0,
    };
    let (mut size, mut grid, mut fields) = (None, None, Vec::new());
    s.eat(b'{')?;
    loop {
        match s.key()? {
            b"size" if size.is_none() => size = Some(s.uint()?),
            b"grid" if grid.is_none() => grid = Some(s.grid(size)?),
            b"size" | b"grid" => return None,
            key => {
                let value = s.value()?;
                // Keys and values run between ASCII marks: whole characters.
                fields.push((
                    std::str::from_utf8(key).ok()?,
                    std::str::from_utf8(value).ok()?,
                ));
            }
        }
        if !s.next(b'}')? {
            break;
        }
    }
    s.ws();
    if s.i != s.b.len() {
        return None;
    }
    let n = usize::try_from(size?).ok()?;
    let Grid {
        rows,
        width,
        cells,
        max,
        regions,
    } = grid?;
    let fits = rows == n && width == Some(n) && usize::from(max) <= n;
    // Regions named by every cell or by none.
    let regions = match regions.len() {
        0 => None,
        k if k == n * n => Some(regions),
        _ => return None,
    };
    fits.then_some(Plain {
        n,
        givens: cells,
        regions,
        fields,
    })
}

/// A grid as read: its number of rows, the length of each (`None` when
/// they differ), every cell's given value, the largest, and the region
/// names of the cells that name one (all or none, as [`read`] checks).
struct Grid {
    rows: usize,
    width: Option<usize>,
    cells: Vec<u16>,
    max: u16,
    regions: Vec<usize>,
}

/// A given cell as f-puzzles writes it, `{"value":5,"given":true}`, at the
/// start of `rest`: its value (1 to 99) and length.
fn given(rest: &[u8]) -> Option<(u16, usize)> {
    let (v, len) = given_head(rest)?;
    (rest.get(len) == Some(&b'}')).then_some((v, len + 1))
}

/// A given cell up to its closing brace, `{"value":5,"given":true`, at the
/// start of `rest`: its value (1 to 99) and length.
fn given_head(rest: &[u8]) -> Option<(u16, usize)> {
    let value = rest.strip_prefix(b"{\"value\":")?;
    let digit = |d: u8| u16::from(d - b'0');
    let (v, digits) = match *value {
        [a @ b'1'..=b'9', b @ b'0'..=b'9', ..] => (digit(a) * 10 + digit(b), 2),
        [a @ b'1'..=b'9', ..] => (digit(a), 1),
        _ => return None,
    };
    // A third digit, like anything else, fails here.
    value[digits..]
        .starts_with(GIVEN)
        .then_some((v, 9 + digits + GIVEN.len()))
}

/// How a given cell goes on after its value, as f-puzzles writes it.
const GIVEN: &[u8] = b",\"given\":true";

/// A jigsaw cell's region and closing brace as f-puzzles writes them,
/// `"region":3}`, at the start of `rest`: the region's name (0 to 99; a
/// longer one is left to the full scan) and the length.
fn region_end(rest: &[u8]) -> Option<(usize, usize)> {
    let name = rest.strip_prefix(b"\"region\":")?;
    let digits = name.iter().take(3).position(|&c| c == b'}')?;
    let r = two_digits(&name[..digits])?;
    Some((r as usize, 9 + digits + 1))
}

/// A cursor over the bytes of the text.
struct Scan<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Scan<'a> {
    /// Skips JSON whitespace.
    fn ws(&mut self) {
        while matches!(self.b.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    /// Takes `c` after any whitespace.
    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    /// After an item: `true` on a comma (another item follows), `false` on
    /// the closing bracket `close`.
    fn next(&mut self, close: u8) -> Option<bool> {
        self.ws();
        let c = *self.b.get(self.i)?;
        self.i += 1;
        match c {
            b',' => Some(true),
            _ if c == close => Some(false),
            _ => None,
        }
    }

    /// A key without escapes, and its colon.
    fn key(&mut self) -> Option<&'a [u8]> {
        self.eat(b'"')?;
        let start = self.i;
        loop {
            match *self.b.get(self.i)? {
                b'"' => break,
                b'\\' => return None,
                _ => self.i += 1,
            }
        }
        let key = &self.b[start..self.i];
        self.i += 1;
        self.eat(b':')?;
        Some(key)
    }

    /// A whole number of at most 9 digits, without sign or leading zero.
    fn uint(&mut self) -> Option<u64> {
        self.ws();
        let digits = self.b[self.i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 || digits > 9 || (digits > 1 && self.b[self.i] == b'0') {
            return None;
        }
        let v = self.b[self.i..self.i + digits]
            .iter()
            .fold(0, |v, &d| v * 10 + u64::from(d - b'0'));
        self.i += digits;
        // `5.0`, `5e1` and the like are numbers serde reads otherwise.
        (!matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E'))).then_some(v)
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Option<bool> {
        self.ws();
        let rest = &self.b[self.i..];
        let (v, len) = if rest.starts_with(b"true") {
            (true, 4)
        } else if rest.starts_with(b"false") {
            (false, 5)
        } else {
            return None;
        };
        self.i += len;
        Some(v)
    }

    /// A list of whole numbers (pencil marks), passed over.
    fn numbers(&mut self) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            self.uint()?;
            if !self.next(b']')? {
                return Some(());
            }
        }
    }

    /// The text of one JSON value, passed over by its brackets and quotes
    /// alone: whether it is valid JSON is for serde to say.
    fn value(&mut self) -> Option<&'a [u8]> {
        self.ws();
        let (start, mut depth, mut quoted) = (self.i, 0usize, false);
        loop {
            let c = *self.b.get(self.i)?;
            if quoted {
                match c {
                    b'\\' => self.i += 1,
                    b'"' => quoted = false,
                    _ => {}
                }
            } else {
                match c {
                    b'"' => quoted = true,
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' if depth == 0 => break,
                    b']' | b'}' => depth -= 1,
                    b',' if depth == 0 => break,
                    _ => {}
                }
            }
            self.i += 1;
        }
        let end = self.b[start..self.i].trim_ascii_end().len();
        (end > 0).then(|| &self.b[start..start + end])
    }

    /// The grid. `size`, when it came first, sizes the list of cells.
    fn grid(&mut self, size: Option<u64>) -> Option<Grid> {
        let n = size.map_or(0, |n| n.min(64) as usize);
        let mut grid = Grid {
            rows: 0,
            width: None,
            cells: Vec::with_capacity(n * n),
            max: 0,
            regions: Vec::new(),
        };
        self.ws();
        let start = self.i;
        if self.compact(&mut grid).is_some() {
            return Some(grid);
        }
        // Anything else from the start: spaces, pencil marks, rows of
        // different lengths.
        (self.i, grid.rows, grid.width, grid.max) = (start, 0, None, 0);
        grid.cells.clear();
        grid.regions.clear();
        let cells = &mut grid.cells;
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(grid);
        }
        loop {
            let before = cells.len();
            self.eat(b'[')?;
            if self.eat(b']').is_none() {
                loop {
                    // Runs of empty cells, as f-puzzles writes them.
                    while self.b.get(self.i..self.i + 3) == Some(b"{},") {
                        cells.push(0);
                        self.i += 3;
                    }
                    let (v, region) = self.cell()?;
                    grid.max = grid.max.max(v);
                    cells.push(v);
                    grid.regions.extend(region);
                    if !self.next(b']')? {
                        break;
                    }
                }
            }
            let len = cells.len() - before;
            grid.width = if grid.rows == 0 || grid.width == Some(len) {
                Some(len)
            } else {
                None
            };
            grid.rows += 1;
            if !self.next(b']')? {
                return Some(grid);
            }
        }
    }

    /// The grid as f-puzzles writes it, without spaces: rows of the same
    /// length of `{}` and `{"value":5,"given":true}` cells, or in jigsaws
    /// `{"region":3}` and `{"value":5,"given":true,"region":3}`, read with a
    /// comparison or two a cell. `None`, with `grid` and the cursor left
    /// part way, for anything else.
    fn compact(&mut self, grid: &mut Grid) -> Option<()> {
        let (b, cells) = (self.b, &mut grid.cells);
        let mut i = self.i;
        (b.get(i) == Some(&b'[')).then_some(())?;
        i += 1;
        loop {
            (b.get(i) == Some(&b'[')).then_some(())?;
            i += 1;
            let before = cells.len();
            loop {
                let rest = b.get(i..)?;
                if rest.starts_with(b"{}") {
                    cells.push(0);
                    i += 2;
                } else if let Some((r, len)) = rest.strip_prefix(b"{").and_then(region_end) {
                    // A jigsaw's empty cell, `{"region":3}`.
                    cells.push(0);
                    grid.regions.push(r);
                    i += 1 + len;
                } else {
                    let (v, len) = given_head(rest)?;
                    grid.max = grid.max.max(v);
                    cells.push(v);
                    i += len;
                    // `}`, or a jigsaw's `,"region":3}`.
                    match rest.get(len)? {
                        b'}' => i += 1,
                        b',' => {
                            let (r, end) = region_end(&rest[len + 1..])?;
                            grid.regions.push(r);
                            i += 1 + end;
                        }
                        _ => return None,
                    }
                }
                i += 1;
                match b.get(i - 1)? {
                    b',' => {}
                    b']' => break,
                    _ => return None,
                }
            }
            let len = cells.len() - before;
            match grid.width {
                None => grid.width = Some(len),
                Some(width) if width == len => {}
                Some(_) => return None,
            }
            grid.rows += 1;
            i += 1;
            match b.get(i - 1)? {
                b',' => {}
                b']' => break,
                _ => return None,
            }
        }
        self.i = i;
        Some(())
    }

    /// One cell: its value when it is given, else 0, and its region name.
    fn cell(&mut self) -> Option<(u16, Option<usize>)> {
        // Most cells are empty, and the rest given, as f-puzzles writes them.
        let rest = &self.b[self.i..];
        if rest.starts_with(b"{}") {
            self.i += 2;
            return Some((0, None));
        }
        if let Some((v, len)) = given(rest) {
            self.i += len;
            return Some((v, None));
        }
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some((0, None));
        }
        let (mut value, mut given, mut region, mut seen) = (None, None, None, 0u8);
        loop {
            let key = self.key()?;
            let bit = match key {
                b"value" => {
                    value = Some(self.uint()?);
                    1
                }
                b"given" => {
                    given = Some(self.boolean()?);
                    2
                }
                b"region" => {
                    region = Some(usize::try_from(self.uint()?).ok()?);
                    32
                }
                b"centerPencilMarks" => self.numbers().map(|()| 4)?,
                b"cornerPencilMarks" => self.numbers().map(|()| 8)?,
                b"candidates" => self.numbers().map(|()| 16)?,
                _ => return None,
            };
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
            if !self.next(b'}')? {
                break;
            }
        }
        let v = match (value, given) {
            (Some(0), _) => return None,
            (Some(_), Some(false)) | (None, _) => 0,
            (Some(v), _) => u16::try_from(v).ok()?,
        };
        Some((v, region))
    }
}

#[cfg(test)]
mod tests {
    /// The size and givens [`super::read`] finds.
    fn read(text: &str) -> Option<(usize, Vec<u16>)> {
        super::read(text).map(|p| (p.n, p.givens))
    }

    /// `cells` (0 for empty) as f-puzzles JSON, `{"size":N,"grid":...}`,
    /// with `sep` after each comma.
    fn json(n: usize, cells: &[u16], sep: &str) -> String {
        let cell = |v: u16| match v {
            0 => "{}".to_owned(),
            v => format!(r#"{{"value":{v},"given":true}}"#),
        };
        let rows: Vec<String> = cells
            .chunks(n)
            .map(|row| {
                format!(
                    "[{}]",
                    row.iter()
                        .map(|&v| cell(v))
                        .collect::<Vec<_>>()
                        .join(&format!(",{sep}"))
                )
            })
            .collect();
        format!(
            r#"{{"size":{n},{sep}"grid":[{}]}}"#,
            rows.join(&format!(",{sep}"))
        )
    }

    #[test]
    fn compact_grids_read_as_spaced_ones() {
        let mut cells = vec![0u16; 81];
        for (i, v) in [(0, 5), (8, 1), (40, 9), (44, 3), (80, 2)] {
            cells[i] = v;
        }
        let compact = json(9, &cells, "");
        assert!(!compact.contains(' '));
        assert_eq!(read(&compact), Some((9, cells.clone())));
        assert_eq!(read(&json(9, &cells, " ")), Some((9, cells.clone())));
        // Grid before size, as `to_json` writes it.
        let grid_first = compact
            .replace(r#""size":9,"#, "")
            .replace("]]}", r#"]],"size":9}"#);
        assert_eq!(read(&grid_first), Some((9, cells.clone())));
        // A shape the compact scan does not take, late in the grid: read in full.
        let marks = compact.replacen("{},{}]", r#"{},{"centerPencilMarks":[1,2]}]"#, 1);
        assert_ne!(marks, compact);
        assert_eq!(read(&marks), Some((9, cells.clone())));
        // Rows of two lengths, in either scan; a value past the size.
        let short = compact.replacen("{},", "", 1);
        assert_eq!(read(&short), None);
        assert_eq!(read(&short.replace(",", ", ")), None);
        let past = compact.replacen(r#""value":9,"#, r#""value":10,"#, 1);
        assert_ne!(past, compact);
        assert_eq!(read(&past), None);
        assert_eq!(
            read(&compact.replacen(r#""value":9,"#, r#""value":100,"#, 1)),
            None
        );
    }

    #[test]
    fn jigsaw_grids_read_as_spaced_ones() {
        // A 4×4 jigsaw, regions named out of order, as f-puzzles writes it.
        let regions = [7, 7, 7, 12, 7, 3, 12, 12, 3, 3, 12, 0, 3, 0, 0, 0];
        let givens = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];
        let cell = |(v, r): (&u16, &usize)| match v {
            0 => format!(r#"{{"region":{r}}}"#),
            v => format!(r#"{{"value":{v},"given":true,"region":{r}}}"#),
        };
        let cells: Vec<String> = givens.iter().zip(&regions).map(cell).collect();
        let json = |sep: &str| {
            let rows: Vec<String> = cells
                .chunks(4)
                .map(|row| format!("[{}]", row.join(&format!(",{sep}"))))
                .collect();
            format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","))
        };
        let want = Some((givens.to_vec(), Some(regions.to_vec())));
        let read = |text: &str| super::read(text).map(|p| (p.givens, p.regions));
        let compact = json("");
        assert_eq!(read(&compact), want);
        assert_eq!(read(&json(" ")), want);
        // A shape the compact scan does not take, in the last cell: read in
        // full from the start, each region once.
        let marks = compact.replace(
            r#"{"value":2,"given":true,"region":0}"#,
            r#"{"region":0,"value":2,"given":true}"#,
        );
        assert_ne!(marks, compact);
        assert_eq!(read(&marks), want);
        // Names as the full scan refuses them; a cell without one.
        for (from, to) in [
            (r#""region":12}"#, r#""region":012}"#),
            (r#""region":12}"#, r#""region":1.5}"#),
            (r#"{"region":3}"#, "{}"),
        ] {
            let wrong = compact.replacen(from, to, 1);
            assert_ne!(wrong, compact);
            assert_eq!(read(&wrong), None, "{to}");
        }
    }

    #[test]
    fn lists_of_numbers_read_as_serde_reads_them() {
        for text in ["[4,1,3,2]", "[0]", "[10,99,7]", "[16,1,2]"] {
            let by_hand = super::uints(text).expect(text);
            let serde: Vec<u64> = serde_json::from_str(text).expect(text);
            assert_eq!(by_hand, serde, "{text}");
        }
        // Anything else is left to serde.
        for text in [
            "[]", "[1, 2]", "[01]", "[100]", "[1.0]", "[-1]", "[1,]", "1", "[\"1\"]",
        ] {
            assert_eq!(super::uints(text), None, "{text}");
        }
    }

    #[test]
    fn plain_grids_are_read() {
        let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{"value":3,"given":false},{}],
            [{},{"centerPencilMarks":[1,2],"cornerPencilMarks":[]},{},{}],[{},{},{},{}],[{},{},{},{"value":4}]]}"#;
        let (n, cells) = read(json).expect("a plain grid");
        assert_eq!(n, 4);
        assert_eq!(cells, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
    }

    #[test]
    fn anything_more_is_left_to_the_full_reader() {
        let row = r#"[{},{},{},{}]"#;
        let grid = |cell: &str| {
            format!(r#"{{"size":4,"grid":[[{cell},{{}},{{}},{{}}],{row},{row},{row}]}}"#)
        };
        assert!(read(&grid("{}")).is_some());
        for cell in [
            r#"{"value":5}"#,
            r#"{"value":0}"#,
            r#"{"value":"1"}"#,
            r#"{"value":1.0}"#,
            r#"{"value":01}"#,
            r#"{"value":1,"value":2}"#,
            r#"{"region":0}"#,
            r##"{"c":"#FF0000"}"##,
            r#"{"val\u0075e":1}"#,
        ] {
            assert_eq!(read(&grid(cell)), None, "{cell}");
        }
        let short = format!(r#"{{"size":4,"grid":[{row},{row},{row}]}}"#);
        assert_eq!(read(&short), None);
        // Other keys are passed over as text, strings with brackets too.
        let more = format!(
            r#"{{"size":4,"grid":[{row},{row},{row},{row}],"antiknight":true , "text":[{{"value":"]}},\"["}}]}}"#
        );
        let fields = super::read(&more).expect("a plain grid").fields;
        assert_eq!(
            fields,
            [("antiknight", "true"), ("text", r#"[{"value":"]},\"["}]"#)]
        );
        let twice = format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}],"size":4}}"#);
        assert_eq!(read(&twice), None);
        assert_eq!(read(&format!("{} x", grid("{}"))), None);
    }
}
