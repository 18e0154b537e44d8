//! Reading puzzle files: lines with a length cap, comments, bad bytes, and single-grid files.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use ndoku::AnyBoard;

/// The longest line read; a 64×64 puzzle in tokens takes about 12 KiB.
pub const MAX_LINE: usize = 1 << 20;

/// The most text a single puzzle in grid format may take.
const MAX_GRID: usize = 256 << 10;

/// How many leading bytes are looked at to tell a text file from a binary one.
const SNIFF: usize = 8 << 10;

/// What the command line names as input: a file, or `-` for stdin.
#[derive(Clone, Debug)]
pub enum Source {
    /// Standard input, named `<stdin>` in messages.
    Stdin,
    /// A file.
    File(std::path::PathBuf),
}

impl Source {
    /// The name used in messages.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".into(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The size in bytes, when it is a regular file (for the progress bar).
    pub fn len(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
        }
    }

    /// Opens the source for reading, checking that it is a readable text file.
    ///
    /// # Errors
    ///
    /// A message without the name: a missing file, a directory, a file that holds
    /// NUL bytes near its start (not text), or any other I/O error.
    pub fn open(&self) -> Result<Lines, String> {
        let (reader, interactive): (Box<dyn Read + Send>, bool) = match self {
            Source::Stdin => {
                let interactive = !is_regular(Path::new("/dev/stdin"));
                (Box::new(io::stdin()), interactive)
            }
            Source::File(path) => {
                if path.is_dir() {
                    return Err("is a directory".into());
                }
                let file = File::open(path).map_err(|e| io_message(&e))?;
                (Box::new(file), !is_regular(path))
            }
        };
        let mut lines = Lines {
            reader: BufReader::with_capacity(64 << 10, reader),
            interactive,
            line: 0,
            bytes: 0,
            pending: VecDeque::new(),
            started: false,
            buf: Vec::new(),
        };
        lines.sniff()?;
        Ok(lines)
    }
}

/// Whether `path` is a regular file, where reading never waits for a writer.
fn is_regular(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// An I/O error as a short lowercase message, without the `(os error N)` tail.
pub fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => "read error".into(),
    }
}

/// How a record's text is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One puzzle on one line.
    Line,
    /// One puzzle over several lines (a grid file).
    Grid,
}

/// One puzzle as read: where it starts, and its text or why it could not be read.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based line number of its first line.
    pub line: usize,
    /// The text, or a message saying why it could not be read.
    pub text: Result<String, String>,
    /// Line or grid.
    pub shape: Shape,
}

/// Records read together. Their texts share one buffer, so that reading a
/// line allocates nothing.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Every record's text, one after another.
    text: String,
    /// Each record's first line, text (as a range of `text`) and shape.
    records: Vec<(usize, Result<std::ops::Range<usize>, String>, Shape)>,
}

/// One record of a [`Chunk`].
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    /// 1-based line number of its first line.
    pub line: usize,
    /// The text, or a message saying why it could not be read.
    pub text: Result<&'a str, &'a str>,
    /// Line or grid.
    pub shape: Shape,
}

impl Chunk {
    /// The number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether it holds no record.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The bytes of text its records hold.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Its records in order.
    pub fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.records.iter().map(|(line, text, shape)| Entry {
            line: *line,
            text: match text {
                Ok(range) => Ok(&self.text[range.clone()]),
                Err(message) => Err(message.as_str()),
            },
            shape: *shape,
        })
    }

    fn push_text(&mut self, line: usize, text: &str, shape: Shape) {
        let start = self.text.len();
        self.text.push_str(text);
        self.records.push((line, Ok(start..self.text.len()), shape));
    }

    fn push(&mut self, line: usize, text: Result<&str, String>, shape: Shape) {
        match text {
            Ok(text) => self.push_text(line, text, shape),
            Err(message) => self.records.push((line, Err(message), shape)),
        }
    }
}

/// A line that may hold a puzzle, as read.
enum Raw {
    /// Its text.
    Text(String),
    /// It could not be read, and this says why.
    Bad(String),
}

impl Raw {
    fn into_record(self, line: usize) -> Record {
        let text = match self {
            Raw::Text(t) => Ok(t),
            Raw::Bad(m) => Err(m),
        };
        Record {
            line,
            text,
            shape: Shape::Line,
        }
    }
}

/// The records of one source, read lazily with bounded memory.
pub struct Lines {
    reader: BufReader<Box<dyn Read + Send>>,
    interactive: bool,
    line: usize,
    bytes: u64,
    /// Records read ahead while looking for a grid, in order.
    pending: VecDeque<Record>,
    started: bool,
    /// The line being read, kept across lines so that reading one does not
    /// grow a fresh buffer from empty.
    buf: Vec<u8>,
}

impl Lines {
    /// Bytes consumed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether reading more would wait for a writer (stdin from a pipe or a
    /// terminal) while nothing is buffered: then a batch should not wait to fill.
    pub fn would_block(&self) -> bool {
        self.interactive && self.pending.is_empty() && self.reader.buffer().is_empty()
    }

    /// Fails on a file that holds a NUL byte near its start: that is no text.
    fn sniff(&mut self) -> Result<(), String> {
        if self.interactive {
            return Ok(()); // Don't wait on a terminal or a pipe to look ahead.
        }
        let head = fill(&mut self.reader).map_err(|e| io_message(&e))?;
        if head[..head.len().min(SNIFF)].contains(&0) {
            return Err("not a text file (it holds NUL bytes)".into());
        }
        Ok(())
    }

    /// Adds the next record to `chunk`. Returns false, adding nothing, at the end.
    ///
    /// # Errors
    ///
    /// I/O errors of the underlying reader, as messages.
    pub fn next_record(&mut self, chunk: &mut Chunk) -> Result<bool, String> {
        if !self.started {
            self.started = true;
            self.look_for_grid()?;
        }
        if let Some(record) = self.pending.pop_front() {
            chunk.push(
                record.line,
                record.text.as_deref().map_err(Clone::clone),
                record.shape,
            );
            return Ok(true);
        }
        let Some((line, text)) = self.next_line()? else {
            return Ok(false);
        };
        chunk.push(line, text, Shape::Line);
        Ok(true)
    }

    /// Reads ahead to the first two lines that hold cells. When both have the
    /// cells of one row of the same board, the file is taken for one puzzle in
    /// grid format, and the rest is read as part of it, unless a line turns up
    /// that holds a whole puzzle, or the text grows past [`MAX_GRID`]: then it
    /// was a file of puzzles after all, and every line read ahead is a record.
    fn look_for_grid(&mut self) -> Result<(), String> {
        let mut ahead: Vec<(usize, Raw)> = Vec::new();
        let mut widths: Vec<Option<usize>> = Vec::new();
        // Stop at a first line that is no row, so that a puzzle typed or piped
        // in alone is answered without waiting for the next line.
        while widths.len() < 2 && widths.first() != Some(&None) {
            let Some(raw) = self.next_raw()? else { break };
            match &raw {
                Raw::Text(t) if cells(t) > 0 => widths.push(row_width(t)),
                Raw::Text(_) => {} // A box rule: part of a grid, or a bad line.
                Raw::Bad(_) => widths.extend([None, None]),
            }
            ahead.push((self.line, raw));
        }
        let width = match widths[..] {
            [Some(a), Some(b)] if a == b => a,
            _ => return self.keep_as_lines(ahead),
        };
        let mut size = 0usize;
        while let Some(raw) = self.next_raw()? {
            if let Raw::Text(t) = &raw {
                size += t.len() + 1;
                if size > MAX_GRID || (row_width(t) != Some(width) && is_whole(t)) {
                    ahead.push((self.line, raw));
                    return self.keep_as_lines(ahead);
                }
            }
            ahead.push((self.line, raw));
        }
        let first = ahead[0].0;
        let mut text = String::with_capacity(size);
        let mut bad = None;
        for (line, raw) in ahead {
            match raw {
                Raw::Text(t) => {
                    text.push_str(&t);
                    text.push('\n');
                }
                Raw::Bad(m) => {
                    bad.get_or_insert(format!("line {line}: {m}"));
                }
            }
        }
        self.pending.push_back(Record {
            line: first,
            text: bad.map_or(Ok(text), Err),
            shape: Shape::Grid,
        });
        Ok(())
    }

    /// Queues lines read ahead as records of their own.
    fn keep_as_lines(&mut self, ahead: Vec<(usize, Raw)>) -> Result<(), String> {
        let records = ahead.into_iter().map(|(line, raw)| raw.into_record(line));
        self.pending.extend(records);
        Ok(())
    }

    /// The next line that is neither blank nor a comment, or `None` at the end.
    fn next_raw(&mut self) -> Result<Option<Raw>, String> {
        Ok(self.next_line()?.map(|(_, text)| match text {
            Ok(text) => Raw::Text(text.to_owned()),
            Err(message) => Raw::Bad(message),
        }))
    }

    /// The next line that is neither blank nor a comment, trimmed, with its
    /// number: its text (in the line buffer), or why it could not be read.
    /// `None` at the end.
    #[allow(clippy::type_complexity)]
    fn next_line(&mut self) -> Result<Option<(usize, Result<&str, String>)>, String> {
        // The line's place in the buffer, found before the buffer is borrowed
        // for the answer.
        let (bom, start, end) = loop {
            self.buf.clear();
            let Some((seen, too_long)) =
                read_line(&mut self.reader, &mut self.buf).map_err(|e| io_message(&e))?
            else {
                return Ok(None);
            };
            self.bytes += seen;
            self.line += 1;
            if too_long {
                let message = format!("line is longer than {MAX_LINE} bytes");
                return Ok(Some((self.line, Err(message))));
            }
            let bom = if self.line == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
                3 // A byte order mark.
            } else {
                0
            };
            let line = &self.buf[bom..];
            let trimmed = line.trim_ascii();
            if !trimmed.is_empty() && trimmed[0] != b'#' {
                let start = self.buf.len() - line.trim_ascii_start().len();
                break (bom, start, start + trimmed.len());
            }
        };
        let text = std::str::from_utf8(&self.buf[start..end]).map_err(|e| {
            format!(
                "invalid UTF-8 at byte {}",
                start - bom + e.valid_up_to() + 1
            )
        });
        Ok(Some((self.line, text)))
    }
}

/// Reads one line of `reader` into `buf` without its line break, keeping at
/// most [`MAX_LINE`] bytes of it. Returns the bytes consumed and whether the
/// line was longer, or `None` at the end.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<(u64, bool)>> {
    let (mut seen, mut ended) = (0u64, false);
    while !ended {
        let available = fill(reader)?;
        if available.is_empty() {
            break; // The last line, without a line break.
        }
        // `memchr` finds the line break many bytes a step.
        let used = match memchr::memchr(b'\n', available) {
            Some(i) => {
                ended = true;
                i + 1
            }
            None => available.len(),
        };
        // A huge line is consumed but not kept.
        let room = (MAX_LINE + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&available[..used.min(room)]);
        reader.consume(used);
        seen += used as u64;
    }
    if seen == 0 {
        return Ok(None);
    }
    let too_long = seen - u64::from(ended) > MAX_LINE as u64;
    if ended && !too_long {
        buf.pop();
    }
    Ok(Some((seen, too_long)))
}

/// `fill_buf`, retried when interrupted.
fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    reader.fill_buf()
}

/// Single-character cells on a line: all but white space and box rules.
fn cells(line: &str) -> usize {
    line.chars()
        .filter(|&c| !c.is_whitespace() && !matches!(c, '|' | '+' | '-'))
        .count()
}

/// Whether a line holds the cells of a whole board, in characters or numbers.
fn is_whole(line: &str) -> bool {
    let whole = |k: usize| AnyBoard::SIZES.iter().any(|&n| n * n == k);
    whole(cells(line)) || whole(words(line))
}

/// Numbers (or other words) on a line, separated by white space or commas,
/// box rules left out.
fn words(line: &str) -> usize {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && !w.chars().all(|c| matches!(c, '|' | '+' | '-')))
        .count()
}

/// The side N of the board a line is one row of, counted in characters or in
/// numbers. Sixteen cells make a whole 4×4 puzzle as well as a row of a 16×16
/// board: such a line counts as a row only when it has `|` box rules, as `{:#}`
/// prints them.
fn row_width(line: &str) -> Option<usize> {
    let sides = AnyBoard::SIZES;
    let whole = |k: usize| sides.iter().any(|&n| n * n == k);
    [cells(line), words(line)]
        .into_iter()
        .find(|&k| sides.contains(&k) && (!whole(k) || line.contains('|')))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `text` as `read_line` gives it, through a buffer of
    /// `capacity` bytes, so that lines cross buffer boundaries.
    fn lines_of(text: &[u8], capacity: usize) -> Vec<(Vec<u8>, u64, bool)> {
        let mut reader = BufReader::with_capacity(capacity, text);
        let mut found = Vec::new();
        let mut buf = Vec::new();
        while let Some((seen, too_long)) = read_line(&mut reader, &mut buf).unwrap() {
            found.push((buf.clone(), seen, too_long));
            buf.clear();
        }
        found
    }

    #[test]
    fn lines_split_at_breaks_across_buffer_refills() {
        for capacity in [1, 3, 64] {
            let lines = lines_of(b"ab\n\ncdef\r\nlast", capacity);
            let expected: Vec<(Vec<u8>, u64, bool)> = vec![
                (b"ab".to_vec(), 3, false),
                (b"".to_vec(), 1, false),
                (b"cdef\r".to_vec(), 6, false),
                (b"last".to_vec(), 4, false),
            ];
            assert_eq!(lines, expected, "capacity {capacity}");
        }
    }

    #[test]
    fn a_line_longer_than_the_cap_is_consumed_but_not_kept() {
        let mut text = vec![b'.'; MAX_LINE];
        text.extend_from_slice(b"\n");
        text.extend(vec![b'x'; MAX_LINE + 1]);
        text.extend_from_slice(b"\nend\n");
        let lines = lines_of(&text, 64 << 10);
        assert_eq!(lines.len(), 3);
        // Exactly the cap is fine; one more byte is too long.
        assert_eq!(
            (lines[0].0.len(), lines[0].1, lines[0].2),
            (MAX_LINE, MAX_LINE as u64 + 1, false)
        );
        assert_eq!((lines[1].1, lines[1].2), (MAX_LINE as u64 + 2, true));
        assert!(lines[1].0.len() <= MAX_LINE + 1);
        assert_eq!(lines[2], (b"end".to_vec(), 4, false));
    }
}
