//! A fast path for plain f-puzzles grids (`size` and `grid` of values only), read by hand.
//!
//! Most f-puzzles lines in a batch are classic puzzles: `{"size":9,"grid":
//! [[{"value":5,"given":true},{},...]]}`. Reading them through serde costs
//! several times the 9×9 search. This scanner takes only that shape (cells
//! with `value`, `given` and pencil-mark lists) and gives up on anything
//! else, a region, a constraint, a string, an escape, a duplicate key or a
//! value out of range, so that the full reader handles it and names what is
//! wrong. It never reports an error of its own.

/// The size and the givens (row-major, 0 for empty) of a plain grid, or
/// `None` when `text` is anything more.
pub(super) fn read(text: &str) -> Option<(usize, Vec<u16>)> {
    let mut s = Scan {
        b: text.as_bytes(),
        i: 0,
    };
    let (mut size, mut grid) = (None, None);
    s.eat(b'{')?;
    loop {
        match s.key()? {
            b"size" if size.is_none() => size = Some(s.uint()?),
            b"grid" if grid.is_none() => grid = Some(s.grid(size)?),
            _ => return None,
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
    let (rows, width, cells) = grid?;
    (rows == n && width == Some(n)).then_some(())?;
    cells
        .iter()
        .all(|&v| u64::from(v) <= n as u64)
        .then_some((n, cells))
}

/// How a given cell ends after its value, as f-puzzles writes it.
const GIVEN_END: &[u8] = b",\"given\":true}";

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

    /// The grid: its number of rows, the length of each (`None` when they
    /// differ), and every cell's given value. `size`, when it came first,
    /// sizes the list.
    fn grid(&mut self, size: Option<u64>) -> Option<(usize, Option<usize>, Vec<u16>)> {
        let n = size.map_or(0, |n| n.min(64) as usize);
        let mut cells = Vec::with_capacity(n * n);
        let (mut rows, mut width) = (0, None);
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some((rows, width, cells));
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
                    cells.push(self.cell()?);
                    if !self.next(b']')? {
                        break;
                    }
                }
            }
            let len = cells.len() - before;
            width = if rows == 0 || width == Some(len) {
                Some(len)
            } else {
                None
            };
            rows += 1;
            if !self.next(b']')? {
                return Some((rows, width, cells));
            }
        }
    }

    /// One cell: its value when it is given, else 0.
    fn cell(&mut self) -> Option<u16> {
        // Most cells are empty, and the rest given, as f-puzzles writes them.
        let rest = &self.b[self.i..];
        if rest.starts_with(b"{}") {
            self.i += 2;
            return Some(0);
        }
        if let Some(value) = rest.strip_prefix(b"{\"value\":") {
            let digits = value.iter().take_while(|c| c.is_ascii_digit()).count();
            if (1..=2).contains(&digits)
                && value[0] != b'0'
                && value[digits..].starts_with(GIVEN_END)
            {
                let v = value[..digits]
                    .iter()
                    .fold(0, |v, &d| v * 10 + u16::from(d - b'0'));
                self.i += 9 + digits + GIVEN_END.len();
                return Some(v);
            }
        }
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(0);
        }
        let (mut value, mut given, mut seen) = (None, None, 0u8);
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
        match (value, given) {
            (Some(0), _) => None,
            (Some(_), Some(false)) | (None, _) => Some(0),
            (Some(v), _) => u16::try_from(v).ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::read;

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
        let more = format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}],"antiknight":true}}"#);
        assert_eq!(read(&more), None);
        assert_eq!(read(&format!("{} x", grid("{}"))), None);
    }
}
