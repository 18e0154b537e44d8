//! lz-string's base64 form, decompressed only when its output stays under a bound.

use super::FpuzzlesError;

/// The most UTF-16 units a link or payload may decompress to: 16M, four times
/// the f-puzzles JSON of a 400×400 puzzle. lz-string's output can grow with
/// the square of its input, so a hostile link of a few hundred kilobytes
/// could otherwise ask for gigabytes.
const MAX_UNITS: usize = 1 << 24;

/// `text` decompressed from lz-string's base64 form (`compressToBase64`);
/// `None` when it is not that form or not UTF-16 text.
///
/// # Errors
///
/// [`FpuzzlesError::TooLong`] when it would decompress to more than
/// [`MAX_UNITS`] units: refused before it is decompressed.
pub(crate) fn decompress_base64(text: &str) -> Result<Option<String>, FpuzzlesError> {
    match units(text) {
        None => Ok(None),
        Some(units) if units > MAX_UNITS => Err(FpuzzlesError::TooLong { limit: MAX_UNITS }),
        Some(_) => {
            Ok(lz_str::decompress_from_base64(text)
                .and_then(|units| String::from_utf16(&units).ok()))
        }
    }
}

/// How many units `text` decompresses to, found by walking its codes with
/// only the length of each dictionary entry; it stops counting past
/// [`MAX_UNITS`]. `None` for a character outside base64.
fn units(text: &str) -> Option<usize> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let six = |b: u8| ALPHABET.iter().position(|&a| a == b);
    if !text.bytes().all(|b| six(b).is_some()) {
        return None;
    }
    // Each character gives six bits, highest first.
    let mut next = text
        .bytes()
        .flat_map(|b| (0..6).rev().map(move |k| (six(b).unwrap_or(0) >> k) & 1));
    // A code of `width` bits, lowest bit first; `None` once the bits run out.
    let mut read = |width: u32| (0..width).try_fold(0, |v, k| next.next().map(|b| v | b << k));
    // lens[i]: the length of dictionary entry i; codes 0 to 2 are commands.
    let (mut lens, mut width, mut last) = (vec![0, 0, 0], 2, 0);
    let mut total = 0usize;
    while total <= MAX_UNITS {
        let Some(code) = read(width) else { break };
        let code = match code {
            0 | 1 => {
                // A literal of 8 or 16 bits: a new entry of one unit.
                read(if code == 0 { 8 } else { 16 })?;
                lens.push(1);
                lens.len() - 1
            }
            2 => break,
            code => code,
        };
        let len = match lens.get(code) {
            Some(&len) => len,
            None if code == lens.len() && last > 0 => last + 1,
            None => return Some(total),
        };
        total += len;
        if last > 0 {
            lens.push(last + 1);
        }
        last = len;
        // Codes widen as the dictionary outgrows them.
        width = usize::BITS - lens.len().leading_zeros();
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_what_lz_string_gives() {
        let texts = [
            String::new(),
            "a".to_owned(),
            r#"{"size":9,"grid":[[{},{}]]}"#.to_owned(),
            "abababababababababababab".repeat(40),
            "ü✓ 16×16 ".repeat(100),
            (0..3000)
                .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
                .collect(),
        ];
        for text in &texts {
            let packed = lz_str::compress_to_base64(text.as_str());
            let expected = text.encode_utf16().count();
            assert_eq!(units(&packed), Some(expected), "{text:.40}");
            assert_eq!(decompress_base64(&packed), Ok(Some(text.clone())));
        }
    }

    /// lz-string's base64 of a run of `a`s in `steps` codes, each naming the
    /// entry being made (its last entry and its own first unit again), so that
    /// the output is 1 + 2 + … + (steps + 1) units long: the quadratic case.
    fn run_of_codes(steps: usize) -> String {
        let mut bits: Vec<usize> = Vec::new();
        let mut put = |v: usize, width: u32| bits.extend((0..width).map(|k| (v >> k) & 1));
        put(0, 2);
        put(usize::from(b'a'), 8);
        let mut size = 4;
        for _ in 0..steps {
            put(size, usize::BITS - size.leading_zeros());
            size += 1;
        }
        put(2, usize::BITS - size.leading_zeros());
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        bits.chunks(6)
            .map(|six| {
                let v = (0..6).fold(0, |v, k| v << 1 | six.get(k).copied().unwrap_or(0));
                char::from(ALPHABET[v])
            })
            .collect()
    }

    #[test]
    fn a_link_past_the_bound_is_refused_before_it_is_decompressed() {
        let small = run_of_codes(100);
        let expected = (1..=101).sum::<usize>();
        assert_eq!(units(&small), Some(expected));
        assert_eq!(decompress_base64(&small), Ok(Some("a".repeat(expected))));
        // About 5,800 codes, 13 kB of text, would make 2^24 units.
        let hostile = run_of_codes(6_000);
        assert!(hostile.len() < 15_000, "{}", hostile.len());
        assert_eq!(
            decompress_base64(&hostile),
            Err(FpuzzlesError::TooLong { limit: MAX_UNITS })
        );
        let link = format!("https://www.f-puzzles.com/?load={hostile}");
        let err = crate::text::fpuzzles::parse(&link).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("the link decompresses to more than {MAX_UNITS} characters")
        );
        assert_eq!(decompress_base64("not base64!"), Ok(None));
    }
}
