//! Reading puzzle files: lines with a length cap, comments, bad bytes, and single-grid files.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;
use std::sync::LazyLock;

use memchr::memmem;

use ndoku::text::sniff::LineShape;
use ndoku::{AnyBoard, Rules};

/// The longest line read: sixteen bytes a cell of the largest board, so that
/// a 400×400 puzzle in tokens on one line (some 640 KB) is read, with room
/// for wide spacing. A 64×64 puzzle in tokens takes about 12 KiB.
pub const MAX_LINE: usize = 16 * MAX_SIDE * MAX_SIDE;

/// The longest f-puzzles line read (JSON, or a link): 64 bytes a cell of the
/// largest board. `ndoku generate --format json` writes up to some 44 a cell
/// (`{"value":400,"given":true,"region":399}` and the solution's `400,`), so
/// that a 400×400 puzzle in JSON (3.6 MB without regions, up to 7 MB with
/// them) reads back.
pub const MAX_JSON_LINE: usize = 64 * MAX_SIDE * MAX_SIDE;

/// The longest line read that starts as `line` does: [`MAX_JSON_LINE`] for
/// f-puzzles JSON or a link, else [`MAX_LINE`].
pub fn line_cap(line: &[u8]) -> usize {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line.trim_ascii_start();
    let fpuzzles = [&b"{"[..], b"http", b"N4Ig", b"fpuzzles", b"scl", b"ctc"];
    if fpuzzles.iter().any(|start| line.starts_with(start)) {
        MAX_JSON_LINE
    } else {
        MAX_LINE
    }
}

/// Whether a line holds a whole puzzle in a text format beyond cells:
/// f-puzzles JSON or a link, ISS text or a link, or a killer code.
pub fn whole_text(line: &str) -> bool {
    ndoku::text::fpuzzles::looks_like(line) || ndoku::text::iss::looks_like(line)
}

/// Where the JSON object at the start of `text` ends (the byte after its
/// closing brace), found by its braces and brackets outside strings; `None`
/// when it does not start with one or does not close.
pub fn json_end(text: &[u8]) -> Option<usize> {
    let start = text.len() - text.trim_ascii_start().len();
    if text.get(start) != Some(&b'{') {
        return None;
    }
    let (mut depth, mut string, mut escaped) = (0usize, false, false);
    for (i, &b) in text.iter().enumerate().skip(start) {
        if string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The most text a single puzzle in grid format up to 64×64 may take.
const MAX_GRID: usize = 256 << 10;

/// The most text a grid larger than 64×64 may take: twice [`MAX_LINE`], as
/// a grid's rows spread its cells over lines with box rules between them
/// (hkociemba's boxed 400×400 text takes 680 KB).
const MAX_LARGE_GRID: usize = 2 * MAX_LINE;

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
    /// One puzzle over several lines whose rows are wider than 64 cells,
    /// for the run-time model ([`ndoku::Puzzle`]).
    LargeGrid,
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
    /// For a grid, the line number of each of its rows (lines with cells).
    pub rows: Vec<usize>,
}

/// Records read together, for one task. The reader copies whole runs of lines
/// into it as they are, and the worker that answers the task splits them, drops
/// blank and comment lines, and checks the text: that keeps the reading thread's
/// work per line to finding its end, so that it does not hold back the workers.
#[derive(Debug, Default)]
pub struct Chunk {
    /// The bytes of every piece, one after another.
    text: Vec<u8>,
    /// What the text holds, in order.
    pieces: Vec<Piece>,
    /// Lines and records, for the task's size.
    len: usize,
}

/// A part of a [`Chunk`].
#[derive(Clone, Debug)]
enum Piece {
    /// Whole lines of the input as read, blank and comment lines among them,
    /// each ending in a line break except perhaps the last.
    Lines {
        /// 1-based number of the first line.
        line: usize,
        /// Where they are in the chunk's text.
        range: Range<usize>,
    },
    /// One record read ahead (a grid, or a line read while looking for one),
    /// or a line that could not be read.
    Record {
        /// 1-based number of its first line.
        line: usize,
        /// Where its text is in the chunk's text, or why it could not be read.
        text: Result<Range<usize>, String>,
        /// Line or grid.
        shape: Shape,
        /// For a grid, the line number of each of its rows.
        rows: Vec<usize>,
    },
}

/// One record of a [`Chunk`].
#[derive(Clone, Debug)]
pub struct Entry<'a> {
    /// 1-based line number of its first line.
    pub line: usize,
    /// The text, or a message saying why it could not be read.
    pub text: Result<&'a str, String>,
    /// Line or grid.
    pub shape: Shape,
    /// For a grid, the line number of each of its rows (lines with cells), so
    /// that an error can name the line of the row it is in; else empty.
    pub rows: &'a [usize],
}

impl Chunk {
    /// The number of lines and records it holds (blank and comment lines count).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Makes room for `bytes` of text in all.
    fn reserve(&mut self, bytes: usize) {
        self.text.reserve(bytes.saturating_sub(self.text.len()));
    }

    /// Empties it, keeping its buffers for the next task.
    pub fn clear(&mut self) {
        self.text.clear();
        self.pieces.clear();
        self.len = 0;
    }

    /// Its records in order: the puzzles of its lines, without blank and
    /// comment lines.
    pub fn entries(&self) -> Entries<'_> {
        Entries {
            chunk: self,
            piece: 0,
            fresh: true,
            at: 0,
            line: 0,
        }
    }

    fn push(&mut self, line: usize, text: Result<&str, String>, shape: Shape, rows: Vec<usize>) {
        let text = text.map(|text| {
            let start = self.text.len();
            self.text.extend_from_slice(text.as_bytes());
            start..self.text.len()
        });
        self.pieces.push(Piece::Record {
            line,
            text,
            shape,
            rows,
        });
        self.len += 1;
    }

    /// Adds `bytes`, whole lines of which the first is numbered `line`, to the
    /// lines at its end when they go on from there.
    fn push_lines(&mut self, line: usize, bytes: &[u8], count: usize) {
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        let end = self.text.len();
        match self.pieces.last_mut() {
            Some(Piece::Lines { range, .. }) if range.end == start => range.end = end,
            _ => self.pieces.push(Piece::Lines {
                line,
                range: start..end,
            }),
        }
        self.len += count;
    }
}

/// The records of a [`Chunk`], in order.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    chunk: &'a Chunk,
    /// The piece being read.
    piece: usize,
    /// Whether no line of it has been read yet.
    fresh: bool,
    /// Where the next line starts, in a piece of lines.
    at: usize,
    /// The number of that line.
    line: usize,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        let chunk = self.chunk;
        loop {
            match chunk.pieces.get(self.piece)? {
                Piece::Lines { line, range } => {
                    if self.fresh {
                        (self.fresh, self.at, self.line) = (false, range.start, *line);
                    }
                    let rest = &chunk.text[self.at..range.end];
                    if rest.is_empty() {
                        (self.piece, self.fresh) = (self.piece + 1, true);
                        continue;
                    }
                    let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
                    let line = self.line;
                    self.at += (end + 1).min(rest.len());
                    self.line += 1;
                    if let Some(text) = read_text(&rest[..end], false) {
                        let shape = Shape::Line;
                        return Some(Entry {
                            line,
                            text,
                            shape,
                            rows: &[],
                        });
                    }
                }
                Piece::Record {
                    line,
                    text,
                    shape,
                    rows,
                } => {
                    (self.piece, self.fresh) = (self.piece + 1, true);
                    let text = match text {
                        Ok(range) => std::str::from_utf8(&chunk.text[range.clone()])
                            .map_err(|_| "invalid UTF-8".to_owned()),
                        Err(message) => Err(message.clone()),
                    };
                    let (line, shape) = (*line, *shape);
                    return Some(Entry {
                        line,
                        text,
                        shape,
                        rows,
                    });
                }
            }
        }
    }
}

/// The width of a line that could be a row of a board of 81 or 256 cells a
/// side: that many cells (characters or numbers), no value twice.
fn square_row(text: &str) -> Option<usize> {
    const WIDE: [usize; 2] = [81, 256];
    let empty = |w: &str| matches!(w, "." | "0" | "_");
    let shape = LineShape::of(text);
    let mut seen = std::collections::HashSet::new();
    if WIDE.contains(&shape.words()) && shape.words() > 1 {
        let distinct = ndoku::text::sniff::words(text)
            .filter(|w| !empty(w))
            .all(|w| seen.insert(w.to_owned()));
        return distinct.then_some(shape.words());
    }
    let cells: Vec<char> = ndoku::text::sniff::cells(text).collect();
    if !WIDE.contains(&cells.len()) {
        return None;
    }
    let distinct = cells
        .iter()
        .filter(|c| !matches!(c, '.' | '0' | '_'))
        .all(|c| seen.insert(c.to_ascii_uppercase().to_string()));
    distinct.then_some(cells.len())
}

/// How much work a line is, for sizing tasks: `n³` for a line of `n`
/// bytes (the cells of a board); for an f-puzzles object, as much as a line
/// of its board's cells (its `size` squared), not its length, since its JSON
/// is some forty bytes a cell; for a link, as much as a 9×9 line.
fn line_work(line: &[u8]) -> u64 {
    let cube = |n: usize| (n.max(1) as u64).saturating_pow(3);
    let start = line
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let line = &line[start..];
    match line.first() {
        Some(b'{') => {
            // One finder for every line: building one costs more than the search.
            static SIZE: LazyLock<memmem::Finder<'static>> =
                LazyLock::new(|| memmem::Finder::new(b"\"size\":"));
            let side = SIZE
                .find(line)
                .and_then(|i| {
                    let rest = line[i + 7..].trim_ascii_start();
                    let len = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                    if len == 0 {
                        return None;
                    }
                    rest[..len].iter().try_fold(0usize, |v, &d| {
                        v.checked_mul(10)?.checked_add(usize::from(d - b'0'))
                    })
                })
                .unwrap_or(9)
                .min(MAX_SIDE);
            cube(side * side)
        }
        Some(b'h' | b'N') if line.starts_with(b"http") || line.starts_with(b"N4Ig") => cube(81),
        _ => cube(line.len()),
    }
}

/// [`json_end`] of a line that holds a `#` (which may start a comment after
/// the object); lines without one skip the scan, the bulk of reading JSON.
fn json_end_if_comment(line: &[u8]) -> Option<usize> {
    memchr::memchr(b'#', line)?;
    json_end(line)
}

/// The text of a line as a record, trimmed and without its comment, or why it
/// cannot be read; `None` for a blank or comment line. `bom` says to drop a
/// byte order mark.
fn read_text(line: &[u8], bom: bool) -> Option<Result<&str, String>> {
    let skip = if bom && line.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let line = &line[skip..];
    // A `#` starts a comment to the end of the line: no board's symbols
    // include it, so a puzzle keeps all its cells. JSON (an f-puzzles
    // puzzle) may hold one in a string: there a comment starts after the
    // object's closing brace.
    let line = match json_end_if_comment(line) {
        Some(end) => match memchr::memchr(b'#', &line[end..]) {
            Some(at) if line[end..end + at].trim_ascii().is_empty() => &line[..end],
            _ => line,
        },
        None if line.trim_ascii_start().starts_with(b"{") => line,
        None => match memchr::memchr(b'#', line) {
            Some(end) => &line[..end],
            None => line,
        },
    };
    let trimmed = line.trim_ascii();
    if trimmed.is_empty() {
        return None;
    }
    let start = line.len() - line.trim_ascii_start().len();
    Some(
        std::str::from_utf8(trimmed)
            .map_err(|e| format!("invalid UTF-8 at byte {}", start + e.valid_up_to() + 1)),
    )
}

/// A line that may hold a puzzle, as read.
enum Raw {
    /// Its text.
    Text(String),
    /// It could not be read, and this says why.
    Bad(String),
}

impl Raw {
    /// Whether it is a line with cells (a grid's row, not a box rule).
    fn has_cells(&self) -> bool {
        matches!(self, Raw::Text(t) if ndoku::text::sniff::cells(t).next().is_some())
    }
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
            rows: Vec::new(),
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

    /// Adds lines and records to `chunk` until it holds `records` of them, or
    /// their work reaches `work` (see [`line_work`]), or reading
    /// more would wait on a writer. Returns false when the source has ended.
    ///
    /// Whole lines go in as they are read, many at a time: the task that answers
    /// them splits and checks them (see [`Chunk`]).
    ///
    /// # Errors
    ///
    /// I/O errors of the underlying reader, as messages.
    pub fn read_into(
        &mut self,
        chunk: &mut Chunk,
        records: usize,
        work: u64,
    ) -> Result<bool, String> {
        if !self.started {
            self.started = true;
            self.look_for_grid()?;
        }
        let mut done = 0u64;
        while let Some(record) = self.pending.pop_front() {
            let text = record.text.as_deref().map_err(Clone::clone);
            done = done.saturating_add(text.as_ref().map_or(1, |t| line_work(t.as_bytes())));
            chunk.push(record.line, text, record.shape, record.rows);
            if chunk.len() >= records || done >= work {
                return Ok(true);
            }
        }
        loop {
            if chunk.len() >= records || done >= work {
                return Ok(true);
            }
            if !chunk.is_empty() && self.would_block() {
                return Ok(true); // Answer what a slow writer has sent so far.
            }
            let available = fill(&mut self.reader).map_err(|e| io_message(&e))?;
            if available.is_empty() {
                return Ok(false);
            }
            // Whole lines in the buffer, as many as the task takes. The buffer
            // is far smaller than `MAX_LINE`, so none of them is too long.
            let (mut taken, mut count) = (0, 0);
            for end in memchr::memchr_iter(b'\n', available) {
                done = done.saturating_add(line_work(&available[taken..end]));
                (taken, count) = (end + 1, count + 1);
                if chunk.len() + count >= records || done >= work {
                    break;
                }
            }
            if count > 0 {
                if chunk.is_empty() {
                    // Room for the whole task at once, judged by these lines
                    // (up to four buffers of them): a text grown a doubling
                    // at a time is copied again at each.
                    let lines =
                        (records as u64).min((count as u64).saturating_mul(work) / done.max(1));
                    let bytes = lines.saturating_mul(taken as u64) / count as u64;
                    chunk.reserve(bytes.min(4 * taken as u64) as usize);
                }
                chunk.push_lines(self.line + 1, &available[..taken], count);
                self.reader.consume(taken);
                self.line += count;
                self.bytes += taken as u64;
                continue;
            }
            // A line that goes on past the buffer, or the last one without a
            // line break: read it alone.
            let Some(read) = self.read_next()? else {
                return Ok(false);
            };
            done = done.saturating_add(line_work(&self.buf));
            match read {
                Err(message) => chunk.push(self.line, Err(message), Shape::Line, Vec::new()),
                Ok(()) => {
                    if let Some(text) = read_text(&self.buf, false) {
                        chunk.push(self.line, text, Shape::Line, Vec::new());
                    }
                }
            }
        }
    }

    /// Reads ahead up to the first three lines that hold cells. When two of
    /// them have the cells of one row of the same board, the file is taken for
    /// one puzzle in grid format, and the rest is read as part of it, unless a
    /// line turns up that holds a whole puzzle, or the text grows past
    /// [`MAX_GRID`]: then it was a file of puzzles after all, and every line
    /// read ahead is a record. Three lines rather than two, so that a grid
    /// with a typo in its first or second row is still one puzzle, whose error
    /// names that row.
    fn look_for_grid(&mut self) -> Result<(), String> {
        let mut ahead: Vec<(usize, Raw)> = Vec::new();
        let mut widths: Vec<Option<usize>> = Vec::new();
        while widths.len() < 3 && shared_width(&widths).is_none() {
            let Some(raw) = self.next_raw()? else { break };
            // A whole puzzle or a line that cannot be read means a file of
            // puzzles. So, on stdin, does a first line that is no row: a puzzle
            // typed or piped in alone is answered without waiting for the next.
            let puzzles = match &raw {
                // An f-puzzles puzzle is a whole puzzle on its line.
                Raw::Text(t) if whole_text(t) => true,
                Raw::Text(t) => {
                    let shape = LineShape::of(t);
                    // Without cells, a box rule: part of a grid, or a bad line.
                    shape.has_cells() && {
                        let width = shape.row_width().or(shape.too_wide()).or_else(|| {
                            // 81 (or 256) numbers split by `|`: a row of a
                            // boxed 81×81 grid, when no value repeats.
                            t.contains('|').then(|| square_row(t)).flatten()
                        });
                        widths.push(width);
                        width.is_none()
                            && (shape.is_whole() || (self.interactive && widths.len() == 1))
                    }
                }
                Raw::Bad(_) => true,
            };
            ahead.push((self.line, raw));
            if puzzles {
                break;
            }
        }
        let Some(width) = shared_width(&widths) else {
            return self.look_for_square_of_lines(ahead);
        };
        if width > MAX_SIDE {
            return self.skip_large_grid(ahead, width);
        }
        if width > MAX_TYPED_SIDE {
            return self.read_large_grid(ahead, width);
        }
        // Rows past the grid's last start the next grid: `generate --count 2
        // --format grid` reads back.
        let mut size = 0usize;
        let mut rows = ahead.iter().filter(|(_, raw)| raw.has_cells()).count();
        while let Some(raw) = self.next_raw()? {
            if let Raw::Text(t) = &raw {
                size += t.len() + 1;
                let shape = LineShape::of(t);
                let whole = shape.is_whole() || whole_text(t);
                if size > MAX_GRID || (!shape.fits_row(width) && whole) {
                    ahead.push((self.line, raw));
                    return self.keep_as_lines(ahead);
                }
                if raw.has_cells() {
                    if rows == width {
                        self.push_grid(std::mem::take(&mut ahead), Shape::Grid);
                        (rows, size) = (0, t.len() + 1);
                    }
                    rows += 1;
                }
            }
            ahead.push((self.line, raw));
        }
        self.push_grid(ahead, Shape::Grid);
        Ok(())
    }

    /// Queues the lines of `ahead` as one puzzle of `shape`, named at its
    /// first line, with the line of each row; a line that could not be read
    /// makes the whole puzzle an error naming that line.
    fn push_grid(&mut self, ahead: Vec<(usize, Raw)>, shape: Shape) {
        let first = ahead[0].0;
        let size = ahead.iter().map(|(_, raw)| match raw {
            Raw::Text(t) => t.len() + 1,
            Raw::Bad(_) => 0,
        });
        let mut text = String::with_capacity(size.sum());
        let (mut bad, mut rows) = (None, Vec::new());
        for (line, raw) in ahead {
            if raw.has_cells() {
                rows.push(line);
            }
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
            shape,
            rows,
        });
    }

    /// Reads the rest of a grid whose rows are `width` cells long, past 64
    /// and up to [`MAX_SIDE`]: one puzzle for the run-time model. It ends
    /// at its `width`-th row (a line with cells), or earlier at a line that
    /// holds a whole puzzle and is no row. After its last row, lines of
    /// notes (words that are no cells, such as the count of givens
    /// hkociemba's files end with) and box rules are skipped; the next line
    /// of anything else is read on its own, as are the lines after it.
    fn read_large_grid(
        &mut self,
        mut ahead: Vec<(usize, Raw)>,
        width: usize,
    ) -> Result<(), String> {
        let has_cells = |raw: &Raw| match raw {
            Raw::Text(t) => LineShape::of(t).has_cells(),
            Raw::Bad(_) => true,
        };
        let mut rows = ahead.iter().filter(|(_, raw)| has_cells(raw)).count();
        let mut size = 0usize;
        let mut after = None;
        while let Some(raw) = self.next_raw()? {
            if let Raw::Text(t) = &raw {
                let shape = LineShape::of(t);
                let is_row = ndoku::text::sniff::words(t).count() == width;
                let whole = shape.is_whole() || whole_text(t);
                if rows >= width && (!shape.has_cells() || (!whole && is_note(t))) {
                    continue;
                }
                size += t.len() + 1;
                if rows >= width || (whole && !is_row) || size > MAX_LARGE_GRID {
                    after = Some((self.line, raw));
                    break;
                }
            }
            rows += usize::from(has_cells(&raw));
            ahead.push((self.line, raw));
        }
        self.push_grid(ahead, Shape::LargeGrid);
        self.keep_as_lines(after.into_iter().collect())
    }

    /// After a first line that holds a whole puzzle of 81 or 256 cells, none
    /// of them repeating a value: whether the file is a square of such lines,
    /// exactly 81 lines of 81 cells (or 256 of 256), the rows of one 81×81
    /// (or 256×256) board rather than that many puzzles. Every real puzzle of
    /// 9×9 or 16×16 repeats a value (it has more givens than values), so a
    /// file of puzzles reads as before; the square is one puzzle for the
    /// run-time model. Lines read ahead that turn out to be puzzles are records.
    fn look_for_square_of_lines(&mut self, mut ahead: Vec<(usize, Raw)>) -> Result<(), String> {
        let first = match ahead.as_slice() {
            [(_, Raw::Text(t))] if !self.interactive => square_row(t),
            _ => None,
        };
        let Some(width) = first else {
            return self.keep_as_lines(ahead);
        };
        let mut rows = 1;
        while rows < width {
            let Some(raw) = self.next_raw()? else { break };
            let fits = match &raw {
                Raw::Text(t) if !LineShape::of(t).has_cells() => Some(false),
                Raw::Text(t) => (square_row(t) == Some(width)).then_some(true),
                Raw::Bad(_) => None,
            };
            ahead.push((self.line, raw));
            match fits {
                Some(row) => rows += usize::from(row),
                None => return self.keep_as_lines(ahead),
            }
        }
        if rows < width {
            return self.keep_as_lines(ahead);
        }
        // A square ends: one more row of the same kind means a file of puzzles.
        let after = self.next_raw()?;
        if let Some(Raw::Text(t)) = &after
            && square_row(t) == Some(width)
        {
            ahead.extend(after.map(|raw| (self.line, raw)));
            return self.keep_as_lines(ahead);
        }
        self.push_grid(ahead, Shape::LargeGrid);
        let line = self.line;
        self.keep_as_lines(after.map(|raw| (line, raw)).into_iter().collect())
    }

    /// Reads the rest of a grid whose rows are `width` numbers long, more than
    /// any board ndoku solves (a 400×400 puzzle, say), as one invalid puzzle
    /// named at its first line. Its rows are counted, not kept, so a grid of
    /// any size takes no memory; as with any grid, the lines after it are part
    /// of it unless one holds a whole puzzle.
    fn skip_large_grid(&mut self, ahead: Vec<(usize, Raw)>, width: usize) -> Result<(), String> {
        let first = ahead[0].0;
        // A line of `width` numbers is a row: `width` is no whole puzzle's
        // count (see `LineShape::too_wide`), and whole puzzles end the grid first.
        let is_row = |raw: &Raw| matches!(raw, Raw::Text(t) if ndoku::text::sniff::words(t).count() == width);
        let mut rows = ahead.iter().filter(|(_, raw)| is_row(raw)).count();
        let mut after = None;
        while let Some(raw) = self.next_raw()? {
            if matches!(&raw, Raw::Text(t) if LineShape::of(t).is_whole()) {
                after = Some((self.line, raw));
                break;
            }
            rows += usize::from(is_row(&raw));
        }
        let message = if rows == width {
            format!("a {width}x{width} grid: ndoku solves boards up to {MAX_SIDE}x{MAX_SIDE}")
        } else {
            format!(
                "a grid of {rows} rows of {width} cells: ndoku solves boards up to {MAX_SIDE}x{MAX_SIDE}"
            )
        };
        self.pending.push_back(Record {
            line: first,
            text: Err(message),
            shape: Shape::Grid,
            rows: Vec::new(),
        });
        self.keep_as_lines(after.into_iter().collect())
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
            Ok(text) => Raw::Text(text),
            Err(message) => Raw::Bad(message),
        }))
    }

    /// The next line that is neither blank nor a comment, trimmed, with its
    /// number: its text, or why it could not be read.
    /// `None` at the end.
    #[allow(clippy::type_complexity)]
    fn next_line(&mut self) -> Result<Option<(usize, Result<String, String>)>, String> {
        loop {
            let Some(read) = self.read_next()? else {
                return Ok(None);
            };
            if let Err(message) = read {
                return Ok(Some((self.line, Err(message))));
            }
            if let Some(text) = read_text(&self.buf, self.line == 1) {
                return Ok(Some((self.line, text.map(str::to_owned))));
            }
        }
    }

    /// Reads the next line into the line buffer, counting it; an error when it
    /// is too long to keep. `None` at the end.
    fn read_next(&mut self) -> Result<Option<Result<(), String>>, String> {
        self.buf.clear();
        let read = read_line(&mut self.reader, &mut self.buf).map_err(|e| io_message(&e))?;
        let Some((seen, too_long)) = read else {
            return Ok(None);
        };
        self.bytes += seen;
        self.line += 1;
        Ok(Some(if too_long {
            Err(format!("line is longer than {} bytes", line_cap(&self.buf)))
        } else {
            Ok(())
        }))
    }
}

/// Reads one line of `reader` into `buf` without its line break, keeping at
/// most [`MAX_LINE`] bytes of it, [`MAX_JSON_LINE`] for f-puzzles input (see
/// [`line_cap`]), and a CR before the break, which does not count toward the
/// limit. Returns the bytes consumed and whether the line is too long. A line
/// too long is consumed but not kept.
///
/// # Errors
///
/// Those of the reader, and an `InvalidData` error for a stream that is no
/// text of lines: NUL bytes in a line past the limit (`/dev/zero`), or no
/// line break within [`MAX_SKIP`] bytes, so that an endless line ends.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<(u64, bool)>> {
    let (mut seen, mut ended) = (0u64, false);
    // The byte before the line break, to tell a CRLF ending.
    let mut before_break = 0u8;
    while !ended {
        let available = fill(reader)?;
        if available.is_empty() {
            break; // The last line, without a line break.
        }
        // `memchr` finds the line break many bytes a step.
        let used = match memchr::memchr(b'\n', available) {
            Some(i) => {
                ended = true;
                before_break = if i > 0 {
                    available[i - 1]
                } else {
                    before_break
                };
                i + 1
            }
            None => {
                before_break = available[available.len() - 1];
                available.len()
            }
        };
        // A huge line is consumed but not kept. Its start says its cap: the
        // buffer holds far less than `MAX_LINE`, so the first fill shows it.
        let room = (line_cap(buf) + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&available[..used.min(room)]);
        if seen + used as u64 > line_cap(buf) as u64 + 2 {
            endless_line(&available[..used], seen)?;
        }
        reader.consume(used);
        seen += used as u64;
    }
    if seen == 0 {
        return Ok(None);
    }
    let ending = u64::from(ended) + u64::from(ended && before_break == b'\r');
    let too_long = seen - ending > line_cap(buf) as u64;
    if !too_long && buf.last() == Some(&b'\n') {
        buf.pop();
    }
    Ok(Some((seen, too_long)))
}

/// The most bytes one line may run to before the source is taken for no
/// text of lines (a line past [`MAX_LINE`] and up to this is skipped).
const MAX_SKIP: u64 = 64 << 20;

/// Whether `part` of a line already `seen` bytes long, past the limit, shows
/// the stream is no text of lines: NUL bytes, or a line past [`MAX_SKIP`].
fn endless_line(part: &[u8], seen: u64) -> io::Result<()> {
    let fail = |m: &str| Err(io::Error::new(io::ErrorKind::InvalidData, m.to_owned()));
    if memchr::memchr(0, part).is_some() {
        return fail("not a text file (it holds NUL bytes)");
    }
    if seen + part.len() as u64 > MAX_SKIP {
        return fail("not a file of puzzles (a line runs past 64 MiB without a line break)");
    }
    Ok(())
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

/// The row width that two of `widths` (those of the lines read ahead) share.
fn shared_width(widths: &[Option<usize>]) -> Option<usize> {
    let later = |i: usize, w: &usize| widths[i + 1..].contains(&Some(*w));
    widths
        .iter()
        .enumerate()
        .find_map(|(i, w)| w.filter(|w| later(i, w)))
}

/// The side of the largest board ndoku solves, in the run-time model.
const MAX_SIDE: usize = Rules::MAX_SIZE;

/// The side of the largest board of the typed engines ([`AnyBoard`]): wider
/// grids go to the run-time model.
pub const MAX_TYPED_SIDE: usize = AnyBoard::SIZES[AnyBoard::SIZES.len() - 1];

/// Whether a line after a large grid is a note rather than a puzzle: it
/// holds a word that is no cell of a large board (no number, `.` or `_`),
/// such as `116143 givens, 457182 candidates(pencilmarks).`
fn is_note(line: &str) -> bool {
    let cell = |w: &str| w == "." || w == "_" || w.bytes().all(|b| b.is_ascii_digit());
    ndoku::text::sniff::words(line).any(|w| !cell(w))
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

    #[test]
    fn a_crlf_line_of_the_limit_is_read() {
        // The CR of a CRLF ending counts no more than the LF does.
        let mut text = vec![b'.'; MAX_LINE];
        text.extend_from_slice(b"\r\n");
        text.extend(vec![b'.'; MAX_LINE + 1]);
        text.extend_from_slice(b"\r\nend");
        let lines = lines_of(&text, 64 << 10);
        assert_eq!((lines[0].1, lines[0].2), (MAX_LINE as u64 + 2, false));
        assert_eq!(lines[0].0.trim_ascii().len(), MAX_LINE);
        assert_eq!((lines[1].1, lines[1].2), (MAX_LINE as u64 + 3, true));
        assert_eq!(lines[2], (b"end".to_vec(), 3, false));
    }

    #[test]
    fn f_puzzles_lines_have_the_larger_cap() {
        // A JSON line past MAX_LINE and up to MAX_JSON_LINE is read; past it,
        // too long. A classic line keeps MAX_LINE.
        let json = |len: usize| {
            let mut line = b"{\"title\":\"".to_vec();
            line.resize(len - 2, b'x');
            line.extend_from_slice(b"\"}");
            line
        };
        let mut text = json(MAX_LINE + 10);
        text.push(b'\n');
        text.extend(json(MAX_JSON_LINE + 1));
        text.extend_from_slice(b"\n ");
        text.extend(vec![b'.'; MAX_LINE + 1]);
        text.push(b'\n');
        let lines = lines_of(&text, 64 << 10);
        assert_eq!(lines.len(), 3);
        assert_eq!((lines[0].0.len(), lines[0].2), (MAX_LINE + 10, false));
        assert!(lines[1].2, "past the JSON cap");
        assert!(lines[2].2, "a classic line keeps its cap");
        assert_eq!(line_cap(b"  {"), MAX_JSON_LINE);
        assert_eq!(
            line_cap(b"\xEF\xBB\xBFhttps://www.f-puzzles.com/?load=N4Ig"),
            MAX_JSON_LINE
        );
        assert_eq!(line_cap(b"..3"), MAX_LINE);
    }

    #[test]
    fn a_comment_may_follow_a_json_object() {
        let read = |line: &str| read_text(line.as_bytes(), false).map(|t| t.unwrap().to_owned());
        let json = r##"{"title":"# and } in a \" string","size":4}"##;
        assert_eq!(read(&format!("{json} # a comment")).as_deref(), Some(json));
        assert_eq!(read(&format!(" {json}#")).as_deref(), Some(json));
        // Anything else after it is kept, for the reader to refuse.
        let other = format!("{json} x # y");
        assert_eq!(read(&other).as_deref(), Some(other.as_str()));
        // JSON cut short keeps its `#`.
        assert_eq!(read(r##"{"a":"#"##).as_deref(), Some(r##"{"a":"#"##));
        assert_eq!(json_end(json.as_bytes()), Some(json.len()));
        assert_eq!(json_end(b"{\"a\":[1"), None);
        assert_eq!(json_end(b"123"), None);
    }

    #[test]
    fn an_endless_line_ends_in_an_error() {
        // NUL bytes past the limit, as /dev/zero gives, or no line break in
        // MAX_SKIP bytes: each ends the stream with an error.
        let mut zeros = std::io::BufReader::new(std::io::repeat(0));
        let e = read_line(&mut zeros, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("NUL"), "{e}");
        let mut xs = std::io::BufReader::new(std::io::repeat(b'x'));
        let e = read_line(&mut xs, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("64 MiB"), "{e}");
    }

    /// Every entry `read_into` gives for `text`, as (line, text or message),
    /// reading tasks of at most `records` lines.
    fn entries_of(text: &[u8], records: usize) -> Vec<(usize, Result<String, String>)> {
        let path = std::env::temp_dir().join(format!("ndoku-input-{}-{records}.txt", text.len()));
        std::fs::write(&path, text).unwrap();
        let mut lines = Source::File(path.clone()).open().unwrap();
        let (mut found, mut chunk) = (Vec::new(), Chunk::default());
        loop {
            chunk.clear();
            let more = lines.read_into(&mut chunk, records, u64::MAX).unwrap();
            assert!(chunk.len() <= records);
            let entries = chunk.entries();
            found.extend(entries.map(|e| (e.line, e.text.map(str::to_owned))));
            if !more {
                break;
            }
        }
        std::fs::remove_file(path).unwrap();
        found
    }

    #[test]
    fn lines_read_in_bulk_are_the_lines_read_one_by_one() {
        let puzzle = ".".repeat(81);
        let mut text = Vec::new();
        let mut expected = Vec::new();
        // Lines so far, counted as they are added: none of them holds a
        // newline of its own, and a recount of the growing text each time
        // took half a minute in a debug build.
        let mut lines = 0;
        let mut line = |text: &mut Vec<u8>, bytes: &[u8], entry: Option<Result<&str, &str>>| {
            assert!(!bytes.contains(&b'\n'));
            text.extend_from_slice(bytes);
            text.push(b'\n');
            lines += 1;
            let number = lines;
            if let Some(entry) = entry {
                let entry = entry.map(str::to_owned).map_err(str::to_owned);
                expected.push((number, entry));
            }
        };
        line(&mut text, puzzle.as_bytes(), Some(Ok(&puzzle)));
        line(&mut text, b"# a comment", None);
        line(&mut text, b"  \r", None);
        let padded = format!(" {puzzle}\r");
        line(&mut text, padded.as_bytes(), Some(Ok(&puzzle)));
        line(&mut text, b"ab\xffcd", Some(Err("invalid UTF-8 at byte 3")));
        // Lines that cross the 64 KiB buffer, and one over the cap.
        let long = "x".repeat(100_000);
        line(&mut text, long.as_bytes(), Some(Ok(&long)));
        let too_long = "y".repeat(MAX_LINE + 1);
        let message = format!("line is longer than {MAX_LINE} bytes");
        line(&mut text, too_long.as_bytes(), Some(Err(&message)));
        for _ in 0..2000 {
            line(&mut text, puzzle.as_bytes(), Some(Ok(&puzzle)));
        }
        line(&mut text, b"", None);
        text.extend_from_slice(b"last");
        let last = text.iter().filter(|&&b| b == b'\n').count() + 1;
        expected.push((last, Ok("last".to_owned())));
        for records in [1, 3, 256] {
            assert_eq!(entries_of(&text, records), expected, "records {records}");
        }
    }

    #[test]
    fn notes_after_a_large_grid_are_words_that_are_no_cells() {
        for note in [
            "116143 givens, 457182 candidates(pencilmarks).",
            "Puzzle is minimal concerning hidden singles",
            "x",
        ] {
            assert!(is_note(note), "{note}");
        }
        for cells in ["1 2 . 400 _", "| 12 | . |", "0,3,.", ""] {
            assert!(!is_note(cells), "{cells}");
        }
    }

    #[test]
    fn a_chunk_numbers_the_lines_of_each_piece_from_its_first() {
        let mut chunk = Chunk::default();
        chunk.push_lines(3, b"a\n#\nb\n", 3);
        chunk.push(6, Err("bad".to_owned()), Shape::Line, Vec::new());
        chunk.push_lines(9, b"c\n\nd", 3);
        let found: Vec<_> = chunk.entries().map(|e| (e.line, e.text)).collect();
        let expected = [
            (3, Ok("a")),
            (5, Ok("b")),
            (6, Err("bad".to_owned())),
            (9, Ok("c")),
            (11, Ok("d")),
        ];
        assert_eq!(found, expected);
        assert_eq!(chunk.len(), 7);
    }
}
